import Extraction
import Foundation
@testable import Learning
@testable import Packs
import Testing

/// Lists as the page's tree shows them, and absence learned from the pages given: the
/// rows are the items of the list's own section, each read against its own title.
@Suite struct ListLearningTests: LearnsFromPages {
    func learner() -> PackLearner { learner("library", collection: "books") }

    func row(_ title: String, _ field: String, _ value: String) -> PackLearner.RowValue {
        PackLearner.RowValue(title: title, example: example(field, value))
    }

    /// An author's books, then the series they belong to, in a list of the same markup.
    func shelves(books: [(String, Int)], series: [(String, Int)]) -> String {
        func table(_ rows: [(String, Int)]) -> String {
            "<table class=\"list\">" + rows.map { "<tr itemtype=\"Book\"><td><a class=\"title\">\($0.0)</a></td><td>\($0.1) ratings</td></tr>" }.joined() + "</table>"
        }
        return "<html><body><h2>Books</h2>\(table(books))<h2>Series</h2>\(table(series))</body></html>"
    }

    @Test func twoListsOneAfterTheOtherAreTwo() throws {
        let html = shelves(books: [("Alpha", 12), ("Beta", 7), ("Gamma", 3)], series: [("Saga", 40), ("Cycle", 9), ("Trilogy", 5)])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Alpha", "Beta"], rowValues: [row("Alpha", "ratings", "12"), row("Beta", "ratings", "7")],
                                                  listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        let other = try read(outcome, shelves(books: [("Delta", 1), ("Epsilon", 2)], series: [("Saga", 40), ("Cycle", 9), ("Trilogy", 5)]))
        let rows = try #require(other.collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Delta"), .text("Epsilon")])
        #expect(rows.map { $0["ratings"] } == [.int(1), .int(2)])
    }

