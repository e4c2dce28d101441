import Archive
import Foundation
import Lookup
import Packs

/// The history as the application sees it: lookups saved (with what changed), series
/// read back typed, tracked members. `HistoryStore` keeps it in SQLite.
public protocol MemberHistory: Sendable {
    var path: String { get }
    @discardableResult
    func save(_ record: MemberRecord, pack: SitePack, at time: Date?) throws(StoreError) -> HistoryStore.SaveResult
    /// False when the history already holds these captures (a resumed backfill).
    @discardableResult
    func saveArchived(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> Bool
    func archivedCaptures(site: String, member: String) throws(StoreError) -> [[String: ArchiveTimestamp]]
    /// Fields and lists the member's latest lookup had that this one cannot read.
    func losses(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> [FieldPath: FieldChange]
    func series(site: String, member: String, pack: SitePack, since: Date?) throws(StoreError) -> HistorySeries
    func rowSeries(site: String, member: String, pack: SitePack, since: Date?) throws(StoreError) -> [HistorySeries]
    @discardableResult
    func track(_ members: [String], site: String, label: String?, at time: Date) throws(StoreError) -> [String]
    @discardableResult
    func untrack(_ members: [String], site: String) throws(StoreError) -> [String]
    func tracked(site: String) throws(StoreError) -> [HistoryStore.TrackedMember]
}

extension HistoryStore: MemberHistory {}

extension MemberHistory {
    @discardableResult
    public func save(_ record: MemberRecord, pack: SitePack) throws(StoreError) -> HistoryStore.SaveResult {
        try save(record, pack: pack, at: nil)
    }

    public func series(site: String, member: String, pack: SitePack) throws(StoreError) -> HistorySeries {
        try series(site: site, member: member, pack: pack, since: nil)
    }

    @discardableResult
    public func track(_ members: [String], site: String, label: String?) throws(StoreError) -> [String] {
        try track(members, site: site, label: label, at: Date())
    }
}
