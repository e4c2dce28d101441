import Foundation
@testable import Packs
import Testing

@Suite struct PackLoadErrorTests {
    @Test func malformedTOMLNamesFileLineAndColumn() {
        do {
            _ = try PackLoader().load(toml: "[site]\nname = \"x\nbase_url = 1\n", file: "broken.toml")
            Issue.record("a malformed pack loaded")
        } catch {
            #expect(error.file == "broken.toml")
            #expect(error.problems.count == 1)
            #expect(error.problems[0].location == "line 2, column 10")
            #expect(error.problems[0].message.hasPrefix("not valid TOML: "))
        }
    }

    @Test func namesAreIdentifiersAndNotTheRecordsOwnKeys() {
        let reserved = "(archived_at, changes, error, errors, fetched_at, id, rounded, schema, site, sources, stats)"
        #expect(loadProblems("""
            [sources."../../x"]
            url = '{base}/{id}'

            [fields.id]
            source = "page"
            pattern = '(x)'

            [fields."stats.total_views"]
            source = "page"
            pattern = '(x)'

            [fields."a/b"]
            source = "page"
            pattern = '(x)'

            [collections.errors]
            source = "page"
            row = '(x)'
            [collections.errors.fields.id]
            pattern = '(x)'
            """) == [
                PackProblem(location: "sources.\"../../x\"", message: "'../../x' is not a usable source name: use letters, digits, _ and -, starting with a letter"),
                PackProblem(location: "fields.id", message: "'id' is one of the record's own keys \(reserved); name the field something else"),
                PackProblem(location: "fields.\"stats.total_views\"", message: "'stats.total_views' is one of the record's own keys \(reserved); name the field something else"),
                PackProblem(location: "fields.\"a/b\"", message: "'a/b' is not a usable field name: use letters, digits, _ and -, starting with a letter (dots between parts)"),
                PackProblem(location: "collections.errors", message: "'errors' is one of the record's own keys \(reserved); name the collection something else"),
            ])
    }

    @Test func limitsOutOfRangeSayTheRange() {
        #expect(loadProblems("", site: "[limits]\nmatch_steps = 99999999999\ndepth = 0\nheap_kib = \"lots\"") == [
            PackProblem(location: "limits.match_steps", message: "must be an integer from 1 to 4294967295; 99999999999 is out of range"),
            PackProblem(location: "limits.depth", message: "must be an integer from 1 to 4294967295; 0 is out of range"),
            PackProblem(location: "limits.heap_kib", message: "must be an integer from 1 to 4294967295, not the string \"lots\""),
        ])
    }

    @Test func unknownKeyListsTheValidOnes() {
        let problems = loadProblems("""
            [fields.v]
            source = "page"
            pattern = '(x)'
            typo = 1
            """)
        #expect(problems == [PackProblem(location: "fields.v.typo",
                                         message: "unknown key; expected one of absent, case_sensitive, century, changes, default, group, label, map, max, min, optional, pattern, present, required, source, type, within")])
    }

    @Test func badRegexGivesPCRE2sMessageAndOffset() {
        let problems = loadProblems("""
            [fields.v]
            source = "page"
            pattern = ['(ok)', 'a(b']
            """)
        #expect(problems.count == 1)
        #expect(problems[0].location == "fields.v.pattern[2]")
        #expect(problems[0].message.hasPrefix("bad regex at offset 3: missing closing parenthesis"))
    }

    @Test func unknownType() {
        let problems = loadProblems("""
            [fields.v]
            source = "page"
            pattern = '(x)'
            type = "number"
            """)
        // Types a test registers (another suite's percent) come after the bundled ones.
        #expect(problems.map(\.location) == ["fields.v.type"])
        #expect(problems.first?.message.hasPrefix("unknown type 'number'; use one of text, int, decimal, url, date, datetime, string, month, rounded, duration") == true)
    }

    @Test func groupThePatternLacks() {
        #expect(loadProblems("""
            [fields.a]
            source = "page"
            pattern = '(x)'
            group = 2

            [fields.b]
            source = "page"
            pattern = '(?<one>x)'
            group = "two"
            """) == [
                PackProblem(location: "fields.a.group", message: "group 2 is not in fields.a.pattern, which has 1 capture group"),
                PackProblem(location: "fields.b.group", message: "group 'two' is not in fields.b.pattern; name it with (?<two>...)"),
            ])
    }

    @Test func patternWithoutACaptureGroup() {
        #expect(loadProblems("""
            [fields.v]
            source = "page"
            pattern = 'x'
            """) == [PackProblem(location: "fields.v.pattern", message: "has no capture group; wrap the value in ( ) or set group = 0 to take the whole match")])
    }

    @Test func unknownSource() {
        #expect(loadProblems("""
            [fields.v]
            source = "profil"
            pattern = '(x)'
            """) == [PackProblem(location: "fields.v.source", message: "unknown source 'profil'; the pack declares page")])
    }

    @Test func defaultOfTheWrongTypeAndRequiredWithDefault() {
        #expect(loadProblems("""
            [fields.n]
            source = "page"
            pattern = '(x)'
            absent = 'y'
            type = "int"
            default = "zero"

            [fields.r]
            source = "page"
            pattern = '(x)'
            within = '(.*)'
            present = 'y'
            required = true
            default = "x"

            [fields.a]
            source = "page"
            pattern = '(x)'
            required = true
            absent = 'none'

            [fields.d]
            source = "page"
            pattern = '(x)'
            default = "x"

            [fields.p]
            source = "page"
            pattern = '(x)'
            present = 'y'
            default = "x"
            """) == [
                PackProblem(location: "fields.n.default", message: "the string \"zero\" does not fit type int"),
                PackProblem(location: "fields.r", message: "is both required and has a default; a required field must match, so drop one"),
                PackProblem(location: "fields.a", message: "is both required and says when it is absent; drop one"),
                PackProblem(location: "fields.d.default", message: "applies only where the page shows that there is none, and this field says nowhere: add absent = '<the page's words or markup for none>', or present = '<the value's own sign, such as its label>' with a within (the part, such as the table, that lists what the member has); a value the page shows and the pattern cannot read is then a problem, never the default"),
                // A sign of the value with nothing to be shown in says nowhere either: the page always is.
                PackProblem(location: "fields.p.default", message: "applies only where the page shows that there is none, and this field says nowhere: add absent = '<the page's words or markup for none>', or present = '<the value's own sign, such as its label>' with a within (the part, such as the table, that lists what the member has); a value the page shows and the pattern cannot read is then a problem, never the default"),
            ])
    }

    /// `optional` is gone, folded into what the page says: a pack that still has it is
    /// told why and what to write, for a field and for a list.
    @Test func optionalIsToldWhatToWriteInstead() {
        #expect(loadProblems("""
            [fields.o]
            source = "page"
            pattern = '(x)'
            optional = true

            [collections.l]
            source = "page"
            row = '<r>(.*?)</r>'
            optional = true

            [collections.l.fields.c]
            pattern = '(c)'
            optional = true
            """) == [
                PackProblem(location: "fields.o.optional", message: "is no longer read: optional made a value absent wherever its pattern missed, and could not tell a page that shows none from markup that moved. Say what the page shows when there is none: absent = '<its words or markup for none>', or present = '<the value's own sign>' with a within (the part that holds the value) (where the part is shown without it, the value is absent); then drop optional"),
                PackProblem(location: "collections.l.optional", message: "is no longer read: optional made a list empty wherever its section was not found, and could not tell a page that shows no rows from markup that moved. Say what the page shows when the list has none: absent = '<its words or markup for none>' (present = '<the list's own sign, such as its heading>' makes rows expected where it shows); then drop optional"),
                PackProblem(location: "collections.l.fields.c.optional", message: "is no longer read: optional made a value absent wherever its pattern missed, and could not tell a page that shows none from markup that moved. Say what the page shows when there is none: absent = '<its words or markup for none>', or present = '<the value's own sign>' with its part (where the part is shown without it, the value is absent); then drop optional"),
            ])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let problems = loadProblems("""
            [fields.a]
            source = "page"
            pattern = '(x'

            [fields.b]
            source = "nowhere"
            pattern = '(x)'

            [collections.c]
            source = "page"

            [collections.c.fields.t]
            pattern = '(x)'
            """)
        #expect(problems.map(\.location) == ["fields.a.pattern", "fields.b.source", "collections.c"])
    }

    @Test func siteTableIsChecked() {
        do {
            _ = try PackLoader().load(toml: """
                [site]
                name = "x"
                base_url = "not a url"

                [sources.p]
                url = '{base}/fixed'
                """, file: "site.toml")
            Issue.record("a broken pack loaded")
        } catch {
            #expect(error.problems == [
                PackProblem(location: "site.base_url", message: "'not a url' is not an absolute http(s) URL (e.g. https://www.example.com)"),
                PackProblem(location: "site", message: "missing id"),
            ])
            // A source the same for every member (`{base}/fixed`) is allowed: a site-wide page.
            #expect(error.description.hasPrefix("site.toml: 2 problems in the site pack\n  site.base_url: 'not a url' is not"))
        }
    }

    @Test func fieldNamesThatWouldCollideInJSON() {
        #expect(loadProblems("""
            [fields.a]
            source = "page"
            pattern = '(x)'

            [fields."a.b"]
            source = "page"
            pattern = '(y)'
            """) == [PackProblem(location: "fields.a", message: "is also the start of fields.\"a.b\"; records could not hold both, rename one")])
    }

    @Test func unreadablePackFile() {
        #expect(throws: PackLookupError.self) {
            _ = try PackLoader().load(file: "/nonexistent/pack.toml")
        }
    }

    @Test func locatorFindsPacksFromTheBinaryOrTheEnvironment() throws {
        let patterns = repositoryRoot.appendingPathComponent("patterns").path
        let fromBinary = try PackLocator(explicit: nil, fromEnvironment: nil,
                                         executablePath: repositoryRoot.appendingPathComponent(".build/debug/cpvanity").path,
                                         currentDirectory: "/")
        #expect(URL(fileURLWithPath: fromBinary.directory).standardized.path == patterns)
        let fromEnvironment = try PackLocator(explicit: nil, fromEnvironment: patterns, executablePath: nil, currentDirectory: "/")
        #expect(fromEnvironment.directory == patterns)
        #expect(fromEnvironment.availableSites == ["codeproject", "github", "hackernews", "stackoverflow"])
        #expect(throws: PackLookupError.self) { try fromEnvironment.file(forSite: "nosuchsite") }
        #expect(throws: PackLookupError.self) {
            try PackLocator(explicit: "/nonexistent", fromEnvironment: nil, executablePath: nil, currentDirectory: "/")
        }
    }
}

@Suite struct FeedSpecTests {
    let pack: SitePack

    init() throws {
        pack = try PackLoader().load(file: codeprojectPack)
    }

    @Test func categoriesMatchByCaseAndPrefix() throws {
        let feed = try pack.feed(named: "Articles").get()
        #expect(try feed.category(matching: "c#").get()?.id == "3")
        #expect(try feed.category(matching: "ANDR").get()?.id == "22")
        #expect(try feed.category(matching: nil).get()?.name == "All Articles")
        #expect(feed.url(base: "http://127.0.0.1:9/", category: try feed.category(matching: "java").get())
                == "http://127.0.0.1:9/webservices/articlerss.aspx?cat=10")
        #expect(feed.category(matching: "C") == .failure(.ambiguousCategory(feed: "articles", typed: "C", matches: ["C++/MFC", "C#"])))
        let lounge = try pack.feed(named: "lounge").get()
        #expect(try lounge.category(matching: nil).get() == nil)
        #expect(lounge.category(matching: "x") == .failure(.noCategories(feed: "lounge", typed: "x")))
    }

    @Test func feedTablesAreChecked() {
        #expect(loadProblems("""
            [feeds.news]
            url = '{base}/rss?cat={category}'

            [feeds.other]
            url = '{base}/other'
            categories = [{ name = "A", id = 1 }]
            default_category = "B"
            """) == [
                PackProblem(location: "feeds.news.url", message: "has a {category} placeholder but the feed declares no categories"),
                PackProblem(location: "feeds.other.url", message: "declares categories but has no {category} placeholder"),
                PackProblem(location: "feeds.other.default_category", message: "'B' is not one of the feed's categories"),
            ])
        #expect(loadProblems("""
            [feeds.news]
            url = 'rss?cat={categry}'
            categories = [{ name = "A", id = 1 }]
            """) == [
                PackProblem(location: "feeds.news.url", message: "'rss?cat={categry}' is not an http(s) address; begin it with {base} (the site's base_url) or https://"),
                PackProblem(location: "feeds.news.url", message: "has the placeholder {categry}; a feed's url knows {base} and {category}"),
                PackProblem(location: "feeds.news.url", message: "declares categories but has no {category} placeholder"),
            ])
    }

    @Test func theArchiveSectionSaysWhatIsWrongWhere() throws {
        #expect(try testPack("").archive == ArchiveSpec.wayback)
        let custom = try testPack("""
            [archive]
            base = "https://archive.example.org"
            timemap = '{archive}/timemap/{url}'
            capture = '{archive}/{timestamp}/{url}'
            rate = 0.5
            """)
        #expect(custom.archive.base == "https://archive.example.org")
        #expect(custom.archive.cdx == nil)
        // The older `rate` caps both budgets.
        #expect(custom.archive.indexRate == 0.4)
        #expect(custom.archive.playbackRate == 0.5)
        #expect(custom.archive.concurrency == 8)
        let budgets = try testPack("""
            [archive]
            timemap = '{archive}/timemap/{url}'
            index_rate = 1
            playback_rate = 20
            """)
        #expect(budgets.archive.indexRate == 1)
        #expect(budgets.archive.playbackRate == 20)
        #expect(loadProblems("""
            [archive]
            base = "archive"
            cdx = '{archive}/cdx'
            capture = '{archive}/{url}'
            rate = inf
            concurrency = 0
            colour = "blue"
            """) == [
                PackProblem(location: "archive.colour", message: "unknown key; expected one of base, capture, cdx, concurrency, index_rate, pause_after_429, playback_rate, rate, timemap, user_agent"),
                PackProblem(location: "archive.base", message: "'archive' is not an absolute http(s) URL (e.g. https://web.archive.org)"),
                PackProblem(location: "archive.cdx", message: "has no {url} placeholder"),
                PackProblem(location: "archive.capture", message: "has no {timestamp} placeholder"),
                PackProblem(location: "archive.rate", message: "must be a number of requests a second above 0, at most 100, not the number inf"),
                PackProblem(location: "archive.concurrency", message: "must be an integer from 1 to 4294967295; 0 is out of range"),
            ])
    }
}
