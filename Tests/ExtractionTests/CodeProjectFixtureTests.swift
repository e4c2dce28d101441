@testable import Extraction
import Foundation
@testable import PackCheck
@testable import Packs
import PageText
import Testing
import TestSupport

/// The bundled pack against the bundled saved pages: every field of every fixture.
@Suite struct CodeProjectFixtureTests {
    let pack: SitePack
    let fixtures: FixtureSet

    init() throws {
        pack = try PackLoader().load(file: codeprojectPack)
        fixtures = try FixtureSet(directory: codeprojectFixtures, sources: pack.sources.map(\.name))
    }

    @Test func packDeclaresTheSourcesAndIDs() throws {
        #expect(pack.name == "codeproject")
        #expect(pack.baseURL == "https://www.codeproject.com")
        #expect(pack.sources.map(\.name) == ["articles", "profile"])
        #expect(pack.source(named: "profile")?.url(base: "https://www.codeproject.com", id: "7") == "https://www.codeproject.com/script/Membership/View.aspx?mid=7")
        #expect(pack.source(named: "articles")?.url(base: "http://127.0.0.1:8080/", id: "7") == "http://127.0.0.1:8080/script/Articles/MemberArticles.aspx?amid=7")
        #expect(pack.idRule.accepts("48201"))
        for bad in ["0", "-3", "12a", "", " 12", "12345678901"] { #expect(!pack.idRule.accepts(bad)) }
    }

    @Test func everyFieldOfEveryFixtureMatches() async throws {
        #expect(fixtures.members.map(\.id) == ["1842", "7315", "48201", "90210", "99999999"])
        let check = try await PackCheck.run(pack: pack, fixtures: fixtures)
        #expect(check.differences == [])
        #expect(check.passed)
        // Every found member answers every row of the grid; the missing one only `errors`.
        for (column, member) in check.members.enumerated() {
            let cells = check.cells.map { $0[column] }
            if member == "99999999" {
                #expect(cells.filter { $0 != .notApplicable } == [.matched])
            } else {
                #expect(cells.allSatisfy { $0 == .matched }, "member \(member)")
            }
        }
    }

    /// More fixtures than fit the terminal: the members go on below in blocks, each led
    /// by the field names, and no line is wider than asked.
    @Test func aWideCheckTableGoesOnInBlocks() async throws {
        let check = try await PackCheck.run(pack: pack, fixtures: fixtures)
        let text = CheckTable.render(check, pack: pack, fixturesDirectory: codeprojectFixtures, width: 50)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 50 || $0.hasPrefix("CodeProject pack: ") || $0.hasPrefix("fixtures: ") })
        let field = "field".padding(toLength: 29, withPad: " ", startingAt: 0)
        #expect(lines.filter { $0.hasPrefix("field ") } == ["\(field)  1842  7315  48201", "\(field)  90210  99999999"])
        #expect(lines.contains("reputation.total               ok    ok    ok"))
        #expect(lines.contains("reputation.total               ok     -"))
        #expect(lines.contains("stats.total_views              ok    ok    ok"))
        #expect(text.hasSuffix("PASS: 185 ok over 5 fixtures\n"))
    }

    /// The live check's grid goes on in blocks the same way.
    @Test func aWideLiveCheckTableGoesOnInBlocks() {
        let records = ["48201", "7315", "90210"].map { FixtureRecords.record($0) }
        let text = LiveCheckTable.render(records, pack: FixtureRecords.pack, width: 50)
        let field = "field".padding(toLength: 29, withPad: " ", startingAt: 0)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("field ") } == ["\(field)  48201", "\(field)  7315", "\(field)  90210"])
        #expect(LiveCheckTable.render(records, pack: FixtureRecords.pack, width: 200).split(separator: "\n").filter { $0.hasPrefix("field ") }.count == 1)
    }

    @Test func checkNoticesAWrongExpectation() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["profile-7315.html", "articles-7315.html", "expected-7315.json"] {
            try FileManager.default.copyItem(atPath: "\(codeprojectFixtures)/\(name)", toPath: directory.appendingPathComponent(name).path)
        }
        let expectedPath = directory.appendingPathComponent("expected-7315.json").path
        let text = try String(contentsOfFile: expectedPath, encoding: .utf8).replacingOccurrences(of: "\"total\": 2415", with: "\"total\": 2416")
        try text.write(toFile: expectedPath, atomically: true, encoding: .utf8)
        let check = try await PackCheck.run(pack: pack, fixtures: FixtureSet(directory: directory.path, sources: ["profile", "articles"]))
        #expect(!check.passed)
        #expect(check.differences == [PackCheck.Difference(member: "7315", field: "reputation.total", expected: "2416", actual: "2415")])
    }

    @Test func articlesPageAloneGivesTheName() throws {
        let expected = ["1842": "René Kowalczyk", "7315": "Tomasz Wirth", "48201": "Maren Okafor", "90210": "Zoë O'Brien-Ångström"]
        for (id, name) in expected {
            let path = "\(codeprojectFixtures)/articles-\(id).html"
            let page = Page(source: "articles", bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), origin: path)
            #expect(Extractor(pack: pack).extract([page]).value("name") == .text(name), "member \(id)")
        }
    }

    private func record(_ id: String) throws -> ExtractedRecord {
        let member = try #require(fixtures.members.first { $0.id == id })
        let pages = try member.pages.flatMap { source, paths in
            try paths.map { Page(source: source, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0))), origin: $0) }
        }
        return Extractor(pack: pack).extract(pages)
    }

    // Spot checks that read as a person would check the pages by eye.

    @Test func prolificAuthor() throws {
        let record = try record("48201")
        #expect(record.problems == [])
        #expect(record.value("name") == .text("Maren Okafor"))
        #expect(record.value("reputation.total") == .int(1_204_873))
        #expect(record.value("reputation.level") == .text("platinum"))
        #expect(record.value("reputation.author.points") == .int(1_003_211))
        #expect(record.value("counts.articles") == .int(20))
        #expect(record.value("counts.tech_blogs") == .int(8))
        #expect(record.value("counts.tips") == .int(6))
        #expect(record.value("ratings.tech_blogs_average") == .decimal(Decimal(string: "5.00")!))
        let rows = try #require(record.collections["articles"])
        #expect(rows.count == 34)
        #expect(rows.filter { $0["kind"] == .text("tech_blog") }.count == 8)
        #expect(rows[0]["views"] == .int(2_345_678))
        #expect(rows[0]["downloads"] == .int(1_003_444))
        #expect(rows[1]["title"] == .text("A Generic Pool<T> & Friends"))
        #expect(rows[1]["description"] == .text("Pooling objects, \u{201C}the easy way\u{201D} \u{2013} part 2"))
    }

    @Test func memberWithoutArticles() throws {
        let record = try record("7315")
        #expect(record.value("avatar_url") == .null)
        #expect(record.value("reputation.author.points") == .int(0))
        #expect(record.value("reputation.author.level") == .text("none"))
        #expect(record.value("reputation.level") == .text("bronze"))
        #expect(record.value("counts.articles") == .int(0))
        #expect(record.value("ratings.articles_average") == .null)
        #expect(record.collections["articles"] == [])
    }

    @Test func oldMarkupInWindows1252() throws {
        let record = try record("1842")
        #expect(record.value("name") == .text("René Kowalczyk"))
        let rows = try #require(record.collections["articles"])
        #expect(rows.map { $0["title"] } == [.text("Owner-drawn menus, the Win32 way"), .text("Café-style tooltips"), .text("Registry snapshots for testers")])
        #expect(rows[0]["updated"] == .date(CalendarDate(year: 2008, month: 3, day: 22)!))
        #expect(rows[0]["views"] == .int(8278))
        #expect(rows[0]["rating"] == .decimal(Decimal(string: "3.31")!))
        #expect(rows[0]["posted"] == .null)
        // The footer's "Rating:" text must not leak into the last row.
        #expect(rows[2]["rating"] == .null)
    }

    @Test func nonexistentMember() throws {
        let record = try record("99999999")
        #expect(record.isNotFound)
        #expect(Set(record.problems.map(\.source)) == ["profile", "articles"])
    }

    @Test func garbageAndTruncatedPagesNeverTrap() throws {
        var generator = SystemRandomNumberGenerator()
        let garbage = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let extractor = Extractor(pack: pack)
        let record = extractor.extract([Page(source: "profile", bytes: garbage, origin: "garbage"),
                                        Page(source: "articles", bytes: garbage, origin: "garbage")])
        // Nothing on the pages reads as a value, nor says there is none: every field is
        // unknown, and so is the list (no row, and no word that there are none).
        #expect(record.problems.map(\.field?.description) == pack.fields.map(\.name) + ["articles"])
        #expect(record.problems.count == 24)
        #expect(record.fields.values.allSatisfy { $0.value == .null })
        let full = try Data(contentsOf: URL(fileURLWithPath: "\(codeprojectFixtures)/articles-48201.html"))
        let truncated = extractor.extract([Page(source: "articles", bytes: [UInt8](full.prefix(full.count / 2)), origin: "half")])
        let rows = try #require(truncated.collections["articles"])
        #expect(rows.count > 5 && rows.count < 34)
    }
}
