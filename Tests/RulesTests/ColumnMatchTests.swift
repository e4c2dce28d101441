import Foundation
import Testing
@testable import Rules

/// Extraction asks the engine for a whole column of rows at once (`firstRanges`).
/// PCRE2 answers it with its own loop; every answer must be the one `firstRange`
/// gives for each region on its own.
@Suite struct ColumnMatchTests {
    /// What `firstRange` says of each region alone, in the shape `firstRanges` reports.
    private func oneByOne(_ pattern: any CompiledPattern, group: Int, in buffer: UnsafeBufferPointer<UInt8>, regions: [Range<Int>],
                          asciiOnly: [Bool], searching: [Int], scratch: MatchScratch) -> [String] {
        searching.map { index in
            let region = regions[index]
            do throws(MatchFailure) {
                guard let range = try pattern.firstRange(of: group, in: UnsafeBufferPointer(rebasing: buffer[region]), from: 0,
                                                         asciiOnly: asciiOnly[index], scratch: scratch) else { return "\(index): none" }
                return "\(index): \(range.lowerBound + region.lowerBound)..<\(range.upperBound + region.lowerBound)"
            } catch {
                return "\(index): \(error.message)"
            }
        }
    }

    private func together(_ found: RegionMatches, order: [Int]) -> [String] {
        var answers = [Int: String]()
        for (index, range) in found.captured { answers[index] = "\(index): \(range.lowerBound)..<\(range.upperBound)" }
        for index in found.unmatched { answers[index] = "\(index): none" }
        for (index, failure) in found.failed { answers[index] = "\(index): \(failure.message)" }
        // Each region answered once, in the order asked.
        #expect(found.captured.count + found.unmatched.count + found.failed.count == order.count)
        #expect(found.captured.map(\.region) == order.filter { answers[$0]?.contains("..<") == true })
        return order.map { answers[$0] ?? "\($0): missing" }
    }

    @Test func aColumnGetsTheAnswersOfItsRowsOneByOne() throws {
        let html = Array("""
            <r>Views: 12 <b>x</b></r><r>Views: <i>3,4</i></r><r>no views</r><r>Vïews: 9 Views: 10</r><r></r><r>views:7</r>
            """.utf8)
        // Rows as the extractor cuts them: from one <r> to the next, one of them empty.
        var starts = [Int]()
        for index in html.indices where html[index...].starts(with: "<r>".utf8) { starts.append(index) }
        var regions = zip(starts, starts.dropFirst() + [html.count]).map { $0..<$1 }
        regions.append(html.count..<html.count)
        let engine = PCRE2Engine()
        for source in [#"Views:\s*(?:<[^>]+>\s*)*([\d,]+)"#, #"(x)|(Views)"#, #"<(?:b|i)>(.*?)</"#] {
            let compiled = try engine.compile(source, options: PatternOptions())
            try html.withUnsafeBufferPointer { buffer in
                let asciiOnly = regions.map { region in buffer[region].allSatisfy { $0 < 0x80 } }
                #expect(asciiOnly.contains(false))
                let scratch = MatchScratch()
                let everyOther = Array(stride(from: regions.count - 1, through: 0, by: -2))
                for group in 0...min(2, compiled.captureCount + 1) {
                    for searching in [Array(regions.indices), everyOther, []] {
                        var found = RegionMatches()
                        compiled.firstRanges(of: group, in: buffer, regions: regions, asciiOnly: asciiOnly, searching: searching,
                                             scratch: scratch, into: &found)
                        #expect(together(found, order: searching)
                                == oneByOne(compiled, group: group, in: buffer, regions: regions, asciiOnly: asciiOnly,
                                            searching: searching, scratch: scratch),
                                "\(source), group \(group)")
                    }
                }
                _ = try #require(compiled as? PCRE2Pattern)
            }
        }
    }

    @Test func anEmptyPagesRowsGetTheAnswersOfFirstRangeToo() throws {
        // A buffer with no base address (an empty one may have none): a pattern that
        // matches the empty string still matches its one empty row, as firstRange says.
        let compiled = try PCRE2Engine().compile("(x?)", options: PatternOptions())
        let regions = [0..<0]
        let scratch = MatchScratch()
        let buffer = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        for group in 0...2 {
            var found = RegionMatches()
            compiled.firstRanges(of: group, in: buffer, regions: regions, asciiOnly: [true], searching: [0], scratch: scratch, into: &found)
            #expect(together(found, order: [0])
                    == oneByOne(compiled, group: group, in: buffer, regions: regions, asciiOnly: [true], searching: [0], scratch: scratch),
                    "group \(group)")
        }
        #expect(try compiled.firstRange(of: 1, in: buffer, from: 0, asciiOnly: true, scratch: scratch) == 0..<0)
    }

    @Test func aRowThatHitsALimitFailsAloneInItsColumn() throws {
        let compiled = try PCRE2Engine().compile("((?:x+x+)+)y", options: PatternOptions())
        let html = Array(("<r>xxy</r><r>" + String(repeating: "x", count: 40) + "!y</r><r>xxxy</r>").utf8)
        let regions = [0..<10, 10..<(html.count - 11), (html.count - 11)..<html.count]
        var found = RegionMatches()
        html.withUnsafeBufferPointer { buffer in
            compiled.firstRanges(of: 1, in: buffer, regions: regions, asciiOnly: [true, true, true], searching: [0, 1, 2],
                                 scratch: MatchScratch(limits: MatchLimits(steps: 100_000, depth: 100_000, heapKiB: 1024)), into: &found)
        }
        #expect(found.captured.map(\.region) == [0, 2])
        #expect(found.captured.map(\.range) == [3..<5, (html.count - 8)..<(html.count - 5)])
        #expect(found.unmatched == [])
        #expect(found.failed.map(\.region) == [1])
        #expect(found.failed.first?.failure == .limitExceeded("match-step"))
    }
}
