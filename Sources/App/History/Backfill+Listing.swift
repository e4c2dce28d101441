import Archive
import Foundation
import Lookup
import Store

/// A backfill's listing of a member's captures, page by page of the archive's index,
/// and each period read once every page's listing has passed it.
extension Backfill {
    enum ListingEvent: Sendable {
        /// A source's captures listed so far, in time order.
        case page(String, [Capture])
        /// A source's listing is whole (or failed).
        case whole(String, Result<[Capture], MemberError>)
    }

    /// What is listed so far, source by source.
    struct ListingState {
        let sources: [String]
        var listed = [String: [Capture]]()
        var finished = Set<String>()

        /// Every page's listing is whole.
        var isWhole: Bool { finished.count == sources.count }

        /// Whether every page's listing has passed `period` (listed a capture of a later
        /// one, or ended): no capture of it is still to come.
        func closed(_ period: String, every: CaptureChoice.Period) -> Bool {
            sources.allSatisfy { source in
                finished.contains(source) || (listed[source]?.last.map { every.key($0.time) > period } ?? false)
            }
        }
    }

    /// Every archived page's captures listed at once, each page of the index heard as it
    /// comes; the listing's task, for stopping it.
    func listCaptures(_ id: String) -> (AsyncStream<ListingEvent>, Task<Void, Never>) {
        let (events, feed) = AsyncStream.makeStream(of: ListingEvent.self)
        let sources = lookup.pack.sources.filter(\.archived).map { ($0.name, $0.url(base: lookup.baseURL, id: id)) }
        let reader = self.reader, from = self.from, to = self.to
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for (source, original) in sources {
                    group.addTask {
                        let result = await reader.captures(of: original, source: source, from: from, to: to) { feed.yield(.page(source, $0)) }
                        feed.yield(.whole(source, result))
                    }
                }
            }
            feed.finish()
        }
        return (events, task)
    }

    /// One period read and stored; false when the member's backfill ends here (a stop).
    func read(_ id: String, period: String, chosen: [String: [Capture]], sources: [String], already: [[String: ArchiveTimestamp]],
              outcome: inout Outcome, shouldStop: () -> Bool, warn: (String) -> Void, stored: (MemberRecord) -> Void) async throws(StoreError) -> Bool {
        guard chosen.count == sources.count else {
            let missing = sources.filter { chosen[$0] == nil }.sorted()
            warn("member \(id): \(period): no capture of the \(missing.joined(separator: " and ")) page; period left out")
            outcome.incomplete += 1
            return true
        }
        if shouldStop() || reader.refusal != nil || reader.isStopping {
            outcome.stopped = true
            return false
        }
        outcome.periods += 1
        if Backfill.isKnown(chosen, in: already) {
            outcome.known += 1
            return true
        }
        let record = await lookup.lookup(id, captures: chosen)
        // The archive's 429s went on, or the run was stopped: nothing more is asked of
        // it, and this period is not a failure of the member's (the captures it read
        // are kept, the rest asked for by the next run).
        if reader.refusal != nil || (record.failed && reader.isStopping) {
            outcome.stopped = true
            return false
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
        return true
    }
}
