import Foundation
@testable import PackCheck
import Packs
import Testing
import TestSupport

/// Saved pages a pack never reaches fail the check: a fixture writer who saved a
/// fourth page, or a pack that lost its `next` pattern, hears which file and why.
@Suite struct UnreadSavedPagesTests {
    let packFile = repositoryRoot.appendingPathComponent("patterns/stackoverflow.toml").path
    let fixtures = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow")

    /// Member 31415's profile and three pages of tags, plus `extra` pages.
    func directory(extra: [String: String] = [:]) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-unread-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in ["profile-31415.html", "tags-31415.html", "tags-31415-p2.html", "tags-31415-p3.html", "expected-31415.json"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        for (name, from) in extra {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(from), to: directory.appendingPathComponent(name))
        }
        return directory
    }

    @Test func everySavedPageReadPasses() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try PackLoader().load(file: packFile)
        let check = try await PackCheck.run(pack: pack, fixtures: FixtureSet(directory: directory.path, sources: ["profile", "tags"]))
        #expect(check.unread == [])
        #expect(check.passed)
    }

    @Test func aPageNoNextLinkReachesFailsTheCheck() async throws {
        // The third page has no next link, so a fourth saved page is never read.
        let directory = try directory(extra: ["tags-31415-p4.html": "tags-31415-p3.html"])
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try PackLoader().load(file: packFile)
        let check = try await PackCheck.run(pack: pack, fixtures: FixtureSet(directory: directory.path, sources: ["profile", "tags"]))
        #expect(check.unread == [PackCheck.UnreadPage(file: "tags-31415-p4.html",
                                                      why: "no next link on page 3 leads further (or it leads back to a page already read)")])
        #expect(check.differences == [])
        #expect(!check.passed)
        let table = CheckTable.render(check, pack: pack, fixturesDirectory: directory.path)
        #expect(table.contains("saved pages never read:\n  tags-31415-p4.html: no next link on page 3"))
        #expect(table.hasSuffix("1 page never read over 1 fixture\n"))
    }

    @Test func aPackWithoutNextReadsOnlyFirstPages() async throws {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try String(contentsOfFile: packFile, encoding: .utf8)
        let withoutNext = text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("next = ") && !$0.hasPrefix("max_pages = ") }.joined(separator: "\n")
        let pack = try PackLoader().load(toml: withoutNext, file: packFile)
        let check = try await PackCheck.run(pack: pack, fixtures: FixtureSet(directory: directory.path, sources: ["profile", "tags"]))
        let why = "[sources.tags] has no next pattern, so only the first page is read"
        #expect(check.unread == [PackCheck.UnreadPage(file: "tags-31415-p2.html", why: why),
                                 PackCheck.UnreadPage(file: "tags-31415-p3.html", why: why)])
        #expect(!check.passed)
    }

    /// A directory with no saved pages checks nothing, and says so with a failure.
    @Test func noSavedPagesIsNoPass() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try PackLoader().load(file: packFile)
        let check = try await PackCheck.run(pack: pack, fixtures: FixtureSet(directory: directory.path, sources: ["profile", "tags"]))
        #expect(!check.passed)
        #expect(CheckTable.render(check, pack: pack, fixturesDirectory: directory.path)
                .hasSuffix("no saved pages found (expected files named <source>-<id>.html)\n\nFAIL: nothing was checked\n"))
    }
}
