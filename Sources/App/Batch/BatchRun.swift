import Files
import Archive
import Extraction
import Foundation
import Lookup
import Packs
import Report
import Scraper
import Store

/// Where a batch's IDs come from.
public enum IDSource: Sendable {
    case file(String)
    case standardInput
}

/// A batch as asked for: the IDs, which part of them, and where the records go.
public struct BatchSettings: Sendable {
    public var ids: IDSource
    /// Read the IDs from this column of a CSV file with a header row.
    public var idColumn: String?
    public var shard: Shard?
    public var output: OutputSettings
    /// Where the per-field summary goes, besides the one line on stderr.
    public var summary = SummarySettings()

    public init(ids: IDSource, output: OutputSettings) {
        self.ids = ids
        self.output = output
    }
}

/// A batch: the list read, each member looked up and handed to the export as it
/// finishes, a progress line, a clean stop on Ctrl-C, and the summary at the end.
public struct BatchRun {
    public let lookups: LookupSettings
    public let settings: BatchSettings
    private var pack: SitePack { lookups.pack }

    public init(lookups: LookupSettings, settings: BatchSettings) {
        self.lookups = lookups
        self.settings = settings
    }

    public func run() async throws -> RunOutcome {
        let started = Date()
        let whole = try readIDs()
        let list = settings.shard.map(whole.sharded) ?? whole
        var output = settings.output
        // Shards after the first leave the CSV header out, so the parts concatenate.
        if let shard = settings.shard, shard.index > 1 { output.options.csvHeader = false }
        if BatchRun.finished(output) { return RunOutcome(status: nil) }
        let lookup = try self.lookups.lookup()
        let resumable = BatchRun.checkpointed(output) != nil
        // Before a resume reads its checkpoint (0.7 s for 10,000 members), so that
        // Ctrl-C then, too, ends the run saying so.
        let interrupt = stopOnSignal(lookup, output: output, resumable: resumable)
        defer { interrupt.uninstall() }
        let (export, fromCheckpoint) = try open(output, order: list.ids)
        let store = try self.lookups.openHistory()
        let remaining = list.ids.filter { fromCheckpoint[$0] == nil }
        announce(list, remaining: remaining, fromCheckpoint: fromCheckpoint.count)
        try export.start()
        interrupt.started()
        // Members read from an archive say what is being asked of it, at its pace.
        let progress = ProgressLine(total: remaining.count, label: lookups.archive?.asOf.map { "as of \(ArchiveDates.name($0)):" },
                                    archive: lookup.archive?.asOf == nil ? nil : lookup.archive)
        var tally = MemberTally(pack: pack, failed: fromCheckpoint.values.filter { $0 }.count)
        let leftForResume: Int
        do {
            // With a checkpoint, members a stop leaves are looked up by the next run: not
            // written as failed rows (standard output gets a row for every member).
            leftForResume = try await LookupRun.each(of: remaining, lookup: lookup, store: store, shouldStop: { interrupt.isSet },
                                                     warn: false, resumable: resumable, drawsProgress: false) { record in
                // A record on standard output takes the progress line's place on a shared terminal.
                if output.file == nil { progress.hide() }
                try export.add(record)
                tally.add(record)
                progress.record(failed: record.failed)
            }
        } catch {
            progress.clear()
            try? export.interrupted()
            throw error
        }
        progress.clear()
        let finished = fromCheckpoint.count + tally.done
        let counts = MemberCounts(total: list.ids.count, ok: finished - tally.failed - tally.notLookedUp, failed: tally.failed,
                                  notLookedUp: tally.notLookedUp, leftForResume: leftForResume)
        let summary = BatchRun.summary(list, counts: counts, fromCheckpoint: fromCheckpoint.count)
        if interrupt.isSet && (leftForResume > 0 || tally.notLookedUp > 0) {
            try? export.interrupted()
            let kept = resumable ? output.file.map { "; \($0) is unchanged, and what finished is kept in its checkpoint" } ?? "" : ""
            Diagnostics.info("batch interrupted: \((summary + [BatchRun.elapsed(since: started)]).joined(separator: " · "))\(kept)")
            throw Interrupted(status: ExitStatus(interrupt.exitStatus), resumable: resumable && output.file != nil)
        }
        var outcome = try finish(export, to: output.file, summary: summary, since: started, tally: tally,
                                 allFailed: counts.ok == 0 && tally.read == 0, rejected: !list.rejected.isEmpty)
        outcome.historyUnavailable = lookups.wantsHistory && store == nil
        outcome.members = counts
        return outcome
    }

    /// Ctrl-C and SIGTERM: requests under way finish, members not yet fetched are left
    /// (for the next run, with a checkpoint); before any lookup (while a resume reads its
    /// checkpoint, or writes what it holds), the run ends at once.
    private func stopOnSignal(_ lookup: MemberLookup, output: OutputSettings, resumable: Bool) -> InterruptSignal {
        let interrupt = InterruptSignal()
        let leftFor = resumable ? "are left for the next run to resume" : "are not looked up (output \(output.file ?? "to stdout") cannot be resumed)"
        let untouched = resumable ? output.file.map { "; \($0) is unchanged, and its checkpoint kept for the next run to resume" } ?? "" : ""
        interrupt.install(untilStarted: "batch interrupted before any member was looked up\(untouched)") {
            lookup.stopStartingRequests()
            Diagnostics.info("stopping: requests under way finish, members not yet fetched \(leftFor) (\(interrupt.againToQuit))")
        }
        return interrupt
    }

