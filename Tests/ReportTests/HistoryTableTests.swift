import Foundation
import Report
import Testing

@Suite struct HistoryTableTests {
    @Test func anUnknownValueReadsUnknownAndNoChangeIsComputedAgainstIt() {
        let t0 = Date(timeIntervalSince1970: 1_763_800_000)
        let points = [
            HistorySeries.Point(time: t0, lastSeen: t0, values: ["reputation.total": .int(100)]),
            HistorySeries.Point(time: t0.addingTimeInterval(86_400), lastSeen: t0.addingTimeInterval(86_400), values: ["reputation.total": .null]),
            HistorySeries.Point(time: t0.addingTimeInterval(172_800), lastSeen: t0.addingTimeInterval(172_800), values: ["reputation.total": .int(135)]),
        ]
        let text = HistoryReport.render([HistorySeries(id: "7", site: "codeproject", title: "Jo", points: points)],
                                        fields: ["reputation.total"], format: .table, articles: false, options: ReportOptions())
        #expect(text == """
            Jo (7)
              time                  reputation.total
              2025-11-22T08:26:40Z               100
              2025-11-23T08:26:40Z           unknown
              2025-11-24T08:26:40Z               135

            """)
    }
}
