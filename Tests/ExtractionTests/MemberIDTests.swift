@testable import Packs
import Testing

/// What is taken as a member ID: the pack's pattern, a page address, and never a path.
@Suite struct MemberIDTests {
    @Test func aLoosePatternStillTakesNoPath() throws {
        let pack = try PackLoader().load(toml: """
            [site]
            name = "loose"
            base_url = "https://example.org/base/"
            id = '.+'
            [sources.page]
            url = '{base}/p?id={id}'
            """, file: "loose.toml")
        #expect(pack.idRule.accepts("ada_l"))
        #expect(pack.idRule.accepts("Zoë O'Brien"))
        for hostile in ["../../etc/passwd", "a/b", "a\\b", ".hidden", "..", "a\u{0}b", "line\nbreak", "esc\u{1B}[2J", ""] {
            #expect(!pack.idRule.accepts(hostile), "\(hostile.debugDescription)")
        }
        // Said as the reason where the pattern took them all the same.
        #expect(pack.idRule.requirement(refusing: ["a/b"]) == "an ID must match .+, and hold no / or \\, no control character, nor begin with a dot")
        #expect(pack.idRule.requirement(refusing: [""]) == "an ID must match .+")
        // An address whose ID decodes to a path is no ID either.
        #expect(pack.memberID(from: "https://example.org/p?id=ada%5Fl") == "ada_l")
        #expect(pack.memberID(from: "https://example.org/p?id=..%2F..%2Fx") == nil)
    }

    @Test func aPageAddressGivesItsID() throws {
        let pack = try PackLoader().load(file: codeprojectPack)
        #expect(pack.memberID(from: "48201") == "48201")
        #expect(pack.memberID(from: " 48201 ") == "48201")
        #expect(pack.memberID(from: "https://www.codeproject.com/script/Membership/View.aspx?mid=48201") == "48201")
        #expect(pack.memberID(from: "http://127.0.0.1:8080/script/Articles/MemberArticles.aspx?amid=7315&sort=views") == "7315")
        #expect(pack.memberID(from: "https://www.codeproject.com/script/Membership/View.aspx?mid=0") == nil)
        #expect(pack.memberID(from: "https://www.codeproject.com/Articles/5012773/Cache-Heap-Shader") == nil)
        #expect(pack.memberID(from: "ftp://www.codeproject.com/script/Membership/View.aspx?mid=48201") == nil)
    }
}
