import Extraction
import Foundation
import Lookup
import Store
import Packs
import Testing
import TestSupport

/// The history's series, as `history` and the reports read them: typed, statistics
/// computed in the store from each snapshot's rows.
@Suite struct HistorySeriesTests {
    @Test func aMembersFieldsAndStatisticsOverTimeAndEachArticlesNumbers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-history-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)
        let pack = FixtureRecords.pack
        let first = FixtureRecords.record("48201")
        var extracted = first.extracted
        extracted.fields["reputation.total"] = FieldReading(.int(1_204_900))
        let later = MemberRecord(id: first.id, site: first.site, fetchedAt: first.fetchedAt.addingTimeInterval(86_400), sources: first.sources.map { ($0.name, $0.url) },
                                 extracted: extracted, errors: [])
        _ = try store.save(first, pack: pack)
        _ = try store.save(later, pack: pack)

        let member = try store.series(site: pack.name, member: "48201", pack: pack)
        #expect(member.title == "Maren Okafor")
        #expect(member.points.map { $0.values["reputation.total"] } == [.int(1_204_873), .int(1_204_900)])
        #expect(member.points.map(\.time) == [FixtureRecords.fetchedAt, FixtureRecords.fetchedAt.addingTimeInterval(86_400)])
        #expect(member.points.first?.values["stats.listed"] == .int(34))
        #expect(member.points.allSatisfy { $0.archived == nil })

        // The articles did not change: one point each, seen until the second lookup.
        let articles = try store.rowSeries(site: pack.name, member: "48201", pack: pack)
        #expect(articles.count == 34)
        #expect(articles.first?.key == "/Articles/5012773/Cache-Heap-Shader")
        #expect(articles.first?.points.count == 1)
        #expect(articles.first?.points.first?.values["views"] == .int(2_345_678))
        #expect(articles.first?.points.first?.lastSeen == FixtureRecords.fetchedAt.addingTimeInterval(86_400))
        // From a later day on, only the second point.
        let since = try store.series(site: pack.name, member: "48201", pack: pack, since: FixtureRecords.fetchedAt.addingTimeInterval(3_600))
        #expect(since.points.count == 1)
    }

    @Test func fieldsToChooseFrom() {
        let pack = FixtureRecords.pack
        #expect(HistoryFields.shown(pack, rows: false) == pack.report.summary)
        // The pack's statistics, but not the object one (a row, not a number over time).
        #expect(Array(HistoryFields.known(pack, rows: false).suffix(8)) == ["stats.listed", "stats.total_views", "stats.total_votes", "stats.total_bookmarks",
                                                                          "stats.total_downloads", "stats.weighted_rating", "stats.average_rating", "stats.popularity"])
        #expect(HistoryFields.known(pack, rows: true) == ["views", "rating", "votes", "popularity", "bookmarks", "downloads"])
        #expect(HistoryFields.shown(pack, rows: true) == HistoryFields.known(pack, rows: true))
    }
}
