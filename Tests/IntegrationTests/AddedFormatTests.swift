import App
import Foundation
import Lookup
import Packs
import Report
import Testing
import TestSupport

/// A format written for this test: a line per record, per series, per list. Added to
/// the registry with one line, every list the tool prints offers it.
struct TallyFormat: RecordFormat {
    let name = "tally"
    let summary = "counts, for a test"
    let fileExtensions = ["tally"]

    func records(pack: SitePack, options: ReportOptions, to writer: any ByteWriter) -> any RecordSink {
        TallySink(writer: writer)
    }

    func history(_ view: HistoryView, to writer: any ByteWriter) throws {
        try writer.write(view.series.map { "series \($0.id): \($0.points.count) point(s)\n" }.joined())
    }

    func list(_ view: ListView, to writer: any ByteWriter) throws {
        try writer.write("\(view.name): \(view.rows.count) row(s) of \(view.columns.map(\.key).joined(separator: ","))\n")
    }
}

final class TallySink: RecordSink {
    let writer: any ByteWriter
    init(writer: any ByteWriter) { self.writer = writer }
    func write(_ record: MemberRecord) throws { try writer.write("record \(record.id)\n") }
    func finish() throws { try writer.write("end\n") }
}

@Suite(.serialized) struct AddedFormatTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-format-\(UUID().uuidString)")

    func written(_ name: String, _ body: (OutputSettings) async throws -> Void) async throws -> String {
        var request = OutputRequest()
        request.output = directory.appendingPathComponent(name).path
        request.format = "tally"
        try await body(try request.settings(pack: FixtureRecords.pack))
        return try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func aRegisteredFormatIsOfferedByEveryList() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        RecordFormats.register(TallyFormat())
        #expect(Formats.names.hasSuffix(", xlsx or tally"))
        let server = try FixtureServer()
        defer { server.stop() }
        let pack = FixtureRecords.pack
        let history = HistorySettings(path: directory.appendingPathComponent("history.sqlite").path)
        var fetch = FetchSettings()
        fetch.baseURL = server.baseURL
        fetch.rate = 0
        let lookups = LookupSettings(pack: pack, fetch: fetch, history: history)

        #expect(try await written("member.tally") { _ = try await MemberRun(settings: lookups, output: $0).run(["48201", "7315"]) }
                == "record 48201\nrecord 7315\nend\n")
        #expect(try await written("history.tally") { _ = try HistoryRun(pack: pack, history: history, output: $0, rows: false, fields: [], since: nil).show(["48201"]) }
                == "series 48201: 1 point(s)\n")
        #expect(try await written("feeds.tally") { try FeedRun.list(pack, output: $0) }
                == "Feeds: 2 row(s) of name,title,url,categories,default_category\n")
        try TrackRun(pack: pack, history: history).add(["48201"], label: nil)
        #expect(try await written("track.tally") { try TrackRun(pack: pack, history: history).list(output: $0) }
                == "Tracked: 1 row(s) of id,site,label,added_at\n")
        // The file's extension names it too.
        var byName = OutputRequest()
        byName.output = "members.tally"
        #expect(try byName.resolvedFormat().name == "tally")
    }
}
