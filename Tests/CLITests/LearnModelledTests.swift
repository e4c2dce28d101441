import Foundation
import TestSupport
import Testing

/// `scripts/learn-corpus` on the pages written for it (`Fixtures/learn-modelled`, twenty-five
/// made-up sites of kinds the learner must read: a plain table, a header row of `<td>`
/// cells, CSS-module class names, a page its script draws; see its README): for
/// each, a pack learned from one page's facts (with --also a second's) reads the third
/// page's, in all six orders. Every fact right, none wrong, no value read where a page
/// shows none.
@Suite struct LearnModelledTests {
    @Test func everyFactOfEveryModelledSiteReadsRightOnAPageNotLearnedFrom() throws {
        let figures = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-modelled-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: figures) }
        let corpus = repositoryRoot.appendingPathComponent("Fixtures/learn-modelled").path
        let result = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["bash", "scripts/learn-corpus", "--json", figures.path, corpus],
                             environment: ["CPVANITY_BIN": builtProduct("cpvanity").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("PASS: no value wrong\n"), "\(result.stdout)")
        let sites = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: figures)) as? [String: [String: Any]])
        let expected = ["animelog": 116, "board": 62, "bounds": 24, "clocks": 42, "collect": 126, "dashes": 12, "drawn": 24, "forge": 76, "infobox": 66, "judge": 84, "keyed": 48, "league": 90, "meta": 24, "oldforum": 64, "props": 24, "react": 36, "registry": 54, "scores": 18, "seasons": 60, "shelf": 66, "shelfy": 90, "spaced": 60, "tabs": 48, "twins": 30, "units": 42]
        #expect(Set(sites.keys) == Set(expected.keys))
        for (site, facts) in expected {
            let figure = try #require(sites[site], "\(site)")
            #expect(figure["facts"] as? Int == facts, "\(site)")
            #expect(figure["right"] as? Int == facts, "\(site): \(figure)")
            #expect(figure["wrong"] as? Int == 0, "\(site)")
            #expect(figure["absent wrong"] as? Int == 0, "\(site)")
        }
    }
}
