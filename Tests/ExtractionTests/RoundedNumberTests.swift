@testable import Extraction
import Foundation
@testable import Packs
import Testing

/// Counts as real pages show them: Stack Overflow's `99.5k` community reputation,
/// GitHub's `314k` followers, a locale's `1,2k`, and exact ones.
@Suite struct RoundedNumberTests {
    func read(_ text: String) -> RoundedNumber? { try? RoundedNumber.read(text).get() }

    @Test func roundedCountsAreNumbersToTheirStep() {
        #expect(read("99.5k") == RoundedNumber(value: 99_500, step: 100))
        #expect(read("1k") == RoundedNumber(value: 1_000, step: 1_000))
        #expect(read("314k") == RoundedNumber(value: 314_000, step: 1_000))
        #expect(read("2.2m") == RoundedNumber(value: 2_200_000, step: 100_000))
        #expect(read("2.25M") == RoundedNumber(value: 2_250_000, step: 10_000))
        #expect(read("1,2k") == RoundedNumber(value: 1_200, step: 100))
        #expect(read(" 44.7k ") == RoundedNumber(value: 44_700, step: 100))
        #expect(read("1.5b") == RoundedNumber(value: 1_500_000_000, step: 100_000_000))
        // Exact counts, with separators.
        #expect(read("229") == RoundedNumber(value: 229, step: 1))
        #expect(read("1,103") == RoundedNumber(value: 1_103, step: 1))
        #expect(read("-3") == RoundedNumber(value: -3, step: 1))
    }

    @Test func whatIsNotACountIsSaid() {
        for text in ["", "k", "4.5", "1.2.3k", "abc", "12x", "1.2345k", "∞", "NaNk"] {
            #expect(throws: RoundedNumber.Failure.notANumber, "\(text)") { try RoundedNumber.read(text).get() }
        }
        #expect(throws: RoundedNumber.Failure.tooLarge) { try RoundedNumber.read("99999999999999999b").get() }
        #expect(throws: RoundedNumber.Failure.tooLarge) { try RoundedNumber.read("1234567890123456789012").get() }
    }

    @Test func shownAsThePageShowsIt() {
        #expect(RoundedNumber(value: 99_500, step: 100).shown == "99.5k")
        #expect(RoundedNumber(value: 1_000, step: 1_000).shown == "1k")
        #expect(RoundedNumber(value: 2_200_000, step: 100_000).shown == "2.2m")
        #expect(RoundedNumber(value: 1_103, step: 1).shown == "1,103")
    }

    static func pack() throws -> SitePack {
        try testPack("""
            [fields.followers]
            source = "page"
            type = "rounded"
            pattern = 'f=(\\S+)'
            [collections.sites]
            source = "page"
            row = '<li>(.*?)</li>'
            [collections.sites.fields.reputation]
            type = "rounded"
            pattern = 'r=(\\S+)'
            [stats.total]
            op = "sum"
            of = "sites.reputation"
            """)
    }

    /// The record holds the number, and beside it the step of each value shown rounded.
    @Test func theRecordKeepsWhichValuesAreRounded() throws {
        let record = extract("f=314k <ul><li>r=99.5k</li><li>r=229</li><li>r=1k</li></ul>", with: try Self.pack())
        #expect(record.problems.isEmpty, "\(record.problems)")
        #expect(record.value("followers") == .int(314_000))
        #expect(record.collections["sites"]?.map { $0["reputation"] } == [.int(99_500), .int(229), .int(1_000)])
        // The sum over two rounded values is known to the larger step, no closer.
        #expect(record.roundedPlaces.map { "\($0.path)=\($0.step)" } == ["followers=1000", "sites[0].reputation=100", "sites[2].reputation=1000", "stats.total=1000"])
        #expect(record.stats?["total"] == .value(FieldReading(.int(100_729), step: 1_000)))
        let unreadable = extract("f=lots", with: try Self.pack())
        #expect(unreadable.value("followers") == .null)
        #expect(unreadable.problems.first?.message == "captured \"lots\", which is not a number such as 1,103, 99.5k or 2.2m")
        #expect(extract("f=1,103", with: try Self.pack()).roundedPlaces.isEmpty)
        let huge = extract("f=99999999999999999999k", with: try Self.pack())
        #expect(huge.value("followers") == .null)
        #expect(huge.problems.first?.kind == .unreadable)
        #expect(huge.problems.first?.message.hasPrefix("captured \"99999999999999999999k\", a number too large for an integer") == true, "\(huge.problems)")
    }
}
