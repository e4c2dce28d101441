import Foundation
@testable import Scraper
import TestSupport
import Testing

/// Random robots.txt files and Retry-After headers, for a fixed budget: parsed with
/// bounds, never a trap.
@Suite struct PolitenessFuzzTests {
    @Test func randomRobotsFilesAndHeaders() async {
        var input = FuzzInput()
        let keys = ["User-agent", "user-AGENT", "Disallow", "Allow", "Crawl-delay", "crawl-delay", "Sitemap", "", "#", ":"]
        let paths = ["/", "/script/", "*", "/a$", "/*.aspx", "", "/%2F", "/\u{1B}", "/日本", String(repeating: "/a*", count: 50)]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...30, using: &input) {
                let key = keys.randomElement(using: &input) ?? ""
                let value = key.lowercased() == "crawl-delay" ? input.numberText() : (Bool.random(using: &input) ? "cpvanity" : paths.randomElement(using: &input) ?? "/")
                text += "\(key): \(value)\(Bool.random(using: &input) ? "\n" : "\r\n")"
            }
            if Bool.random(using: &input) { text += String(decoding: input.bytes(64), as: UTF8.self) }
            let rules = RobotsRules(parsing: text)
            if let delay = rules.crawlDelay {
                #expect(delay.isFinite && delay >= 0, "crawl delay \(delay); \(input.repeatHint)")
                let limiter = HostRateLimiter(rate: 4)
                await limiter.slowDown(host: "h", interval: delay)
            }
            _ = rules.allows(paths.randomElement(using: &input) ?? "/")
            if let seconds = RetryAfter.seconds(input.numberText()) {
                #expect(seconds.isFinite && seconds >= 0, "Retry-After \(seconds); \(input.repeatHint)")
                _ = FetchError.retryAfterTooLong(url: "u", status: 429, seconds: seconds).description
            }
        }
    }
}
