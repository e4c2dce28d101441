import Foundation
import TestSupport
import Testing

/// `--verbose`: an HTTP trace on stderr, through swift-log; nothing of it without.
@Suite struct VerboseTests {
    @Test func verboseTracesEveryRequestAndRetry() throws {
        let server = try FixtureServer(["--status-on", "7315=503x1", "--retry-after", "0"])
        let result = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "json", "--verbose"])
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("cpvanity: http: GET \(server.baseURL)/robots.txt -> 200 (") })
        // The member's first request (profile or articles, whichever went first) got the 503.
        let failed = try #require(lines.first { $0.contains(" -> 503 (") })
        let url = try #require(failed.components(separatedBy: "GET ").last?.components(separatedBy: " -> ").first)
        #expect(url.hasPrefix("\(server.baseURL)/script/") && url.hasSuffix("id=7315"))
        #expect(lines.contains { $0.contains("retry 1 of 3 in ") && $0.hasSuffix(": \(url)") })
        #expect(lines.contains { $0.contains("GET \(url) -> 200 (") && $0.hasSuffix("bytes) [attempt 2]") })

        let quiet = try run("cpvanity", ["member", "7315", "--base-url", server.baseURL, "--rate", "0", "--no-store", "--format", "json"])
        #expect(quiet.status == 0)
        #expect(!quiet.stderr.contains("GET "))
    }
}
