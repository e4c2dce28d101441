import Extraction
import Foundation
import Lookup
import Packs

/// `cpvanity report`: one self-contained HTML file (inline CSS and SVG, a few lines of
/// script, no request to any server) that opens from disk, prints, and follows the
/// reader's light or dark preference. The data it draws is embedded once as JSON
/// (`<script type="application/json" id="cpvanity-data">`) for a dashboard to lift.
public enum HTMLReport {
    /// One member: the latest lookup, and the history's points (oldest first).
    public struct Member: Sendable {
        public let record: MemberRecord
        public let history: [HistorySeries.Point]

        public init(record: MemberRecord, history: [HistorySeries.Point]) {
            self.record = record
            self.history = history
        }
    }

    public static func render(_ members: [Member], pack: SitePack, generatedAt: Date) -> String {
        var body = "<header><h1>\(HTMLEscaping.text(pack.title)) members</h1>"
            + "<p class=\"meta\">\(members.count) member\(members.count == 1 ? "" : "s") · made by cpvanity on \(generatedAt.formatted(.iso8601))</p></header>\n"
        if members.count > 1 { body += comparison(members, pack: pack) }
        for (index, member) in members.enumerated() {
            body += MemberSection(member: member, pack: pack, index: index).html
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLEscaping.text(pack.title)) members · cpvanity</title>
            <style>\(HTMLReport.style)</style>
            </head>
            <body>
            \(body)
            <script type="application/json" id="cpvanity-data">\(data(members, pack: pack, generatedAt: generatedAt))</script>
            <script>\(HTMLReport.script)</script>
            </body>
            </html>

            """
    }

    /// The pack's `compare` values side by side, then each member's headline over time,
    /// small and alike.
    static func comparison(_ members: [Member], pack: SitePack) -> String {
        let columns = pack.report.compare
        var rows = ""
        for member in members {
            let record = member.record
            rows += "<tr><th scope=\"row\"><a href=\"#member-\(HTMLEscaping.attribute(record.id))\">\(HTMLEscaping.text(record.displayName(pack.report) ?? record.id))</a></th>"
                + columns.map { column in
                    let value = record.value(column, pack: pack)
                    return "<td\(DisplayText.isNumeric(value) ? " class=\"number\"" : "")>\(HTMLEscaping.text(value == nil ? "unknown" : record.shown(column, pack: pack)))</td>"
                }.joined() + "</tr>"
        }
        let head = "<tr><th>member</th>" + columns.map { "<th>\(HTMLEscaping.text(pack.label(of: $0)))</th>" }.joined() + "</tr>"
        var out = "<section id=\"comparison\"><h2>Side by side</h2><div class=\"scroll\"><table><thead>\(head)</thead><tbody>\(rows)</tbody></table></div>"
        if let headline = pack.report.headline {
            let what = pack.label(of: headline)
            var multiples = ""
            for (index, member) in members.enumerated() {
                let points = member.history.map { (time: $0.time, value: Sparkline.number($0.values[headline]), hollow: $0.archived != nil) }
                let name = member.record.displayName(pack.report) ?? member.record.id
                let chart = SVGChart.lines([SVGChart.Series(name: what, points: points)], id: "compare-\(index)",
                                           title: "\(name): \(what) over time", description: "\(points.count) points from the history", frame: .small)
                multiples += "<figure class=\"small\"><figcaption>\(HTMLEscaping.text(name))</figcaption>"
                    + (points.count >= 2 ? chart : "<p class=\"note\">\(member.history.count == 1 ? "One point in the history so far" : "No history yet"): nothing to draw over time yet.</p>") + "</figure>"
            }
            out += "<h3>\(HTMLEscaping.text(what)) over time</h3><div class=\"multiples\">\(multiples)</div>"
        }
        return out + "</section>\n"
    }

    /// The records as the JSON reports write them, and each member's history points.
    /// History values: the numbers the report draws (the headline and the breakdowns
    /// over time) and the summary's, not every field of every point again.
    static func data(_ members: [Member], pack: SitePack, generatedAt: Date) -> String {
        let kept = Set(MemberSection.drawnOverTime(pack) + pack.report.summary + pack.report.compare)
        let drawn = { (key: String, value: FieldValue) in kept.contains(key) && Sparkline.number(value) != nil }
        let value = JSONValue.object([
            ("generated_at", .string(generatedAt.formatted(.iso8601))),
            ("site", .string(pack.name)),
            ("members", .array(members.map { member in
                .object([
                    ("record", RecordJSON.value(member.record, pack: pack)),
                    ("history", .array(member.history.map { point in
                        .object([("time", .string(point.time.formatted(.iso8601))), ("last_seen", .string(point.lastSeen.formatted(.iso8601)))]
                                + (point.capturesText.map { [("archived", JSONValue.string($0))] } ?? [])
                                + [("values", .object(point.values.filter { drawn($0.key, $0.value) }.sorted { $0.key < $1.key }.map { ($0.key, RecordJSON.json($0.value)) }))])
                    })),
                ])
            })),
        ])
        // Inside <script>, "</script" would end the element and "<!--" change how it is
        // read: every "<" is written as JSON's own \u003c, which reads back the same.
        return value.serialized(pretty: false).replacingOccurrences(of: "<", with: "\\u003c")
    }
}
