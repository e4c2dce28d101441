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
        /// Periods with a capture of every page that the backfill came to (read, stored
        /// before, or failed): all of them unless it was stopped.
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
    /// `listed` of the captures it has to read as they are listed (and whether its
    /// listing is whole), and `stored` of each point saved. A period's captures are read
    /// as soon as every page's listing has passed it, while the index lists later ones:
    /// both of the archive's budgets are busy for one member too, and a stop a few
    /// seconds in keeps the points read. Errors listing the captures end the member; a
    /// stop (`shouldStop`, or the archive's requests stopped) ends it where it is.
    public func run(_ id: String, shouldStop: () -> Bool, warn: (String) -> Void,
                    listed toRead: (_ captures: Int, _ whole: Bool) -> Void = { _, _ in },
                    stored: (MemberRecord) -> Void = { _ in }) async throws(StoreError) -> Outcome {
        var outcome = Outcome()
        let already = try store.archivedCaptures(site: lookup.pack.name, member: id)
        let (events, listing) = listCaptures(id)
        defer { listing.cancel() }
        var state = ListingState(sources: lookup.pack.sources.filter(\.archived).map(\.name))
        var done = Set<String>()
        for await event in events {
            switch event {
            case .page(let source, let captures):
                state.listed[source] = captures
            case .whole(let source, .success(let captures)):
                state.listed[source] = captures
                state.finished.insert(source)
            case .whole(_, .failure(let error)):
                if reader.refusal != nil || reader.isStopping {
                    outcome.stopped = true
                } else {
                    warn("member \(id): \(error)")
                    outcome.failed += 1
                    outcome.unanswered = error.noAnswer ? error : nil
                }
                return outcome
            }
            // The periods every page's listing has passed, in time order, each read once.
            let ready = periods(state.listed).filter { !done.contains($0.period) && state.closed($0.period, every: every) }
            let whole = ready.filter { $0.chosen.count == state.sources.count }
            toRead(whole.filter { !Backfill.isKnown($0.chosen, in: already) }.count * state.sources.count, state.isWhole)
            for (period, chosen) in ready {
                done.insert(period)
                guard try await read(id, period: period, chosen: chosen, sources: state.sources, already: already, outcome: &outcome,
                                     shouldStop: shouldStop, warn: warn, stored: stored) else { return outcome }
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
