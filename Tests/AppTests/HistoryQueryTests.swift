@testable import App
import Extraction
import Foundation
import Lookup
import Store
import Testing
import TestSupport

/// `history`'s series from a real history file, in process.
@Suite struct HistoryQueryTests {
    @Test func aMembersFieldsAndStatisticsOverTimeAndEachArticlesNumbers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-history-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)
        let pack = FixtureRecords.pack
        let first = FixtureRecords.record("48201")
        var extracted = first.extracted
        extracted.fields["reputation.total"] = .int(1_204_900)
        let later = MemberRecord(id: first.id, site: first.site, fetchedAt: first.fetchedAt.addingTimeInterval(86_400), sources: first.sources,
                                 extracted: extracted, errors: [])
        _ = try store.save(first, pack: pack)
        _ = try store.save(later, pack: pack)
        let snapshots = try store.history(site: pack.name, member: "48201")

        let members = HistoryQuery(pack: pack, rows: false).series("48201", snapshots)
        #expect(members.count == 1)
        #expect(members[0].title == "Maren Okafor")
        #expect(members[0].points.map { $0.values["reputation.total"] } == [.int(1_204_873), .int(1_204_900)])
        #expect(members[0].points.map(\.time) == [FixtureRecords.fetchedAt, FixtureRecords.fetchedAt.addingTimeInterval(86_400)])
        #expect(members[0].points.first?.values["stats.listed"] == .int(34))

        // The articles did not change: one point each, seen until the second lookup.
        let articles = HistoryQuery(pack: pack, rows: true).series("48201", snapshots)
        #expect(articles.count == 34)
        #expect(articles.first?.key == "/Articles/5012773/Cache-Heap-Shader")
        #expect(articles.first?.points.count == 1)
        #expect(articles.first?.points.first?.values["views"] == .int(2_345_678))
        #expect(articles.first?.points.first?.lastSeen == FixtureRecords.fetchedAt.addingTimeInterval(86_400))
    }

    @Test func fieldsToChooseFrom() {
        let members = HistoryQuery(pack: FixtureRecords.pack, rows: false)
        #expect(members.defaultFields == FixtureRecords.pack.report.summary)
        // The pack's statistics, but not the object one (a row, not a number over time).
        #expect(Array(members.knownFields.suffix(8)) == ["stats.listed", "stats.total_views", "stats.total_votes", "stats.total_bookmarks",
                                                         "stats.total_downloads", "stats.weighted_rating", "stats.average_rating", "stats.popularity"])
        let articles = HistoryQuery(pack: FixtureRecords.pack, rows: true)
        #expect(articles.knownFields == ["views", "rating", "votes", "popularity", "bookmarks", "downloads"])
        #expect(articles.defaultFields == articles.knownFields)
    }

    @Test func sinceTakesADayOrATime() {
        #expect(HistoryQuery.date("2026-11-01") == Date(timeIntervalSince1970: 1_793_491_200))
        #expect(HistoryQuery.date("2026-11-01T08:00:00Z") == Date(timeIntervalSince1970: 1_793_520_000))
        #expect(HistoryQuery.date("2026-02-30") == nil)
        #expect(HistoryQuery.date("yesterday") == nil)
    }
}
