import Foundation
import Rules

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

    /// Runs full extractions of `page` for about `seconds` (at least `minimum` times).
    func measure(_ page: [UInt8], pack: SitePack, minimum: Int = 3, seconds: Double? = nil) -> Throughput {
        let extractor = Extractor(pack: pack)
        let subject = Page(source: "articles", utf8: page, origin: "generated")
        var rows = extractor.extract([subject]).collections["articles"]?.count ?? 0
        let budget = seconds ?? self.seconds
        var runs = 0
        let started = ContinuousClock.now
        var elapsed = Duration.zero
        repeat {
            rows = extractor.extract([subject]).collections["articles"]?.count ?? 0
            runs += 1
            elapsed = ContinuousClock.now - started
        } while runs < minimum || elapsed < .milliseconds(Int64(budget * 1000))
        let secondsTaken = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Throughput(megabytesPerSecond: Double(page.count * runs) / secondsTaken / 1_000_000,
                          pagesPerSecond: Double(runs) / secondsTaken, rows: rows)
    }

    /// The pack with the articles rows' fields removed: what is left is cutting rows.
    var cutOnlyPack: String {
        var kept = [Substring]()
        var skipping = false
        for line in packText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") { skipping = line.hasPrefix("[collections.articles.fields.") }
            if line.hasPrefix("[report") { skipping = true }
            if !skipping { kept.append(line) }
        }
        return kept.joined(separator: "\n") + "\n[collections.articles.fields]\n"
    }

    /// The pack with every articles field kept as the raw captured string: matching
    /// without the conversions.
    var matchOnlyPack: String {
        var out = [String]()
        var inRowField = false
        for line in packText.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("[") { inRowField = line.hasPrefix("[collections.articles.fields.") }
            if inRowField && line.hasPrefix("type = ") { out.append("type = \"string\""); continue }
            if inRowField && line.hasPrefix("map = ") { continue }
            if inRowField && line.hasPrefix("required = ") { continue }
            out.append(String(line))
        }
        return out.joined(separator: "\n")
    }
}
