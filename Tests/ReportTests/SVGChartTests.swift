import Foundation
@testable import Report
import Testing

@Suite struct SVGChartTests {
    private let t0 = Date(timeIntervalSince1970: 1_205_582_400)  // 2008-03-15

    private func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
    /// A wide chart's two drawings: at its width, and its narrow twin for a phone.
    private func drawings(_ svg: String) -> (wide: String, narrow: String) {
        let parts = svg.components(separatedBy: "</svg>").filter { !$0.isEmpty }.map { $0 + "</svg>" }
        return (parts.first ?? "", parts.count == 2 ? parts[1] : "")
    }

    @Test func ticksAreRoundAndLabelsShort() {
        #expect(ChartScale.ticks(0, 1_204_873) == [0, 200_000, 400_000, 600_000, 800_000, 1_000_000, 1_200_000, 1_400_000])
        #expect(ChartScale.ticks(3.1, 4.9, count: 4) == [3, 3.5, 4, 4.5, 5])
        #expect(ChartScale.ticks(5, 5) == [5])
        #expect(ChartScale.ticks(0, .infinity).isEmpty)
        #expect([950, 1_234, 34_000, 3_400_000, 1_000_000_000, 4.66, 12.5, -2_500, 0].map(ChartScale.label)
                == ["950", "1.2k", "34k", "3.4M", "1G", "4.66", "12.5", "-2.5k", "0"])
        let years = ChartScale.dateTicks(t0, t0.addingTimeInterval(11 * 365 * 86_400)).map(\.label)
        #expect(years == ["2009", "2011", "2013", "2015", "2017", "2019"])
        let months = ChartScale.dateTicks(t0, t0.addingTimeInterval(100 * 86_400)).map(\.label)
        #expect(months == ["2008-04", "2008-05", "2008-06"])
        // Short spans by day, by hour, by minute; a span with no boundary inside at its ends.
        #expect(ChartScale.dateTicks(t0, t0.addingTimeInterval(3 * 86_400)).map(\.label) == ["2008-03-16", "2008-03-17", "2008-03-18"])
        let midnight = t0.addingTimeInterval(-12 * 3_600)
        #expect(ChartScale.dateTicks(midnight.addingTimeInterval(9 * 3_600 + 600), midnight.addingTimeInterval(15 * 3_600)).map(\.label)
                == ["10:00", "11:00", "12:00", "13:00", "14:00", "15:00"])
        #expect(ChartScale.dateTicks(midnight.addingTimeInterval(9 * 3_600 + 10), midnight.addingTimeInterval(9 * 3_600 + 40)).map(\.label) == ["09:00:10", "09:00:40"])
        // Seconds apart across a minute's turn: still each end to the second.
        #expect(ChartScale.dateTicks(midnight.addingTimeInterval(9 * 3_600 + 58), midnight.addingTimeInterval(9 * 3_600 + 63)).map(\.label) == ["09:00:58", "09:01:03"])
    }

    @Test func aLineLiftsItsPenWhereAValueIsUnknownAndMarksArchivedPoints() {
        let points: [(time: Date, value: Double?, hollow: Bool)] = [
            (t0, 312, true), (t0.addingTimeInterval(86_400 * 365), nil, false),
            (t0.addingTimeInterval(86_400 * 730), 250_310, true), (t0.addingTimeInterval(86_400 * 1000), 980_120, false),
        ]
        let (svg, narrow) = drawings(SVGChart.lines([SVGChart.Series(name: "reputation.total", points: points)], id: "c1",
                                                    title: "Reputation", description: "over time"))
        #expect(svg.hasPrefix("<svg class=\"chart wide\" id=\"c1\" viewBox=\"0 0 640 240\""))
        // The same points drawn again at 400 units, for a phone.
        #expect(narrow.hasPrefix("<svg class=\"chart narrow\" id=\"c1-narrow\" viewBox=\"0 0 400 220\""))
        #expect(count("<circle", in: narrow) == 3)
        #expect(narrow.contains("<title id=\"c1-narrow-title\">Reputation</title>"))
        #expect(count("<circle", in: svg) == 3)
        #expect(count("class=\"hollow\"", in: svg) == 2)
        #expect(count("M", in: svg.components(separatedBy: "<path d=\"").dropFirst().first?.components(separatedBy: "\"").first ?? "") == 2)
        #expect(svg.contains("role=\"img\" aria-labelledby=\"c1-title c1-desc\""))
        #expect(svg.contains("<title id=\"c1-title\">Reputation</title><desc id=\"c1-desc\">over time</desc>"))
        #expect(svg.contains(">1M</text>"))
        #expect(SVGChart.lines([], id: "x", title: "", description: "") == "")
    }

    @Test func longSeriesAreThinnedToAFewHundredPointsKeepingTheEnds() {
        let points = (0..<1_000).map { (time: t0.addingTimeInterval(Double($0) * 86_400), value: Double?(Double($0)), hollow: false) }
        let svg = drawings(SVGChart.lines([SVGChart.Series(name: "views", points: points)], id: "c2", title: "t", description: "d")).wide
        // Every 4th point of 1,000 (k = ⌈1000 / 300⌉), and the last.
        #expect(count("<circle", in: svg) == 251)
        // The last point is kept: at the right edge, at the top.
        #expect(svg.hasSuffix("<circle cx=\"624\" cy=\"16\" r=\"3\"/></g></svg>"))
    }

    @Test func barsAndEscaping() {
        let (svg, narrow) = drawings(SVGChart.bars([("<b>One</b>", 10), ("Two", nil), ("Three", 30)], id: "b", title: "Views & votes",
                                                   description: "per article"))
        #expect(count("<rect", in: svg) == 2)
        #expect(count("<rect", in: narrow) == 2)
        // Whole counts get whole ticks: 0 to 3, no 0.5 steps.
        let counts = drawings(SVGChart.bars([("2021", 1), ("2022", 3)], id: "y", title: "t", description: "d")).wide
        #expect(counts.contains(">3</text>") && counts.contains(">1</text>"))
        #expect(!counts.contains(">0.5</text>") && !counts.contains(">2.5</text>"))
        // Small multiples are drawn once.
        let small = SVGChart.lines([SVGChart.Series(name: "v", points: [(t0, 1, false), (t0.addingTimeInterval(86_400), 2, false)])],
                                   id: "s", title: "t", description: "d", frame: .small)
        #expect(count("<svg", in: small) == 1)
        #expect(small.hasPrefix("<svg class=\"chart\" id=\"s\""))
        // Across, a name is cut at 48 characters wide and at 20 on a phone; the whole in its tooltip.
        let name = "Reading tide tables by hand without an app, with harmonic constants"
        let across = drawings(SVGChart.horizontalBars([(name, 1_234)], id: "h", title: "t", description: "d"))
        #expect(across.wide.contains(">\(name.prefix(47))…</text>"))
        #expect(across.narrow.contains(">Reading tide tables…</text>"))
        #expect(across.narrow.contains("<title>\(name): 1.2k</title>"))
        #expect(svg.contains("&lt;b&gt;One&lt;/b&gt;"))
        #expect(svg.contains("Views &amp; votes"))
        #expect(HTMLEscaping.text("a\u{1B}[31m\"'") == "a&#27;[31m&quot;&#39;")
    }
}
