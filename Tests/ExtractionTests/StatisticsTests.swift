@testable import Extraction
import Foundation
import PageText
@testable import Packs
import Testing

/// Statistics as a pack declares them (`[stats]`): each operation on rows written by
/// hand, with the values worked out here, not read back from the code.
@Suite struct StatisticsTests {
    /// A collection `posts` (title, link, views, votes, rating, day; a row without a
/// value's label has none) and the statistics `body` declares.
    static func pack(_ stats: String) throws -> SitePack {
        try testPack("""
            [collections.posts]
            source = "page"
            row = '<li>(.*?)</li>'
            [collections.posts.fields.title]
            pattern = 't=(\\w+)'
            [collections.posts.fields.link]
            type = "url"
            pattern = 'u=(\\S+)'
            [collections.posts.fields.views]
            type = "int"
            present = 'v='
            pattern = 'v=(\\d+)'
            [collections.posts.fields.votes]
            type = "int"
            present = 'n='
            pattern = 'n=(\\d+)'
            [collections.posts.fields.rating]
            type = "decimal"
            present = 'r='
            pattern = 'r=([\\d.]+)'
            [collections.posts.fields.day]
            type = "date"
            present = 'd='
            pattern = 'd=([\\d-]+)'

            \(stats)
            """)
    }

    static let codeProjectLike = """
        [stats.listed]
        op = "count"
        of = "posts"
        [stats.total_views]
        op = "sum"
        of = "posts.views"
        default = 0
        [stats.total_votes]
        op = "sum"
        of = "posts.votes"
        default = 0
        [stats.weighted_rating]
        op = "mean"
        of = "posts.rating"
        weight = "posts.votes"
        places = 2
        [stats.average_rating]
        op = "mean"
        of = "posts.rating"
        places = 2
        [stats.popularity]
        op = "formula"
        formula = "stats.weighted_rating * log10(stats.total_votes)"
        when = "stats.total_votes >= 2"
        places = 2
        [stats.top]
        op = "top"
        of = ["posts.title", "posts.link"]
        by = "posts.views"
        """

    func row(_ title: String, views: Int?, votes: Int?, rating: String?, day: String? = nil) -> ExtractedRecord.Row {
        ["title": .text(title), "link": .text("https://x/\(title)"), "views": views.map { .int($0) } ?? .null,
         "votes": votes.map { .int($0) } ?? .null, "rating": rating.flatMap { Decimal(string: $0) }.map { .decimal($0) } ?? .null,
         "day": day.flatMap { DateText.parse($0) }.map { .date($0) } ?? .null]
    }

    func stats(_ rows: [ExtractedRecord.Row], _ declared: String = codeProjectLike) throws -> Statistics {
        try #require(Statistics.compute(try Self.pack(declared), fields: [:], collections: ["posts": rows]))
    }

    func value(_ stats: Statistics, _ name: String) -> FieldValue? {
        if case .value(let reading)? = stats[name] { return reading.value }
        return nil
    }

    @Test func handComputed() throws {
        let stats = try stats([
            row("a", views: 100, votes: 2, rating: "4.00"),
            row("b", views: 300, votes: 8, rating: "5.00"),
            row("c", views: 50, votes: nil, rating: nil),
            row("d", views: 300, votes: 0, rating: "3.00"),
        ])
        #expect(value(stats, "listed") == .int(4))
        #expect(value(stats, "total_views") == .int(750))
        #expect(value(stats, "total_votes") == .int(10))
        // (2 × 4 + 8 × 5) / 10; the unvoted and zero-vote rows do not weigh in.
        #expect(value(stats, "weighted_rating") == .decimal(Decimal(string: "4.8")!))
        // (4 + 5 + 3) / 3 over the rated rows.
        #expect(value(stats, "average_rating") == .decimal(4))
        // 4.8 × log10(10)
        #expect(value(stats, "popularity") == .decimal(Decimal(string: "4.8")!))
        // The first of the two 300-view rows, with the value that ranked it.
        #expect(stats["top"] == .row(["title": .text("b"), "link": .text("https://x/b"), "views": .int(300)]))
        #expect(stats.saturated == [])
    }

