import App
import ArgumentParser
import Extraction
import Foundation
import Lookup
import Packs
import Report
import Scraper

struct BatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Look up a list of members and export them (CSV for spreadsheets, JSON for dashboards).",
        discussion: """
            IDs come from --ids FILE (one per line, # comments and blank lines allowed; or a CSV \
            column with --id-column) or from standard input. Duplicates are dropped; IDs that are \
            not member IDs are reported and skipped. Members are written as they finish, so memory \
            stays flat however long the list.

            With --output, the file is replaced only when the batch is complete (written beside it \
            and renamed), lists the members in the order of the IDs, and a checkpoint beside it \
            records each finished member. Ctrl-C stops \
            cleanly: requests under way finish and their members are saved, members still waiting \
            for their turn are left; run the same command with --resume to continue where it \
            stopped, looking up no saved member twice (add --retry-failed to look up the \
            failed ones again).

            It ends with a per-field summary on stderr (matched, defaulted, missing; --summary FILE \
            for JSON). A field the pack expects that is missing on half or more of at least five \
            pages means the site's markup has probably changed: that is said plainly, and the exit \
            status is 3.

            Exit status: 0 all members looked up; 1 some failed (their rows carry the error) or \
            IDs were skipped; 2 bad input; 3 markup drift; 130 interrupted by Ctrl-C, 143 by SIGTERM \
            (the checkpoint is kept).
            """
    )

    @OptionGroup var pack: PackOptions
    @OptionGroup var fetch: FetchOptions
    @OptionGroup(title: "Web archives") var archive: ArchiveOptions
    @OptionGroup var output: ReportFormatOptions
    @OptionGroup var store: StoreOptions
    @OptionGroup var summaryOptions: SummaryOptions

    @Option(name: .long, help: ArgumentHelp("File of member IDs (- or no option: standard input).", valueName: "file"), completion: .file())
    var ids: String?

    @Option(name: .long, help: ArgumentHelp("Read the IDs from this column of a CSV file with a header row.", valueName: "name"))
    var idColumn: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp(
        "Write the export here (atomically); the format follows the extension (.csv, .json, .ndjson, .md) unless --format says.",
        valueName: "file"), completion: .file(extensions: ["csv", "json", "ndjson", "jsonl", "md", "txt"]))
    var outputFile: String?

    @Option(name: .long, help: ArgumentHelp(
        "Look up only the K-th of N stable parts of the list (by a hash of each ID), e.g. 2/4; CSV header in part 1 only, so the parts' NDJSON or CSV concatenate into the whole. --rate is per process: see docs/scaling.md.",
        valueName: "k/n"))
    var shard: Shard?

    @Flag(name: .long, help: "Continue an interrupted batch from the checkpoint beside --output.")
    var resume = false

    @Flag(name: .long, help: "With --resume: look up again the members whose lookup failed (a network outage, say) instead of keeping their error rows.")
    var retryFailed = false

    func validate() throws {
        if resume && outputFile == nil {
            throw ValidationError("--resume continues an export to a file: give --output FILE, the same as the interrupted run.")
        }
        // Found out now rather than after the whole batch has been fetched.
        if let outputFile { try OutputFileCheck.validate(outputFile, example: "members.csv") }
        if let outputFile, output.format == nil {
            let suffix = URL(fileURLWithPath: outputFile).pathExtension.lowercased()
            guard suffix.isEmpty || BatchCommand.formatsByExtension[suffix] != nil else {
                throw ValidationError("--output \(outputFile): cpvanity writes no .\(suffix) files; name it .csv, .json, .ndjson, .md or .txt, or say which with --format.")
            }
        }
        if retryFailed && !resume {
            throw ValidationError("--retry-failed looks up again the failed members of an interrupted batch: use it with --resume (a new batch looks every member up anyway).")
        }
    }

    func run() async throws {
        let (sitePack, _) = try pack.loadPack()
        let whole = try readIDs(pack: sitePack)
        let list = shard.map(whole.sharded) ?? whole
        let format = chosenFormat()
        var options = try output.reportOptions(pack: sitePack, format: format)
        if let shard, shard.index > 1 { options.csvHeader = false }
        let formatter = Formatters.make(format, pack: sitePack, options: options)
        let (sink, fromCheckpoint) = try openSink(list, format: format, options: options, formatter: formatter, pack: sitePack)
        let remaining = list.ids.filter { fromCheckpoint[$0] == nil }
        let progress = ProgressLine(total: remaining.count, enabled: Terminal.isTerminal(STDERR_FILENO))
        announce(list, remaining: remaining, fromCheckpoint: fromCheckpoint.count, progress: progress, pack: sitePack)

        let lookup = try fetch.makeLookup(pack: sitePack, archive: archive)
        let interrupt = stopOnInterrupt(lookup)
        let history = try store.open()
        let started = Date()
        let tally: BatchRun.Tally
        do {
            tally = try await BatchRun.run(remaining, lookup: lookup, store: history, sink: sink, formatter: formatter,
                                           failedBefore: fromCheckpoint.values.filter { $0 }.count,
                                           shouldStop: { interrupt.isSet }) { record in
                if record.failed { progress.note("cpvanity: member \(record.id): \(record.errors.first?.description ?? "failed")") }
                progress.record(failed: record.failed)
            }
        } catch {
            progress.clear()
            throw error
        }
        progress.clear()
        let (done, failed) = (tally.done, tally.failed)

        var summary = BatchCommand.summary(list, finished: fromCheckpoint.count + done, failed: failed, fromCheckpoint: fromCheckpoint.count,
                                           since: started)

        if interrupt.isSet && done < remaining.count {
            try? sink.interrupted()
            FileHandle.standardError.write(Data("cpvanity: batch interrupted: \(summary.joined(separator: " · "))\(outputFile.map { "; \($0) is unchanged, continue with --resume" } ?? "")\n".utf8))
            throw ExitCode(interrupt.exitStatus)
        }
        do {
            try sink.finish()
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
        if let outputFile { summary.append("wrote \(outputFile)") }
        if !Verbosity.quiet { FileHandle.standardError.write(Data("cpvanity: batch: \(summary.joined(separator: " · "))\n".utf8)) }
        try summaryOptions.report(tally.extraction)
        if failed > 0 || !list.rejected.isEmpty { throw ExitStatus.partialFailure }
    }

    /// Ctrl-C or SIGTERM: requests under way finish; members still waiting for their
    /// turn are left, so a slow --rate does not hold the stop for long.
    private func stopOnInterrupt(_ lookup: MemberLookup) -> InterruptSignal {
        let interrupt = InterruptSignal()
        // Only an export to a file has a checkpoint to resume from.
        let leftFor = outputFile == nil ? "are not looked up (output to stdout cannot be resumed)" : "are left for --resume"
        interrupt.install {
            lookup.fetcher?.stopStartingRequests()
            FileHandle.standardError.write(Data("\ncpvanity: stopping: requests under way finish, members not yet fetched \(leftFor) (Ctrl-C again to quit now)\n".utf8))
        }
        return interrupt
    }

    /// Where the records go: the export file (with its checkpoint, and the members it
    /// already holds: id → failed) or stdout.
    private func openSink(_ list: IDList, format: OutputFormat, options: ReportOptions, formatter: any RecordFormatter,
                          pack: SitePack) throws -> (BatchSink, [String: Bool]) {
        guard let outputFile else { return (StdoutBatchSink(formatter: formatter), [:]) }
        try OutputDirectory.prepare(URL(fileURLWithPath: outputFile).deletingLastPathComponent().path, label: "--output \(outputFile)")
        let fingerprint = ExportFingerprint(format: format, options: options, pack: pack)
        return try FileBatchSink.open(output: outputFile, order: list.ids, resume: resume, retryFailed: retryFailed, formatter: formatter,
                                      header: ExportJournal.Header(site: pack.name, format: format.rawValue, options: fingerprint.encoded),
                                      fingerprint: fingerprint)
    }

    /// The skipped lines, and how far a resumed batch already is.
    private func announce(_ list: IDList, remaining: [String], fromCheckpoint: Int, progress: ProgressLine, pack: SitePack) {
        for rejected in list.rejected {
            progress.note("cpvanity: \(rejected.place): \(rejected.id.debugDescription) is not a \(pack.title) member ID (it must match \(pack.idRule.pattern)); skipped")
        }
        if fromCheckpoint > 0 {
            progress.note("cpvanity: resuming: \(fromCheckpoint) of \(list.ids.count) members are in the checkpoint; \(remaining.count) to go\(retryFailed ? " (failed members included)" : "")")
        }
    }

    /// The words of the batch's last line: "4 of 4 members · 4 ok · 0 failed · 2.1 s".
    private static func summary(_ list: IDList, finished: Int, failed: Int, fromCheckpoint: Int, since started: Date) -> [String] {
        var summary = ["\(finished) of \(list.ids.count) members", "\(finished - failed) ok", "\(failed) failed"]
        if fromCheckpoint > 0 { summary.append("\(fromCheckpoint) from the checkpoint") }
        if !list.rejected.isEmpty { summary.append("\(list.rejected.count) invalid ID\(list.rejected.count == 1 ? "" : "s") skipped") }
        if list.duplicates > 0 { summary.append("\(list.duplicates) duplicate\(list.duplicates == 1 ? "" : "s") dropped") }
        summary.append(String(format: "%.1f s", Date().timeIntervalSince(started)))
        return summary
    }

    private func readIDs(pack: SitePack) throws -> IDList {
        let text: String
        let source: String
        if let ids, ids != "-" {
            text = String(decoding: try InputFile.read(ids, label: "--ids \(ids)"), as: UTF8.self)
            source = ids
        } else {
            if Terminal.isTerminal(STDIN_FILENO) {
                Diagnostics.error("give the member IDs with --ids FILE, or pipe them in (one per line)")
                throw ExitCode.validationFailure
            }
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
            source = "<stdin>"
        }
        let list: IDList
        do {
            list = try IDList(text: text, source: source, column: idColumn, pack: pack)
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
        if list.ids.isEmpty && list.rejected.isEmpty {
            Diagnostics.error("no member IDs in \(source)")
            throw ExitStatus.badInput
        }
        return list
    }

    /// What `--output`'s extension says the format is.
    static let formatsByExtension: [String: OutputFormat] = [
        "csv": .csv, "json": .json, "ndjson": .ndjson, "jsonl": .ndjson, "md": .markdown, "markdown": .markdown, "txt": .table,
    ]

    private func chosenFormat() -> OutputFormat {
        if let format = output.format { return format }
        guard let outputFile else { return output.resolvedFormat }
        // No extension: JSON; an unknown one was refused in validate().
        return BatchCommand.formatsByExtension[URL(fileURLWithPath: outputFile).pathExtension.lowercased()] ?? .json
    }
}
