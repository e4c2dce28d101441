import Foundation

/// One capture of a page in a web archive: when the archive took it, and of which URL.
public struct Capture: Sendable, Equatable, Hashable, Codable {
    /// The archive's 14-digit UTC timestamp (`20140110093000`), which names the capture
    /// in its URLs.
    public let timestamp: ArchiveTimestamp
    /// The URL the archive captured (the site's own, in the form the crawler met it:
    /// `http://www.codeproject.com:80/...` as often as `https://...`).
    public let original: String
    /// The status the archive recorded, when its index says (a CDX line does; a TimeMap
    /// does not); nil when it says `-`: unknown, as for every revisit.
    public let status: Int?
    /// A revisit record (`warc/revisit`): the page had not changed since an earlier
    /// capture, whose payload the archive serves under this capture's time.
    public let revisit: Bool
    /// The capture's own address as the archive's TimeMap gives it (`URI-M`); nil from a
    /// CDX index, whose captures are addressed by the pack's capture template.
    public let memento: String?

    public init(timestamp: ArchiveTimestamp, original: String, status: Int? = nil, revisit: Bool = false, memento: String? = nil) {
        self.timestamp = timestamp
        self.original = original
        self.status = status
        self.revisit = revisit
        self.memento = memento
    }

    public var time: Date { timestamp.date }

    /// True when the capture may hold the page: its recorded status is a success, or
    /// unknown (`-`: revisits, which stand for an earlier success). A 3xx, 4xx or 5xx
    /// capture is the site's redirect or error page, never a member's page.
    public var mayBeThePage: Bool {
        guard let status else { return true }
        return (200..<300).contains(status)
    }
}

/// `yyyyMMddHHmmss` in UTC, as archives write a capture's time. Only real moments:
/// month 1–12, day within its month, hours to 23, minutes and seconds to 59, except
/// that some of the Wayback Machine's 2000-era rows carry month or day `00`
/// (`20000012170449`): those are read as the first month or day (for ordering; the
/// text stays as the archive wrote it, since it names the capture in its URLs).
public struct ArchiveTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    public let description: String
    public let date: Date

    /// Nil for anything but 14 digits naming a real moment (month or day `00` read as 1).
    public init?(_ text: String) {
        let digits = Array(text.utf8)
        guard digits.count == 14, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        var components = DateComponents()
        components.year = number(0..<4)
        components.month = max(1, number(4..<6))
        components.day = max(1, number(6..<8))
        components.hour = number(8..<10)
        components.minute = number(10..<12)
        components.second = number(12..<14)
        guard let year = components.year, year >= 1990, let month = components.month, (1...12).contains(month),
              let hour = components.hour, hour < 24, let minute = components.minute, minute < 60,
              let second = components.second, second < 60,
              let date = ArchiveTimestamp.utc.date(from: components),
              ArchiveTimestamp.utc.component(.day, from: date) == components.day else { return nil }
        description = text
        self.date = date
    }

    /// The timestamp of a moment (to the second).
    public init(_ date: Date) {
        let parts = ArchiveTimestamp.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let text = String(format: "%04d%02d%02d%02d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                          parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        description = text
        self.date = ArchiveTimestamp.utc.date(from: parts) ?? date
    }

    public static func < (lhs: ArchiveTimestamp, rhs: ArchiveTimestamp) -> Bool { lhs.date < rhs.date }

    /// Coded as the archive writes it (`20140110093000`); anything else is refused.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let timestamp = ArchiveTimestamp(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not an archive timestamp"))
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}