    /// The different values of a field, the commonest first and equals in page order;
    /// rows without one do not count, and no value at all is unknown, not "none".
    @Test func distinctValuesCommonestFirst() throws {
        let declared = """
            [stats.titles]
            op = "distinct"
            of = "posts.title"
            """
        let stats = try stats(["go", "rust", "c", "rust", "c", "rust"].map { row($0, views: nil, votes: nil, rating: nil) }, declared)
        #expect(value(stats, "titles") == .text("rust, c, go"))
        let none = try self.stats([], declared)
        #expect(value(none, "titles") == .null)
        #expect(try Self.pack(declared).columns.column(named: "stats.titles")?.type == .text)
    }

    @Test func sumsPastIntMaxSaturateAndSaySo() throws {
        // A hostile page: views adding up past Int.max, votes too.
        let stats = try stats([
            row("a", views: 5_000_000_000_000_000_000, votes: Int.max, rating: "4.00"),
            row("b", views: 5_000_000_000_000_000_000, votes: 2, rating: "5.00"),
        ])
        #expect(value(stats, "total_views") == .int(Int.max))
        #expect(value(stats, "total_votes") == .int(Int.max))
        #expect(stats.saturated == ["total_views", "total_votes"])
    }

    @Test func meansAreExactThenRoundedHalfAwayFromZero() throws {
        let stats = try stats([row("a", views: 1, votes: 3, rating: "4.66"), row("b", views: 2, votes: 1, rating: "5")])
        // (3 × 4.66 + 5) / 4 = 4.745 exactly (no binary drift): 4.75.
        #expect(value(stats, "weighted_rating") == .decimal(Decimal(string: "4.75")!))
        #expect(value(stats, "average_rating") == .decimal(Decimal(string: "4.83")!))
        // From the exact 4.745, not the rounded 4.75: 4.745 × log10(4) = 2.8567...
        #expect(value(stats, "popularity") == .decimal(Decimal(string: "2.86")!))
        let thirds = try self.stats([row("a", views: 1, votes: 3, rating: "4"), row("b", views: 1, votes: 0, rating: "5"),
                                     row("c", views: 1, votes: 0, rating: "5")])
        #expect(value(thirds, "average_rating") == .decimal(Decimal(string: "4.67")!))
    }

    @Test func overNoValuesIsNullUnlessTheDefaultSaysOtherwise() throws {
        let empty = try stats([])
        #expect(value(empty, "listed") == .int(0))
        #expect(value(empty, "total_views") == .int(0))  // default = 0: the list is there, and empty
        #expect(value(empty, "weighted_rating") == .null)
        #expect(value(empty, "average_rating") == .null)
        #expect(value(empty, "popularity") == .null)
        #expect(empty["top"] == .row(nil))
        // Rows that show no views: a sum without a default is null, never 0.
        let noViews = try stats([row("a", views: nil, votes: nil, rating: nil)], """
            [stats.views]
            op = "sum"
            of = "posts.views"
            [stats.most]
            op = "top"
            of = "posts.title"
            by = "posts.views"
            """)
        #expect(value(noViews, "views") == .null)
        #expect(value(noViews, "most") == .null)
    }

    @Test func zeroVotesAndOneVote() throws {
        let zero = try stats([row("a", views: 5, votes: 0, rating: "4.50"), row("b", views: 9, votes: 0, rating: "3.50")])
        #expect(value(zero, "weighted_rating") == .null)
        #expect(value(zero, "average_rating") == .decimal(4))
        #expect(value(zero, "popularity") == .null)
        let one = try stats([row("a", views: 5, votes: 1, rating: "4.00")])
        #expect(value(one, "weighted_rating") == .decimal(4))
        // log10(1) = 0 says nothing: the condition holds it back.
        #expect(value(one, "popularity") == .null)
    }

