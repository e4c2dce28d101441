import Foundation
import TestSupport
import Testing

/// `patterns suggest`: a pattern learned on one member's page, pasted into a pack,
/// reads the right value from another member's page of the same markup.
@Suite struct SuggestTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-suggest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The first suggested table in `output`: from its header to its pattern line.
    func firstSuggestion(_ output: String, header: String) throws -> String {
        let start = try #require(output.range(of: header))
        let rest = output[start.lowerBound...]
        let end = try #require(rest.range(of: "\npattern = '"))
        let line = rest[end.upperBound...].prefix { $0 != "\n" }
        return String(rest[..<end.upperBound]) + line + "\n"
    }

    /// The bundled pack with `table` (a `[fields."..."]` header) replaced by `replacement`.
    func packReplacing(_ table: String, with replacement: String) throws -> String {
        let text = try String(contentsOfFile: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path, encoding: .utf8)
        let start = try #require(text.range(of: table + "\n"))
        let end = text[start.upperBound...].range(of: "\n[")?.lowerBound ?? text.endIndex
        let packs = directory.appendingPathComponent("packs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        try (String(text[..<start.lowerBound]) + replacement + String(text[end...]))
            .write(toFile: "\(packs)/codeproject.toml", atomically: true, encoding: .utf8)
        return packs
    }

    func extracted(_ page: String, packs: String) throws -> [String: Any] {
        let result = try run("cpvanity", ["extract", "--patterns", packs, page])
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func aNumberAndATextLearnedOnOnePageReadAnother() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        // Learned on one member's profile, checked on another's (--also), pasted into the
        // pack in place of the field, and read on a third.
        let result = try run("cpvanity", ["patterns", "suggest", "--source", "profile", "--page", "\(codeprojectFixtures)/profile-48201.html",
                                          "reputation.total=1,204,873", "name=Maren Okafor", "--also", "\(codeprojectFixtures)/profile-7315.html"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("# reputation.total = 1,204,873: 6 patterns read it on \(codeprojectFixtures)/profile-48201.html; the best 3:\n\n# 1. from the label 'Reputation' (<div>)\n#    \(codeprojectFixtures)/profile-7315.html: 2415\n"), "\(result.stdout)")
        #expect(result.stdout.contains("# 1. from <h1 id=\"ctl00_MC_Prof_MemberName\">\n#    \(codeprojectFixtures)/profile-7315.html: \"Tomasz Wirth\"\n"), "\(result.stdout)")

        let total = try firstSuggestion(result.stdout, header: "[fields.\"reputation.total\"]")
        let totalPacks = try packReplacing("[fields.\"reputation.total\"]", with: total)
        let other = try extracted("\(codeprojectFixtures)/profile-7315.html", packs: totalPacks)
        #expect((other["reputation"] as? [String: Any])?["total"] as? Int == 2415)

        let name = try firstSuggestion(result.stdout, header: "[fields.\"name\"]")
        let namePacks = try packReplacing("[fields.name]", with: name)
        #expect(try extracted("\(codeprojectFixtures)/profile-90210.html", packs: namePacks)["name"] as? String == "Zoë O'Brien-Ångström")
    }

    @Test func aCollectionLearnedFromTwoTitles() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try run("cpvanity", ["patterns", "suggest", "--source", "articles", "--page", "\(codeprojectFixtures)/articles-48201.html",
                                          "--row-title", "Cache Heap Shader", "--row-title", "A Generic Pool<T> & Friends",
                                          "views=2,345,678", "posted=18 Dec 2013",
                                          "--also", "\(codeprojectFixtures)/articles-90210.html"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("# articles: 20 rows on \(codeprojectFixtures)/articles-48201.html; \(codeprojectFixtures)/articles-90210.html: 2 rows\n"))
        // Pasted into a pack of its own, it reads another member's articles.
        let start = try #require(result.stdout.range(of: "[collections.articles]"))
        let packs = directory.appendingPathComponent("rows").path
        try FileManager.default.createDirectory(atPath: packs, withIntermediateDirectories: true)
        try """
            [site]
            name = "codeproject"
            base_url = "https://www.codeproject.com"
            id = '[0-9]+'

            [sources.articles]
            url = '{base}/script/Articles/MemberArticles.aspx?amid={id}'

            """.appending(result.stdout[start.lowerBound...]).write(toFile: "\(packs)/codeproject.toml", atomically: true, encoding: .utf8)
        let record = try extracted("\(codeprojectFixtures)/articles-90210.html", packs: packs)
        let rows = try #require(record["articles"] as? [[String: Any]])
        #expect(rows.map { $0["title"] as? String } == ["Über-fast Unicode normalisation in C++", "Ångström units and 日本語 text in one grid"])
        #expect(rows.map { $0["views"] as? Int } == [18211, 3002])
        #expect(rows.map { $0["posted"] as? String } == ["2021-02-28", "2022-11-03"])
    }

    @Test func aValueNotOnThePageSaysSo() throws {
        let result = try run("cpvanity", ["patterns", "suggest", "--source", "profile", "--page", "\(codeprojectFixtures)/profile-48201.html",
                                          "reputation.total=999"])
        #expect(result.status == 1)
        #expect(result.stdout == "# reputation.total = 999: no pattern found\n\n")
        #expect(result.stderr.contains("reputation.total = 999: no pattern found; it is not on \(codeprojectFixtures)/profile-48201.html"), "\(result.stderr)")
        let bad = try run("cpvanity", ["patterns", "suggest", "--source", "profile", "--page", "x.html", "total"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'total' is not FIELD=VALUE; e.g. name=\"Ada Pond\" or a field's key=1204873"))
    }

    /// The commonest shapes a forum's page has, each learned from one example: a value
    /// after its label in the same text ("Joined 15/03/2019"), a list of links without
    /// a class, and a name that the page's <title> does not label.
    @Test func theCommonestShapes() throws {
        let page = directory.appendingPathComponent("profile-1.html").path
        try """
            <html><head><title>Forum - Member profile</title></head><body>
            <h1 class="member">Ada Pond</h1>
            <p class="joined">Joined 15/03/2019</p>
            <ul>
            <li><a href="/t/1">First thread about pools</a></li>
            <li><a href="/t/2">Second thread on queues</a></li>
            <li><a href="/t/3">Third thread, on stacks</a></li>
            </ul>
            </body></html>
            """.write(toFile: page, atomically: true, encoding: .utf8)
        let suggest = ["patterns", "suggest", "--source", "profile", "--page", page]
        let joined = try run("cpvanity", suggest + ["joined=15/03/2019"])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try firstSuggestion(joined.stdout, header: "# 1.") == """
            # 1. from the words 'Joined' (all its text before it)
            [fields."joined"]
            source = "profile"
            type = "text"
            pattern = '>\\s*Joined\\s+([^<]+?)\\s*<'

            """)
        let name = try run("cpvanity", suggest + ["name=Ada Pond"])
        #expect(name.stdout.hasPrefix("# name = Ada Pond: 2 patterns read it on \(page); the best 2:\n\n# 1. from the class \"member\" of <h1>\n"), "\(name.stdout)")
        #expect(!name.stdout.contains("profile'"), "a label taken from <title>: \(name.stdout)")
        let rows = try run("cpvanity", suggest + ["--row-title", "First thread about pools", "--row-title", "Second thread on queues", "--collection", "threads"])
        #expect(rows.status == 0, "\(rows.stderr)")
        // The list is its own element: the rows are kept to it (within), so they cannot run on past it.
        #expect(rows.stdout.contains("# threads: 3 rows on \(page)\n# its section: the page's first <ul>; a row starts at <li>\n[collections.threads]\nsource = \"profile\"\n"), "\(rows.stdout)")
        // To the list's own end tag, past any list inside one of its items.
        #expect(rows.stdout.contains("within = ['<ul\\b[^>]*>((?:(?:[^<]++|<(?!/?ul\\b))|(?<nested><ul\\b[^>]*+>(?:(?:[^<]++|<(?!/?ul\\b))|(?&nested))*+</ul\\s*>))*+)</ul\\s*>']\nrow_start = '<li\\b'\n"), "\(rows.stdout)")
        #expect(rows.stdout.contains("# from the element <a>\n[collections.threads.fields.title]\n"), "\(rows.stdout)")
    }
}
