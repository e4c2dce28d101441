@testable import Packs
import Testing

/// `[stats]` and `[report]` are checked whole, each problem with its key path.
@Suite struct StatisticsLoadErrorTests {
    static let collection = """
        [collections.posts]
        source = "page"
        row = '<li>(.*?)</li>'
        [collections.posts.fields.title]
        pattern = '(\\w+)'
        [collections.posts.fields.views]
        type = "int"
        pattern = '(\\d+)'
        """

    @Test func everyStatisticProblemIsListed() {
        let problems = loadProblems(Self.collection + """

            [stats.a]
            op = "median"
            of = "posts.views"
            [stats.b]
            op = "sum"
            of = "post.views"
            [stats.c]
            op = "sum"
            of = "posts.title"
            [stats.d]
            op = "sum"
            of = "posts.views"
            weight = "posts.views"
            [stats.e]
            op = "top"
            of = "posts.title"
            [stats.f]
            op = "count"
            of = "posts"
            default = 0
            [stats.g]
            op = "mean"
            of = "posts.views"
            places = 11
            [stats.saturated]
            op = "count"
            of = "posts"
            """)
        #expect(problems.map(\.description) == [
            "stats.a.op: unknown operation 'median'; use one of count, sum, mean, min, max, top, distinct, formula",
            "stats.b.of: 'post.views' names no collection; the pack has posts",
            "stats.c.of: 'posts.title' is of type text; this needs numbers (int or decimal)",
            "stats.d.weight: applies only to op = \"mean\"",
            "stats.e: a top needs by = \"posts.<field>\": the field whose largest value picks the row",
            "stats.f.default: a count is never unknown (no rows is 0), so it takes no default",
            "stats.g.places: must be a whole number of decimal places from 0 to 10",
            "stats.saturated: 'saturated' is the record's list of sums that did not fit (stats.saturated); name the statistic something else",
        ])
    }

    @Test func formulasReadWhatIsDeclaredAbove() {
        let problems = loadProblems(Self.collection + """

            [stats.ratio]
            op = "formula"
            formula = "stats.total / 2"
            [stats.total]
            op = "sum"
            of = "posts.views"
            [stats.broken]
            op = "formula"
            formula = "stats.total * (2"
            [stats.named]
            op = "formula"
            formula = "nosuch + 1"
            when = "stats.total >= 2"
            """)
        #expect(problems.map(\.description) == [
            "stats.ratio.formula: 'stats.total' is not a statistic declared above this one; a formula reads the statistics before it",
            "stats.broken.formula: expected ')' at offset 16\n      stats.total * (2\n                      ^",
            "stats.named.formula: 'nosuch' is neither a statistic (stats.<name>) nor a field of the pack",
        ])
    }

    @Test func theReportNamesOnlyWhatThePackHas() {
        let problems = loadProblems(Self.collection + """

            [report]
            summary = ["stats.nope"]
            sort = "rating"
            per_year = "views"
            photo = "avatar"
            [report.breakdowns.reputation]
            label = "By category"
            [report.roles]
            views = "views"
            """)
        #expect(problems.map(\.description) == [
            "report.summary: 'stats.nope' is not a field or statistic (stats.<name>)",
            "report.roles: is no longer read: name the row fields with report.title, link, sort, row_charts and per_year, and figures in [stats] (docs/patterns.md)",
            "report.sort: 'rating' is not a field of the report's collection (posts)",
            "report.per_year: 'views' is not a date field; rows are counted by the year of a date",
            "report.photo: names no field: 'avatar'",
            "report.breakdowns.reputation: no field is named reputation.<row>.<column>; a breakdown shows such fields as a table",
        ])
    }

    @Test func pagination() {
        let problems = loadProblems("", site: "") + loadProblems("""
            [fields.x]
            source = "page"
            pattern = '(x)'
            """, sources: """
            max_pages = 5000
            """)
        #expect(problems.map(\.description) == [
            "sources.page.max_pages: must be a whole number of pages from 1 to 1000, not the integer 5000",
            "sources.page.max_pages: limits the pages a next link leads to, and the source has no next",
        ])
    }
}