    /// Closes the export and says how the batch went.
    private func finish(_ export: any RecordExport, to file: String?, summary: [String], since started: Date, tally: MemberTally,
                        allFailed: Bool, rejected: Bool) throws -> RunOutcome {
        // Yesterday's export is worth more than a file of today's errors (the site down).
        if let file, allFailed, FileManager.default.fileExists(atPath: file), !WritePlace.isStream(file) {
            try export.abandon()
            Diagnostics.info("batch: \((summary + [BatchRun.elapsed(since: started)]).joined(separator: " · "))")
            Diagnostics.error("batch: no member could be looked up; \(file) is left as it was")
            return tally.outcome(status: .partialFailure)
        }
        // Counted too: a workbook's sheets go into its file now.
        try export.finish()
        var summary = summary + [BatchRun.elapsed(since: started)]
        if let file { summary.append("wrote \(file)") }
        Diagnostics.info("batch: \(summary.joined(separator: " · "))")
        let drift = try ExtractionReport.say(tally.extraction, summary: settings.summary)
        let failed = tally.failed > 0 || tally.notLookedUp > 0 || rejected
        return tally.outcome(status: drift ? .drift : failed ? .partialFailure : nil)
    }

    /// A resume of a batch that finished (its output there, and no checkpoint beside it):
    /// said, with nothing to do.
    private static func finished(_ output: OutputSettings) -> Bool {
        guard output.resume, let file = checkpointed(output), FileManager.default.fileExists(atPath: file),
              !FileManager.default.fileExists(atPath: ExportJournal.path(besideOutput: file)) else { return false }
        Diagnostics.info("\(file) is complete (the batch that wrote it finished, and left no checkpoint): nothing to resume, nothing fetched; to look the members up again, run the batch without resuming")
        return true
    }

    /// The export, and the members the checkpoint already holds (id → failed).
    private func open(_ output: OutputSettings, order: [String]) throws(AppError) -> (any RecordExport, [String: Bool]) {
        // On stdout too, members come in the list's order (a file is written in it at the end).
        guard let file = BatchRun.checkpointed(output) else {
            if output.resume, let file = output.file {
                Diagnostics.warning("\(file) is not a regular file, so no checkpoint is kept beside it; the batch starts from the beginning")
            }
            return (OrderedExport(try DirectExport(output, pack: pack), order: order), [:])
        }
        return try CheckpointedExport.open(output, path: file, pack: pack, order: order)
    }

    /// The output file a checkpoint is kept beside: a regular file's (or a new one's);
    /// standard output, a FIFO or a device are written as the members come, and keep none.
    static func checkpointed(_ output: OutputSettings) -> String? {
        guard let file = output.file, !WritePlace.isStream(file) else { return nil }
        return file
    }

    /// The skipped lines, and how far a resumed batch already is.
    private func announce(_ list: IDList, remaining: [String], fromCheckpoint: Int) {
        for rejected in list.rejected {
            Diagnostics.info("\(rejected.place): \(rejected.id.debugDescription) is not a \(pack.title) member ID (\(pack.idRule.requirement(refusing: [rejected.id]))); skipped")
        }
        if fromCheckpoint > 0 {
            Diagnostics.info("resuming: \(fromCheckpoint) of \(list.ids.count) members are in the checkpoint; \(remaining.count) to go\(settings.output.retryFailed ? " (failed members included)" : "")")
        }
    }

    /// The words of the batch's last line: "4 of 4 members · 4 ok · 0 failed · 2.1 s", from
    /// the counts the run reports: ok, failed and not looked up add up to the members finished.
    private static func summary(_ list: IDList, counts: MemberCounts, fromCheckpoint: Int) -> [String] {
        let finished = counts.ok + counts.failed + counts.notLookedUp
        var summary = ["\(finished) of \(list.ids.count) member\(list.ids.count == 1 ? "" : "s")", "\(counts.ok) ok", "\(counts.failed) failed"]
        if counts.notLookedUp > 0 { summary.append("\(counts.notLookedUp) not looked up") }
        if fromCheckpoint > 0 { summary.append("\(fromCheckpoint) from the checkpoint") }
        if !list.rejected.isEmpty { summary.append("\(list.rejected.count) invalid ID\(list.rejected.count == 1 ? "" : "s") skipped") }
        if list.duplicates > 0 { summary.append("\(list.duplicates) duplicate\(list.duplicates == 1 ? "" : "s") dropped") }
        return summary
    }

    private static func elapsed(since started: Date) -> String {
        String(format: "%.1f s", Date().timeIntervalSince(started))
    }

    private func readIDs() throws(AppError) -> IDList {
        let bytes: Data
        let source: String
        switch settings.ids {
        case .file(let path):
            bytes = try InputFile.read(path, role: .ids)
            source = path
        case .standardInput:
            if isatty(STDIN_FILENO) == 1 { throw .noIDInput }
            bytes = FileHandle.standardInput.readDataToEndOfFile()
            source = "<stdin>"
        }
        let list: IDList
        do {
            list = try IDList(bytes: bytes, source: source, column: settings.idColumn, pack: pack)
        } catch {
            throw .idList(error)
        }
        if list.ids.isEmpty && list.rejected.isEmpty { throw .noIDs(source: source) }
        return list
    }
}
