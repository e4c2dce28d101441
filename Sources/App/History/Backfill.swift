import Archive
import Foundation
import Lookup
import Packs
import Store

/// A member's history filled in from a web archive: the captures listed, one period
/// at a time (a month, a quarter, a year) read and stored at its capture time.
/// Captures already stored are not fetched again, so a stopped backfill resumes.
public struct Backfill: Sendable {
    public let lookup: MemberLookup
    public let reader: ArchiveReader
    public let store: any MemberHistory
    public let every: CaptureChoice.Period
    /// Timestamp prefixes (`2008`, `201401`), or empty for no bound.
    public let from: String
    public let to: String

    public init(lookup: MemberLookup, reader: ArchiveReader, store: any MemberHistory, every: CaptureChoice.Period, from: String = "", to: String = "") {
        self.lookup = lookup
        self.reader = reader
        self.store = store
        self.every = every
        self.from = from
        self.to = to
    }

    /// What a member's backfill did.
    public struct Outcome: Equatable, Sendable {
        /// Periods with a capture of every page, as listed (read or not).
        public var periods = 0
        public var stored = 0
        /// Stored by an earlier run: not fetched again.
        public var known = 0
        /// Periods whose captures could not be read (the errors went to `warn`).
        public var failed = 0
        /// Periods where some page has no capture.
        public var incomplete = 0
        /// Stopped before every period was read.
        public var stopped = false
        /// The archive gave no answer listing the member's captures (down, or the network is).
        public var unanswered: MemberError?
    }

    /// Backfills one member; `warn` hears of each period that could not be read,
    /// `listed` of the captures it has to read once they are listed, and `stored` of each
    /// point saved. Errors listing the captures end the member; a stop (`shouldStop`, or
    /// the archive's requests stopped) ends it where it is, every point read stored.
    public func run(_ id: String, shouldStop: () -> Bool, warn: (String) -> Void, listed toRead: (Int) -> Void = { _ in },
                    stored: (MemberRecord) -> Void = { _ in }) async throws(StoreError) -> Outcome {
        var outcome = Outcome()
        guard let listed = await listCaptures(id, outcome: &outcome, warn: warn) else { return outcome }
        let already = try store.archivedCaptures(site: lookup.pack.name, member: id)
        let periods = periods(listed)
        let whole = periods.filter { _, chosen in chosen.count == listed.count }
        outcome.periods = whole.count
        toRead(whole.filter { !Backfill.isKnown($0.chosen, in: already) }.count * listed.count)
        for (period, chosen) in periods {
            guard chosen.count == listed.count else {
                let missing = listed.keys.filter { chosen[$0] == nil }.sorted()
                warn("member \(id): \(period): no capture of the \(missing.joined(separator: " and ")) page; period left out")
                outcome.incomplete += 1
                continue
            }
            if Backfill.isKnown(chosen, in: already) {
                outcome.known += 1
                continue
            }
            if shouldStop() || reader.refusal != nil || reader.isStopping {
                outcome.stopped = true
                break
            }
            let record = await lookup.lookup(id, captures: chosen)
            // The archive's 429s went on, or the run was stopped: nothing more is asked of
            // it, and this period is not a failure of the member's (the captures it read
            // are kept, the rest asked for by the next run).
            if reader.refusal != nil || (record.failed && reader.isStopping) {
                outcome.stopped = true
                break
            }
            if record.failed && record.errors.allSatisfy(\.atCrawlTime) {
                // The archive has the period only as the site's error pages: nothing of the member to store.
                let statuses = Set(record.errors.compactMap(\.status)).sorted().map(String.init).joined(separator: ", ")
                warn("member \(id): \(period): the archive holds only the site's error pages (HTTP \(statuses)) for it; period left out")
                outcome.incomplete += 1
            } else if !record.pagesWereRead {
                for error in record.errors { warn("member \(id): \(period): \(error)") }
                outcome.failed += 1
            } else {
                // Read: stored, what the pack could not read on it unknown, and said.
                for error in record.errors { warn("member \(id): \(period): \(error)") }
                if try store.saveArchived(record, pack: lookup.pack) {
                    outcome.stored += 1
                    stored(record)
                }
            }
        }
        return outcome
    }

    /// Stored already when some snapshot was read from captures of this period (the
    /// first of each page's, or a later one when the first was an archived error).
    static func isKnown(_ chosen: [String: [Capture]], in already: [[String: ArchiveTimestamp]]) -> Bool {
        already.contains { captures in
            chosen.allSatisfy { source, candidates in candidates.contains { $0.timestamp == captures[source] } }
        }
    }

    /// Each page's captures in the range; nil (the outcome saying why) when a list could not be read.
    private func listCaptures(_ id: String, outcome: inout Outcome, warn: (String) -> Void) async -> [String: [Capture]]? {
        var listed = [String: [Capture]]()
        for source in lookup.pack.sources where source.archived {
            let original = source.url(base: lookup.baseURL, id: id)
            switch await reader.captures(of: original, source: source.name, from: from, to: to) {
            case .success(let captures): listed[source.name] = captures
            case .failure where reader.refusal != nil || reader.isStopping:
                outcome.stopped = true
                return nil
            case .failure(let error):
                warn("member \(id): \(error)")
                outcome.failed += 1
                outcome.unanswered = error.noAnswer ? error : nil
                return nil
            }
        }
        return listed
    }

    /// For each period in time order, each page's captures in it, first first (the
    /// first is read; a later one when the first is an archived error).
    func periods(_ listed: [String: [Capture]]) -> [(period: String, chosen: [String: [Capture]])] {
        var byPeriod = [String: [String: [Capture]]]()
        for (source, captures) in listed {
            for capture in captures.sorted(by: { $0.timestamp < $1.timestamp }) {
                byPeriod[every.key(capture.time), default: [:]][source, default: []].append(capture)
            }
        }
        return byPeriod.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
