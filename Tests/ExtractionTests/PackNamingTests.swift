import Foundation
@testable import Packs
import Testing

/// What a pack names and people read: its site (a directory of saved pages), its IDs,
/// its pages' addresses and the words that head its columns, each checked when it loads.
@Suite struct PackNamingTests {
    /// A site's name names its saved pages' directory (Fixtures/<name>): no path hides in it.
    @Test func aSiteNameHoldsNoPathAndItsIDPatternIsNotEmpty() {
        for name in ["../evil", "a/b", "", "two words"] {
            do {
                _ = try PackLoader().load(toml: "[site]\nname = \"\(name)\"\nbase_url = \"https://x.example\"\nid = '[0-9]+'\n[sources.p]\nurl = '{base}/{id}'\n", file: "site.toml")
                Issue.record("the name '\(name)' loaded")
            } catch {
                #expect(error.problems == [PackProblem(location: "site.name", message: "'\(name)' is not a usable site name: use letters, digits, _ and -")])
            }
        }
        let empty = #expect(throws: PackLoadError.self) {
            try PackLoader().load(toml: "[site]\nname = \"x\"\nbase_url = \"https://x.example\"\nid = ''\n[sources.p]\nurl = '{base}/{id}'\n", file: "site.toml")
        }
        #expect(empty?.problems == [PackProblem(location: "site.id", message: "is empty; write the pattern every member ID matches, e.g. '[0-9]+'")])
        #expect((try? PackLoader().load(toml: "[site]\nname = \"9gag_v-2\"\nbase_url = \"https://x.example\"\nid = '[0-9]+'\n[sources.p]\nurl = '{base}/{id}'\n", file: "site.toml"))?.name == "9gag_v-2")
    }

    /// A label or an item's name heads a column or a section: a blank one is refused.
    @Test func aBlankLabelIsRefused() {
        #expect(loadProblems("""
            [fields.posts]
            source = "page"
            label = " "
            pattern = 'Posts: (\\d+)'

            [collections.threads]
            source = "page"
            row = '<li>(.*?)</li>'
            item = ""
            [collections.threads.fields.title]
            pattern = '(.+)'
            """) == [
                PackProblem(location: "fields.posts.label", message: "is blank; leave it out to show the name, or give the words people read"),
                PackProblem(location: "collections.threads.item", message: "is blank; leave it out to show the name, or give the words people read"),
            ])
    }

    /// A source's address that no fetch could take, or that reads every member the same,
    /// is the pack's problem when it loads, not each member's when it is looked up.
    @Test func aSourceAddressIsAnHTTPAddressOfTheMembersOwnPage() {
        let field = """
            [fields.posts]
            source = "other"
            pattern = 'Posts: (\\d+)'
            """
        #expect(loadProblems(field, sources: "[sources.other]\nurl = 'user?id={id}'") == [
            PackProblem(location: "sources.other.url", message: "'user?id={id}' is not an http(s) address; begin it with {base} (the site's base_url) or https://"),
        ])
        #expect(loadProblems(field, sources: "[sources.other]\nurl = '{base}/u?id={idd}'") == [
            PackProblem(location: "sources.other.url", message: "has the placeholder {idd}; a source's url knows {base} and {id}"),
            PackProblem(location: "sources.other.url", message: "has no {id}, and no pattern read on it names {id}: every member would read the same values; put {id} in the url where the member's ID goes"),
        ])
        #expect(loadProblems(field, sources: "[sources.other]\nurl = '{base}/stats'") == [
            PackProblem(location: "sources.other.url", message: "has no {id}, and no pattern read on it names {id}: every member would read the same values; put {id} in the url where the member's ID goes"),
        ])
        // The base every address begins with is an http(s) one with a host.
        for base in ["ftp://x.example", "https://", "x.example/u"] {
            let error = #expect(throws: PackLoadError.self) {
                try PackLoader().load(toml: "[site]\nname = \"x\"\nbase_url = \"\(base)\"\nid = '[0-9]+'\n[sources.p]\nurl = '{base}/{id}'\n", file: "x.toml")
            }
            #expect(error?.problems == [PackProblem(location: "site.base_url", message: "'\(base)' is not an absolute http(s) URL (e.g. https://www.example.com)")])
        }
        // Another host, in any case of scheme, and a site-wide page read through the member's own row.
        #expect(loadProblems(field, sources: "[sources.other]\nurl = 'HTTPS://cdn.example/{id}.html'") == [])
        #expect(loadProblems("""
            [fields.rank]
            source = "other"
            pattern = '<li data-user="{id}">#(\\d+)</li>'
            """, sources: "[sources.other]\nurl = '{base}/board'") == [])
    }

    /// Each host a next link may lead to is checked on its own, and the problem names it.
    @Test func eachNextHostIsAHostName() {
        let field = """
            [fields.posts]
            source = "list"
            pattern = 'Posts: (\\d+)'
            """
        func problems(_ hosts: String) -> [PackProblem] {
            loadProblems(field, sources: "[sources.list]\nurl = '{base}/u/{id}'\nnext = 'href=\"([^\"]+)\"'\nnext_hosts = \(hosts)")
        }
        let rule = "is not a host name: letters, digits, - and . only, as in \"api.example.org\" (no scheme, path or port)"
        #expect(problems(#"["api.example.org", "", "a b", 3, "x.com:80", "-x.example", "127.0.0.1", "Old.Example.COM"]"#) == [
            PackProblem(location: "sources.list.next_hosts[2]", message: "'' \(rule)"),
            PackProblem(location: "sources.list.next_hosts[3]", message: "'a b' \(rule)"),
            PackProblem(location: "sources.list.next_hosts[4]", message: "the integer 3 \(rule)"),
            PackProblem(location: "sources.list.next_hosts[5]", message: "'x.com:80' \(rule)"),
            PackProblem(location: "sources.list.next_hosts[6]", message: "'-x.example' \(rule)"),
        ])
        #expect(problems(#""api.example.org""#) == [
            PackProblem(location: "sources.list.next_hosts", message: #"must be a list of host names (["api.example.org"]), not the string "api.example.org""#),
        ])
        #expect(problems(#"["api.example.org", "Old.Example.COM"]"#) == [])
    }
}
