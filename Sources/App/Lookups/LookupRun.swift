import Lookup
import Packs
import Scraper
import Store
import Synchronization

/// Checks IDs against the pack before any request is made.
public enum IDValidation {
    public static func check(_ ids: [String], pack: SitePack) throws {
        let invalid = ids.filter { !pack.idRule.accepts($0) }
        guard invalid.isEmpty else {
            let list = invalid.map { "'\($0)'" }.joined(separator: ", ")
            Diagnostics.error("\(list) \(invalid.count == 1 ? "is not a" : "are not") \(pack.title) member ID\(invalid.count == 1 ? "" : "s") (an ID must match \(pack.idRule.pattern)); nothing was fetched")
            throw ExitStatus.usage
        }
    }
}

/// Runs lookups and returns the records in the order the IDs were given, telling
/// stderr about each failure as it happens.
public enum LookupRun {
    public static func records(for ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: HistoryStore?) async throws -> [MemberRecord] {
        var byID = [String: MemberRecord]()
        try await each(of: ids, sources: sources, lookup: lookup, store: store) { byID[$0.id] = $0 }
        return unique(ids).compactMap { byID[$0] }
    }

    /// Each member's record as it finishes (duplicates looked up once), saved to the
    /// history with its changes attached.
    public static func each(of ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: HistoryStore?,
                     shouldStop: @Sendable () -> Bool = { false }, warn: Bool = true, body: (MemberRecord) throws -> Void) async throws {
        try await each(of: ids, sources: sources, lookup: lookup, store: store, shouldStop: shouldStop, warn: warn,
                       render: { _ in "" }) { record, _ in try body(record) }
    }

    /// The same, with each record also rendered by `render` in parallel (saving and
    /// rendering run where the member was looked up; `body` runs one at a time).
    public static func each(of ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: HistoryStore?,
                     shouldStop: @Sendable () -> Bool = { false }, warn: Bool = true,
                     render: @escaping @Sendable (MemberRecord) -> String,
                     body: (MemberRecord, String) throws -> Void) async throws {
        var failure: Error?
        let halted = HaltFlag()
        await lookup.lookup(unique(ids), sources: sources, shouldStop: { halted.isSet || shouldStop() },
                            prepare: { record -> Result<(MemberRecord, String), StoreFailure> in
            do {
                let saved = try remembered(record, lookup: lookup, store: store)
                return .success((saved, render(saved)))
            } catch {
                return .failure(StoreFailure())
            }
        }) { prepared in
            guard failure == nil else { return }
            do {
                let (record, rendered) = try prepared.get()
                if warn { for error in record.errors { Diagnostics.warning("member \(record.id): \(error)") } }
                for note in record.warnings { Diagnostics.warning(note) }
                try body(record, rendered)
            } catch {
                failure = error
                halted.set()
            }
        }
        if let failure { throw failure is StoreFailure ? ExitStatus.badInput : failure }
    }

    /// The history could not be written (the message is already on stderr).
    public struct StoreFailure: Error {}

    /// Saves a successful lookup and returns the record with what changed since the
    /// member's previous snapshot.
    /// A lookup in a web archive is stored as an archived point at its capture time,
    /// with no changes: it is not the member's latest state.
    public static func remembered(_ record: MemberRecord, lookup: MemberLookup, store: HistoryStore?) throws -> MemberRecord {
        guard let store, !record.failed else { return record }
        var record = record
        do {
            if record.isArchived {
                try store.saveArchived(record, pack: lookup.pack)
                return record
            }
            let saved = try store.save(record, pack: lookup.pack)
            record.changes = saved.changes
            record.previousLookup = saved.previousLookup
        } catch {
            Diagnostics.error(error.description)
            throw StoreFailure()
        }
        return record
    }

    /// The records with the pack's headline over each member's history (the table's
    /// trend); a history that cannot be read leaves the trend out.
    public static func withTrends(_ records: [MemberRecord], store: HistoryStore, pack: SitePack) -> [MemberRecord] {
        guard let field = pack.report.headline else { return records }
        let query = HistoryQuery(pack: pack, rows: false)
        return records.map { record in
            guard !record.failed, let snapshots = try? store.history(site: record.site, member: record.id) else { return record }
            var record = record
            record.trend = query.series(record.id, snapshots).first?.points.map { $0.values[field] ?? .null } ?? []
            return record
        }
    }

    public static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}

/// Stops a run of lookups from starting new members once something went wrong.
public final class HaltFlag: Sendable {
    private let value = Atomic<Bool>(false)
    public var isSet: Bool { value.load(ordering: .acquiring) }
    public func set() { value.store(true, ordering: .releasing) }
}