    /// The author's average and ratings equal the first book's on the one page given
    /// ("3.50", "98"), and the book's line names them better ("avg rating 3.50"): a
    /// place in a row that shows that row's value given is the list's, so the author's
    /// figures are read above the books, where another author's page has them.
    @Test func aValueOfARowGivenIsNotThePagesField() throws {
        func author(_ average: String, _ ratings: String, books: [(String, String, String)]) -> String {
            "<html><body><h1>An Author</h1><div class=\"stats\">Average rating \(average) · \(ratings) ratings</div><div class=\"books\">"
                + books.map { "<div class=\"book\"><a class=\"t\">\($0.0)</a><div class=\"meta\">avg rating \($0.1) — \($0.2) ratings</div></div>" }.joined()
                + "</div></body></html>"
        }
        let given = author("3.50", "98", books: [("Hollow Men", "3.50", "98"), ("Quiet Fields", "3.90", "12")])
        let outcome = learner().learn(from: .init(page: page(given), values: [example("avg_rating", "3.50"), example("ratings", "98")],
                                                  rowTitles: ["Hollow Men", "Quiet Fields"],
                                                  rowValues: [row("Hollow Men", "avg", "3.50"), row("Hollow Men", "ratings", "98"),
                                                              row("Quiet Fields", "avg", "3.90"), row("Quiet Fields", "ratings", "12")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let other = try read(outcome, author("4.12", "12,340", books: [("Night Train", "4.05", "1,204"), ("Salt", "4.20", "11,136")]))
        #expect(other.value("avg_rating") == .decimal(Decimal(string: "4.12")!))
        #expect(other.value("ratings") == .int(12_340))
    }

    /// A page given with no rows (`list-count=0`) whose list's element stands empty: that
    /// is the list's sign of none; a page without the element reads the list as unknown.
    @Test func anEmptyListGivenTeachesItsSign() throws {
        func shelf(_ books: [String]) -> String {
            "<html><body><h2>Books</h2><ul class=\"shelf\">" + books.map { "<li><a class=\"t\">\($0)</a></li>" }.joined() + "</ul></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(shelf(["Alpha", "Beta", "Gamma"])), rowTitles: ["Alpha", "Beta"], listCount: 3),
                                      also: [.init(page: page(shelf([]), "empty.html"), listCount: 0)])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        #expect(outcome.toml.contains("# empty where the page shows <ul class=\"shelf\"> with nothing in it"), "\(outcome.toml)")
        #expect(try read(outcome, shelf([])).collections["books"]?.count == 0)
        let gone = try read(outcome, "<html><body><h2>Books</h2><p>Moved.</p></body></html>")
        #expect(gone.collections["books"] == nil)
        #expect(gone.problems.contains { $0.message.contains("unknown, not empty") })
    }

    /// A list of `<dt>` titles each followed by its `<dd>` of figures: a row is the pair.
    @Test func aRowOfATermAndItsDefinitionHoldsBoth() throws {
        func packages(_ rows: [(String, String)]) -> String {
            "<html><body><dl class=\"pkgs\">" + rows.map { "<dt><a href=\"/p\">\($0.0)</a></dt><dd>v1.0 &mdash; \($0.1) downloads</dd>" }.joined() + "</dl></body></html>"
        }
        let html = packages([("Alpha", "2,204"), ("Beta", "87"), ("Gamma", "14")])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Alpha", "Beta"],
                                                  rowValues: [row("Alpha", "downloads", "2,204"), row("Beta", "downloads", "87")], listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let rows = try #require(try read(outcome, packages([("Delta", "901"), ("Epsilon", "12")])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Delta"), .text("Epsilon")])
        #expect(rows.map { $0["downloads"] } == [.int(901), .int(12)])
    }

    /// Each item marks its date with a class that stands once in every item, but in its
    /// middle: rows cut there would give each title the next item's status.
    @Test func aRowStartThatCutsItemsInTwoIsNotLearned() throws {
        func feed(_ items: [(String, String, String)]) -> String {
            "<html><body><ul class=\"feed\">" + items.map {
                "<li><a class=\"t\">\($0.0)</a><div class=\"meta\"><span class=\"when\">\($0.1)</span> <span class=\"status\">\($0.2)</span></div></li>"
            }.joined() + "</ul></body></html>"
        }
        let html = feed([("Alpha", "2021", "open"), ("Beta", "2022", "closed"), ("Gamma", "2023", "open")])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Alpha", "Beta", "Gamma"],
                                                  rowValues: [row("Alpha", "status", "open"), row("Beta", "status", "closed"), row("Gamma", "status", "open")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        let rows = try #require(try read(outcome, feed([("Delta", "2020", "closed"), ("Eta", "2024", "open")])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Delta"), .text("Eta")])
        #expect(rows.map { $0["status"] } == [.text("closed"), .text("open")])
    }

    /// A detail the owner's own view does not show: the page without it reads it as
    /// none, not as unknown, and a page that shows it reads it.
    @Test func aValueOnePageShowsAndAnotherDoesNotGetItsSign() throws {
        func profile(email: String?, posts: Int) -> String {
            "<html><body><h1>Member</h1><dl class=\"details\">" + (email.map { "<dt>Email</dt><dd>\($0)</dd>" } ?? "")
                + "<dt>Posts</dt><dd>\(posts)</dd></dl></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(profile(email: "ada@example.org", posts: 12)), values: [example("email", "ada@example.org"), example("posts", "12")]),
                                      also: [.init(page: page(profile(email: nil, posts: 5), "own.html"), values: [example("posts", "5")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.notes.contains { $0.hasPrefix("email: not shown on own.html (nor its sign)") }, "\(outcome.notes)")
        let without = try read(outcome, profile(email: nil, posts: 3))
        #expect(without.value("email") == .null)
        #expect(without.problems.isEmpty, "\(without.problems)")
        #expect(try read(outcome, profile(email: "bo@example.org", posts: 3)).value("email") == .text("bo@example.org"))
    }

    /// A value typed wrong for the other page is said against that page, and the value
    /// of the page learned from is still learned.
    @Test func aWrongValueForTheOtherPageIsThatPagesToSay() throws {
        func profile(_ posts: String) -> String { "<html><body><p>Posts: <b>\(posts)</b></p></body></html>" }
        let outcome = learner().learn(from: .init(page: page(profile("1,204")), values: [example("posts", "1,204")]),
                                      also: [.init(page: page(profile("98"), "other.html"), values: [example("posts", "99")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.notes.contains("other.html: posts = 99 is not on that page; the nearest value it shows is 98: check what you typed against the page"), "\(outcome.notes)")
        #expect(outcome.checks.map(\.right) == [true, false])
    }

    /// A text typed with a typo is answered with the page's text nearest in spelling; a
    /// short one that keeps nothing of any text on the page gets no guess.
    @Test func aMistypedTextIsAnsweredWithTheNearestInSpelling() throws {
        func profile(_ city: String) -> String { "<html><body><p>City: <b>\(city)</b></p><p>Posts: <b>12</b></p></body></html>" }
        let outcome = learner().learn(from: .init(page: page(profile("Karlsruhe")), values: [example("city", "Karlsruhe")]),
                                      also: [.init(page: page(profile("Heidelberg"), "other.html"), values: [example("city", "Heidelbreg")]),
                                             .init(page: page(profile("Ulm"), "third.html"), values: [example("city", "Xy")])])
        #expect(outcome.notes.contains("other.html: city = Heidelbreg is not on that page; the nearest value it shows is \"Heidelberg\": check what you typed against the page"), "\(outcome.notes)")
        #expect(outcome.notes.contains { $0.hasPrefix("third.html: city = Xy is not on that page") && !$0.contains("nearest") }, "\(outcome.notes)")
    }

    /// Where another page's list reads more rows than its section shows items (an item
    /// there holds a list of its own), it is said.
    @Test func rowsThatOutnumberTheItemsOfTheSectionAreSaid() throws {
        func feed(_ items: [String]) -> String {
            "<html><body><ul class=\"feed\">" + items.map { "<li><a class=\"t\">\($0)</a></li>" }.joined() + "</ul></body></html>"
        }
        let nested = "<html><body><ul class=\"feed\"><li><a class=\"t\">Delta</a><ul><li>a</li><li>b</li></ul></li><li><a class=\"t\">Eta</a></li></ul></body></html>"
        let outcome = learner().learn(from: .init(page: page(feed(["Alpha", "Beta", "Gamma"])), rowTitles: ["Alpha", "Beta"]),
                                      also: [.init(page: page(nested, "nested.html"))])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.notes.contains("nested.html: the books list reads 4 rows where its section shows 2 items of its kind: check the rows (a row cut in two, or a list running on into the next)"),
                "\(outcome.notes)")
    }

    /// A value read on a row the titles do not name (the third, where two titles were
    /// given) is checked in the row whose title reads as its own; it does not leave the
    /// field unlearned.
    @Test func aValueOnARowTheTitlesDoNotNameIsReadInItsOwnRow() throws {
        func groups(_ rows: [(String, String)]) -> String {
            "<html><body><div class=\"groups\">" + rows.map {
                "<div class=\"group\"><a class=\"name\">\($0.0)</a><div class=\"count\">\($0.1) Members</div></div>"
            }.joined() + "</div></body></html>"
        }
        let html = groups([("Nordic", "44,020"), ("Indie", "310,552"), ("Fjord", "212")])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Nordic", "Indie"],
                                                  rowValues: [row("Nordic", "members", "44,020"), row("Indie", "members", "310,552"), row("Fjord", "members", "212")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        let rows = try #require(try read(outcome, groups([("Dutch", "8,312"), ("PC", "1,204,881")])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Dutch"), .text("PC")])
        #expect(rows.map { $0["members"] } == [.int(8312), .int(1_204_881)])
    }
}

extension ListLearningTests {
    /// A table's plain cell, with no class and no label of its own, is read as the cell
    /// after the named one before it (`<td class="title">…</td><td>TV</td>`), in its own row.
    @Test func aPlainCellIsReadAfterTheNamedCellBeforeIt() throws {
        func favourites(_ rows: [(String, String, Int)]) -> String {
            "<html><body><h2>Favourites</h2><table class=\"favs\"><tr><th>Title</th><th>Type</th><th>Score</th></tr>" + rows.map {
                "<tr class=\"fav\"><td class=\"title\"><a href=\"/a/1\">\($0.0)</a></td><td>\($0.1)</td><td class=\"score\">\($0.2)</td></tr>"
            }.joined() + "</table></body></html>"
        }
        let html = favourites([("Monster", "TV", 10), ("Paprika", "Movie", 7), ("Akira", "Movie", 8)])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Monster", "Paprika"],
                                                  rowValues: [row("Monster", "type", "TV"), row("Paprika", "type", "Movie")], listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        let rows = try #require(try read(outcome, favourites([("Planetes", "TV", 9), ("Perfect Blue", "Movie", 9)])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Planetes"), .text("Perfect Blue")])
        #expect(rows.map { $0["type"] } == [.text("TV"), .text("Movie")])
    }

    /// Stars the site rounds on a row not given (`★ 1.1k` below `★ 312` and `★ 45`): the
    /// column is learned rounded, every row read, and a page of bigger counts reads
    /// `8.2k` as 8,200; an int would read none there, and never the `8` of it.
    @Test func aColumnTheSiteRoundsOnARowNotGivenIsLearnedRounded() throws {
        func projects(_ rows: [(String, String)]) -> String {
            "<html><body><h2>Projects</h2><div class=\"grid\">" + rows.map {
                "<article class=\"card\"><h3 class=\"name\"><a href=\"/p\">\($0.0)</a></h3><span class=\"stars\">★ \($0.1)</span></article>"
            }.joined() + "</div></body></html>"
        }
        let html = projects([("weather", "312"), ("dotfiles", "45"), ("tinydb", "1.1k")])
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["weather", "dotfiles"],
                                                  rowValues: [row("weather", "stars", "312"), row("dotfiles", "stars", "45")], listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let pack = try PackLoader().load(toml: outcome.toml, file: "learned.toml")
        #expect(pack.collections.first?.fields.first { $0.name == "stars" }?.type == .rounded)
        #expect(try read(outcome, html).collections["books"]?.map { $0["stars"] } == [.int(312), .int(45), .int(1100)])
        let bigger = try #require(try read(outcome, projects([("mlkit", "8.2k"), ("notes", "0")])).collections["books"])
        #expect(bigger.map { $0["stars"] } == [.int(8200), .int(0)])
        // Rounded only on the other page given, on a row no value was given for: the same.
        let small = projects([("pong", "17"), ("site", "3")])
        let learnedHere = learner().learn(from: .init(page: page(small), rowTitles: ["pong", "site"], rowValues: [row("pong", "stars", "17"), row("site", "stars", "3")]),
                                          also: [.init(page: page(html, "also.html"), rowTitles: ["weather", "dotfiles"],
                                                       rowValues: [row("weather", "stars", "312"), row("dotfiles", "stars", "45")])])
        let packHere = try PackLoader().load(toml: learnedHere.toml, file: "learned.toml")
        #expect(packHere.collections.first?.fields.first { $0.name == "stars" }?.type == .rounded)
        #expect(try read(learnedHere, html).collections["books"]?.map { $0["stars"] } == [.int(312), .int(45), .int(1100)])
    }

    /// A table with no class and no label in its rows: each cell is read by its place in
    /// its row, and the header row of `<th>` cells is no item of the list (no note that
    /// the rows are fewer than the items).
    @Test func aPlainTablesCellsAreReadByTheirPlaceInTheRow() throws {
        func shelf(_ rows: [(String, Int, String, String)]) -> String {
            "<html><body><h1>Lee</h1><table><tr><th>Title</th><th>Year</th><th>Ratings</th><th>Avg</th></tr>" + rows.map {
                "<tr><td><a href=\"/b\">\($0.0)</a></td><td>\($0.1)</td><td>\($0.2)</td><td>\($0.3)</td></tr>"
            }.joined() + "</table></body></html>"
        }
        let html = shelf([("Foxtrot", 2011, "9", "3.3"), ("Golf", 2013, "1,020", "4.0"), ("Hotel", 2018, "5", "3.5")])
        let values = [row("Foxtrot", "year", "2011"), row("Foxtrot", "ratings", "9"), row("Foxtrot", "avg", "3.3"),
                      row("Golf", "year", "2013"), row("Golf", "ratings", "1,020"), row("Golf", "avg", "4.0")]
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Foxtrot", "Golf"], rowValues: values, listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        #expect(!outcome.notes.contains { $0.contains("items of its kind") }, "\(outcome.notes)")
        let rows = try #require(try read(outcome, shelf([("Alpha", 2019, "12", "4.5"), ("Beta", 2020, "7", "3.9")])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Alpha"), .text("Beta")])
        #expect(rows.map { [$0["year"], $0["ratings"], $0["avg"]] } == [[.int(2019), .int(12), .decimal(Decimal(string: "4.5")!)], [.int(2020), .int(7), .decimal(Decimal(string: "3.9")!)]])
    }

    /// An old forum's profile: two tables of one class, the member's details first, then
    /// the threads under a header row of `<td class="thead">` cells, each row's cells
    /// after an icon's, the member's name in each ("by sysop"). The list is told apart by
    /// its header's first words; the header row is no item; a count is read by its cell's
    /// place, never after the member's name.
    @Test func aListAmongTablesOfOneClassIsFoundByItsHeadersWords() throws {
        func profile(_ name: String, _ threads: [(String, Int, String)]) -> String {
            "<html><body><table class=\"tborder\"><tr><td class=\"alt1\"><b>Posts:</b> 12</td></tr></table>"
                + "<table class=\"tborder\"><tr><td class=\"thead\">Thread</td><td class=\"thead\">Replies</td><td class=\"thead\">Views</td></tr>"
                + threads.enumerated().map { index, thread in
                    "<tr class=\"alt\(index % 2 + 1)\"><td class=\"alt1\"><img src=\"/i.gif\"></td><td><a href=\"/t/\(index)\">\(thread.0)</a>"
                        + "<div class=\"smallfont\">by \(name)</div></td><td align=\"center\">\(thread.1)</td><td align=\"center\">\(thread.2)</td></tr>"
                }.joined() + "</table></body></html>"
        }
        let html = profile("sysop", [("Rules", 0, "120,553"), ("Server move", 77, "9,012"), ("Downtime", 5, "800")])
        let values = [row("Rules", "replies", "0"), row("Rules", "views", "120,553"), row("Server move", "replies", "77"), row("Server move", "views", "9,012")]
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["Rules", "Server move"], rowValues: values, listCount: 3))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        #expect(!outcome.notes.contains { $0.contains("items of its kind") }, "\(outcome.notes)")
        #expect(!outcome.toml.contains("sysop"), "\(outcome.toml)")
        let rows = try #require(try read(outcome, profile("newbie", [("Hello all", 3, "41"), ("Help with wifi", 1, "12")])).collections["books"])
        #expect(rows.map { $0["title"] } == [.text("Hello all"), .text("Help with wifi")])
        #expect(rows.map { [$0["replies"], $0["views"]] } == [[.int(3), .int(41)], [.int(1), .int(12)]])
    }

    /// Losses and draws equal in the rows given (4 and 4, 2 and 2): draws are read in
    /// their own column, not in the losses' one that their value stands in first.
    @Test func aValueEqualToAnotherColumnsIsReadInItsOwn() throws {
        func seasons(_ rows: [(String, Int, Int, Int)]) -> String {
            "<html><body><table><tr><th>Season</th><th>W</th><th>L</th><th>D</th></tr>" + rows.map {
                "<tr><td class=\"season\">\($0.0)</td><td class=\"w\">\($0.1)</td><td class=\"l\">\($0.2)</td><td class=\"d\">\($0.3)</td></tr>"
            }.joined() + "</table></body></html>"
        }
        let html = seasons([("2024", 0, 4, 4), ("2023", 2, 2, 2)])
        let values = [row("2024", "wins", "0"), row("2024", "losses", "4"), row("2024", "draws", "4"),
                      row("2023", "wins", "2"), row("2023", "losses", "2"), row("2023", "draws", "2")]
        let outcome = learner().learn(from: .init(page: page(html), rowTitles: ["2024", "2023"], rowValues: values, listCount: 2))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        let rows = try #require(try read(outcome, seasons([("2022", 7, 1, 0), ("2021", 6, 3, 5)])).collections["books"])
        #expect(rows.map { [$0["wins"], $0["losses"], $0["draws"]] } == [[.int(7), .int(1), .int(0)], [.int(6), .int(3), .int(5)]])
    }
}
