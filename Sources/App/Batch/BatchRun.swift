import Extraction
import Lookup
import Report
import Store

/// A batch's lookups, each record rendered and handed to the sink as it finishes.
public enum BatchRun {
    /// What a batch did: members finished in this run, members failed (with those the
    /// checkpoint already held), and how each field fared.
    public struct Tally {
        public var done = 0
        public var failed: Int
        public var extraction = ExtractionSummary()
    }

    /// Looks `ids` up into `sink`; `failedBefore` counts the failures the checkpoint
    /// already holds. `finished` hears of each record (progress). An error other than
    /// an exit status is said on stderr, with what the checkpoint keeps.
    public static func run(_ ids: [String], lookup: MemberLookup, store: HistoryStore?, sink: BatchSink, formatter: any RecordFormatter,
                           failedBefore: Int, shouldStop: @escaping @Sendable () -> Bool,
                           finished: (MemberRecord) -> Void) async throws -> Tally {
        var tally = Tally(failed: failedBefore)
        do {
            try await LookupRun.each(of: ids, lookup: lookup, store: store, shouldStop: shouldStop, warn: false,
                                     render: { formatter.chunk($0) }) { record, chunk in
                try sink.add(record, chunk: chunk)
                tally.extraction.add(record.extracted)
                tally.done += 1
                if record.failed { tally.failed += 1 }
                finished(record)
            }
        } catch let status as ExitStatus {
            throw status
        } catch {
            Diagnostics.error("\(error); the checkpoint keeps what was done, run again with --resume")
            throw ExitStatus.badInput
        }
        return tally
    }
}
