import ArgumentParser
import Extraction
import Foundation
import Packs
import Report
import Store

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show how a member's numbers moved over time, from the history of lookups.",
        discussion: """
            Each point is a snapshot: values first seen at "time" and seen unchanged until \
            "last_seen". Fields default to the pack's summary fields; name others with --field.
            """
    )

    @OptionGroup var colorOption: ColorOption
    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: OutputFormat?

    @Option(name: .long, help: ArgumentHelp("Only snapshots seen on or after this date (2026-11-01 or an ISO 8601 time).", valueName: "date"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("A field to show (repeatable), e.g. --field reputation.total.", valueName: "name"))
    var field: [String] = []

    @Flag(name: .long, help: "Each article's numbers (views, votes, ...) over time instead.")
    var articles = false

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give a member ID, e.g. cpvanity history 48201.") }
        if let since, HistoryCommand.date(since) == nil {
            throw ValidationError("--since takes a date like 2026-11-01 or 2026-11-01T08:00:00Z, not '\(since)'.")
        }
    }

    func run() throws {
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        let fields = try chosenFields(sitePack)
        let history = try database.open()
        var series = [HistorySeries]()
        do {
            for id in LookupRun.unique(ids) {
                let snapshots = try history.history(site: sitePack.name, member: id, since: since.flatMap(HistoryCommand.date))
                if snapshots.isEmpty { Diagnostics.warning("no history for member \(id); look it up first (cpvanity member \(id))") }
                series += articles ? articleSeries(id, snapshots, pack: sitePack) : [
                    HistorySeries(id: id, site: sitePack.name, title: name(snapshots, pack: sitePack), points: snapshots.map {
                        HistorySeries.Point(time: $0.firstSeen, lastSeen: $0.lastSeen,
                                            values: $0.values.fields.merging(statistics($0, pack: sitePack)) { field, _ in field })
                    }),
                ]
            }
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
        let chosen = format ?? Terminal.defaultFormat
        let options = ReportOptions(width: Terminal.columns(), color: colorOption.enabled)
        Output.write(HistoryReport.render(series, fields: fields, format: chosen, articles: articles, options: options))
    }

    private func chosenFields(_ pack: SitePack) throws -> [String] {
        let known: [String]
        if articles {
            let collection = pack.report.collection.flatMap { pack.collection(named: $0) }
            known = collection?.fields.filter { $0.type == .int || $0.type == .decimal }.map(\.name) ?? []
        } else {
            known = pack.fields.map(\.name) + (pack.report.collection == nil ? [] : HistoryCommand.statisticsFields)
        }
        guard !field.isEmpty else {
            return articles ? known : pack.report.summary
        }
        let unknown = field.filter { !known.contains($0) }
        guard unknown.isEmpty else {
            throw ValidationError("Unknown field\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")); choose from \(known.joined(separator: ", ")).")
        }
        return field
    }

    /// The statistics a record shows (`stats.total_views`, ...), each a series of its own.
    static let statisticsFields = ["stats.listed", "stats.total_views", "stats.total_votes", "stats.total_bookmarks",
                                   "stats.total_downloads", "stats.weighted_rating", "stats.average_rating", "stats.popularity"]

    /// The statistics of one snapshot, computed from its rows as a lookup computes them.
    private func statistics(_ snapshot: Snapshot, pack: SitePack) -> [String: FieldValue] {
        guard let collection = pack.report.collection else { return [:] }
        var rows = [String: [String: FieldValue]]()
        for (key, value) in snapshot.values.rows where key.collection == collection {
            rows[key.row, default: [:]][key.field] = value
        }
        let stats = MemberStats(rows: rows.keys.sorted().map { key in
            var row: ExtractedRecord.Row = [:]
            for (field, value) in rows[key] ?? [:] { row[field] = value }
            return row
        }, roles: pack.report.roles)
        var values: [String: FieldValue] = [
            "stats.listed": .int(stats.listed), "stats.total_views": .int(stats.totalViews), "stats.total_votes": .int(stats.totalVotes),
            "stats.total_bookmarks": .int(stats.totalBookmarks), "stats.total_downloads": .int(stats.totalDownloads),
        ]
        values["stats.weighted_rating"] = stats.weightedRating.map { .decimal($0) } ?? .null
        values["stats.average_rating"] = stats.averageRating.map { .decimal($0) } ?? .null
        values["stats.popularity"] = stats.popularity.flatMap { Decimal(string: String($0)) }.map { .decimal($0) } ?? .null
        return values
    }

    private func name(_ snapshots: [Snapshot], pack: SitePack) -> String? {
        guard let field = pack.report.nameField, case .text(let name)? = snapshots.last?.values.fields[field] else { return nil }
        return name
    }

    /// One series per article, keyed by its URL, in the order of its latest views.
    private func articleSeries(_ id: String, _ snapshots: [Snapshot], pack: SitePack) -> [HistorySeries] {
        var keys = [String]()
        var titles = [String: String]()
        var points = [String: [HistorySeries.Point]]()
        let titleField = pack.report.roles[.title]
        for snapshot in snapshots {
            var byRow = [String: [String: FieldValue]]()
            for (key, value) in snapshot.values.rows where key.collection == pack.report.collection {
                byRow[key.row, default: [:]][key.field] = value
            }
            for (row, values) in byRow.sorted(by: { $0.key < $1.key }) {
                if !keys.contains(row) { keys.append(row) }
                if let titleField, case .text(let title)? = values[titleField] { titles[row] = title }
                // A snapshot where only other things changed extends this article's last point.
                var list = points[row] ?? []
                if let last = list.last, last.values == values {
                    list[list.count - 1] = HistorySeries.Point(time: last.time, lastSeen: snapshot.lastSeen, values: values)
                } else {
                    list.append(HistorySeries.Point(time: snapshot.firstSeen, lastSeen: snapshot.lastSeen, values: values))
                }
                points[row] = list
            }
        }
        let views = pack.report.roles[.views]
        func latestViews(_ key: String) -> Int {
            guard let views, case .int(let number)? = points[key]?.last?.values[views] else { return 0 }
            return number
        }
        return keys.sorted { latestViews($0) > latestViews($1) }.map { key in
            HistorySeries(id: id, site: pack.name, key: key, title: titles[key], points: points[key] ?? [])
        }
    }

    static func date(_ text: String) -> Date? {
        if let full = try? Date.ISO8601FormatStyle().parse(text) { return full }
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, CalendarDate(year: parts[0], month: parts[1], day: parts[2]) != nil else { return nil }
        var components = DateComponents()
        (components.year, components.month, components.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar.date(from: components)
    }
}
