import Extraction
import Foundation
import Matching
import Packs

/// Figure 1: the rules engine on generated articles pages, PCRE2 against
/// NSRegularExpression running the same pack in the same process.
struct ExtractionBenchmark {
    let packText: String
    let packFile: String
    let seconds: Double

    struct Throughput {
        let megabytesPerSecond: Double
        let pagesPerSecond: Double
        let rows: Int
    }

    func pack(_ text: String, engine: any PatternEngine = PCRE2Engine()) throws -> SitePack {
        try PackLoader(engine: engine).load(toml: text, file: packFile)
    }

    /// Full extractions of `page` with each pack, interleaved: every round gives each
    /// pack a slice of about 30 ms, so a slow spell of this shared machine falls on all
    /// of them alike and their ratios hold, even when the absolute figures do not.
    func compare(_ page: [UInt8], packs: [SitePack], seconds budget: Double? = nil) -> [Throughput] {
        compare(packs.map { (page, $0) }, seconds: budget)
    }

    /// The same, for any pairs of page and pack (one pack on two pages, say).
    func compare(_ pairs: [(page: [UInt8], pack: SitePack)], seconds budget: Double? = nil) -> [Throughput] {
        let subjects = pairs.map { [Page(source: "articles", utf8: $0.page, origin: "generated")] }
        let extractors = pairs.map { Extractor(pack: $0.pack) }
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        }
        // One warm-up run each, which also says how many runs fill a slice.
        var rows = [Int]()
        var perSlice = [Int]()
        for extractor in extractors {
            var found = 0
            let once = seconds(clock.measure { found = extractor.extract(subjects[rows.count]).collections["articles"]?.count ?? 0 })
            rows.append(found)
            perSlice.append(max(1, Int(0.03 / max(once, 1e-6))))
        }
        var elapsed = [Double](repeating: 0, count: pairs.count)
        var runs = [Int](repeating: 0, count: pairs.count)
        let deadline = clock.now.advanced(by: .milliseconds(Int64((budget ?? self.seconds) * 1000)))
        repeat {
            for (index, extractor) in extractors.enumerated() {
                elapsed[index] += seconds(clock.measure {
                    for _ in 0..<perSlice[index] { _ = extractor.extract(subjects[index]) }
                })
                runs[index] += perSlice[index]
            }
        } while clock.now < deadline || runs.contains(where: { $0 < 3 })
        return pairs.indices.map { index in
            Throughput(megabytesPerSecond: Double(pairs[index].page.count * runs[index]) / elapsed[index] / 1_000_000,
                       pagesPerSecond: Double(runs[index]) / elapsed[index], rows: rows[index])
        }
    }

    /// The pack with the articles rows' fields (and the statistics and report that name
    /// them) removed: what is left is cutting rows.
    var cutOnlyPack: String {
        var kept = [Substring]()
        var skipping = false
        for line in packText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") { skipping = line.hasPrefix("[collections.articles.fields.") }
            if line.hasPrefix("[report") || line.hasPrefix("[stats") { skipping = true }
            if !skipping { kept.append(line) }
        }
        return kept.joined(separator: "\n") + "\n[collections.articles.fields]\n"
    }

    /// The pack with every articles field kept as the raw captured string: matching
    /// without the conversions (and so without the statistics and report, which read numbers and dates).
    var matchOnlyPack: String {
        var out = [String]()
        var inRowField = false, skipping = false
        for line in packText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") {
                inRowField = line.hasPrefix("[collections.articles.fields.")
                skipping = line.hasPrefix("[stats") || line.hasPrefix("[report")
            }
            if skipping { continue }
            if inRowField && line.hasPrefix("type = ") { out.append("type = \"string\""); continue }
            if inRowField && (line.hasPrefix("map = ") || line.hasPrefix("required = ") || line.hasPrefix("min = ") || line.hasPrefix("max = ")) { continue }
            out.append(String(line))
        }
        return out.joined(separator: "\n")
    }
}
