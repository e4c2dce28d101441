import Lookup
import Packs
import Store
import Synchronization

/// Checks IDs against the pack before any request is made.
public enum IDValidation {
    /// The member IDs `given` names (an ID, or the address of one of a member's pages);
    /// a usage error names those that are neither.
    public static func ids(_ given: [String], pack: SitePack) throws(AppError) -> [String] {
        let invalid = given.filter { pack.memberID(from: $0) == nil }
        guard invalid.isEmpty else { throw .invalidIDs(invalid, site: pack.title, pattern: pack.idRule.pattern) }
        return given.compactMap(pack.memberID(from:))
    }
}

/// Runs lookups, saving each record to the history (with its changes attached) and
/// saying each failure on stderr as it happens.
public enum LookupRun {
    /// The records in the order the IDs were given (duplicates looked up once).
    public static func records(for ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: (any MemberHistory)?,
                               warn: Bool = true) async throws -> [MemberRecord] {
        var byID = [String: MemberRecord]()
        try await each(of: ids, sources: sources, lookup: lookup, store: store, warn: warn) { byID[$0.id] = $0 }
        return unique(ids).compactMap { byID[$0] }
    }

    /// The records of `ids` in their order, looked up as `settings` say.
    public static func records(for ids: [String], settings: LookupSettings) async throws -> [MemberRecord] {
        let ids = try IDValidation.ids(ids, pack: settings.pack)
        return try await records(for: ids, lookup: try settings.lookup(), store: try settings.openHistory())
    }

    /// Each member's record as it finishes (duplicates looked up once). Saving runs
    /// where the member was looked up; `body` runs one at a time. `warn`: each member's
    /// errors are said as warnings (a batch counts them instead). When the site is down
    /// for the run (`SiteOutage`), no further member is requested: each left gets a
    /// failed record saying so, and one line says why.
    public static func each(of ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: (any MemberHistory)?,
                            shouldStop: @escaping @Sendable () -> Bool = { false }, warn: Bool = true, body: (MemberRecord) throws -> Void) async throws {
        var failure: Error?
        let halted = HaltFlag()
        let ids = unique(ids)
        var outage = SiteOutage()
        var reported = Set<String>()
        await lookup.lookup(ids, sources: sources, shouldStop: { halted.isSet || shouldStop() },
                            prepare: { record -> Result<MemberRecord, AppError> in
            do throws(AppError) {
                return .success(try remembered(record, pack: lookup.pack, store: store))
            } catch {
                return .failure(error)
            }
        }) { prepared in
            guard failure == nil else { return }
            do {
                let record = try prepared.get()
                reported.insert(record.id)
                if warn { sayFailures(record) }
                for note in record.warnings { Diagnostics.warning(note) }
                try body(record)
                if outage.observe(record) {
                    halted.set()
                    lookup.stopStartingRequests()
                }
            } catch {
                failure = error
                halted.set()
            }
        }
        if let failure { throw failure }
        // A stop asked for (Ctrl-C) leaves the members not looked up for the next run.
        guard outage.isDown, !shouldStop() else { return }
        let left = ids.filter { !reported.contains($0) }
        guard !left.isEmpty else { return }
        Diagnostics.alert(outage.stopping(left: left.count))
        for id in left {
            try body(lookup.notLookedUp(id, sources: sources, kind: outage.causeKind, because: outage.notLookedUp))
        }
    }

    /// Saves a successful lookup and returns the record with what changed since the
    /// member's previous snapshot. A lookup in a web archive is stored as an archived
    /// point at its capture time, with no changes: it is not the member's latest state.
    public static func remembered(_ record: MemberRecord, pack: SitePack, store: (any MemberHistory)?) throws(AppError) -> MemberRecord {
        guard let store, !record.failed else { return record }
        var record = record
        do {
            if record.isArchived {
                try store.saveArchived(record, pack: pack)
                return record
            }
            let saved = try store.save(record, pack: pack)
            record.changes = saved.changes
            record.previousLookup = saved.previousLookup
        } catch {
            throw .history(error)
        }
        return record
    }

    /// A failed member's errors on stderr: a line per cause, the pages it struck named
    /// together (its URLs are in the record). `asProgress`: a batch's (not said under
    /// --quiet, where its summary line and status tell).
    public static func sayFailures(_ record: MemberRecord, asProgress: Bool = false) {
        guard !SiteOutage.wasLeft(record) else { return }
        var causes = [(error: MemberError, sources: [String])]()
        for error in record.errors {
            if let index = causes.firstIndex(where: { $0.error.kind == error.kind && $0.error.field == error.field && $0.error.message == error.message }) {
                if let source = error.source, !causes[index].sources.contains(source) { causes[index].sources.append(source) }
            } else {
                causes.append((error, error.source.map { [$0] } ?? []))
            }
        }
        for (error, sources) in causes {
            let field = error.field.map { " \($0)" } ?? ""
            let pages = sources.isEmpty ? "" : " (\(sources.joined(separator: " and ")) page\(sources.count == 1 ? "" : "s"))"
            let line = "member \(record.id): \(error.kind.rawValue)\(field): \(error.message)\(pages)"
            if asProgress { Diagnostics.info(line) } else { Diagnostics.error(line) }
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
