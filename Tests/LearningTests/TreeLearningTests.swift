import Extraction
import Foundation
@testable import Learning
@testable import Packs
import Testing

/// The shapes real pages have that a learner reading text alone got wrong, each on a
/// page written for the test: two boxes with the same labels, a label that is the tail
/// of a longer one, labels and values in a script template, a menu and a style sheet,
/// two lists one after the other, a class that marks a date inside each item, an
/// owner's view without some details, a value typed wrong, counts before their labels, an element left empty, the first of several boxes alike, a label only in a title.
@Suite struct TreeLearningTests: LearnsFromPages {
    /// A summary box per season, each with the same labels under its own heading.
    func boxes(_ this: (String, String), _ last: (String, String)) -> String {
        """
        <html><body><div class="card"><h2>This season</h2><dl><dt>Games</dt><dd>\(this.0)</dd><dt>Points</dt><dd>\(this.1)</dd></dl></div>
        <div class="card"><h2>Last season</h2><dl><dt>Games</dt><dd>\(last.0)</dd><dt>Points</dt><dd>\(last.1)</dd></dl></div></body></html>
        """
    }

    @Test func twoBoxesWithTheSameLabelsAreToldApartByTheirHeadings() throws {
        let outcome = learner().learn(from: .init(page: page(boxes(("72", "30.4"), ("81", "29.0"))), values: [
            example("games", "72"), example("points", "30.4"), example("last_games", "81"), example("last_points", "29.0"),
        ]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("in the box under the heading 'Last season'"), "\(outcome.toml)")
        let record = try read(outcome, boxes(("12", "8.5"), ("64", "21.7")))
        #expect([record.value("games"), record.value("last_games")] == [.int(12), .int(64)])
        #expect(record.value("points") == .decimal(Decimal(string: "8.5")!))
        #expect(record.value("last_points") == .decimal(Decimal(string: "21.7")!))
    }

    @Test func aLabelInsideALongerLabelIsNotReadForIt() throws {
        func stats(_ total: String, _ views: String) -> String {
            "<html><body><ul><li><b>Total views:</b> \(total)</li><li><b>Views:</b> \(views)</li></ul></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(stats("9,000", "120")), values: [example("views", "120")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, stats("15,000", "77")).value("views") == .int(77))
    }

    /// The label and the value first stand in a script's template and in the site's
    /// menu; the page's own words come later.
    @Test func scriptsTemplatesAndMenusAreNotAnchoredOn() throws {
        func profile(_ count: String) -> String {
            """
            <html><head><script type="text/template"><span class="label">Followers</span> <b>{{count}}</b> 3</script></head>
            <body><nav><a href="/f">Followers</a> 3</nav><div class="profile"><span class="label">Followers</span> <b>\(count)</b></div></body></html>
            """
        }
        let outcome = learner().learn(from: .init(page: page(profile("3")), values: [example("followers", "3")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, profile("41")).value("followers") == .int(41))
    }

    @Test func aValueOnlyInAScriptIsNotLearnedAndSaidWhere() {
        let html = "<html><head><script>var karma = 50;</script></head><body><p>Karma hidden</p></body></html>"
        let outcome = learner().learn(from: .init(page: page(html), values: [example("karma", "50")]))
        #expect(outcome.unlearned == ["karma = 50: not learned; on first.html it is written only inside a script, which no one reads as the page's content"])
    }

    /// A count whose number also stands in the page's CSS before it: the pattern that
    /// reads it there would read the style's number on the next page.
    @Test func aCountIsNotAnchoredOnCSS() throws {
        func badge(_ count: String) -> String {
            "<html><head><style>.badge{z-index:7}</style></head><body><div class=\"badge\" style=\"width:7px\">Posts <span>\(count)</span></div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(badge("7")), values: [example("posts", "7")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, badge("0")).value("posts") == .int(0))
    }

    /// Two boxes alike, with nothing to tell them apart: the second's value is not
    /// learned, and the cause is said (not "check it as the page shows it").
    @Test func aLabelInBoxesThatCannotBeToldApartIsSaid() {
        let html = "<html><body><div><p>Games</p><p>72</p></div><div><p>Games</p><p>81</p></div></body></html>"
        let outcome = learner().learn(from: .init(page: page(html), values: [example("last_games", "81")]))
        #expect(outcome.unlearned == ["last_games = 81: not learned; its label 'Games' stands in 2 boxes of first.html and none of them could be told apart (no id, no class that names it, no heading): add a `within` by hand (docs/patterns.md)"],
                "\(outcome.toml)")
    }

    /// Counts written before their labels, each pair in a box of its own: the text
    /// before a count is the box before's label, so a page without one of the boxes
    /// would read the next count for it; each is read by the label after it.
    @Test func aCountIsReadByTheLabelAfterItInItsOwnBox() throws {
        func stats(_ counts: [(String, String)]) -> String {
            "<html><body><div class=\"stats\">" + counts.map {
                "<h4 class=\"stat\"><a href=\"/u/\($0.1.lowercased())\"><span class=\"value\">\($0.0)</span><span class=\"definition\">\($0.1)</span></a></h4>"
            }.joined() + "</div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(stats([("367", "Films"), ("6", "Lists"), ("58", "Following")])), values: [
            example("films", "367"), example("lists", "6"), example("following", "58"),
        ]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("the label 'Lists' after it (<span>)"), "\(outcome.toml)")
        let record = try read(outcome, stats([("1,344", "Films"), ("12", "Following")]))
        #expect([record.value("films"), record.value("following")] == [.int(1344), .int(12)])
        // Learned from one page, the count is required: unknown where its box is gone, never the next count.
        #expect(record.value("lists") == .null)
        #expect(record.problems.compactMap { $0.field?.name } == ["lists"])
    }

    /// A title the member has not set leaves its element empty: the pattern that reads
    /// it never runs past the element's end into the next one's words.
    @Test func anEmptyElementIsNotReadAsTheNextOnesWords() throws {
        func header(_ title: String) -> String {
            "<html><body><h1 class=\"username\">ada</h1><h3 class=\"user-title\">\(title)</h3><h3 class=\"location\"><span>Kraków</span></h3></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(header("Regular")), values: [example("user_title", "Regular")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, header("Leader")).value("user_title") == .text("Leader"))
        let untitled = try read(outcome, header(""))
        #expect(untitled.value("user_title") == .null)
        #expect(untitled.problems.compactMap { $0.field?.name } == ["user_title"])
    }

    /// Each kind of game in a box of its own, its count written "N games" in each: the
    /// first box's count is not read by its place (the first "games"), which on a page
    /// without that box would be the next box's count, but inside its own box.
    @Test func theFirstOfSeveralAlikeIsKeptToItsOwnBox() throws {
        func ratings(_ kinds: [(String, String)]) -> String {
            "<html><body><div class=\"side\">" + kinds.map {
                "<a href=\"/perf/\($0.0.lowercased())\"><span><h3>\($0.0)</h3><rating><strong>1500</strong><span>\($0.1) games</span></rating></span></a>"
            }.joined() + "</div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(ratings([("Bullet", "12,345"), ("Blitz", "3,456")])), values: [example("bullet_games", "12,345")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, ratings([("Bullet", "41"), ("Blitz", "8")])).value("bullet_games") == .int(41))
        let noBullet = try read(outcome, ratings([("Blitz", "801"), ("Rapid", "1,020")]))
        #expect(noBullet.value("bullet_games") == .null)
        #expect(noBullet.problems.compactMap { $0.field?.name } == ["bullet_games"])
    }

    /// Sections alike but for their titles, each heading holding its own counts: a
    /// count of the second is read in the second, by the words the section starts with.
    @Test func sectionsAlikeButForTheirTitlesAreToldApartByThem() throws {
        func sections(_ figures: (String, String), _ goods: (String, String)) -> String {
            "<html><body>" + [("Figures", figures), ("Goods", goods)].map { title, counts in
                "<section><h2><span class=\"icon\"></span>\(title)<nav class=\"actions\"><a href=\"/o\">Owned<span class=\"count\">\(counts.0)</span></a>"
                    + "<a href=\"/w\">Wished<span class=\"count\">\(counts.1)</span></a></nav></h2></section>"
            }.joined() + "</body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(sections(("121", "24"), ("38", "2"))), values: [example("goods_wished", "2")]),
                                      also: [.init(page: page(sections(("9", "3"), ("0", "7"))), values: [example("goods_wished", "7")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("in the box <h2> whose first words are 'Goods'"), "\(outcome.toml)")
        #expect(try read(outcome, sections(("5", "1"), ("6", "40"))).value("goods_wished") == .int(40))
    }

    /// A table of keys and values in `<td>` cells, and a nickname after the member's
    /// handle in the table's caption ("ada--Countess").
    @Test func aKeyCellAndAPieceOfACaptionAreAnchors() throws {
        func table(_ handle: String, _ nick: String, _ school: String, _ solved: String) -> String {
            "<html><body><table><caption>\(handle)--\(nick)<a href=\"/mail\">mail</a></caption>"
                + "<tr><td>Rank</td><td>12</td><td rowspan=\"2\">chart</td></tr><tr><td>School</td><td>\(school)</td></tr>"
                + "<tr><td>Solved</td><td><a href=\"/s\">\(solved)</a></td></tr></table></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(table("ada", "Countess", "Hill School", "210")),
                                                  values: [example("nick", "Countess"), example("school", "Hill School"), example("solved", "210")]),
                                      also: [.init(page: page(table("bob", "Bobby", "Lake Academy", "7")),
                                                   values: [example("nick", "Bobby"), example("school", "Lake Academy"), example("solved", "7")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("# from the element <caption>, after its '--'"), "\(outcome.toml)")
        #expect(outcome.toml.contains("# from the label 'School' (<td>)"), "\(outcome.toml)")
        let record = try read(outcome, table("cy", "Cyclone", "Ridge College", "1,024"))
        #expect([record.value("nick"), record.value("school"), record.value("solved")] == [.text("Cyclone"), .text("Ridge College"), .int(1_024)])
    }

    /// A rating after its stars, no words before it: the element before it, named by its
    /// class, anchors it.
    @Test func aValueAfterANamedElementWithoutWordsIsReadAfterIt() throws {
        func card(_ rating: String, _ votes: String) -> String {
            "<html><body><div class=\"row\"><span class=\"stars\">&#9733;&#9733;&#9733;&#9734;</span> \(rating)</div><p>\(votes) votes</p></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(card("4.7", "12")), values: [example("rating", "4.7")]),
                                      also: [.init(page: page(card("3.9", "8")), values: [example("rating", "3.9")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("# from the element after <span class=\"stars\">"), "\(outcome.toml)")
        #expect(try read(outcome, card("5.0", "40")).value("rating") == .decimal(Decimal(string: "5.0")!))
    }

    /// A city between commas in a line of plain boxes after the `<h1>`: read there, and
    /// unknown where a member's line says no city.
    @Test func aPieceOfAPlainLineIsReadAfterTheHeadingBeforeIt() throws {
        func profile(_ line: String) -> String {
            let handle = line.prefix { $0 != " " }.lowercased()
            return "<html><body><div class=\"main\"><h1><a href=\"/u\">\(handle)</a></h1><div><div style=\"margin-top: 0.5em;\">\(line)</div></div></div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(profile("Zhang Wei, Hangzhou, China")), values: [example("city", "Hangzhou")]),
                                      also: [.init(page: page(profile("Lena Kraus, Munich, Germany")), values: [example("city", "Munich")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("# from the element after <h1>, after its ','"), "\(outcome.toml)")
        #expect(try read(outcome, profile("Ana Lima, Recife, Brazil")).value("city") == .text("Recife"))
        let noCity = try read(outcome, profile("Ana Lima, Brazil"))
        #expect(noCity.value("city") == .null)
        #expect(noCity.problems.compactMap { $0.field?.name } == ["city"])
    }

    /// A line whose parts stand between spaced dashes, the parts hyphenated themselves:
    /// a part is read between the spaced marks, never cut at a hyphen (`Xi-an`).
    @Test func aPartBetweenSpacedDashesKeepsItsHyphens() throws {
        func line(_ name: String, _ city: String) -> String { "<html><body><div class=\"sub\">\(name) - \(city) - France</div></body></html>" }
        let outcome = learner().learn(from: .init(page: page(line("Jean-Marc Lenoir", "La Barre")), values: [example("city", "La Barre")]),
                                      also: [.init(page: page(line("Wu Wei", "Xi-an")), values: [example("city", "Xi-an")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, line("Mary-Ann Smith-Jones", "Saint-Malo")).value("city") == .text("Saint-Malo"))
    }

    /// A member's own ID before a value (a handle in the `<h1>` above a line of parts, a
    /// handle before a nick) is no anchor: another member's page shows theirs. Learned
    /// from one page alone, given whose page it is.
    @Test func theMembersOwnIDIsNoAnchor() throws {
        func line(_ handle: String, _ name: String, _ city: String) -> String {
            "<html><body><h1>\(handle)</h1><div class=\"sub\">\(name) - \(city) - France</div></body></html>"
        }
        func caption(_ handle: String, _ nick: String) -> String {
            "<html><body><table><caption>\(handle)--\(nick)<a href=\"/mail?to=\(handle)\">mail</a></caption><tr><td>Rank</td><td>3</td></tr></table></body></html>"
        }
        let site = PackLearner.Site(name: "dashes", url: "https://dashes.example/{id}", id: "jl")
        let city = PackLearner(site: site).learn(from: .init(page: page(line("jl", "Jean-Marc Lenoir", "La Barre")), values: [example("city", "La Barre")]))
        #expect(city.unlearned.isEmpty, "\(city.unlearned)")
        #expect(!city.toml.contains("jl"), "\(city.toml)")
        #expect(try read(city, line("ww", "Wu Wei", "Xi-an")).value("city") == .text("Xi-an"))
        // The ID as the words before the value in its own text, any case.
        let keyed = PackLearner(site: .init(name: "keyed", url: "https://keyed.example/{id}", id: "LiHua"))
        let nick = keyed.learn(from: .init(page: page(caption("lihua", "Xiao Li")), values: [example("nick", "Xiao Li")]))
        #expect(nick.unlearned.isEmpty, "\(nick.unlearned)")
        #expect(try read(nick, caption("wang", "Lao Wang")).value("nick") == .text("Lao Wang"))
        // An ID inside a longer word is not the ID: "Ann" in "Annual" stays a label.
        #expect(SamplePage.holds(word: "ann", in: "annual report") == false)
        #expect(SamplePage.holds(word: "ann", in: "by @ann, 2019") && SamplePage.holds(word: "lihua", in: "lihua--"))
    }

    /// Words that hold another value given ("123.3k hits" before the hits' rank) are no
    /// label: on another member's page they read otherwise.
    @Test func wordsWithAnotherGivenFigureAreNoLabel() throws {
        func stats(_ hits: String, _ rank: String) -> String {
            "<html><body><div class=\"stats\"><span>\(hits) hits</span> <span>\(rank)</span></div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(stats("123.3k", "#257")), values: [example("hits", "123.3k"), example("hits_rank", "#257")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let record = try read(outcome, stats("4.1k", "#18,455"))
        #expect([record.value("hits"), record.value("hits_rank")] == [.int(4_100), .text("#18,455")])
    }

    /// Counts beside icons, each named only in its item's `title` or `aria-label`; a
    /// `title` that is the value again (a location's) is no label of it.
    @Test func aLabelHeldOnlyInATitleAttributeIsAnAnchor() throws {
        func stats(_ reputation: String, _ answers: String, _ place: String) -> String {
            """
            <html><body><ul class="user-stats"><li title="Reputation"><svg class="icon"><use href="#rep"></use></svg><span>\(reputation)</span></li>
            <li aria-label="Answers"><svg class="icon"><use href="#answer"></use></svg><span>\(answers)</span></li></ul>
            <div class="place" title="\(place)"><span>\(place)</span></div></body></html>
            """
        }
        let outcome = learner().learn(from: .init(page: page(stats("1,234", "78", "Leeds")), values: [
            example("reputation", "1,234"), example("answers", "78"), example("location", "Leeds"),
        ]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains("<li title=\"Reputation\">"), "\(outcome.toml)")
        #expect(!outcome.toml.contains("title=\"Leeds\""), "\(outcome.toml)")
        let record = try read(outcome, stats("45,210", "1,150", "Ottawa"))
        #expect([record.value("reputation"), record.value("answers"), record.value("location")] == [.int(45210), .int(1150), .text("Ottawa")])
    }

    /// Sections headed "Figures", "Goods" and "Threads", their counts in menus, on the one
    /// page given with its zeros alike (`goods`, `goods_owned`, `threads`): `goods` is
    /// named by its heading where that word is all before the value, `goods_owned` by
    /// "Owned" nearer than by the section's heading, and neither by a wider box that
    /// says every word, nor read at the threads' 0.
    @Test func zerosAlikeAreReadAtThePlacesTheNearestWordsName() throws {
        func sections(_ figures: (Int, Int), _ goods: (Int, Int), _ threads: Int) -> String {
            func section(_ title: String, _ counts: (Int, Int)) -> String {
                "<section><h2>\(title)<nav><a class=\"count\" href=\"/c\">\(counts.0)</a><a href=\"/o\">Owned<span class=\"n\">\(counts.1)</span></a></nav></h2></section>"
            }
            return "<html><body><div class=\"main\">" + section("Figures", figures) + section("Goods", goods)
                + "<section><h2><span class=\"title\">Threads</span><span class=\"actions\"><a href=\"/t\">\(threads)</a></span></h2></section></div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(sections((12, 9), (0, 0), 0)), values: [
            example("figures", "12"), example("figures_owned", "9"), example("goods", "0"), example("goods_owned", "0"), example("threads", "0"),
        ]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let record = try read(outcome, sections((145, 121), (40, 38), 6))
        #expect(["figures", "figures_owned", "goods", "goods_owned", "threads"].map { record.value($0) } == [.int(145), .int(121), .int(40), .int(38), .int(6)])
    }

    /// Counters alike, each a value with its words ("98 problems") then what it counts:
    /// the box the value starts is never told by its first words, the value's own text,
    /// which another member's page writes otherwise.
    @Test func aBoxIsNeverToldByTheValuesOwnText() throws {
        func counters(_ all: Int, _ year: Int) -> String {
            "<html><body><div class=\"counters\"><div class=\"c\"><div class=\"v\">\(all) problems</div><div class=\"d\">solved for all time</div></div>"
                + "<div class=\"c\"><div class=\"v\">\(year) problems</div><div class=\"d\">solved for the last year</div></div></div></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(counters(240, 98)), values: [example("solved", "240"), example("solved_last_year", "98")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(!outcome.toml.contains("whose first words are '98"), "\(outcome.toml)")
        let record = try read(outcome, counters(1_410, 203))
        #expect([record.value("solved"), record.value("solved_last_year")] == [.int(1_410), .int(203)])
    }
}
