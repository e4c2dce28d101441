import App
import Foundation
import Lookup
import Packs
import Report
import Testing
import TestSupport

/// A format written for this test as a new one is written: one file (this type),
/// one line registering it, and every list the tool prints offers it. Tab-separated
/// values (IANA's text/tab-separated-values): a line per member with the pack's own
/// columns, a line per history point, a line per row of a list; a value holding a tab
/// or a line end has it as a space, since the format has no quoting.
struct TSVFormat: RecordFormat {
    let name = "tsv"
    let summary = "tab-separated values, a line per member"
    let fileExtensions = ["tsv", "tab"]

    static func line(_ cells: [String]) -> String {
        cells.map { String($0.map { "\t\r\n".contains($0) ? " " : $0 }) }.joined(separator: "\t") + "\n"
    }

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        TSVSink(columns: pack.columns.fields + pack.columns.statFigures, writer: writer)
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        var out = TSVFormat.line(["id", "time"] + view.fields)
        for series in view.series {
            for point in series.points {
                out += TSVFormat.line([series.id, point.time.formatted(.iso8601)] + view.fields.map { point.values[$0]?.description ?? "" })
            }
        }
        try writer.write(out)
    }

    func list(_ view: ListView, to writer: any ByteWriter) throws {
        try writer.write(TSVFormat.line(view.columns.map(\.key)) + view.rows.map { TSVFormat.line($0.map(\.plain)) }.joined())
    }
}

final class TSVSink: RecordSink {
    let columns: [RecordColumn]
    let writer: any ByteWriter
    var headed = false

    init(columns: [RecordColumn], writer: any ByteWriter) {
        self.columns = columns
        self.writer = writer
    }

    func write(_ record: MemberRecord) throws {
        let header = headed ? "" : TSVFormat.line(["id"] + columns.map(\.key))
        headed = true
        try writer.write(header + TSVFormat.line([record.id] + columns.map { column in
            record.extracted[column.path].map { $0.value.isNull ? "" : $0.value.description } ?? ""
        }))
    }

    func finish() throws {}
}

@Suite(.serialized) struct AddedFormatTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-format-\(UUID().uuidString)")

    func written(_ name: String, _ body: (OutputSettings) async throws -> Void) async throws -> String {
        var request = OutputRequest()
        request.output = directory.appendingPathComponent(name).path
        request.format = "tsv"
        try await body(try request.settings(pack: FixtureRecords.pack))
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aRegisteredFormatIsOfferedByEveryList() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        RecordFormats.register(TSVFormat())
        #expect(Formats.names.hasSuffix(", xlsx or tsv"))
        let server = try FixtureServer()
        defer { server.stop() }
        let pack = FixtureRecords.pack
        let history = HistorySettings(path: directory.appendingPathComponent("history.sqlite").path)
        var fetch = FetchSettings()
        fetch.baseURL = server.baseURL
        fetch.rate = 0
        let lookups = LookupSettings(pack: pack, fetch: fetch, history: history)

        let members = try await written("member.tsv") { _ = try await MemberRun(settings: lookups, output: $0).run(["48201", "7315"]) }
        let lines = members.split(separator: "\n", omittingEmptySubsequences: false).map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(lines.count == 4 && lines[3] == [""])
        #expect(lines[0].prefix(6) == ["id", "name", "avatar_url", "reputation.total", "reputation.level", "reputation.author.points"])
        #expect(lines[0].suffix(3) == ["stats.popularity", "stats.top_article.title", "stats.top_article.url"])
        #expect(lines[1].prefix(5) == ["48201", "Maren Okafor", "\(server.baseURL)/script/Membership/ProfileImages/%7B48201%7D/photo.jpg", "1204873", "platinum"])
        #expect(lines[1].suffix(3) == ["16.02", "Cache Heap Shader", "\(server.baseURL)/Articles/5012773/Cache-Heap-Shader"])
        // The page shows no photo and no ratings: empty, as CSV has them.
        #expect(lines[2].prefix(5) == ["7315", "Tomasz Wirth", "", "2415", "bronze"])
        #expect(lines.dropLast().allSatisfy { $0.count == lines[0].count })

        let shown = try await written("history.tsv") { _ = try HistoryRun(pack: pack, history: history, output: $0, rows: false, fields: [], since: nil).show(["48201"]) }
        let point = shown.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(point.count == 2)
        #expect(point.first == ["id", "time", "reputation.total", "reputation.level", "counts.articles", "counts.tech_blogs", "counts.tips", "ratings.articles_average"])
        #expect(point.last.map { [$0[0]] + $0.dropFirst(2) } == ["48201", "1204873", "platinum", "20", "8", "6", "4.66"])
        #expect(point.last.flatMap { try? Date($0[1].description, strategy: .iso8601) } != nil)

        #expect(try await written("feeds.tsv") { try FeedRun.list(pack, output: $0) }
                == "name\ttitle\turl\tcategories\tdefault_category\n"
                + "articles\tLatest articles\t{base}/webservices/articlerss.aspx?cat={category}\tAll Articles; C++/MFC; C#; ASP.NET; SQL; Java; Mobile; Android\tAll Articles\n"
                + "lounge\tThe Lounge (forum)\t{base}/webservices/LoungeRss.aspx\t\t\n")
        try TrackRun(pack: pack, history: history).add(["48201"], label: nil)
        let tracked = try await written("track.tsv") { try TrackRun(pack: pack, history: history).list(output: $0) }
        #expect(tracked.hasPrefix("id\tsite\tlabel\tadded_at\n48201\tcodeproject\t\t20"))
        // The file's extension names it too.
        var byName = OutputRequest()
        byName.output = "members.tsv"
        #expect(try byName.resolvedFormat().name == "tsv")
    }
}
