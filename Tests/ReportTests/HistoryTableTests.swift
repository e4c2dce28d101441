import Foundation
import Lookup
@testable import Report
import Packs
import Testing
import TestSupport

@Suite struct HistoryTableTests {
    @Test func anUnknownValueReadsUnknownAndNoChangeIsComputedAgainstIt() throws {
        let t0 = Date(timeIntervalSince1970: 1_763_800_000)
        let points = [
            HistorySeries.Point(time: t0, lastSeen: t0, values: ["reputation.total": .int(100)]),
            HistorySeries.Point(time: t0.addingTimeInterval(86_400), lastSeen: t0.addingTimeInterval(86_400), values: ["reputation.total": .null]),
            HistorySeries.Point(time: t0.addingTimeInterval(172_800), lastSeen: t0.addingTimeInterval(172_800), values: ["reputation.total": .int(135)]),
        ]
        let text = try Formats.table.text(HistoryView(series: [HistorySeries(id: "7", site: "codeproject", title: "Jo", points: points)],
                                                      fields: ["reputation.total"], rows: false, pack: FixtureRecords.pack, options: ReportOptions()))
        // Headed by the field's label; CSV and JSON keep the key.
        #expect(text == """
            Jo (7)
              time                  Reputation
              2025-11-22T08:26:40Z         100
              2025-11-23T08:26:40Z     unknown
              2025-11-24T08:26:40Z         135
              trend
              Reputation  ▁ █  100 → 135

            """)
    }

    /// A span is said in words in the table (its change too); JSON keeps ISO 8601.
    @Test func aSpanIsSaidInWords() throws {
        let pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/stackoverflow.toml").path)
        let t0 = Date(timeIntervalSince1970: 1_763_800_000), t1 = t0.addingTimeInterval(31 * 86_400)
        let points = [
            HistorySeries.Point(time: t0, lastSeen: t0, values: ["member_for": .text("P13Y7M")]),
            HistorySeries.Point(time: t1, lastSeen: t1, values: ["member_for": .text("P13Y8M")]),
        ]
        let view = HistoryView(series: [HistorySeries(id: "31415", site: "stackoverflow", title: "Ada", points: points)],
                               fields: ["member_for"], rows: false, pack: pack, options: ReportOptions())
        #expect(try Formats.table.text(view) == """
            Ada (31415)
              time                  Member for
              2025-11-22T08:26:40Z  13 years, 7 months
              2025-12-23T08:26:40Z  13 years, 8 months (was 13 years, 7 months)

            """)
        #expect(try Formats.json.text(view).contains("\"member_for\": \"P13Y8M\""))
    }

    /// Wider than the terminal, the fields continue below in blocks led by the time, so
    /// no line wraps.
    @Test func aWideHistoryGoesOnInBlocksThatFitTheWidth() throws {
        let t0 = Date(timeIntervalSince1970: 1_763_800_000)
        let values: [String: FieldValue] = ["reputation.total": .int(1_204_873), "reputation.level": .text("platinum"),
                                            "counts.articles": .int(20), "counts.tech_blogs": .int(8), "ratings.articles_average": .decimal(4.66)]
        let fields = ["reputation.total", "reputation.level", "counts.articles", "counts.tech_blogs", "ratings.articles_average"]
        var options = ReportOptions()
        options.width = 60
        let text = try Formats.table.text(HistoryView(series: [HistorySeries(id: "7", site: "codeproject", title: "Jo",
                                                                              points: [HistorySeries.Point(time: t0, lastSeen: t0, values: values)])],
                                                      fields: fields, rows: false, pack: FixtureRecords.pack, options: options))
        #expect(text == """
            Jo (7)
              time                  Reputation  Reputation level
              2025-11-22T08:26:40Z   1,204,873  platinum

              time                  Articles  Tech blogs
              2025-11-22T08:26:40Z        20           8

              time                  Average article rating
              2025-11-22T08:26:40Z                    4.66

            """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(ColumnBlocks.split(widths: [20, 10, 70, 5], room: 40) == [[0, 1], [0, 2], [0, 3]])
        #expect(ColumnBlocks.split(widths: [20, 8, 8, 8], room: 40) == [[0, 1, 2], [0, 3]])
        #expect(ColumnBlocks.split(widths: [20], room: 40) == [[0]])
    }

    @Test func sparklinesShowGapsForUnknownValuesAndThinLongSeries() {
        #expect(Sparkline.line([1, 2, 3, 4, 5, 6, 7, 8], ascii: false) == "▁▂▃▄▅▆▇█")
        #expect(Sparkline.line([1, 2, 3, 4, 5, 6, 7, 8], ascii: true) == "_.-~=+*#")
        #expect(Sparkline.line([5, nil, 5], ascii: false) == "▅ ▅")
        #expect(Sparkline.line([nil, nil], ascii: false) == "  ")
        #expect(Sparkline.line([], ascii: false) == "")
        // 100 points in 40 characters, each the last of its stretch: still rising to the top.
        let long = Sparkline.line((1...100).map { Double($0) }, ascii: false)
        #expect(long.count == Sparkline.widest)
        #expect(long.first == "▁")
        #expect(long.last == "█")
        #expect(Sparkline.number(.decimal(4.5)) == 4.5)
        #expect(Sparkline.number(.text("4")) == nil)
    }

    @Test func aMemberTableShowsTheReputationTrendFromTwoPointsOn() throws {
        var record = FixtureRecords.record("48201")
        func table(_ options: ReportOptions) throws -> String { try Formats.table.text([record], pack: FixtureRecords.pack, options: options) }
        #expect(try !table(ReportOptions(limit: 1)).contains("Trend"))
        record.trend = [.int(1_204_000)]
        #expect(try !table(ReportOptions(limit: 1)).contains("Trend"))
        record.trend = [.int(1_000_000), .null, .int(1_204_000), .int(1_204_873)]
        let lines = try table(ReportOptions(limit: 1)).split(separator: "\n")
        // The pack's headline, by its label.
        #expect(lines.contains("Trend of Reputation ▁ ██  (4 points in the history)"))
        var plain = ReportOptions(limit: 1)
        plain.plainSparklines = true
        #expect(try table(plain)
                .contains("Trend of Reputation _ ##  (4 points in the history)"))
    }
}
