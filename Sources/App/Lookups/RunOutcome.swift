import Lookup

/// How a command's lookups ended: the exit status (nil: 0), and the kinds of failure
/// its members met, for the command line to advise on (it knows which flag helps).
public struct RunOutcome: Sendable {
    public var status: ExitStatus?
    public var failures: Set<MemberError.Kind>
    /// Of the archive's failures, those another setting may help (busy, pages too far apart).
    public var archiveCauses: Set<MemberError.ArchiveCause> = []
    /// The history could not be opened, so the lookups were not recorded in it.
    public var historyUnavailable = false
    /// A batch's members by how they ended, as its last line says them.
    public var members: MemberCounts?

    public init(status: ExitStatus? = nil, failures: Set<MemberError.Kind> = []) {
        self.status = status
        self.failures = failures
    }

    /// The records' failures: 1 when any member failed.
    public init(_ records: [MemberRecord]) {
        let failed = records.filter(\.failed)
        self.init(status: failed.isEmpty ? nil : .partialFailure, failures: Set(failed.flatMap { $0.errors.map(\.kind) }))
        archiveCauses = Set(failed.flatMap { $0.errors.compactMap(\.archiveCause) })
    }
}

/// A batch's members by how they ended: each distinct member of the list is in exactly
/// one count (`ok + failed + notLookedUp + leftForResume == total`).
public struct MemberCounts: Sendable, Equatable {
    public var total: Int
    public var ok: Int
    /// Looked up, and something went wrong (a record with its cause).
    public var failed: Int
    /// Never requested: the run stopped starting lookups (a record saying why).
    public var notLookedUp: Int
    /// Never requested, and left out of the file for the next run (`--resume`).
    public var leftForResume: Int
}
