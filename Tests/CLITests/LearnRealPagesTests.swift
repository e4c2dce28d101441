import Foundation
import TestSupport
import Testing

/// The real saved pages beside the project (`../shared/realsites`, or
/// `CPVANITY_REALSITES`): not ours to copy into the repository, so on a machine without
/// them these tests are skipped, shown as skipped (scripts/learn-realsites measures the
/// same where they are).
let realsites: String? = {
    let given = ProcessInfo.processInfo.environment["CPVANITY_REALSITES"]
    let beside = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realsites").path
    return [given, beside].compactMap { $0 }.first { FileManager.default.fileExists(atPath: "\($0)/SOURCES.md") }
}()

/// A pack learned from one real page's values (as SOURCES.md lists them) reads every
/// value right on that page and on another page of the same site it did not learn from.
@Suite(.enabled(if: realsites != nil, "needs ../shared/realsites (or CPVANITY_REALSITES)"))
struct LearnRealPagesTests {
    let pages = realsites ?? ""
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-learn-real-\(UUID().uuidString)")

    func learnThenRead(_ arguments: [String], other: String) throws -> (learned: CommandResult, record: [String: Any]) {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pack = directory.appendingPathComponent("learned.toml").path
        let learned = try run("cpvanity", ["patterns", "learn", "--output", pack] + arguments + ["--also", other])
        let read = try run("cpvanity", ["extract", "--pack", pack, "--source", "profile", other])
        #expect(read.status == 0, "\(read.stderr)")
        return (learned, try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any]))
    }

    @Test func gitHubLearnedFromOneOverviewReadsAnother() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = "\(pages)/github/jonashaag-overview-2022.html", other = "\(pages)/github/lorey-overview-2022.html"
        let (learned, record) = try learnThenRead([
            "--page", first, "--url", "https://github.com/{id}", "--id", "jonashaag", "--collection", "pinned",
            "name=Jonas Haag", "login=jonashaag", "location=Karlsruhe, Germany", "organization=@Quantco", "followers=329", "following=20",
            "repositories=282", "stars=751", "sponsoring=1", "contributions=1,103", "--row-title", "bjoern", "--row-title", "klaus", "--row-title", "mamba",
        ], other: other)
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stderr.contains("\(first): 13 of 13 values read right\n"), "\(learned.stderr)")
        #expect(record["name"] as? String == "Karl Lorey")
        #expect(record["login"] as? String == "lorey")
        #expect(record["location"] as? String == "Berlin, Germany")
        #expect(record["organization"] as? String == "@loreyventures")
        #expect([record["followers"], record["following"], record["repositories"], record["stars"], record["sponsoring"], record["contributions"]]
            .map { $0 as? Int } == [197, 243, 33, 717, 2, 216])
        #expect((record["pinned"] as? [[String: Any]])?.map { $0["title"] as? String }
            == ["social-media-profiles-regexs", "mlscraper", "socials", "obsi", "personal-crm", "resume"])
        #expect((record["errors"] as? [Any])?.isEmpty == true)
    }

    @Test func stackOverflowLearnedFromOneDeveloperStoryReadsAnother() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = "\(pages)/stackoverflow/user-1079354-makoto-devstory-2022.html"
        let other = "\(pages)/stackoverflow/user-74243-martin-peck-devstory-2022.html"
        let (learned, record) = try learnThenRead([
            "--page", first, "--url", "https://stackoverflow.com/users/{id}", "--id", "1079354", "--collection", "communities",
            "name=Makoto", "location=Denver, CO, United States", "member_for=10 years, 3 months", "last_seen=this week",
            "--row-title", "Stack Overflow", "--row-title", "Meta Stack Exchange", "--row-title", "Anime & Manga", "--row", "score=99.5k",
        ], other: other)
        #expect(learned.status == 0, "\(learned.stderr)")
        // Four values, three titles and the first titled row's score.
        #expect(learned.stderr.contains("\(first): 8 of 8 values read right\n"), "\(learned.stderr)")
        #expect(record["name"] as? String == "Martin Peck")
        #expect(record["location"] as? String == "Reading, United Kingdom")
        #expect(record["member_for"] as? String == "P13Y")
        #expect(record["last_seen"] as? String == "this week")
        let rows = try #require(record["communities"] as? [[String: Any]])
        #expect(rows.map { $0["title"] as? String } == ["Stack Overflow", "Meta Stack Exchange"])
        #expect(rows.map { $0["score"] as? Int } == [11300, 1000])
        #expect((record["rounded"] as? [String: Int]) == ["communities[0].score": 100, "communities[1].score": 1000, "stats.total_score": 1000])
    }
}
