@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// Absence is read from the page: a copy of a bundled fixture whose part is still
/// shown (its heading, its label) but whose markup changed reads as a problem, never
/// as null or [] without one. Each case changes one thing and checks that field alone;
/// its untouched twin reads as the fixture says.
@Suite struct RedesignedPagesTests {
    /// `source`-`id` page of `directory` (under Fixtures), with every `from` made `to`.
    func page(_ directory: String, _ source: String, _ id: String, _ changes: [(String, String)] = []) throws -> Page {
        var text = try String(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/\(directory)/\(source)-\(id).html"), encoding: .utf8)
        for (from, to) in changes {
            #expect(text.contains(from), "\(source)-\(id).html has no '\(from)' to change")
            text = text.replacingOccurrences(of: from, with: to)
        }
        return Page(source: source, utf8: Array(text.utf8), origin: "\(source)-\(id).html")
    }

    func pack(_ site: String) throws -> SitePack {
        try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/\(site).toml").path)
    }

    /// The problem named `field`, if the record has one.
    func problem(_ record: ExtractedRecord, _ field: String) -> ExtractionProblem? {
        record.problems.first { $0.field?.description == field }
    }

    @Test func gitHubsPinnedListLocationAndContributions() throws {
        let github = try pack("github")
        let same = Extractor(pack: github).extract([try page("github", "profile", "ada-pond"), try page("github", "contributions", "ada-pond")])
        #expect(same.collections["pinned"]?.count == 3 && same.problems.isEmpty, "\(same.problems)")
        // The pinned heading shows; its items are cards of another markup: unknown, not [].
        let cards = Extractor(pack: github).extract([try page("github", "profile", "ada-pond", [("<li class=\"mb-3", "<div class=\"mb-3")])])
        #expect(cards.collections["pinned"] == nil)
        #expect(problem(cards, "pinned")?.message.hasPrefix("no row found in the list's section, though the page shows the list") == true, "\(cards.problems)")
        // The location's item shows; its text moved into another element: a problem, not null.
        let place = Extractor(pack: github).extract([try page("github", "profile", "ada-pond", [("<span class=\"p-label\">", "<em class=\"p-place\">")])])
        #expect(place.value("location") == .null)
        #expect(problem(place, "location")?.message.contains("the page shows the value's part (its present pattern matched)") == true)
        // The calendar's count in other words: unknown, not 0 nor null.
        let count = Extractor(pack: github).extract([try page("github", "profile", "ada-pond"),
                                                     try page("github", "contributions", "ada-pond", [("contributions\n      in the last year", "contributions\n      this year")])])
        #expect(count.value("contributions") == .null)
        #expect(problem(count, "contributions") != nil)
        // A 2021-22 row's star link shows a count the pattern cannot read: a problem, never its default 0.
        let stars = Extractor(pack: github).extract([try page("github", "repositories", "lin-qiao", [("\n                57\n", "\n                57 stars\n")])])
        #expect(stars.problems.contains { $0.field?.description == "repos[0].stars" }, "\(stars.problems)")
        #expect(stars.stats?["stars_received"] == .value(FieldReading(.null)))
    }

    /// Today's logged-out layout (2023-26): the pinned list without its reorder hooks,
    /// each name beside a tool-tip, the calendar a fragment loaded after the page.
    @Test func gitHubsLayoutOfToday() throws {
        let github = try pack("github")
        let same = Extractor(pack: github).extract([try page("github", "profile", "river-osei"), try page("github", "contributions", "river-osei")])
        #expect(same.collections["pinned"]?.map { $0["name"] } == [.text("lagoon"), .text("kente-grid"), .text("field-notes")])
        #expect(same.value("contributions") == .int(2318) && same.problems.isEmpty, "\(same.problems)")
        // The pinned heading shows, the list is another element: unknown, not [].
        let list = Extractor(pack: github).extract([try page("github", "profile", "river-osei", [("<ol class=\"d-flex", "<div class=\"d-flex"), ("</ol>", "</div>")])])
        #expect(list.collections["pinned"] == nil)
        #expect(problem(list, "pinned") != nil, "\(list.problems)")
        // The names moved out of span.repo (into the tool-tip alone): each row's name is a problem.
        let names = Extractor(pack: github).extract([try page("github", "profile", "river-osei", [("<span class=\"repo\">", "<span class=\"repo-name\">")])])
        #expect(names.collections["pinned"]?.count == 3)
        #expect(names.problems.filter { $0.field?.description.hasSuffix("].name") == true }.count == 3, "\(names.problems)")
        // The organization's item shows; its text lost its span: a problem, not null.
        let org = Extractor(pack: github).extract([try page("github", "profile", "river-osei", [("<span class=\"p-org\"><div>@tidewater-labs</div></span>", "<strong>@tidewater-labs</strong>")])])
        #expect(problem(org, "organization")?.message.contains("the page shows the value's part (its present pattern matched)") == true, "\(org.problems)")
        // No fragment (the calendar was not fetched) and no count on the profile: unknown.
        let alone = Extractor(pack: github).extract([try page("github", "profile", "river-osei")])
        #expect(alone.value("contributions") == .null && problem(alone, "contributions") != nil)
    }

    /// The 2014-15 profile's own calendar says its year's total under either heading it
    /// had; a calendar whose total is in other words is unknown, never 0.
    @Test func gitHubs2014CalendarSaysItsTotal() throws {
        let github = try pack("github")
        let later = Extractor(pack: github).extract([try page("github", "profile", "mosswood")])
        #expect(later.value("contributions") == .int(1031))
        let earlier = Extractor(pack: github).extract([try page("github", "profile", "mosswood", [("Contributions in the last year", "Year of contributions")])])
        #expect(earlier.value("contributions") == .int(1031))
        let moved = Extractor(pack: github).extract([try page("github", "profile", "mosswood", [("1,031 total", "1,031 in all")])])
        #expect(moved.value("contributions") == .null && problem(moved, "contributions") != nil)
    }

    @Test func stackOverflowsCommunitiesLocationAndBadges() throws {
        let stackoverflow = try pack("stackoverflow")
        let same = Extractor(pack: stackoverflow).extract([try page("stackoverflow-eras", "profile", "57721")])
        #expect(same.collections["communities"]?.count == 4 && same.value("location") == .text("Porto, Portugal"))
        // The communities box shows; its rows are of another class: unknown, not [].
        let rows = Extractor(pack: stackoverflow).extract([try page("stackoverflow-eras", "profile", "57721", [("class=\"network-account\"", "class=\"network-site\"")])])
        #expect(rows.collections["communities"] == nil)
        #expect(problem(rows, "communities") != nil)
        // The location icon shows; the place is in another element: a problem.
        let place = Extractor(pack: stackoverflow).extract([try page("stackoverflow-eras", "profile", "57721", [("<div class=\"wmx2 truncate\" title=\"Porto, Portugal\">\n                            Porto, Portugal\n", "<span>Porto</span>\n")])])
        #expect(place.value("location") == .null)
        #expect(problem(place, "location") != nil)
        // The badges box names gold badges; their count is no longer in a title: a problem, never 0.
        let badges = Extractor(pack: stackoverflow).extract([try page("stackoverflow", "profile", "31415", [("title=\"12 gold badges\"", "data-count=\"12\"")])])
        #expect(badges.value("badges.gold") == .null)
        #expect(problem(badges, "badges.gold") != nil)
        #expect(badges.value("badges.silver") == .int(98))
    }

    @Test func hackerNewsAboutAndPoints() throws {
        let hackernews = try pack("hackernews")
        // "about:" in other words: the row is no longer known, so its text is unknown, not empty.
        let about = Extractor(pack: hackernews).extract([try page("hackernews", "profile", "ada_l", [("about:</td>", "bio:</td>")])])
        #expect(about.value("about") == .null)
        #expect(problem(about, "about") != nil)
        // Every score renamed: no row shows points, so their total is unknown, never 0.
        let points = Extractor(pack: hackernews).extract([try page("hackernews", "submissions", "old_timer", [("<span class=\"score\" id=\"score_", "<span class=\"pts\" data-item=\"")])])
        #expect(points.stats?["total_points"] == .value(FieldReading(.null)))
        #expect(problem(points, "stats.total_points")?.message.hasPrefix("unknown: no row shows points") == true, "\(points.problems)")
    }

    @Test func codeProjectsRatingCountsAndArticleStatistics() throws {
        let codeproject = try pack("codeproject")
        // The replica's --change-markup case: the average's label in other words.
        let rating = Extractor(pack: codeproject).extract([try page("codeproject", "articles", "48201", [("Average article rating:", "Mean rating of articles:")])])
        #expect(rating.value("ratings.articles_average") == .null)
        #expect(problem(rating, "ratings.articles_average")?.message.contains("the page does not show that there is none") == true)
        // The heading's counts name the blogs in a form the pattern cannot read: a problem, not 0.
        let blogs = Extractor(pack: codeproject).extract([try page("codeproject", "articles", "48201", [("Technical Blogs: 8", "Technical Blogs: eight")])])
        #expect(blogs.value("counts.tech_blogs") == .null)
        #expect(problem(blogs, "counts.tech_blogs") != nil)
        // Rows whose statistics block has another id: every row's views unknown, and the totals too.
        let views = Extractor(pack: codeproject).extract([try page("codeproject", "articles", "90210", [("_CAR_Stats\"", "_CAR_Numbers\"")])])
        #expect(views.stats?["total_views"] == .value(FieldReading(.null)))
        #expect(views.problems.contains { $0.field?.description == "articles[0].views" })
        // A category the table names whose points do not read: a problem, never 0.
        let points = Extractor(pack: codeproject).extract([try page("codeproject", "profile", "48201", [(">1,003,211<", ">1.003.211 pts<")])])
        #expect(points.value("reputation.author.points") == .null)
        #expect(problem(points, "reputation.author.points")?.message.contains("the page shows the value's part") == true, "\(points.problems)")
    }
}
