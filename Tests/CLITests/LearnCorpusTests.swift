import Foundation
import TestSupport
import Testing

/// The real saved pages of sites no pack covers (`../shared/realsites-learn`, with the
/// facts a person reads on each): not ours to copy into the repository, so where they
/// are missing this is skipped, shown as skipped.
let learnCorpus: String? = {
    let beside = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realsites-learn").path
    return FileManager.default.fileExists(atPath: "\(beside)/SOURCES.md") ? beside : nil
}()

/// `scripts/learn-corpus`: for each site, a pack learned from one page's facts (with
/// --also a second's) reads the third page's. The figures docs/patterns.md gives, held:
/// every fact right, none wrong, no value read where a page shows none.
@Suite(.enabled(if: learnCorpus != nil, "needs ../shared/realsites-learn"))
struct LearnCorpusTests {
    @Test func everyFactOfAnUnseenSiteReadsRightOnAPageNotLearnedFrom() throws {
        let figures = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-corpus-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: figures) }
        let result = try run(at: URL(fileURLWithPath: "/usr/bin/env"), ["bash", "scripts/learn-corpus", "--json", figures.path, learnCorpus ?? ""],
                             environment: ["CPVANITY_BIN": builtProduct("cpvanity").path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("PASS: no value wrong\n"), "\(result.stdout)")
        let sites = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: figures)) as? [String: [String: Any]])
        for (site, facts) in [("basketball-reference", 270), ("goodreads", 134), ("sports-reference-cbb", 254)] {
            let figure = try #require(sites[site], "\(site)")
            #expect(figure["facts"] as? Int == facts, "\(site)")
            #expect(figure["right"] as? Int == facts, "\(site): \(figure)")
            #expect(figure["wrong"] as? Int == 0, "\(site)")
            #expect(figure["absent wrong"] as? Int == 0, "\(site)")
        }
    }
}
