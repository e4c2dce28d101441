import Archive
import Foundation

/// The one reader of dates people type (`--as-of`, `--since`, `--from`, `--to`): a
/// year, a month, a day (UTC) or an ISO 8601 time, each naming a period.
public enum TypedDate {
    /// The forms, as messages and help texts name them.
    public static let forms = "2014, 2014-01, 2014-01-10 or 2014-01-10T09:30:00Z (from 1990 on)"

    /// `2014` (the year), `2014-01` (the month), `2014-01-10` (the day), or an ISO 8601
    /// time (that second); nil for anything else, or before 1990.
    public static func period(_ text: String) -> DateInterval? {
        ArchiveDates.period(text)
    }

    /// `90m`, `36h`, `2d` in seconds (more than 0, at most ten years); nil for anything else.
    public static func duration(_ text: String) -> TimeInterval? {
        ArchiveDates.duration(text)
    }
}
