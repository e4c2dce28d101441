import Lookup

/// How a command's lookups ended: the exit status (nil: 0), and the kinds of failure
/// its members met, for the command line to advise on (it knows which flag helps).
public struct RunOutcome: Sendable {
    public var status: ExitStatus?
    public var failures: Set<MemberError.Kind>
    /// The history could not be opened, so the lookups were not recorded in it.
    public var historyUnavailable = false

    public init(status: ExitStatus? = nil, failures: Set<MemberError.Kind> = []) {
        self.status = status
        self.failures = failures
    }

    /// The records' failures: 1 when any member failed.
    public init(_ records: [MemberRecord]) {
        let failed = records.filter(\.failed)
        self.init(status: failed.isEmpty ? nil : .partialFailure, failures: Set(failed.flatMap { $0.errors.map(\.kind) }))
    }
}
