import Foundation
import TestSupport
import Testing

/// The stumbles a pack author met on the way from a first pack to a checked one: a
/// pack's file given outright, a site found by its name, a backup beside the pack, an
/// extract record without its keys, an ID not checked, a pattern quoted cut and with
/// `{id}` in it, an unknown list passing for an empty one.
@Suite struct PackAuthorPathTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-author-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A small pack for a made-up forum; its name pattern names the member.
    func forumPack(name: String = "quill", extra: String = "") -> String {
        """
        [site]
        name = "\(name)"
        base_url = "https://quill.example"
        id = '[a-z][a-z0-9_]{1,15}'

        [sources.profile]
        url = '{base}/members/{id}'

        [fields.name]
        source = "profile"
        pattern = '<h1 class="member-name" data-member="{id}">([^<]+)</h1>'

        \(extra)
        """
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func page(_ id: String, name: String) -> String {
        "<html><body><h1 class=\"member-name\" data-member=\"\(id)\">\(name)</h1><ul class=\"threads\"></ul></body></html>"
    }

    @Test func aPacksFileGivenOutright() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "drafts/quill-draft.toml")
        let page = try write(page("ada", name: "Ada Pond"), "profile-ada.html")
        let result = try run("cpvanity", ["extract", "--pack", pack, page])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"site\": \"quill\""))
        #expect(result.stdout.contains("\"name\": \"Ada Pond\""))
        let missing = try run("cpvanity", ["extract", "--pack", directory.appendingPathComponent("nope.toml").path, page])
        #expect(missing.status == 2)
        #expect(missing.stderr == "cpvanity: cannot use the pack \(directory.appendingPathComponent("nope.toml").path): no such file; give the path of a pack's .toml\n")
        let folder = try run("cpvanity", ["extract", "--pack", directory.path, page])
        #expect(folder.stderr.contains("it is a directory, not one pack's file; --pack takes one pack's file, --patterns a directory of packs"), "\(folder.stderr)")
        let other = try run("cpvanity", ["extract", "--pack", pack, "--site", "github", page])
        #expect(other.status == 2)
        #expect(other.stderr.contains("it is the pack of 'quill', not of 'github'; give --site or --pack, not both"), "\(other.stderr)")
    }

    @Test func aSiteIsFoundByItsNameAndTwoPacksOfOneSiteAreSaid() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let packs = directory.appendingPathComponent("packs").path
        _ = try write(forumPack(), "packs/quill-forum-v2.toml")
        _ = try write(forumPack(name: "other"), "packs/other.toml")
        let page = try write(page("ada", name: "Ada Pond"), "profile-ada.html")
        let byName = try run("cpvanity", ["extract", "--patterns", packs, "--site", "quill", page])
        #expect(byName.status == 0, "\(byName.stderr)")
        #expect(byName.stdout.contains("\"site\": \"quill\""))
        // A backup beside the pack, naming the same site: never picked in silence.
        let backup = try write(forumPack(), "packs/quill.v1.toml")
        let both = try run("cpvanity", ["extract", "--patterns", packs, "--site", "quill", page])
        #expect(both.status == 2)
        #expect(both.stdout == "")
        #expect(both.stderr == "cpvanity: 2 packs name the site 'quill': \(packs)/quill-forum-v2.toml, \(backup); keep one in the directory (move a backup out, or give it another [site].name), or name its file with --pack FILE\n")
        // The default site, too.
        _ = try write(forumPack(name: "codeproject"), "packs/codeproject.toml")
        _ = try write(forumPack(name: "codeproject"), "packs/codeproject.v1.toml")
        let byDefault = try run("cpvanity", ["extract", "--patterns", packs, page])
        #expect(byDefault.status == 2)
        #expect(byDefault.stderr.hasPrefix("cpvanity: 2 packs name the site 'codeproject': \(packs)/codeproject.toml, \(packs)/codeproject.v1.toml;"), "\(byDefault.stderr)")
    }

    @Test func anExtractRecordCarriesTheKeysEveryRecordHas() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "quill.toml")
        let ada = try write(page("ada", name: "Ada Pond"), "profile-ada.html")
        let bo = try write(page("bo", name: "Bo Ray"), "profile-bo.html")
        let result = try run("cpvanity", ["extract", "--pack", pack, ada, bo])
        #expect(result.status == 0, "\(result.stderr)")
        let records = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(records.map { $0["schema"] as? String } == ["cpvanity.member/2", "cpvanity.member/2"])
        #expect(records.map { $0["id"] as? String } == ["ada", "bo"])
        #expect(records.map { $0["site"] as? String } == ["quill", "quill"])
        #expect(records.map { ($0["sources"] as? [String: String])?["profile"] } == [ada, bo])
        #expect(records.map { $0["file"] as? String } == [ada, bo])
        #expect(records.allSatisfy { ($0["fetched_at"] as? String)?.hasSuffix("Z") == true })
    }

    @Test(arguments: ["a b", "../etc", "x"])
    func anIDThePackWouldNotTakeIsRefused(id: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "quill.toml")
        let page = try write(page("ada", name: "Ada Pond"), "page.html")
        let result = try run("cpvanity", ["extract", "--pack", pack, "--source", "profile", "--id", id, page])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "cpvanity: the member's ID: '\(id)' is not a quill member ID (an ID must match [a-z][a-z0-9_]{1,15}); nothing was read\n")
    }

    /// The page's own attribute carries the site's slug (the ID with a number added):
    /// the warning shows the pattern as tried for this member, and whole under --verbose.
    @Test func aPatternIsQuotedAsTriedWholeUnderVerbose() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "quill.toml")
        let page = try write(page("ada_2", name: "Ada Pond"), "profile-ada.html")
        let plain = try run("cpvanity", ["extract", "--pack", pack, page])
        #expect(plain.status == 1)
        #expect(plain.stderr.contains("(tried '<h1 class=\"member-name\" data-member=\"ada\">([^<]+)</h1>')"), "\(plain.stderr)")
        #expect(!plain.stderr.contains("{id}"))
        let long = try write(forumPack().replacingOccurrences(of: "([^<]+)</h1>", with: "\\s*([^<]+?)\\s*</h1>(?:\\s|&nbsp;|<br\\s*/?>)*"), "long.toml")
        let cut = try run("cpvanity", ["extract", "--pack", long, page])
        #expect(cut.stderr.contains("(tried '<h1 class=\"member-name\" data-member=\"ada\">\\s*([^<]+?)\\s*</h…')"), "\(cut.stderr)")
        let whole = try run("cpvanity", ["extract", "--verbose", "--pack", long, page])
        #expect(whole.stderr.contains("(tried '<h1 class=\"member-name\" data-member=\"ada\">\\s*([^<]+?)\\s*</h1>(?:\\s|&nbsp;|<br\\s*/?>)*')"), "\(whole.stderr)")
    }

    /// A list the page was read without is unknown: an expected `[]` fails against it,
    /// and an expected null (unknown) fails against an empty list read.
    @Test func aCheckTellsAnEmptyListFromAnUnknownOne() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = """
            [collections.threads]
            source = "profile"
            within = '<ul class="threads">(.*?)</ul>'
            row = '<li>(.*?)</li>'
            absent = '<ul class="threads"></ul>'

            [collections.threads.fields.title]
            pattern = '<a[^>]*>([^<]+)</a>'
            """
        let pack = try write(forumPack(extra: list), "quill.toml")
        let fixtures = directory.appendingPathComponent("pages").path
        // Ada's page shows an empty list (its sign of none); Bo's has none of it at all.
        _ = try write(page("ada", name: "Ada Pond"), "pages/profile-ada.html")
        _ = try write(page("bo", name: "Bo Ray").replacingOccurrences(of: "<ul class=\"threads\"></ul>", with: ""), "pages/profile-bo.html")
        _ = try write(#"{"name": "Ada Pond", "threads": null}"#, "pages/expected-ada.json")
        _ = try write(#"{"name": "Bo Ray", "threads": [], "errors": [{"kind": "extraction", "source": "profile", "field": "threads"}]}"#, "pages/expected-bo.json")
        let result = try run("cpvanity", ["patterns", "check", "--pack", pack, "--fixtures", fixtures])
        #expect(result.status == 1)
        #expect(result.stdout.contains("threads[]        MISMATCH  missing\n"), "\(result.stdout)")
        #expect(result.stdout.contains("errors           ok        ok\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  ada threads[]: expected unknown (null), got 0 rows\n  bo threads[]: expected 0 rows, got unknown (the list was not read)\n"), "\(result.stdout)")
    }

    /// A field the expected record lists that the pack lacks (a field never learned) fails
    /// the check, named, rather than passing in silence; so does a list's row field.
    @Test func aFieldTheExpectedRecordListsAndThePackLacksFailsTheCheck() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "quill.toml")
        let fixtures = directory.appendingPathComponent("pages").path
        _ = try write(page("ada", name: "Ada Pond"), "pages/profile-ada.html")
        _ = try write(#"{"name": "Ada Pond", "days_watched": 12, "stats": {"total": 3}, "errors": []}"#, "pages/expected-ada.json")
        let result = try run("cpvanity", ["patterns", "check", "--pack", pack, "--fixtures", fixtures])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("\nname          ok\ndays_watched  missing\nerrors        ok\n"), "\(result.stdout)")
        #expect(result.stdout.contains("  ada days_watched: expected `days_watched`, got the pack has no such field\n"), "\(result.stdout)")
        // With the field gone from the expected record, the same pack passes.
        _ = try write(#"{"name": "Ada Pond", "errors": []}"#, "pages/expected-ada.json")
        #expect(try run("cpvanity", ["patterns", "check", "--pack", pack, "--fixtures", fixtures]).status == 0)
    }

    /// A pack of one source reads a saved page whatever its file's name, and says when
    /// the record's id is null because no ID was given.
    @Test func aOneSourcePackNeedsNoSourceAndANullIDIsSaid() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack().replacingOccurrences(of: "data-member=\"{id}\"", with: "[^>]*"), "quill.toml")
        let saved = try write(page("ada", name: "Ada Pond"), "ada-saved.html")
        let result = try run("cpvanity", ["extract", "--pack", pack, saved])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"id\": null"))
        #expect(result.stderr == "cpvanity: \(saved): the record's id is null: no member ID was given for it, and its file name holds none that is a quill ID (name the page <source>-<id>.html, or give the ID)\n")
        let given = try run("cpvanity", ["extract", "--pack", pack, "--id", "ada", saved])
        #expect(given.stdout.contains("\"id\": \"ada\""))
        #expect(given.stderr == "")
    }

    /// A pack given by its file has its saved pages beside its directory too; none there is said, with where and what to do.
    @Test func aPacksFileWithoutSavedPagesIsToldWhereTheyGo() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pack = try write(forumPack(), "drafts/quill.toml")
        let result = try run("cpvanity", ["patterns", "check", "--pack", pack])
        #expect(result.status == 2)
        #expect(result.stderr.hasSuffix("cpvanity: cannot read \(directory.path)/Fixtures/quill: not a readable directory; that is where the quill pack's own saved pages go "
                                        + "(Fixtures/quill beside its pack directory): put them there, or point at them with --fixtures DIR\n"), "\(result.stderr)")
    }

    @Test func theDefaultSavedPagesAreSaid() throws {
        let result = try run("cpvanity", ["patterns", "check", "--site", "hackernews"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "cpvanity: saved pages: \(repositoryRoot.path)/Fixtures/hackernews and \(repositoryRoot.path)/Fixtures/hackernews-eras, "
                + "the hackernews pack's own (Fixtures/hackernews, and Fixtures/hackernews-eras when there, beside its pack directory)\n",
                "\(result.stderr)")
    }
}
