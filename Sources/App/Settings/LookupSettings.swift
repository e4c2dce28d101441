import Foundation
import Lookup
import Packs
import Store

/// Everything a command that looks members up was told, as plain values: the pack,
/// how to fetch, a web archive to read instead, the history. The command line fills
/// it; the runs make their objects from it.
public struct LookupSettings: Sendable {
    public var pack: SitePack
    public var fetch: FetchSettings
    /// Set: members are read as a web archive shows them (`asOf`), or a backfill reads it.
    public var archive: ArchiveSettings?
    /// Nil: lookups neither read nor write a history.
    public var history: HistorySettings?

    public init(pack: SitePack, fetch: FetchSettings, archive: ArchiveSettings? = nil, history: HistorySettings? = nil) {
        self.pack = pack
        self.fetch = fetch
        self.archive = archive
        self.history = history
    }

    public func lookup() throws(AppError) -> MemberLookup {
        try fetch.lookup(pack: pack, archive: archive)
    }

    /// Whether lookups should have a history (and `openHistory` may have found none).
    public var wantsHistory: Bool { history != nil }

    /// The history lookups save to. One that cannot be opened where it is (a read-only
    /// home) is a warning: the lookup goes on and prints its record, without a history.
    public func openHistory() throws(AppError) -> (any MemberHistory)? {
        guard let history else { return nil }
        do {
            return try HistoryStore(path: history.path)
        } catch {
            if case .cannotOpen = error {
                Diagnostics.warning("\(error.description); this lookup is not recorded in the history")
                return nil
            }
            throw .history(error)
        }
    }
}

extension HistorySettings {
    /// The history itself, for the commands that are about it (history, track,
    /// refresh). `readOnly`: read as it is, writing nothing (a history on read-only media).
    public func open(readOnly: Bool = false) throws(AppError) -> any MemberHistory {
        do {
            return try HistoryStore(path: path, readOnly: readOnly)
        } catch {
            throw .history(error)
        }
    }

    /// The members tracked for `pack`'s site, in the order they were added. The file may
    /// have been written by anyone: an entry that is not one of the site's member IDs is
    /// skipped, with a warning.
    public func tracked(pack: SitePack, readOnly: Bool = false) throws(AppError) -> [String] {
        let store = try open(readOnly: readOnly)
        let tracked = try AppError.history { () throws(StoreError) in try store.tracked(site: pack.name).map(\.member) }
        let (ids, invalid) = IDValidation.split(tracked, pack: pack)
        for id in invalid {
            Diagnostics.warning("\(path) tracks \(id.debugDescription), which is not a \(pack.title) member ID; skipped (cpvanity track remove removes it)")
        }
        return ids
    }

    /// `given`, or with none the tracked members (what `history` and `report` show by
    /// default); neither is a usage error worded for `command`.
    public func members(_ given: [String], pack: SitePack, command: String, readOnly: Bool = false) throws(AppError) -> [String] {
        guard given.isEmpty else { return given }
        let tracked = try tracked(pack: pack, readOnly: readOnly)
        guard !tracked.isEmpty else { throw .noMembers(command: command) }
        return tracked
    }
}
