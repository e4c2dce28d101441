import Archive
import Lookup
import Packs
import Store
import Synchronization

/// The one check of member IDs, before any request is made: every ID a lookup gets
/// (typed, listed in a file, tracked in the history) has passed it, so the lookups
/// below take them as given.
public enum IDValidation {
    /// The member `text` names: an ID, or the address of one of the member's pages.
    public static func member(_ text: String, pack: SitePack) -> String? {
        pack.memberID(from: text)
    }

    /// The member IDs `given` names; a usage error names those that are neither an ID
    /// nor a member's address.
    public static func ids(_ given: [String], pack: SitePack) throws(AppError) -> [String] {
        let (ids, invalid) = split(given, pack: pack)
        guard invalid.isEmpty else { throw .invalidIDs(invalid, site: pack.title, requirement: pack.idRule.requirement(refusing: invalid)) }
        return ids
    }

    /// The members `given` names, and the texts that name none.
    public static func split(_ given: [String], pack: SitePack) -> (ids: [String], invalid: [String]) {
        var ids = [String]()
        var invalid = [String]()
        for text in given {
            if let id = member(text, pack: pack) { ids.append(id) } else { invalid.append(text) }
        }
        return (ids, invalid)
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

    /// The records of `ids` in their order, looked up as `settings` say; `warn`: each
    /// member's errors said on stderr too (not where the caller shows them itself).
    public static func records(for ids: [String], settings: LookupSettings, warn: Bool = true) async throws -> [MemberRecord] {
        let ids = try IDValidation.ids(ids, pack: settings.pack)
        return try await records(for: ids, lookup: try settings.lookup(), store: try settings.openHistory(), warn: warn)
    }

    /// Each member's record as it finishes (duplicates looked up once), and never fewer:
    /// `body` gets exactly one record for each distinct ID, whatever ends the run early.
    /// Saving runs where the member was looked up; `body` runs one at a time. `warn`:
    /// each member's errors are said as warnings (a batch counts them instead).
    ///
    /// When no further member can be started (the site down for the run, `shouldStop`,
    /// the history unwritable), each member left gets a record saying it was not looked
    /// up and why, and the stop is said once (a stop asked for is said by who asked).
    /// `resumable`: the caller keeps a checkpoint, so members left by a stop asked for
    /// or a failure are not handed to `body` but left for the next run; their number is
    /// returned. An error thrown by `body` (the output cannot be written) ends the run at once.
    ///
    /// Members read from a web archive as of a date show a progress line on a terminal
    /// (the archive's pace makes a member take seconds), unless the caller draws its own.
    @discardableResult
    public static func each(of ids: [String], sources: [String]? = nil, lookup: MemberLookup, store: (any MemberHistory)?,
                            shouldStop: @escaping @Sendable () -> Bool = { false }, warn: Bool = true, resumable: Bool = false,
                            drawsProgress: Bool = true, body: (MemberRecord) throws -> Void) async throws -> Int {
        let ids = unique(ids)
        let progress = drawsProgress ? archiveProgress(lookup, members: ids.count) : nil
        defer { progress?.clear() }
        var run = RunState()
        let halted = run.halted
        await lookup.lookup(ids, sources: sources, shouldStop: { halted.isSet || shouldStop() },
                            prepare: { record -> (MemberRecord, AppError?) in
            do throws(AppError) {
                return (try remembered(record, pack: lookup.pack, store: store), nil)
            } catch {
                return (record, error)
            }
        }) { prepared in
            guard run.bodyFailure == nil else { return }
            let (record, unsaved) = prepared
            run.reported.insert(record.id)
            if warn { sayFailures(record) }
            for note in record.warnings { Diagnostics.warning(note) }
            progress?.record(failed: record.failed)
            do {
                // A record on standard output takes the progress line's place on a shared terminal.
                progress?.hide()
                try body(record)
            } catch {
                run.bodyFailure = error
                run.halt(lookup)
                return
            }
            if let unsaved, run.failure == nil {
                run.failure = unsaved
                run.halt(lookup)
            }
            if run.outage.observe(record) { run.halt(lookup) }
        }
        if let failure = run.bodyFailure { throw failure }
        let left = ids.filter { !run.reported.contains($0) }
        let stop = run.stop(interrupted: shouldStop(), refusal: lookup.archiveRefusal)
        // Left for a checkpoint to pick up, or recorded here as not looked up.
        let keep = resumable && stop.resumable
        if !left.isEmpty {
            if let said = stop.said(left: left.count, resumable: keep) { Diagnostics.alert(said) }
            if !keep { for id in left { try body(lookup.notLookedUp(id, sources: sources, because: stop.why)) } }
        }
        if let failure = run.failure { throw failure }
        return keep ? left.count : 0
    }

    /// The progress line of members read from a web archive as of a date; nil for the site.
    static func archiveProgress(_ lookup: MemberLookup, members: Int) -> ProgressLine? {
        guard let archive = lookup.archive, let period = archive.asOf else { return nil }
        return ProgressLine(total: members, label: "as of \(ArchiveDates.name(period)):", archive: archive)
    }

    /// Saves a successful lookup and returns the record with what changed since the
    /// member's previous snapshot. A lookup in a web archive is stored as an archived
    /// point at its capture time, with no changes: it is not the member's latest state.
    /// A lookup whose pages were read is saved, values it could not read as unknown; one
    /// that cannot read what the member's last one had (a field, a list) says so: each
    /// loss is a change from the last value to unknown, and a warning.
    public static func remembered(_ record: MemberRecord, pack: SitePack, store: (any MemberHistory)?) throws(AppError) -> MemberRecord {
        guard let store, record.pagesWereRead else { return record }
        var record = record
        do {
            if record.isArchived {
                try store.saveArchived(record, pack: pack)
                return record
            }
            // Before the save: the losses are against the lookup before this one.
            let losses = try store.losses(record, pack: pack)
            let saved = try store.save(record, pack: pack)
            record.changes = saved.changes.merging(losses) { kept, _ in kept }
            record.previousLookup = saved.previousLookup
            record.warnings += LostValues.said(losses, of: record, pack: pack)
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
        let lines = causes.map { error, sources in
            let field = error.field.map { " \($0)" } ?? ""
            let pages = sources.isEmpty ? "" : " (\(sources.joined(separator: " and ")) page\(sources.count == 1 ? "" : "s"))"
            return "member \(record.id): \(error.kind.rawValue)\(field): \(error.message)\(pages)"
        }
        guard asProgress else {
            for line in lines { Diagnostics.error(line) }
            return
        }
        // Under --quiet a run of many members says no progress, but every failure: one line a member.
        if Console.verbosity == .quiet, let first = lines.first {
            Diagnostics.error(first + (lines.count > 1 ? " (and \(lines.count - 1) more)" : ""))
        } else {
            for line in lines { Diagnostics.info(line) }
        }
    }

    public static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}

/// What a run of lookups has seen so far, and why it stopped starting members.
private struct RunState {
    let halted = HaltFlag()
    var outage = SiteOutage()
    var reported = Set<String>()
    /// The output refused a record: nothing more can be written.
    var bodyFailure: Error?
    /// A member's lookup could not be saved: the run ends once what is in flight is in.
    var failure: AppError?

    func halt(_ lookup: MemberLookup) {
        halted.set()
        lookup.stopStartingRequests()
    }

    func stop(interrupted: Bool, refusal: String?) -> RunStop {
        if let failure { return .failed(failure) }
        if let refusal { return .refused(refusal) }
        if outage.isDown { return .outage(outage) }
        if interrupted { return .interrupted }
        return .unexplained
    }
}

/// Why members of a run were left unrequested.
enum RunStop {
    case outage(SiteOutage)
    /// The archive's 429s went on after a pause: its requests stopped, as it blocks an
    /// address that goes on.
    case refused(String)
    case interrupted
    case failed(AppError)
    /// No cause known: never expected, but a member is never dropped without a row.
    case unexplained

    /// In the record of each member left: "not looked up: …".
    var why: String {
        switch self {
        case .outage(let outage): return outage.notLookedUp
        case .refused(let why): return why
        case .interrupted: return "the run was stopped (Ctrl-C or a signal) before its turn"
        case .failed(let error): return "the run stopped after an error (\(error))"
        case .unexplained: return "the run ended before its turn"
        }
    }

    /// A stop a checkpoint can pick up from: the members left are looked up next time.
    var resumable: Bool {
        switch self {
        case .interrupted, .failed, .refused: return true
        case .outage, .unexplained: return false
        }
    }

    /// The one line on stderr, or nil where the stop was said already (Ctrl-C).
    func said(left: Int, resumable: Bool) -> String? {
        let members = left == 1 ? "the member left is" : "the \(left) members left are"
        let fate = resumable ? "\(members) left for the next run" : "\(members) recorded as not looked up"
        switch self {
        case .outage(let outage): return outage.stopping(left: left)
        case .refused(let why): return "stopped starting lookups: \(why); \(fate)"
        case .interrupted: return nil
        case .failed(let error): return "stopped starting lookups after an error (\(error)); \(fate)"
        case .unexplained: return "\(left == 1 ? "1 member was" : "\(left) members were") not looked up: the run ended early; they are recorded as not looked up"
        }
    }
}

/// Stops a run of lookups from starting new members once something went wrong.
public final class HaltFlag: Sendable {
    private let value = Atomic<Bool>(false)
    public var isSet: Bool { value.load(ordering: .acquiring) }
    public func set() { value.store(true, ordering: .releasing) }
}
