import Synchronization

/// `--quiet`: stderr carries errors and the drift alert only (no progress, warnings or
/// summaries), for cron jobs that mail whatever is printed.
public enum Verbosity {
    private static let quietFlag = Atomic<Bool>(false)

    public static var quiet: Bool { quietFlag.load(ordering: .relaxed) }

    public static func setQuiet(_ quiet: Bool) { quietFlag.store(quiet, ordering: .relaxed) }
}