    @Test func minMaxCountOfAFieldAndAScalarTop() throws {
        let stats = try stats([row("a", views: 7, votes: nil, rating: "2.5", day: "2012-03-12"),
                               row("b", views: 3, votes: 4, rating: nil, day: "2009-01-02"),
                               row("c", views: nil, votes: nil, rating: "4", day: nil)], """
            [stats.first]
            op = "min"
            of = "posts.day"
            [stats.last]
            op = "max"
            of = "posts.day"
            [stats.fewest]
            op = "min"
            of = "posts.views"
            [stats.best]
            op = "max"
            of = "posts.rating"
            [stats.rated]
            op = "count"
            of = "posts.rating"
            [stats.newest]
            op = "top"
            of = "posts.title"
            by = "posts.day"
            [stats.spread]
            op = "formula"
            formula = "(stats.best - 1) / stats.rated"
            """)
        #expect(value(stats, "first") == .date(try #require(DateText.parse("2009-01-02"))))
        #expect(value(stats, "last") == .date(try #require(DateText.parse("2012-03-12"))))
        #expect(value(stats, "fewest") == .int(3))
        #expect(value(stats, "best") == .decimal(4))
        #expect(value(stats, "rated") == .int(2))
        #expect(value(stats, "newest") == .text("a"))
        #expect(value(stats, "spread") == .decimal(Decimal(string: "1.5")!))
    }

    @Test func noStatisticsWithoutTheirListOrADeclaration() throws {
        let pack = try Self.pack(Self.codeProjectLike)
        #expect(Statistics.compute(pack, fields: [:], collections: [:]) == nil)
        #expect(Statistics.compute(try Self.pack(""), fields: [:], collections: ["posts": []]) == nil)
        // Extraction fills them in: two rows on the page.
        let record = extract("<li>t=a u=/a v=10 n=2 r=4.5</li><li>t=b u=/b v=30 n=2 r=3.5</li>", with: pack)
        #expect(record.stats.map { value($0, "total_views") } == .int(40))
        #expect(record.stats.map { value($0, "weighted_rating") } == .decimal(4))
    }

    @Test func flattenedForTablesAndCSV() throws {
        let pack = try Self.pack(Self.codeProjectLike)
        let stats = try self.stats([row("a", views: 1, votes: 2, rating: "4")])
        #expect(stats.flattened(pack, withRanking: false).map(\.path.description) == [
            "stats.listed", "stats.total_views", "stats.total_votes", "stats.weighted_rating", "stats.average_rating",
            "stats.popularity", "stats.top.title", "stats.top.link"])
        #expect(stats.flattened(pack).last?.path == .stat("top", part: "views"))
        #expect(pack.columns.column(named: "stats.listed")?.type == .int)
        #expect(pack.columns.column(named: "stats.popularity")?.type == .decimal)
        #expect(pack.columns.column(named: "stats.top.views")?.type == .int)
        #expect(pack.columns.column(named: "stats.top")?.type == nil)
    }

    @Test func formulas() {
        let value = { (name: String) -> Double? in ["a": 8, "b": 2, "zero": 0][name] }
        func evaluate(_ text: String) -> Double? {
            guard case .success(let formula) = FormulaParser.formula(text) else { return -999 }
            return formula.evaluate(value)
        }
        #expect(evaluate("a + b * 3") == 14)
        #expect(evaluate("(a + b) * 3") == 30)
        #expect(evaluate("-a / b") == -4)
        #expect(evaluate("log10(a * 12.5)") == 2)
        #expect(evaluate("max(a, b, 9) - min(a, b)") == 7)
        #expect(evaluate("a / zero") == nil)
        #expect(evaluate("ln(zero)") == nil)
        #expect(evaluate("sqrt(zero - a)") == nil)
        #expect(evaluate("a + missing") == nil)
        guard case .failure(let error) = FormulaParser.formula("a + * b") else { Issue.record("parsed"); return }
        #expect(error == FormulaError(offset: 4, message: "unexpected '*'"))
        guard case .failure(let unknown) = FormulaParser.formula("avg(a)") else { Issue.record("parsed"); return }
        #expect(unknown.message.hasPrefix("unknown function 'avg'"))
        guard case .success(let condition) = FormulaParser.condition("a >= 8 and b != 2") else { Issue.record("no condition"); return }
        #expect(condition.holds(value) == false)
        guard case .success(let holds) = FormulaParser.condition("a > b and b == 2") else { Issue.record("no condition"); return }
        #expect(holds.holds(value))
    }
}
