@testable import Learning
import Extraction
import Foundation
@testable import Packs
import Testing

/// A whole pack learned from the values a person reads on one page, in the shapes real
/// member pages have: numbers inside sentences, labels split by inline tags, lists of
/// many shapes, anchors that hold on the next page and ones that do not. Each page here
/// is written for the test, modelled on the kinds of markup of the realsites pages.
@Suite struct PackLearningTests: LearnsFromPages {
    /// A field's label is its name in words; a name that makes none (`_`) is its own label,
    /// never a blank one, which a pack refuses.
    @Test func aLabelIsTheFieldsNameInWordsAndNeverBlank() {
        #expect(PackLearner.label("reputation_total") == "Reputation total")
        #expect(PackLearner.label("stats.views") == "Stats views")
        #expect(PackLearner.label("_") == "_")
        #expect(PackLearner.label("__") == "__")
    }

    /// A value is never found in a tag's own markup (the `2` of `<h2>`), only in text and
    /// in attributes' values.
    @Test func aTagsOwnMarkupHoldsNoValue() {
        let page = Array(#"<h2 class="a2">2</h2><td width=2 id='x2'>"#.utf8)
        let offsets = page.indices.filter { page[$0] == UInt8(ascii: "2") }
        #expect(offsets.map { ValueFinder.isInTagName(page, at: $0) } == [true, false, false, true, false, false])
    }

    /// A fact named as the record's own keys (`site`, `id`) or with a space is said and
    /// left out; the rest is learned into a pack that loads.
    @Test func aNameThePackCannotHoldIsSaidAndTheRestLearned() throws {
        let html = "<html><body><h1 class=\"name\">Ada</h1><p>Site: <a href=\"https://ada.example\">ada.example</a></p><p>Posts: 12</p></body></html>"
        let outcome = learner().learn(from: .init(page: page(html), values: [example("site", "ada.example"), example("id", "12"),
                                                                              example("my posts", "12"), example("posts", "12")]))
        #expect(outcome.unlearned.count == 3)
        #expect(outcome.unlearned.first?.hasPrefix("site = ada.example: not learned; 'site' is one of the record's own keys (") == true)
        #expect(outcome.unlearned.last == "my posts = 12: not learned; 'my posts' is not a usable field name: use letters, digits, _ and -, starting with a letter (dots between parts)")
        #expect(try read(outcome, html).value("posts") == .int(12))
    }

    @Test func aValueIsTypedFromHowItIsWritten() {
        #expect(example("a", "1,204").type == .int)
        #expect(example("a", "4.66").type == .decimal)
        #expect(example("a", "12.3k").type == .rounded)
        #expect(example("a", "2.2m").type == .rounded)
        #expect([example("a", "1.2B").type, example("a", "0 B").type, example("a", "12 K").type] == [.rounded, .text, .rounded])
        #expect(example("a", "Apr 2017").type == .month)
        #expect(example("a", "12 Mar 2012").type == .date)
        #expect(example("a", "3 days ago").type == .date)
        #expect(["17 years ago", "2 months ago", "a week ago", "2 years, 3 months ago", "yesterday", "an hour ago"].map { example("a", $0).type }
                == [.text, .text, .text, .text, .date, .date])
        // A day's clock time is kept, as are other words after a day: never cut to the day.
        #expect(["Feb 17, 2009 02:05", "Sat Mar 08, 2014 9:12 pm", "2014-08-21T01:36:17Z", "Mar 12, 2012 (edited)"].map { example("a", $0).type }
                == [.datetime, .datetime, .datetime, .text])
        // A day as ISO 8601 writes it; digits alone, or a day that does not exist, are not one.
        #expect(["2024-03-05", "2024-3-5", "2024-13-40", "1204"].map { example("a", $0).type } == [.date, .text, .text, .int])
        #expect(example("a", "10 years, 3 months").type == .duration)
        #expect(example("a", "https://forum.example/u/ada").type == .url)
        #expect(example("a", "Karlsruhe, Germany").type == .text)
        #expect(example("a", "this week").type == .text)
        #expect([example("a", "+3").type, example("a", "-4").type, example("a", "-1.5").type, example("a", "-").type] == [.int, .int, .decimal, .text])
        // A decimal comma, or a dot that may group thousands (as German pages write counts):
        // the page's text, never a guessed number.
        #expect(["4,5", "1.234", "12.345.678", "0.125", "4.66"].map { example("a", $0).type } == [.text, .text, .text, .decimal, .decimal])
    }

    /// A contribution written with its sign (`+3`, `-4`, `0`): found with its sign, read
    /// past a plus, the same field on every page.
    @Test func aSignedCountIsReadWithItsSign() throws {
        func profile(_ contribution: String) -> String {
            "<html><body><ul><li><span class=\"l\">Contribution:</span> <span style=\"color:green\">\(contribution)</span></li></ul></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(profile("+3")), values: [example("contribution", "+3")]),
                                      also: [.init(page: page(profile("0"), "also.html"), values: [example("contribution", "0")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(["-4", "+12", "1,204"].map { try? read(outcome, profile($0)).value("contribution") } == [.int(-4), .int(12), .int(1204)])
    }

    @Test func numbersInsideSentences() throws {
        let first = """
            <html><body><div class="stats"><p>12.3k views</p><p>1,204 reputation</p><p>Answers 68</p></div></body></html>
            """
        let other = """
            <html><body><div class="stats"><p>2.2m views</p><p>87 reputation</p><p>Answers 5</p></div></body></html>
            """
        let outcome = learner().learn(from: .init(page: page(first), values: [example("views", "12.3k"), example("reputation", "1,204"),
                                                                               example("answers", "68")]))
        #expect(outcome.unlearned.isEmpty)
        #expect(outcome.checks.map(\.right) == [true, true, true])
        let record = try read(outcome, other)
        #expect(record.value("views") == .int(2_200_000))
        #expect(record.fields["views"]?.step == 100_000)
        #expect(record.value("reputation") == .int(87))
        #expect(record.value("answers") == .int(5))
    }

    @Test func aLabelSplitByAnInlineTag() throws {
        let first = "<html><body><div><b>Reputation</b>: 1,204</div><div><b>Posts</b>: 3</div></body></html>"
        let other = "<html><body><div><b>Reputation</b>: 77</div><div><b>Posts</b>: 3</div></body></html>"
        let outcome = learner().learn(from: .init(page: page(first), values: [example("reputation", "1,204")]))
        #expect(outcome.toml.contains("# from the label 'Reputation:'"), "\(outcome.toml)")
        #expect(try read(outcome, other).value("reputation") == .int(77))
    }

    /// An id a script made (`x9fQ2k`) and a layout class (`mb-2`) stand nearest the
    /// value; the class that names the part is what holds on the next page.
    @Test func anchorsThatHoldBeforeGeneratedIdsAndLayoutClasses() throws {
        let first = #"<html><body><span id="x9fQ2kT7" class="mb-2 text-bold follower-count">329</span></body></html>"#
        let other = #"<html><body><span id="p3Lz8wQ1" class="mb-2 text-bold follower-count">197</span></body></html>"#
        let outcome = learner().learn(from: .init(page: page(first), values: [example("followers", "329")]))
        #expect(outcome.toml.contains("# from the class \"follower-count\" of <span>"), "\(outcome.toml)")
        #expect(try read(outcome, other).value("followers") == .int(197))
        #expect(AnchorWords.looksGenerated("x9fQ2kT7"))
        #expect(AnchorWords.looksGenerated("a3f9c2e1b7"))
        #expect(AnchorWords.looksGenerated("gjhtlb"))
        #expect(!AnchorWords.looksGenerated("ctl00_MC_Prof_TotalRep"))
        #expect(!AnchorWords.looksGenerated("user-profile-bio"))
        #expect(AnchorWords.isLayout("mb-2") && AnchorWords.isLayout("d-flex") && AnchorWords.isLayout("wmx2") && AnchorWords.isLayout("text-bold"))
        #expect(!AnchorWords.isLayout("p-name") && !AnchorWords.isLayout("follower-count") && !AnchorWords.isLayout("pinned-item-list-item"))
    }

    /// The steadiest anchor on the first page (its label, "Karma:") reads its value, and
    /// another page's value, given, shows it reads the wrong thing there (a note after
    /// the label): it goes, and the class, which holds, is kept.
    @Test func aCandidateThatReadsAnotherPageWrongGoes() throws {
        let first = "<html><body><p>Karma: <span class=\"karma\">50</span></p></body></html>"
        let other = "<html><body><p>Karma: <em>since 2019</em> <span class=\"karma\">12</span></p></body></html>"
        let alone = learner().learn(from: .init(page: page(first), values: [example("karma", "50")]))
        #expect(alone.toml.contains("# from the label 'Karma:'"), "\(alone.toml)")
        let outcome = learner().learn(from: .init(page: page(first), values: [example("karma", "50")]),
                                      also: [.init(page: page(other, "other.html"), values: [example("karma", "12")])])
        #expect(outcome.toml.contains("# from the class \"karma\" of <span>"), "\(outcome.toml)")
        #expect(outcome.checks.map(\.right) == [true, true])
        #expect(try read(outcome, other).value("karma") == .int(12))
    }

    @Test(arguments: [
        // A plain list.
        ("<ul><li><a href=\"/t/1\">Pools</a> 12 replies</li><li><a href=\"/t/2\">Queues</a> 4 replies</li><li><a href=\"/t/3\">Stacks</a> 9 replies</li></ul>", "<li>"),
        // Cards.
        ("<div class=\"card\"><h3>Pools</h3><span class=\"n\">12</span></div><div class=\"card\"><h3>Queues</h3><span class=\"n\">4</span></div><div class=\"card\"><h3>Stacks</h3><span class=\"n\">9</span></div>", "<div class=\"card\">"),
        // Table rows.
        ("<table><tr><th>Topic</th><th>Replies</th></tr><tr><td>Pools</td><td>12</td></tr><tr><td>Queues</td><td>4</td></tr><tr><td>Stacks</td><td>9</td></tr></table>", "<tr> holding a <td> first"),
        // Rows named by a class after layout classes.
        ("<ol><li class=\"d-flex mb-2 TopicItem\"><span>Pools</span> <em>12</em></li><li class=\"d-flex mb-2 TopicItem\"><span>Queues</span> <em>4</em></li><li class=\"d-flex mb-2 TopicItem\"><span>Stacks</span> <em>9</em></li></ol>", "<li>"),
        // Titles held in an attribute.
        ("<div class=\"acct\"><a title=\"Pools\" href=\"/1\"><i class=\"icon\"></i><span class=\"n\">12</span></a></div><div class=\"acct\"><a title=\"Queues\" href=\"/2\"><i class=\"icon\"></i><span class=\"n\">4</span></a></div><div class=\"acct\"><a title=\"Stacks\" href=\"/3\"><i class=\"icon\"></i><span class=\"n\">9</span></a></div>", "<div class=\"acct\">"),
    ])
    func aListByItsRowTitles(list: String, rowStart: String) throws {
        // The page's menu names a topic first: the list is where the titles stand together.
        let html = "<html><head><title>Pools - Forum</title></head><body><nav><a href=\"/t/1\">Pools</a></nav><h1>Ada</h1>\(list)</body></html>"
        var site = PackLearner.Site(name: "forum", url: "https://forum.example/u/{id}", id: "ada")
        site.collection = "topics"
        let outcome = PackLearner(site: site).learn(from: .init(page: page(html), rowTitles: ["Pools", "Queues"],
                                                                rowValues: [.init(title: nil, example: example("replies", "12"))]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("a row starts at \(rowStart)\n"), "\(outcome.toml)")
        let record = try read(outcome, html.replacingOccurrences(of: ">4<", with: ">40<").replacingOccurrences(of: " 4 ", with: " 40 "))
        let rows = try #require(record.collections["topics"])
        #expect(rows.map { $0["title"] } == [.text("Pools"), .text("Queues"), .text("Stacks")])
        #expect(rows.map { $0["replies"] } == [.int(12), .int(40), .int(9)])
        #expect(record.stats?["topics_listed"] == .value(FieldReading(.int(3))))
        #expect(record.stats?["total_replies"] == .value(FieldReading(.int(61))))
    }

    @Test func aWholePackReadyForItsCheck() throws {
        let html = """
            <html><head><link rel="canonical" href="https://forum.example/u/ada"></head><body>
            <h1 class="member-name">Ada Pond</h1><p>Member for <span>10 years, 3 months</span></p>
            <p>Joined <time>Apr 2017</time></p><p>Last post <span>3 days ago</span></p>
            </body></html>
            """
        let outcome = learner().learn(from: .init(page: page(html), values: [
            example("name", "Ada Pond"), example("member_for", "10 years, 3 months"), example("joined", "Apr 2017"), example("last_post", "3 days ago"),
        ]))
        #expect(outcome.unlearned.isEmpty)
        #expect(outcome.checks.allSatisfy { $0.right })
        let pack = try PackLoader().load(toml: outcome.toml, file: "learned.toml")
        #expect(pack.name == "forum")
        #expect(pack.baseURL == "https://forum.example")
        #expect(pack.sources.map(\.name) == ["profile"])
        #expect(pack.fields.map(\.type) == [.text, .duration, .month, .date])
        #expect(pack.idRule.accepts("ada") && !pack.idRule.accepts("../etc"))
        let record = Extractor(pack: pack).extract([page(html)])
        #expect(record.value("member_for") == .text("P10Y3M"))
        #expect(record.value("joined") == .text("2017-04"))
        #expect(record.problems.isEmpty)
        // Learned fields are required: a page without the part is a problem, not a null.
        let bare = Extractor(pack: pack).extract([page("<html><body><h1 class=\"member-name\">Bo</h1></body></html>")])
        #expect(bare.value("joined") == .null)
        #expect(bare.problems.map { $0.field?.description } == ["member_for", "joined", "last_post"])
    }

    @Test func titlesNotOnThePageAreNamed() {
        let suggester = PatternSuggester(source: "profile", baseURL: "https://forum.example")
        let html = page("<ul><li>Pools</li><li>Queues</li></ul>")
        #expect(suggester.whyNoRows(["Pools", "Heaps"], page: html).hasPrefix("'Heaps' is not on first.html"))
        #expect(suggester.whyNoRows(["Pools", "Queues"], page: page("<p>Pools</p><div><span>Queues</span></div>")).hasPrefix("every title is on first.html"))
    }

    /// Counts a site rounds past a thousand: one written "402" on the page learned from and
    /// "1.1k" on another is one rounded field, and so is one below the smallest count the
    /// pages round ("905"), which a bigger member's page writes "6.2k". A year ("2016")
    /// stays an int.
    @Test func aCountTheSiteRoundsElsewhereIsLearnedRounded() throws {
        func summary(_ visits: String, _ likes: String, _ posts: String, _ since: String) -> String {
            """
            <html><body><ul class="stats"><li><span class="value">\(visits)</span> <span class="label">days visited</span></li>
            <li><span class="value">\(likes)</span> <span class="label">likes given</span></li>
            <li><span class="value">\(posts)</span> <span class="label">posts read</span></li></ul><p class="since">Member since <b>\(since)</b></p></body></html>
            """
        }
        let main = PackLearner.PageValues(page: page(summary("402", "905", "5.2k", "2016")),
                                          values: [example("days_visited", "402"), example("likes_given", "905"), example("posts_read", "5.2k"), example("since", "2016")])
        let also = PackLearner.PageValues(page: page(summary("1.1k", "133", "24.7k", "2019"), "also.html"),
                                          values: [example("days_visited", "1.1k"), example("likes_given", "133"), example("posts_read", "24.7k"), example("since", "2019")])
        let outcome = learner().learn(from: main, also: [also])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        let pack = try PackLoader().load(toml: outcome.toml, file: "learned.toml")
        #expect(["days_visited", "likes_given", "posts_read", "since"].map { name in pack.fields.first { $0.name == name }?.type } == [.rounded, .rounded, .rounded, .int])
        // Said int, it stays int.
        let said = PackLearner.widened(.init(page: main.page, values: [PatternSuggester.Example(field: "likes_given", value: "905", type: .int)]), [also])
        #expect(said.0.values.map(\.type) == [.int])
        let bigger = try read(outcome, summary("2.8k", "6.2k", "151k", "2012"))
        #expect(["likes_given", "days_visited", "since"].map { bigger.value($0) } == [.int(6200), .int(2800), .int(2012)])
        #expect(["likes_given", "days_visited", "since"].map { bigger.fields[$0]?.step } == [100, 100, nil])
    }

    /// A count written "42" on one page and "500+" on another (a bound, not a number) is
    /// the page's words on every page; learned from numbers alone, "500+" reads unknown.
    @Test func aValueWrittenAsWordsOnAPageGivenIsTextOnEvery() throws {
        func card(_ connections: String) -> String { "<html><body><p>Connections: <b>\(connections)</b></p></body></html>" }
        let outcome = learner().learn(from: .init(page: page(card("42")), values: [example("connections", "42")]),
                                      also: [.init(page: page(card("500+"), "also.html"), values: [example("connections", "500+")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try [card("1,204"), card("500+")].map { try read(outcome, $0).value("connections") } == [.text("1,204"), .text("500+")])
        let numbers = learner().learn(from: .init(page: page(card("42")), values: [example("connections", "42")]),
                                      also: [.init(page: page(card("7"), "also.html"), values: [example("connections", "7")])])
        let bound = try read(numbers, card("500+"))
        #expect(bound.value("connections") == .null)
        #expect(bound.problems.compactMap { $0.field?.name } == ["connections"])
    }

    /// A count written exactly on every page given ("312") is learned as a count a site
    /// may round: a bigger member's `8.2k` and `12k` read as 8,200 and 12,000 with their
    /// steps, as they would had a page given shown one; `8.25` is no count: unknown, with
    /// a problem, never 8. Said to be an int, it never reads the head of a longer number.
    @Test func aCountGivenExactlyReadsABiggerMembersRoundedOne() throws {
        func profile(_ stars: String) -> String { "<html><body><span class=\"stars\">★ \(stars)</span></body></html>" }
        let outcome = learner().learn(from: .init(page: page(profile("312")), values: [example("stars", "312")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let stars = try ["1,204", "8.2k", "12k"].map { try read(outcome, profile($0)).fields["stars"] }
        #expect(stars.map { $0?.value } == [.int(1204), .int(8200), .int(12000)])
        #expect(stars.map { $0?.step } == [nil, 100, 1000])
        let decimal = try read(outcome, profile("8.25"))
        #expect(decimal.value("stars") == .null)
        #expect(decimal.problems.map(\.field?.description) == ["stars"])
        let said = learner().learn(from: .init(page: page(profile("312")), values: [PatternSuggester.Example(field: "stars", value: "312", type: .int)]))
        #expect(try read(said, profile("1,204")).value("stars") == .int(1204))
        for longer in ["8.2k", "8.25", "12k"] {
            let record = try read(said, profile(longer))
            #expect(record.value("stars") == .null, "\(longer)")
            #expect(record.problems.map(\.field?.description) == ["stars"], "\(longer)")
        }
    }

    /// Counts equal on the page learned from (5 posts, 5 badges) and again on the other
    /// page given (7 and 7): each field is read where its own word names it, never by
    /// another's word, which would read the other count on a third page.
    @Test func equalCountsAreEachReadWhereTheirOwnWordNamesThem() throws {
        func stats(_ posts: Int, _ badges: Int) -> String {
            "<html><body><div class=\"stats\"><div class=\"stat\"><span class=\"n\">\(posts)</span> posts</div>"
                + "<div class=\"stat\"><span class=\"n\">\(badges)</span> badges</div></div></body></html>"
        }
        #expect(try readEqualValuesApart("posts", "badges", stats) == [.int(12), .int(3)])
    }

    /// Counts equal on the one page given (0 topics, 0 likes), one of them standing right
    /// in the page's body: the body's first words ("Topics 0") name no field there, so
    /// each count is read at its own place, not the other's.
    @Test func thePagesBodyNamesNoField() throws {
        let read = try readAfterLearningAlone(["topics", "likes"], given: ["0", "0"], other: ["96", "1300"]) { topics, likes in
            "<html><body><ul class=\"list\"><li class=\"item\">Posts<span class=\"n\">12</span></li><li class=\"item\">Topics<span class=\"n\">\(topics)</span></li></ul>"
                + "<div class=\"likes\"><i class=\"icon\" title=\"Likes\"></i>\(likes)</div></body></html>"
        }
        #expect(read == [.int(96), .int(1300)])
    }

    /// Counts equal on the one page given (a change of 0, 0 draws), whose words name
    /// neither place: told apart by order, as a person's facts run down the page, the
    /// first field reads the first place and the second the second.
    @Test func equalValuesOnOnePageAreToldApartByTheirOrder() throws {
        let read = try readAfterLearningAlone(["elo_change", "draws"], given: ["0", "0"], other: ["+12", "4"]) { change, draws in
            "<html><body><div class=\"card\"><span class=\"value\">2,051</span><span class=\"delta\">\(change)</span><small>Elo</small></div>"
                + "<ul class=\"record\"><li><b>51</b> W</li><li><b>\(draws)</b> D</li></ul>"
                + "<table><tr><td>2024</td><td><span class=\"delta\">+1</span></td></tr><tr><td>2023</td><td><span class=\"delta\">+120</span></td></tr></table></body></html>"
        }
        #expect(read == [.int(12), .int(4)])
    }

    /// Two equal values in one line of text ("(0.02% of all posts / 0.02 posts per day)"),
    /// given in the other order: each is named by the words beside it, a `%` saying
    /// "percent", not by the line's words or the facts' order.
    @Test func equalValuesInOneTextAreNamedByTheWordsBesideEach() throws {
        let read = try readAfterLearningAlone(["posts_per_day", "percent_of_all"], given: ["0.02", "0.02"], other: ["1.11", "6.12"]) { perDay, share in
            "<html><body><dl><dt>Total posts:</dt><dd>812<br />(\(share)% of all posts / \(perDay) posts per day)</dd></dl></body></html>"
        }
        #expect(read == [.decimal(Decimal(string: "1.11")!), .decimal(Decimal(string: "6.12")!)])
        // The same with references for the spaces: each passed over whole, its `;` and digits no mark.
        let spaced = try readAfterLearningAlone(["posts_per_day", "percent_of_all"], given: ["0.02", "0.02"], other: ["1.11", "6.12"]) { perDay, share in
            "<html><body><dl><dt>Total posts:</dt><dd>812<br />(\(share)%&nbsp;of all posts /&#160;\(perDay)&nbsp;posts per day)</dd></dl></body></html>"
        }
        #expect(spaced == [.decimal(Decimal(string: "1.11")!), .decimal(Decimal(string: "6.12")!)])
    }

    /// A field's word of two letters names a place only as a word of its own: `season_ws`
    /// is named by neither a row's "3 seasons" (no "ws" there) nor the summary's "WS 5.3"
    /// (no "season"), and its label, `WS`, reads it; the row reads another figure.
    @Test func aTwoLetterWordOfAFieldsNameIsAWordOfItsOwn() throws {
        func page(_ summary: String, _ row: String) -> String {
            "<html><body><div class=\"summary\"><div><h4>WS</h4><p>\(summary)</p><p>57.4</p></div></div>"
                + "<table><tr><th>3 seasons</th><td class=\"stat\">\(row)</td></tr></table></body></html>"
        }
        let outcome = learner().learn(from: .init(page: self.page(page("5.3", "5.3")), values: [example("season_ws", "5.3")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, page("15.4", "2.1")).value("season_ws") == .decimal(Decimal(string: "15.4")!))
    }

    /// Two fields learned from one page alone, their values `given` there, then read on a
    /// page that shows the `other` values.
    private func readAfterLearningAlone(_ fields: [String], given: [String], other: [String], _ html: (String, String) -> String) throws -> [FieldValue?] {
        let outcome = learner().learn(from: .init(page: page(html(given[0], given[1])), values: zip(fields, given).map { example($0, $1) }))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let record = try read(outcome, html(other[0], other[1]))
        return fields.map { record.value($0) }
    }

    /// Two fields whose names say nothing of their labels (`x`, `y`), equal on the page
    /// learned from (a score of 5, 5 points) and again on the other: the second is not
    /// read by the first's pattern, but at its own place.
    @Test func aFieldIsNeverReadByAnotherFieldsPattern() throws {
        func facts(_ score: Int, _ points: Int) -> String {
            "<html><body><dl class=\"facts\"><dt>Score</dt><dd>\(score)</dd><dt>Points</dt><dd>\(points)</dd></dl></body></html>"
        }
        #expect(try readEqualValuesApart("x", "y", facts) == [.int(12), .int(3)])
    }

    /// Each titled row's date is the same on the rows given ("Jun 2016" twice): a value,
    /// never the label the titles are read after.
    @Test func aDateAlikeInTheRowsGivenIsNoLabel() throws {
        func topics(_ rows: [(String, String)]) -> String {
            "<html><body><ul class=\"top\">" + rows.map {
                "<li><span class=\"when\">\($0.1)</span> <a href=\"/t/\($0.0.count)\">\($0.0)</a></li>"
            }.joined() + "</ul></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(topics([("Forum rules", "Jun 2016"), ("Welcome", "Jun 2016"), ("Show and tell", "Jul 2017")])),
                                                  rowTitles: ["Forum rules", "Welcome"]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(!outcome.toml.contains("Jun"), "\(outcome.toml)")
        let rows = try #require(try read(outcome, topics([("First build", "May 2021"), ("Which hotend?", "Dec 2021")])).collections["rows"])
        #expect(rows.map { $0["title"] } == [.text("First build"), .text("Which hotend?")])
    }
}
