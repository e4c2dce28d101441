import Foundation
@testable import Scraper
import Testing
import TestSupport

/// Numbers a server or robots.txt sends are parsed with bounds: none traps, none hangs.
@Suite struct HostileNumberTests {
    @Test func retryAfterThatIsNotAFiniteNumberIsIgnored() {
        #expect(RetryAfter.seconds("inf") == nil)
        #expect(RetryAfter.seconds("nan") == nil)
        #expect(RetryAfter.seconds("-5") == nil)
        #expect(RetryAfter.seconds("1e300") == 1e300)
        #expect(RetryAfter.seconds(" 7 ") == 7)
        let error = FetchError.retryAfterTooLong(url: "http://x/p", status: 429, seconds: 1e300)
        #expect(error.description == "http://x/p answered 429 and asked to wait 1e+300 s, longer than cpvanity waits")
    }

    @Test func crawlDelayThatIsNotAFiniteNumberIsNoDelay() {
        for value in ["nan", "inf", "-1", "soon"] {
            #expect(RobotsRules(parsing: "User-agent: *\nCrawl-delay: \(value)\n").crawlDelay == nil)
        }
        #expect(RobotsRules(parsing: "User-agent: *\nCrawl-delay: 1e300\n").crawlDelay == 1e300)
    }

    @Test func durationsNeverTrap() async {
        #expect(BoundedSeconds.duration(.infinity) == .zero)
        #expect(BoundedSeconds.duration(.nan) == .zero)
        #expect(BoundedSeconds.duration(1e300) == .seconds(86_400))
        #expect(BoundedSeconds.duration(0.0000001) == .milliseconds(1))
        #expect(HTTPClientOptions.milliseconds(1e-9) == 1)
        #expect(HTTPClientOptions.milliseconds(.infinity) == 86_400_000)
        #expect(HTTPClientOptions.milliseconds(.nan) == 86_400_000)
        let limiter = HostRateLimiter(rate: 1e-30)
        await limiter.pause(host: "h", seconds: 1e300)
        await limiter.slowDown(host: "h", interval: .infinity)
    }
}
