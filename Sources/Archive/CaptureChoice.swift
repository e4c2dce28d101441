import Foundation

/// Which captures to read: the one nearest a date, or (a backfill) one per period.
public enum CaptureChoice {
    /// The capture nearest `date`; on a tie, the earlier.
    public static func closest(to date: Date, in captures: [Capture]) -> Capture? {
        captures.min { abs($0.time.timeIntervalSince(date)) < abs($1.time.timeIntervalSince(date)) }
    }

    /// How often a backfill reads a capture.
    public enum Period: String, Sendable, CaseIterable {
        case month, quarter, year

        /// The period a moment falls in (UTC), as text that sorts in time order.
        public func key(_ date: Date) -> String {
            let parts = ArchiveTimestamp.utc.dateComponents([.year, .month], from: date)
            let year = parts.year ?? 0, month = parts.month ?? 1
            switch self {
            case .month: return String(format: "%04d-%02d", year, month)
            case .quarter: return String(format: "%04d-Q%d", year, (month - 1) / 3 + 1)
            case .year: return String(format: "%04d", year)
            }
        }
    }
}
