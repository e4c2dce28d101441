import Extraction
import Foundation
import Packs
@testable import Report
import Testing
import TestSupport

@Suite struct MemberStatsTests {
    let roles: [ReportSpec.Role: String] = [.title: "t", .url: "u", .views: "v", .votes: "n", .rating: "r", .bookmarks: "b", .downloads: "d"]

    func row(_ title: String, views: Int?, votes: Int?, rating: String?, bookmarks: Int? = nil, downloads: Int? = nil) -> ExtractedRecord.Row {
        ["t": .text(title), "u": .text("https://x/\(title)"), "v": views.map { .int($0) } ?? .null, "n": votes.map { .int($0) } ?? .null,
         "r": rating.flatMap { Decimal(string: $0) }.map { .decimal($0) } ?? .null,
         "b": bookmarks.map { .int($0) } ?? .null, "d": downloads.map { .int($0) } ?? .null]
    }

    @Test func totalsPastIntMaxSaturateAndSaySo() {
        // A hostile page: views adding up past Int.max, votes too.
        let stats = MemberStats(rows: [
            row("a", views: 5_000_000_000_000_000_000, votes: Int.max, rating: "4.00"),
            row("b", views: 5_000_000_000_000_000_000, votes: 2, rating: "5.00"),
        ], roles: roles)
        #expect(stats.totalViews == Int.max)
        #expect(stats.totalVotes == Int.max)
        #expect(stats.saturated == ["total_views", "total_votes"])
        #expect(stats.topArticle?.views == 5_000_000_000_000_000_000)
        let json = RecordJSON.value(stats).serialized(pretty: false)
        #expect(json.hasSuffix(#","saturated":["total_views","total_votes"]}"#))
        #expect(MemberStats(rows: [row("a", views: 1, votes: 1, rating: nil)], roles: roles).saturated == [])
    }

    @Test func handComputed() {
        let stats = MemberStats(rows: [
            row("a", views: 100, votes: 2, rating: "4.00", bookmarks: 1),
            row("b", views: 300, votes: 8, rating: "5.00", downloads: 10),
            row("c", views: 50, votes: nil, rating: nil),
            row("d", views: 300, votes: 0, rating: "3.00"),
        ], roles: roles)
        #expect(stats.listed == 4)
        #expect(stats.totalViews == 750)
        #expect(stats.totalVotes == 10)
        #expect(stats.totalBookmarks == 1)
        #expect(stats.totalDownloads == 10)
        // (2 × 4 + 8 × 5) / 10; the unvoted and zero-vote rows do not weigh in.
        #expect(stats.weightedRating == Decimal(string: "4.8"))
        // (4 + 5 + 3) / 3 over the rated rows.
        #expect(stats.averageRating == Decimal(4))
        // 4.8 × log10(10)
        #expect(stats.popularity == 4.8)
        // The first of the two 300-view rows.
        #expect(stats.topArticle == MemberStats.TopArticle(title: "b", url: "https://x/b", views: 300))
    }

    @Test func ratingsAreExactThenRoundedToTheSitesTwoPlaces() {
        let stats = MemberStats(rows: [row("a", views: 1, votes: 3, rating: "4.66"), row("b", views: 2, votes: 1, rating: "5")], roles: roles)
        // (3 × 4.66 + 5) / 4 = 18.98 / 4 = 4.745 exactly (no binary drift), shown as the site shows ratings.
        #expect(stats.weightedRating == Decimal(string: "4.75"))
        #expect(stats.averageRating == Decimal(string: "4.83"))
        // From the exact 4.745: 4.745 × log10(4) = 2.8567...
        #expect(stats.popularity == 2.86)
        // A third never prints 38 digits.
        let thirds = MemberStats(rows: [row("a", views: 1, votes: 3, rating: "4"), row("b", views: 1, votes: 0, rating: "5"),
                                        row("c", views: 1, votes: 0, rating: "5")], roles: roles)
        #expect(thirds.averageRating == Decimal(string: "4.67"))
    }

    @Test func emptyList() {
        let stats = MemberStats(rows: [], roles: roles)
        #expect(stats == MemberStats(rows: [], roles: roles))
        #expect(stats.listed == 0 && stats.totalViews == 0 && stats.totalVotes == 0)
        #expect(stats.weightedRating == nil && stats.averageRating == nil && stats.popularity == nil && stats.topArticle == nil)
    }

    @Test func allZeroVotes() {
        let stats = MemberStats(rows: [row("a", views: 5, votes: 0, rating: "4.50"), row("b", views: 9, votes: 0, rating: "3.50")], roles: roles)
        #expect(stats.totalVotes == 0)
        #expect(stats.weightedRating == nil)
        #expect(stats.averageRating == Decimal(4))
        #expect(stats.popularity == nil)
        #expect(stats.topArticle?.title == "b")
    }

    @Test func oneVoteHasNoPopularity() {
        let stats = MemberStats(rows: [row("a", views: 5, votes: 1, rating: "4.00")], roles: roles)
        #expect(stats.weightedRating == Decimal(4))
        #expect(stats.popularity == nil)
    }

    @Test func fixtureMemberStats() {
        let record = FixtureRecords.record("90210")
        let stats = MemberStats(record.extracted, spec: FixtureRecords.pack.report)
        // Rows: 18,211 views 25 votes 4.80; 3,002 views 2 votes 4.00; 911 views, no votes.
        #expect(stats?.listed == 3)
        #expect(stats?.totalViews == 22_124)
        #expect(stats?.totalVotes == 27)
        #expect(stats?.totalBookmarks == 147)
        #expect(stats?.totalDownloads == 96)
        #expect(stats?.weightedRating == Decimal(string: "4.74"))  // (25 × 4.8 + 2 × 4) / 27 = 4.7407...
        #expect(stats?.averageRating == Decimal(string: "4.4"))
        #expect(stats?.topArticle?.views == 18_211)
        #expect(MemberStats(FixtureRecords.failed("1").extracted, spec: FixtureRecords.pack.report) == nil)
    }
}
