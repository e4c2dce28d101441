import Foundation
import TestSupport
import Testing

/// `patterns learn` as a pack author runs it: a whole pack from the values read on one
/// saved page, checked on another, written to a file, then used with `--pack` by
/// `extract` and `patterns check`. The pages are written here, in the shape of a small
/// forum's member page.
@Suite struct LearnTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-learn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// A member page: a name, counts in sentences, a rounded count, a joined month, and
    /// a list of threads with their replies.
    func memberPage(_ id: String, name: String, posts: String, views: String, joined: String, threads: [(String, Int)]) -> String {
        let rows = threads.map { "<li class=\"thread-row d-flex\"><a href=\"/t/\($0.0.count)\">\($0.0)</a><span class=\"replies\">\($0.1) replies</span></li>" }
        return """
            <!DOCTYPE html><html><head><title>\(name) - Quill Forum</title>
            <link rel="canonical" href="https://quill.example/members/\(id)"></head><body>
            <nav><a href="/t/1">\(threads.first?.0 ?? "")</a></nav>
            <div id="m\(id)x9Qz" class="mb-3 profile-head"><h1 class="member-name">\(name)</h1></div>
            <p class="stat"><strong>\(posts)</strong> posts</p>
            <p class="stat">Profile seen <span>\(views)</span> times</p>
            <p>Member since <time>\(joined)</time></p>
            <ul class="threads">\(rows.joined())</ul>
            </body></html>
            """
    }

    func write(_ text: String, _ name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPackLearnedOnOnePageReadsAnother() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = directory.appendingPathComponent("pages").path
        try FileManager.default.createDirectory(atPath: fixtures, withIntermediateDirectories: true)
        let first = try write(memberPage("ada", name: "Ada Pond", posts: "1,204", views: "12.3k", joined: "Apr 2017",
                                         threads: [("Pools &amp; heaps", 12), ("Queues", 4), ("Stacks", 9)]), "pages/profile-ada.html")
        let second = try write(memberPage("bo", name: "Bo Ray", posts: "87", views: "950", joined: "Jan 2020",
                                          threads: [("Tries", 3), ("Graphs", 0)]), "pages/profile-bo.html")
        let pack = directory.appendingPathComponent("quill.toml").path
        let learned = try run("cpvanity", ["patterns", "learn", "--page", first, "--id", "ada",
                                           "name=Ada Pond", "posts=1,204", "views=12.3k", "joined=Apr 2017",
                                           "--row-title", "Pools & heaps", "--row-title", "Queues", "--row", "replies=12", "--collection", "threads",
                                           "--also", second, "name=Bo Ray", "posts=87", "row-title=Tries", "--output", pack])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stdout == "")
        // Four values, two titles and the titled row's replies.
        #expect(learned.stderr.contains("\(first): 7 of 7 values read right\n"), "\(learned.stderr)")
        #expect(learned.stderr.contains("\(second): 3 of 3 values read right\n"), "\(learned.stderr)")
        let toml = try String(contentsOfFile: pack, encoding: .utf8)
        // Typed from how each value is written (a count below the 12.3k the page rounds is
        // read rounded, as a bigger member's page writes it); the site and its address
        // from the page's canonical link.
        #expect(toml.contains("[site]\nname = \"quill\"\ntitle = \"Quill\"\nbase_url = \"https://quill.example\"\n"), "\(toml)")
        #expect(toml.contains("[sources.profile]\nurl = '{base}/members/{id}'\n"), "\(toml)")
        for (field, type) in [("name", "text"), ("posts", "rounded"), ("views", "rounded"), ("joined", "month")] {
            #expect(toml.contains("[fields.\(field)]\nsource = \"profile\"\ntype = \"\(type)\"\n"), "\(field)")
        }
        // The generated id is not an anchor.
        #expect(!toml.contains("x9Qz"))

        // Used with --pack, it reads the other page as a user's extract would.
        let extracted = try run("cpvanity", ["extract", "--pack", pack, second])
        #expect(extracted.status == 0, "\(extracted.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(extracted.stdout.utf8)) as? [String: Any])
        #expect(record["id"] as? String == "bo")
        #expect(record["site"] as? String == "quill")
        #expect(record["name"] as? String == "Bo Ray")
        #expect(record["posts"] as? Int == 87)
        #expect(record["views"] as? Int == 950)
        #expect(record["joined"] as? String == "2020-01")
        let threads = try #require(record["threads"] as? [[String: Any]])
        #expect(threads.map { $0["title"] as? String } == ["Tries", "Graphs"])
        #expect(threads.map { $0["replies"] as? Int } == [3, 0])
        #expect((record["stats"] as? [String: Any])?["total_replies"] as? Int == 3)

        // And `patterns check --pack` holds it against the page and its expected record.
        try #"{"name": "Bo Ray", "posts": 87, "views": 950, "joined": "2020-01", "threads": [{"title": "Tries", "replies": 3}, {"title": "Graphs", "replies": 0}], "errors": []}"#
            .write(toFile: "\(fixtures)/expected-bo.json", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: first)
        let check = try run("cpvanity", ["patterns", "check", "--pack", pack, "--fixtures", fixtures])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func valuesAfterAnAlsoPageAreThatPagesNotSwallowed() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try write(memberPage("ada", name: "Ada Pond", posts: "1,204", views: "12.3k", joined: "Apr 2017", threads: []), "a.html")
        let second = try write(memberPage("bo", name: "Bo Ray", posts: "87", views: "950", joined: "Jan 2020", threads: []), "b.html")
        let suggested = try run("cpvanity", ["patterns", "suggest", "--source", "profile", "--page", first, "name=Ada Pond", "--also", second, "name=Bo Ray"])
        #expect(suggested.status == 0, "\(suggested.stderr)")
        #expect(suggested.stdout.contains("#    \(second): \"Bo Ray\"\n"), "\(suggested.stdout)")
        // A value before any page is said, with what to do.
        let early = try run("cpvanity", ["patterns", "learn", "--page", first, "--id", "ada", "name=Ada Pond", "--also", "name=Bo Ray", second])
        #expect(early.status == 2)
        #expect(early.stderr.contains("'name=Bo Ray' comes before any other page it was read on; give the page first, then the values read there"), "\(early.stderr)")
    }

    /// A facts file says whose page it is (`id=`), as `--id` does: the address comes from
    /// the page's canonical link. An `--id` that differs is refused, a blank ID named by its line.
    @Test func aFactsFileSaysWhosePageItIs() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try write(memberPage("ada", name: "Ada Pond", posts: "1,204", views: "12.3k", joined: "Apr 2017", threads: []), "a.html")
        let facts = try write("# Ada's page\nid=ada\nname=Ada Pond\n", "a.facts")
        let learned = try run("cpvanity", ["patterns", "learn", "--page", page, "--facts", facts])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stdout.contains("url = '{base}/members/{id}'"), "\(learned.stdout)")
        let differing = try run("cpvanity", ["patterns", "learn", "--page", page, "--facts", facts, "--id", "bo"])
        #expect(differing.status == 2)
        #expect(differing.stderr == "cpvanity: the member's ID: 'bo' was given, and the facts say id=ada; give the ID of the member whose page it is once\n")
        let blank = try write("id=\nname=Ada Pond\n", "b.facts")
        let refused = try run("cpvanity", ["patterns", "learn", "--page", page, "--facts", blank])
        #expect(refused.status == 2)
        #expect(refused.stderr == "cpvanity: \(blank), line 1: 'id=': the member's ID is one word, as the page's address has it\n")
    }

    /// Without an ID given, the page's canonical address says whose page it is, by the
    /// form `--url` gives: a handle in the `<h1>` is then no anchor, and a part of the
    /// line after it is learned from that one page.
    @Test func theCanonicalAddressSaysWhosePageItIs() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        func profile(_ id: String, _ line: String) -> String {
            "<html><head><link rel=\"canonical\" href=\"https://www.quill.example/members/\(id)\"></head><body><h1>\(id)</h1><div class=\"sub\">\(line)</div></body></html>"
        }
        let page = try write(profile("ada", "Ada Pond - Leeds - United Kingdom"), "a.html")
        let other = try write(profile("bo", "Bo Ray - Lyon - France"), "b.html")
        let pack = directory.appendingPathComponent("quill.toml").path
        let learned = try run("cpvanity", ["patterns", "learn", "--page", page, "--url", "https://quill.example/members/{id}", "city=Leeds", "--output", pack])
        #expect(learned.status == 0, "\(learned.stderr)")
        let read = try run("cpvanity", ["extract", "--pack", pack, "--source", "profile", "--compact", other])
        #expect(read.stdout.contains(#""city":"Lyon""#), "\(read.stdout) \(read.stderr)")
    }

    @Test func withoutTheAddressOfAMembersPageItAsksForIt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try write("<html><body><h1 class=\"member-name\">Ada Pond</h1></body></html>", "a.html")
        let result = try run("cpvanity", ["patterns", "learn", "--page", page, "name=Ada Pond"])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "cpvanity: the pack needs the address of a member's page, with {id} where the ID goes (https://example.com/users/{id}): give it with --url, or give --id to find it in the page's canonical link\n")
        let bad = try run("cpvanity", ["patterns", "learn", "--page", page, "--url", "https://quill.example/members/ada", "name=Ada Pond"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("is not a page address with {id} where the member's ID goes"), "\(bad.stderr)")
    }

    /// What goes into the pack's text is made safe for it: a page's file name with a
    /// control character in it (a comment of the pack) still gives a pack that loads; a
    /// site's name that is no word is refused.
    @Test func hostileNamesGiveAPackThatLoadsOrAnError() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try write(memberPage("ada", name: "Ada Pond", posts: "1,204", views: "12.3k", joined: "Apr 2017", threads: []), "pa\u{7}ge.html")
        let pack = directory.appendingPathComponent("quill.toml").path
        let learned = try run("cpvanity", ["patterns", "learn", "--page", page, "--id", "ada", "name=Ada Pond", "--output", pack])
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stderr.contains("pa\\u{7}ge.html: 1 of 1 values read right"), "\(learned.stderr)")
        let read = try run("cpvanity", ["extract", "--pack", pack, "--source", "profile", page])
        #expect(read.status == 0, "\(read.stderr)")
        let named = try run("cpvanity", ["patterns", "learn", "--page", page, "--id", "ada", "--name", "bad\u{1B}name", "name=Ada Pond"])
        #expect(named.status == 2)
        #expect(named.stdout == "")
        #expect(named.stderr == "cpvanity: the site's name: 'bad\\u{1B}name' is not one; a site's name is letters, digits, - and _ (what a command names the site by)\n")
    }

    @Test func aValueNotOnThePageIsNotLearnedAndSaid() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = try write(memberPage("ada", name: "Ada Pond", posts: "1,204", views: "12.3k", joined: "Apr 2017", threads: []), "a.html")
        let result = try run("cpvanity", ["patterns", "learn", "--page", page, "--url", "https://quill.example/members/{id}", "name=Ada Pond", "posts=1,205"])
        #expect(result.status == 1)
        // Not on the page: said so, with the value the page does show nearest it, and never that the page shows 1,205.
        #expect(result.stderr.contains("posts = 1,205: not learned; it is not on \(page); the nearest value the page shows is 1,204"), "\(result.stderr)")
        #expect(!result.stderr.contains("shows \"1,205\""), "\(result.stderr)")
        #expect(result.stderr.contains("\(page): 1 of 2 values read right\n"))
        #expect(result.stdout.contains("[fields.name]"))
        #expect(!result.stdout.contains("[fields.posts]"))
    }

    /// What is not a web page (an image, a program, an empty file) is refused, named,
    /// with exit 2: never searched, and never said to read right.
    @Test func aFileThatIsNoPageIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let cases: [(name: String, bytes: [UInt8], says: String)] = [
            ("logo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], "it is a PNG image"),
            ("tool", [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0, 0, 0], "it is a program (ELF)"),
            ("empty.html", [], "it is empty"),
            ("blob.bin", [0x41, 0x00, 0x42, 0x00, 0x10, 0x3C], "it is a binary file"),
            ("notes.txt", Array("posts 1,204 and some words".utf8), "it holds no HTML tag"),
        ]
        for (name, bytes, says) in cases {
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let result = try run("cpvanity", ["patterns", "learn", "--page", path, "--url", "https://quill.example/members/{id}", "posts=1,204"])
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stdout == "")
            #expect(result.stderr == "cpvanity: cannot read \(path): \(says), not a web page; give the page as the browser saves it (its HTML)\n", "\(name)")
        }
    }
}
