import Extraction
import Foundation
@testable import Learning
@testable import Packs
import Testing

/// A page a script draws: its saved HTML holds the member's figures only in its script
/// data, as JSON or a script's object. The learner reads them by their keys, and only
/// there, where no words of the page show them.
@Suite struct ScriptDataLearningTests: LearnsFromPages {
    func drawn(_ json: String) -> String {
        "<html><head><title>Tracker</title><script id=\"data\" type=\"application/json\">\(json)</script></head><body><div id=\"root\"></div></body></html>"
    }

    func member(_ name: String, _ followers: Int, _ rating: String) -> String {
        drawn(#"{"site":{"name":"Tracker","users":90210},"user":{"id":7,"name":"\#(name)","followers":\#(followers),"rating":\#(rating)}}"#)
    }

    @Test func valuesOnlyAScriptHoldsAreReadByTheirKeys() throws {
        let outcome = learner().learn(from: .init(page: page(member("Ana Ruiz", 1204, "4.66")),
                                                  values: [example("name", "Ana Ruiz"), example("followers", "1204"), example("rating", "4.66")]),
                                      also: [.init(page: page(member("Bo Lind", 87, "3.5"), "bo.html"),
                                                   values: [example("name", "Bo Lind"), example("followers", "87"), example("rating", "3.5")])])
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.checks.filter { !$0.right }.isEmpty, "\(outcome.checks)")
        #expect(outcome.notes.contains("followers: no words of first.html show it, so it is read from the key \"followers\" of the page's script data (a page a script draws)"),
                "\(outcome.notes)")
        // The site's own name comes first under the same key: the member's is kept to its object.
        #expect(outcome.toml.contains(#"# from the key "name" in "user" of the page's script data"#), "\(outcome.toml)")
        // A script writes a count whole: an int, whose capture reads it (not a rounded count's type).
        let pack = try PackLoader().load(toml: outcome.toml, file: "learned.toml")
        #expect(pack.fields.first { $0.name == "followers" }?.type == .int)
        let other = try read(outcome, member("Cyd Okafor", 12, "5"))
        #expect([other.value("name"), other.value("followers"), other.value("rating")] == [.text("Cyd Okafor"), .int(12), .decimal(5)])
        // A name with an escape in it is unknown, with a problem, never read with its backslash.
        let escaped = try read(outcome, member(#"Zo\u00eb"#, 3, "2.5"))
        #expect(escaped.value("name") == .null)
        #expect(escaped.problems.map(\.field?.description) == ["name"])
        #expect(escaped.value("followers") == .int(3))
    }

    /// A script's own object, its keys bare (`followers: 1204`).
    @Test func aScriptsObjectWithBareKeys() throws {
        func state(_ followers: Int) -> String {
            "<html><body><div id=\"app\"></div><script>window.__STATE__ = {member: {followers: \(followers), posts: 3}};</script></body></html>"
        }
        let outcome = learner().learn(from: .init(page: page(state(1204)), values: [example("followers", "1204")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(try read(outcome, state(56)).value("followers") == .int(56))
    }

    /// Two counts equal on both pages given (5 and 5, then 7 and 7): each is read by its own key.
    @Test func equalValuesAreEachReadByTheirOwnKey() throws {
        func data(_ followers: Int, _ karma: Int) -> String { drawn(#"{"user":{"followers":\#(followers),"karma":\#(karma)}}"#) }
        #expect(try readEqualValuesApart("followers", "karma", data) == [.int(12), .int(3)])
    }

    /// Where the page's words show the value, they are read, not the script's copy.
    @Test func wordsThePageShowsComeFirst() throws {
        let html = "<html><body><script>var s = {\"followers\":1204};</script><p class=\"followers\">1,204</p></body></html>"
        let outcome = learner().learn(from: .init(page: page(html), values: [example("followers", "1,204")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(!outcome.toml.contains("script data"), "\(outcome.toml)")
        #expect(outcome.notes.isEmpty, "\(outcome.notes)")
    }

    /// A page whose data stands in an attribute, its quotes written `&quot;`, as Inertia
    /// and React on Rails write a page (`<div id="app" data-page="{&quot;props&quot;:…}">`):
    /// read by the keys as in a script; a name's `&amp;` is the page's `&`, and a name
    /// with a JSON escape is unknown, with a problem.
    @Test func dataInAnAttributeIsReadByItsKeys() throws {
        func page(_ name: String, _ followers: Int) -> String {
            let data = #"{"component":"Users/Show","props":{"profile":{"name":"\#(name)","followers":\#(followers)}},"version":"a1"}"#
            return #"<html><body><div id="app" data-page="\#(data.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;"))"></div></body></html>"#
        }
        let outcome = learner().learn(from: .init(page: self.page(page("Ana Ruiz", 1204)), values: [example("name", "Ana Ruiz"), example("followers", "1204")]))
        #expect(outcome.unlearned.isEmpty, "\(outcome.unlearned)")
        #expect(outcome.toml.contains(#"# from the key "followers" of the page's script data"#), "\(outcome.toml)")
        let other = try read(outcome, page("AT&T Labs", 12))
        #expect([other.value("name"), other.value("followers")] == [.text("AT&T Labs"), .int(12)])
        let escaped = try read(outcome, page(#"Zo\u00eb"#, 3))
        #expect(escaped.value("name") == .null)
        #expect(escaped.problems.map(\.field?.description) == ["name"])
    }
}
