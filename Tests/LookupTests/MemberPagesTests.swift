import Extraction
import Foundation
import Lookup
import Packs
import Testing
import TestSupport

/// The one path pages take, fed from saved pages: further pages found by the pack's
/// `next` links and read from their `-pN` files, a missing one said plainly.
@Suite struct MemberPagesTests {
    let stackOverflow: SitePack = {
        do {
            return try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/stackoverflow.toml").path)
        } catch {
            fatalError("the bundled Stack Overflow pack does not load: \(error)")
        }
    }()
    let fixtures = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow")

    @Test func savedPagesFollowTheNextLinksToTheirPageFiles() async {
        let lookup = MemberLookup(pack: stackOverflow, savedPagesIn: fixtures.path)
        let record = await lookup.lookup("31415")
        #expect(record.errors == [])
        // Three pages of tags, 11 rows, as the fixtures' expected record says.
        #expect(record.extracted.collections["tags"]?.count == 11)
        #expect(record.sources.map(\.name) == ["profile", "tags"])
    }

    @Test func aSavedPageThatIsNotThereIsTheMembersError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-saved-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The first page of tags links to a second page that was not saved.
        for name in ["profile-31415.html", "tags-31415.html"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: directory.appendingPathComponent(name))
        }
        let record = await MemberLookup(pack: stackOverflow, savedPagesIn: directory.path).lookup("31415")
        #expect(record.errors.map(\.kind) == [.notFound, .extraction, .extraction, .extraction, .extraction])
        #expect(record.errors.first?.message == "no saved page tags-31415-p2.html in \(directory.path)")
        // The list is cut: its rows are kept, and no statistic over it is a figure over part of it.
        #expect(record.errors.dropFirst().map { $0.field?.description } == ["stats.tags_listed", "stats.top_tag", "stats.total_posts", "stats.total_score"])
        #expect(record.extracted.collections["tags"]?.count == 4)  // the first page's
        #expect(record.extracted.stats?["total_score"] == .value(FieldReading(.null)))
        // What the pages it has hold is kept.
        #expect(record.extracted.value("name") == .text("Ada Pond"))
    }
}
