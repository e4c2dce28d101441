import Foundation
@testable import Scraper
import Testing

@Suite struct PolitenessRuleTests {
    @Test func robotsGroupsAndLongestMatch() {
        let robots = RobotsRules(parsing: """
            # comment
            User-agent: Googlebot
            Disallow: /

            User-agent: *
            Disallow: /script/
            Allow: /script/Membership/
            Disallow: /*.pdf$
            Crawl-delay: 2
            """)
        #expect(robots.allows("/Articles/1/x"))
        #expect(!robots.allows("/script/Articles/MemberArticles.aspx?amid=1"))
        #expect(robots.allows("/script/Membership/View.aspx?mid=1"))
        #expect(!robots.allows("/files/a.pdf"))
        #expect(robots.allows("/files/a.pdf?x=1"))
        #expect(robots.crawlDelay == 2)

        let ours = RobotsRules(parsing: "User-agent: cpvanity\nDisallow: /private\n\nUser-agent: *\nDisallow: /\n")
        #expect(ours.allows("/script/x"))
        #expect(!ours.allows("/private/y"))
        #expect(RobotsRules(parsing: "User-agent: *\nDisallow:\n").allows("/anything"))
        #expect(!RobotsRules(parsing: "User-agent: *\nDisallow: /\n").allows("/"))
    }

    @Test func backoffDoublesWithJitterUpToTheCap() {
        let policy = FetchPolicy(backoffBase: 0.5, backoffCap: 4)
        #expect(policy.backoff(beforeAttempt: 1, random: 0) == 0.25)
        #expect(policy.backoff(beforeAttempt: 1, random: 1) == 0.5)
        #expect(policy.backoff(beforeAttempt: 3, random: 1) == 2)
        #expect(policy.backoff(beforeAttempt: 10, random: 1) == 4)
        #expect(policy.backoff(beforeAttempt: 10, random: 0) == 2)
    }

    @Test func retryAfterInSecondsOrAsADate() {
        #expect(RetryAfter.seconds("120") == 120)
        let now = Date(timeIntervalSince1970: 1_700_000_000)  // Tue, 14 Nov 2023 22:13:20 GMT
        #expect(RetryAfter.seconds("Tue, 14 Nov 2023 22:13:50 GMT", now: now) == 30)
        #expect(RetryAfter.seconds("soon") == nil)
    }

    @Test func requestTargets() {
        let target = RequestTarget("http://127.0.0.1:8080/script/View.aspx?mid=5")
        #expect(target?.origin == "http://127.0.0.1:8080")
        #expect(target?.pathAndQuery == "/script/View.aspx?mid=5")
        #expect(RequestTarget("https://Example.org")?.pathAndQuery == "/")
        #expect(RequestTarget("ftp://example.org/x") == nil)
        #expect(RequestTarget("not a url") == nil)
    }

    @Test func charsetFromContentType() {
        let response = HTTPResponse(url: "u", finalURL: "u", status: 200, headers: ["content-type": "text/html; Charset=\"Windows-1252\""], body: [])
        #expect(response.charset == "windows-1252")
    }
}
