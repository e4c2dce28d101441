import Extraction
import Foundation
import Packs

/// Statistics computed from a member's rows (never scraped), so they agree with
/// the rows shown beside them.
public struct MemberStats: Sendable, Equatable {
    public struct TopArticle: Sendable, Equatable {
        public let title: String?
        public let url: String?
        public let views: Int
    }

    /// Rows found.
    public let listed: Int
    public let totalViews: Int
    public let totalVotes: Int
    public let totalBookmarks: Int
    public let totalDownloads: Int
    /// Σ(votes × rating) / Σ votes over rows that have both; nil with no votes.
    /// Rounded to two places, as the site shows ratings (`MemberStats.places`).
    public let weightedRating: Decimal?
    /// The plain mean of the rated rows' ratings; nil when none is rated. Two places.
    public let averageRating: Decimal?
    /// weighted rating × log10(total votes); nil below 2 votes (log10(1) = 0 says nothing).
    /// Two places.
    public let popularity: Double?

    /// The decimal places of the computed ratings and popularity: the site's own.
    public static let places = 2
    /// The most viewed row (the first of equals); nil with no rows.
    public let topArticle: TopArticle?
    /// Totals whose sum did not fit (a hostile page's billions of billions of views):
    /// they stand at Int.max, and are named here (`total_views`) so no one reads them as counts.
    public let saturated: [String]

    /// Nil when the pack names no collection for statistics or the record lacks it.
    public init?(_ record: ExtractedRecord, spec: ReportSpec) {
        guard let collection = spec.collection, let rows = record.collections[collection] else { return nil }
        self.init(rows: rows, roles: spec.roles)
    }

    public init(rows: [ExtractedRecord.Row], roles: [ReportSpec.Role: String]) {
        let values = RowValues(roles: roles)
        var saturated = [String]()
        /// The sum of a role over the rows, at Int.max when it does not fit.
        func total(_ role: ReportSpec.Role, _ name: String) -> Int {
            var sum = 0
            for row in rows {
                let (next, overflow) = sum.addingReportingOverflow(values.int(row, role) ?? 0)
                if overflow {
                    saturated.append(name)
                    return .max
                }
                sum = next
            }
            return sum
        }
        listed = rows.count
        totalViews = total(.views, "total_views")
        totalVotes = total(.votes, "total_votes")
        totalBookmarks = total(.bookmarks, "total_bookmarks")
        totalDownloads = total(.downloads, "total_downloads")
        self.saturated = saturated
        (weightedRating, averageRating, popularity) = MemberStats.ratings(rows, values: values, totalVotes: totalVotes)
        var top: (Int, ExtractedRecord.Row)?
        for row in rows {
            let views = values.int(row, .views) ?? 0
            if let current = top, views <= current.0 { continue }
            top = (views, row)
        }
        topArticle = top.map { TopArticle(title: values.text($0.1, .title), url: values.text($0.1, .url), views: $0.0) }
    }

    /// The weighted and plain ratings and the popularity: computed exactly, then rounded
    /// to the site's two places (the popularity from the unrounded rating: rounding
    /// twice would drift).
    private static func ratings(_ rows: [ExtractedRecord.Row], values: RowValues, totalVotes: Int)
        -> (weighted: Decimal?, average: Decimal?, popularity: Double?) {
        var weightedSum = Decimal(0)
        var weightedVotes = 0
        var ratingSum = Decimal(0)
        var rated = 0
        for row in rows {
            guard let rating = values.decimal(row, .rating) else { continue }
            ratingSum += rating
            rated += 1
            if let votes = values.int(row, .votes), votes > 0 {
                weightedSum += rating * Decimal(votes)
                weightedVotes = weightedVotes.addingReportingOverflow(votes).overflow ? .max : weightedVotes + votes
            }
        }
        func rounded(_ value: Decimal) -> Decimal {
            var value = value, result = Decimal()
            NSDecimalRound(&result, &value, places, .plain)
            return result
        }
        let weighted = weightedVotes > 0 ? weightedSum / Decimal(weightedVotes) : nil
        var popularity: Double?
        if let weighted, totalVotes >= 2 {
            let exact = NSDecimalNumber(decimal: weighted).doubleValue * log10(Double(totalVotes))
            popularity = exact.isFinite ? (exact * 100).rounded() / 100 : nil
        }
        return (weighted.map(rounded), rated > 0 ? rounded(ratingSum / Decimal(rated)) : nil, popularity)
    }

    /// A row's values by the role the pack gives their field.
    private struct RowValues {
        let roles: [ReportSpec.Role: String]

        func int(_ row: ExtractedRecord.Row, _ role: ReportSpec.Role) -> Int? {
            guard let field = roles[role], case .int(let value)? = row[field] else { return nil }
            return value
        }

        func decimal(_ row: ExtractedRecord.Row, _ role: ReportSpec.Role) -> Decimal? {
            guard let field = roles[role] else { return nil }
            switch row[field] {
            case .decimal(let value)?: return value
            case .int(let value)?: return Decimal(value)
            default: return nil
            }
        }

        func text(_ row: ExtractedRecord.Row, _ role: ReportSpec.Role) -> String? {
            guard let field = roles[role], case .text(let value)? = row[field] else { return nil }
            return value
        }
    }
}
