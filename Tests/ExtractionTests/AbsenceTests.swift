@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// Absent only where the page says so: a value not found is its default (or null)
/// where the page shows there is none, and unknown, with a problem, everywhere else.
@Suite struct AbsenceTests {
    /// Absence is read from the page: a field not found is its default (or null) only
    /// where the page says it has none (its `absent` words, or its part without its
    /// `present` sign); anywhere else it is null with a problem, never the default.
    @Test func aFieldNotFoundIsNullWithAProblemUnlessThePageSaysNone() throws {
        let pack = try testPack("""
            [fields.count]
            source = "page"
            within = '<div class="counts">(.*?)</div>'
            present = 'Count:'
            pattern = 'Count: (\\d+)'
            type = "int"
            default = 0

            [fields.inTable]
            source = "page"
            within = '<table>(.*?)</table>'
            present = 'Points:'
            pattern = 'Points: (\\d+)'
            type = "int"
            default = 0

            [fields.title]
            source = "page"
            pattern = '<h1>(.*?)</h1>'

            [fields.avatar]
            source = "page"
            pattern = '<img src="(.*?)"'
            absent = '<div class="no-photo">'
            """)
        // The parts are shown without the values' signs, and the page says it has no photo.
        let shown = extract(#"<h1>T</h1><div class="counts">none yet</div><table>nothing</table><div class="no-photo"></div>"#, with: pack)
        #expect(shown.value("count") == .int(0))
        #expect(shown.value("inTable") == .int(0))
        #expect(shown.value("avatar") == .null)
        #expect(shown.problems == [])
        #expect(shown.outcomes.map { [$0.field.description, "\($0.matched)/\($0.defaulted)/\($0.missing)/\($0.absent)"] } == [
            ["count", "0/1/0/0"], ["inTable", "0/1/0/0"], ["title", "1/0/0/0"], ["avatar", "0/0/0/1"],
        ])

        // Nothing shown: unknown, each with a problem naming the field, page and pattern.
        let record = extract("<p>empty</p>", with: pack)
        #expect(record.value("count") == .null)
        #expect(record.value("inTable") == .null)
        #expect(record.value("title") == .null)
        #expect(record.value("avatar") == .null)
        #expect(record.problems.map(\.field?.description) == ["count", "inTable", "title", "avatar"])
        let problem = try #require(record.problems.first { $0.field?.description == "title" })
        #expect(problem.kind == .extraction)
        #expect(problem.source == "page")
        #expect(problem.origin == "page.html")
        #expect(problem.description == "title: not found: its pattern did not match (tried '<h1>(.*?)</h1>') (page page page.html)")
        #expect(record.problems.first?.message
                == "not found: its pattern did not match, and the page does not show that there is none (tried 'Count: (\\d+)')")
        #expect(record.outcomes.map(\.missing) == [1, 1, 1, 1])

        // The value's sign shows and the value does not read: a problem, never the default.
        let unread = extract(#"<h1>T</h1><div class="counts">Count: twelve</div><table>Points: 4</table>"#, with: pack)
        #expect(unread.value("count") == .null)
        #expect(unread.value("inTable") == .int(4))
        #expect(unread.problems.first?.message
                == "not found: its pattern did not match, though the page shows the value's part (its present pattern matched) (tried 'Count: (\\d+)')")
    }

    /// A field one layout leaves out: absent where that layout's own sign shows, expected
    /// where the layout that has it shows (its `present`), unknown on a page with neither.
    @Test func aFieldOneLayoutLeavesOutIsAbsentOnlyThere() throws {
        let pack = try testPack("""
            [fields.repositories]
            source = "page"
            pattern = 'Repositories <span class="Counter">(\\d+)</span>'
            type = "int"
            present = '<nav class="tabs">'
            absent = '<div class="vcard">'
            """)
        let counted = extract(#"<nav class="tabs">Repositories <span class="Counter">43</span></nav>"#, with: pack)
        #expect(counted.value("repositories") == .int(43))
        // The old layout, with no tab bar: no count, and nothing wrong.
        let old = extract(#"<div class="vcard">Joined on Mar 2, 2011</div>"#, with: pack)
        #expect(old.value("repositories") == .null)
        #expect(old.problems == [])
        #expect(old.outcomes.map(\.absent) == [1])
        // The tab bar without the count: unknown, and said.
        let redesigned = extract(#"<nav class="tabs">Repositories <b>43</b></nav>"#, with: pack)
        #expect(redesigned.value("repositories") == .null)
        #expect(redesigned.problems.map(\.message) == [
            #"not found: its pattern did not match, though the page shows the value's part (its present pattern matched) (tried 'Repositories <span class="Counter">(\d+)</span>')"#,
        ])
        #expect(redesigned.outcomes.map(\.missing) == [1])
        // A page of neither layout (the tab bar renamed): unknown, not "the old layout".
        let neither = extract(#"<header class="profile-tabs">Repos 43</header>"#, with: pack)
        #expect(neither.value("repositories") == .null)
        #expect(neither.problems.count == 1)
    }
}
