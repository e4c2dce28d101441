import Foundation
import PageText

/// What a captured string becomes. Conversion failures are values the page did not
/// deliver as promised, reported per field, never a crash.
public enum FieldType: String, Sendable, CaseIterable {
    /// Tags stripped, HTML entities decoded, white space collapsed.
    case text
    /// An integer; thousands separators (`,`, spaces, `'`) removed.
    case int
    /// A decimal number; thousands separators removed.
    case decimal
    /// Entities decoded and made absolute against the site's base URL.
    case url
    /// A day in any of the usual written forms, as ISO 8601 (`2012-03-12`).
    case date
    /// The captured text exactly as it stands in the page.
    case string
    /// A month without its day (`Apr 2017`, `2017-04`), as `YYYY-MM` text.
    case month
    /// A count as pages show it rounded (`99.5k`, `1k`, `2.2m`, `1,2k`) or exact
    /// (`1,103`): an integer (99,500), the step it was rounded to kept beside it in the
    /// record (`RoundedNumber`).
    case rounded
    /// A span in words (`10 years, 3 months`, `2 days`), as ISO 8601 text (`P10Y3M`).
    case duration

    /// What reading a date needs beyond its text: the page's own time, which "2 days
    /// ago" is counted back from, and the century of two-digit years.
    public struct Dates: Sendable {
        public var now: Date?
        public var century: Int?

        public init(now: Date? = nil, century: Int? = nil) {
            self.now = now
            self.century = century
        }
    }

    /// What a capture becomes: the one conversion every value goes through. With a
    /// `map`, the capture's plain text is looked up (case-insensitively; the keys were
    /// lowercased when the pack was loaded) and the replacement converted instead.
    /// Numbers, dates, text and links in their usual forms are read straight off the
    /// bytes; anything else by way of a `String`, which reads it or says why not.
    public func convert(_ raw: UnsafeBufferPointer<UInt8>, map: [String: String]? = nil,
                        base: String, dates: Dates = Dates()) -> Result<FieldValue, ConversionError> {
        if let map {
            let captured = HTMLText.plain(raw)
            guard var replacement = map[captured.lowercased()] else {
                return .failure(ConversionError(raw: captured, unlistedIn: map.keys.sorted()))
            }
            return replacement.withUTF8 { convert($0, base: base, dates: dates) }
        }
        if let value = usualValue(raw, base: base) { return .success(value) }
        return convertUnusual(String(decoding: raw, as: UTF8.self), base: base, dates: dates)
    }

    /// `convert` for text in hand (a pack's default, a test's capture).
    public func convert(_ raw: String, base: String, dates: Dates = Dates()) -> Result<FieldValue, ConversionError> {
        var raw = raw
        return raw.withUTF8 { convert($0, base: base, dates: dates) }
    }

    /// The value of a capture in its usual form; nil for anything else.
    private func usualValue(_ raw: UnsafeBufferPointer<UInt8>, base: String) -> FieldValue? {
        switch self {
        case .int:
            if let value = Numeral(raw)?.integer { return .int(value) }
        case .decimal:
            if let value = Numeral(raw)?.decimal { return .decimal(value) }
        case .date:
            if let date = DateText.dayMonthYear(raw) { return .date(date) }
        case .text:
            return .text(HTMLText.plain(raw))
        case .url:
            if let resolved = AbsoluteURL.resolvePlain(raw, origin: AbsoluteURL.origin(of: base)) { return .text(resolved) }
        case .string, .rounded, .month, .duration:
            break
        }
        return nil
    }

    private func convertUnusual(_ raw: String, base: String, dates: Dates) -> Result<FieldValue, ConversionError> {
        switch self {
        case .duration:
            guard let span = RelativeTime.span(HTMLText.plain(raw)) else {
                return .failure(ConversionError(raw: raw, expected: "a span such as 10 years, 3 months"))
            }
            return .success(.text(span.iso))
        case .string:
            return .success(.text(raw))
        case .month:
            guard let month = DateText.yearMonth(HTMLText.plain(raw)) else {
                return .failure(ConversionError(raw: raw, expected: "a month such as Apr 2017"))
            }
            return .success(.text(month))
        case .rounded:
            switch RoundedNumber.read(HTMLText.plain(raw)) {
            case .success(let number): return .success(.int(number.value))
            case .failure(.tooLarge): return .failure(.tooLarge(raw, for: "an integer", limit: "up to \(Int.max)"))
            case .failure(.notANumber): return .failure(ConversionError(raw: raw, expected: "a number such as 1,103, 99.5k or 2.2m"))
            }
        case .text:
            return .success(.text(HTMLText.plain(raw)))
        case .int:
            let text = FieldType.numeral(raw)
            guard let value = FieldType.integer(text) else {
                if case .long = Numeral.read(cleaned: text), !text.contains(".") {
                    return .failure(.tooLarge(raw, for: "an integer", limit: "at most 19 digits, up to \(Int.max)"))
                }
                return .failure(ConversionError(raw: raw, expected: "an integer"))
            }
            return .success(.int(value))
        case .decimal:
            let text = FieldType.numeral(raw)
            if case .long = Numeral.read(cleaned: text), text.filter(\.isNumber).count > FieldType.decimalDigits {
                return .failure(.tooLarge(raw, for: "a decimal number", limit: "at most \(FieldType.decimalDigits) digits"))
            }
            guard let value = FieldType.decimal(text) else {
                return .failure(ConversionError(raw: raw, expected: "a decimal number"))
            }
            return .success(.decimal(value))
        case .url:
            var text = raw.utf8.contains(UInt8(ascii: "&")) ? HTMLEntities.decode(raw) : raw
            if text.utf8.first.map(FieldType.isASCIISpace) == true || text.utf8.last.map(FieldType.isASCIISpace) == true {
                text = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            guard !text.isEmpty, let resolved = AbsoluteURL.resolve(text, against: base) else {
                return .failure(ConversionError(raw: raw, expected: "a URL"))
            }
            return .success(.text(resolved))
        case .date:
            let text = HTMLText.plain(raw)
            if let date = DateText.parse(text, century: dates.century) { return .success(.date(date)) }
            if let now = dates.now, let date = RelativeTime.day(text, before: now) { return .success(.date(date)) }
            if dates.now == nil, RelativeTime.day(text, before: Date(timeIntervalSince1970: 0)) != nil {
                return .failure(ConversionError(raw: raw, expected: "a day here: it counts back from when the page was served, which is not known "
                                                + "(a saved page: give its source a time pattern in the pack)"))
            }
            return .failure(ConversionError(raw: raw, expected: "a date such as 12 Mar 2012 or 2 days ago"))
        }
    }

    /// Plain text with thousands separators and a leading `+` removed.
    private static func numeral(_ raw: String) -> String {
        var text = HTMLText.plain(raw)
        if text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "'") || $0 >= 0x80 }) {
            text.unicodeScalars.removeAll { $0 == "," || $0 == " " || $0 == "'" || $0 == "\u{00A0}" || $0 == "\u{202F}" }
        }
        if text.hasPrefix("+") { text.removeFirst() }
        return text
    }

    /// Cleaned text as an integer; past 18 digits, Int's own parser (nil outside Int's range).
    private static func integer(_ text: String) -> Int? {
        switch Numeral.read(cleaned: text) {
        case .number(let numeral): return numeral.integer
        case .long: return Int(text)
        case .invalid: return nil
        }
    }

    /// Cleaned text as a decimal; past 18 digits, Decimal's own parser.
    private static func decimal(_ text: String) -> Decimal? {
        switch Numeral.read(cleaned: text) {
        case .number(let numeral): return numeral.decimal
        case .long: return Decimal(string: text, locale: posix)
        case .invalid: return nil
        }
    }

    private static let posix = Locale(identifier: "en_US_POSIX")

    /// The digits a `Decimal` holds exactly; a longer number would come back rounded.
    static let decimalDigits = 38

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

}

/// A number as pages write one: an optional sign, digits with thousands separators
/// (`,`, `'`, spaces) and at most one decimal point, read off the bytes. Up to 18
/// digits, which is every count, rating and score a page shows; longer ones are read
/// by Int's and Decimal's own parsers (`FieldType.integer`, `FieldType.decimal`).
struct Numeral {
    let negative: Bool
    /// The digits; `exponent` places them.
    let significand: UInt64
    let exponent: Int
    let hasPoint: Bool

    enum Reading {
        case number(Numeral)
        /// Well formed, but more than 18 digits.
        case long
        case invalid
    }

    /// From a raw capture; nil when it holds anything but the above and white space
    /// (tags, references and non-ASCII spaces take the `String` path), or when it is long.
    init?(_ raw: UnsafeBufferPointer<UInt8>) {
        let reading = Numeral.read(raw, skipping: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "'") || $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) },
                                   allowsPlus: true)
        guard case .number(let numeral) = reading else { return nil }
        self = numeral
    }

    private init(negative: Bool, significand: UInt64, exponent: Int, hasPoint: Bool) {
        self.negative = negative
        self.significand = significand
        self.exponent = exponent
        self.hasPoint = hasPoint
    }

    /// Text already cleaned of separators.
    static func read(cleaned text: String) -> Reading {
        var text = text
        return text.withUTF8 { read($0, skipping: { _ in false }, allowsPlus: false) }
    }

    private static func read(_ bytes: UnsafeBufferPointer<UInt8>, skipping isSeparator: (UInt8) -> Bool, allowsPlus: Bool) -> Reading {
        var significand: UInt64 = 0
        var exponent = 0
        var digits = 0
        var negative = false
        var afterPoint = false
        var signSeen = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "-") where !signSeen && digits == 0 && !afterPoint: negative = true; signSeen = true
            case UInt8(ascii: "+") where allowsPlus && !signSeen && digits == 0 && !afterPoint: signSeen = true
            case UInt8(ascii: ".") where !afterPoint: afterPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                significand = significand &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                if afterPoint { exponent -= 1 }
            default:
                if !isSeparator(byte) { return .invalid }
            }
        }
        guard digits > 0 else { return .invalid }
        // Past 18 digits the significand has wrapped; the caller reads the text instead.
        guard digits <= 18 else { return .long }
        return .number(Numeral(negative: negative, significand: significand, exponent: exponent, hasPoint: afterPoint))
    }

    /// Nil for anything with a point.
    var integer: Int? {
        guard !hasPoint else { return nil }
        return negative ? -Int(significand) : Int(significand)
    }

    /// `4.66` as significand 466 and exponent -2: exact, and much cheaper than
    /// Decimal's string parser.
    var decimal: Decimal {
        Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
}

public struct ConversionError: Error, Sendable, Equatable {
    public var raw: String
    public var expected: String
    /// For a field with a `map`: its keys, none of which the capture was.
    public var listed: [String]?
    /// A well-formed number too large for its type: the page's value, unreadable here,
    /// not a sign that the markup changed.
    public var tooLarge = false

    public init(raw: String, expected: String) {
        self.raw = raw
        self.expected = expected
    }

    init(raw: String, unlistedIn keys: [String]) {
        self.raw = raw
        expected = "listed in the field's map"
        listed = keys
    }

    /// A number with more digits than `expected` can hold.
    static func tooLarge(_ raw: String, for expected: String, limit: String) -> ConversionError {
        var error = ConversionError(raw: raw, expected: expected)
        error.tooLarge = true
        error.limit = limit
        return error
    }

    private var limit = ""

    public var message: String {
        if tooLarge {
            let shown = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
            return "captured \"\(shown)\", a number too large for \(expected) (\(limit)); the page's value is not read"
        }
        if let listed {
            return "captured \"\(raw)\", which the field's map does not list (it lists \(listed.joined(separator: ", ")))"
        }
        let shown = raw.count > 60 ? String(raw.prefix(57)) + "..." : raw
        return "captured \"\(shown)\", which is not \(expected)"
    }
}

enum AbsoluteURL {
    static func resolve(_ text: String, against base: String) -> String? {
        // Entities are decoded by now, so a `&` is just part of the URL.
        var text = text
        if let plain = text.withUTF8({ resolvePlain($0, origin: origin(of: base), allowingAmpersand: true) }) { return plain }
        if let absolute = URL(string: text), absolute.scheme != nil { return absolute.absoluteString }
        guard let baseURL = URL(string: base.hasSuffix("/") ? base : base + "/"),
              let resolved = URL(string: text, relativeTo: baseURL) else { return nil }
        return resolved.absoluteURL.absoluteString
    }

    /// `https://host:port` of a base URL, or nil when it has none. Bases are few, so
    /// the answer is kept.
    private static let origins = OriginCache()

    /// The common cases without Foundation's URL parser: a path from the root
    /// ("/Articles/1/x") joined to `origin`, or an absolute http(s) URL, with nothing to
    /// escape or resolve. A raw capture's `&` may start an entity, so it only passes
    /// once entities are decoded (`allowingAmpersand`).
    static func resolvePlain(_ raw: UnsafeBufferPointer<UInt8>, origin: String?, allowingAmpersand: Bool = false) -> String? {
        guard raw.count > 1, isPlain(raw, allowingAmpersand: allowingAmpersand) else { return nil }
        if raw[0] == UInt8(ascii: "/"), raw[1] != UInt8(ascii: "/"), let origin {
            var origin = origin
            return origin.withUTF8 { head in
                String(unsafeUninitializedCapacity: head.count + raw.count) { buffer in
                    _ = buffer.initialize(from: head)
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[head.count...]).initialize(from: raw)
                    return head.count + raw.count
                }
            }
        }
        if raw.starts(with: "https://".utf8) || raw.starts(with: "http://".utf8) {
            return String(decoding: raw, as: UTF8.self)
        }
        return nil
    }

    /// No character a URL would need escaped, no dot segments: safe to pass as written.
    private static func isPlain(_ raw: UnsafeBufferPointer<UInt8>, allowingAmpersand: Bool) -> Bool {
        let allowed = allowingAmpersand ? plainBytesWithAmpersand : plainBytes
        var sawDot = false
        for byte in raw {
            // One table lookup per byte: every link of every row comes through here.
            guard byte < 0x80, (byte < 0x40 ? allowed.low : allowed.high) >> UInt64(byte & 63) & 1 == 1 else { return false }
            sawDot = sawDot || byte == UInt8(ascii: ".")
        }
        // Most links have no dot at all; only those are looked at again for a segment
        // that is "." or "..", which needs resolving.
        return !sawDot || !hasDotSegment(raw)
    }

    private static func hasDotSegment(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        let path = raw.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        return path.contains { segment in
            let segment = segment.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
            return segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8)
        }
    }

    /// Printable ASCII but for the characters a URL must escape, as bit sets over
    /// bytes 0–63 and 64–127.
    private static let plainBytesWithAmpersand = byteSet(excluding: "\"<>\\^`{|}")
    private static let plainBytes = byteSet(excluding: "\"<>\\^`{|}&")

    private static func byteSet(excluding excluded: String) -> (low: UInt64, high: UInt64) {
        var set: (low: UInt64, high: UInt64) = (0, 0)
        for byte in UInt8(0x21)..<0x7F where !excluded.utf8.contains(byte) {
            if byte < 0x40 { set.low |= 1 << UInt64(byte) } else { set.high |= 1 << UInt64(byte - 0x40) }
        }
        return set
    }

    static func origin(of base: String) -> String? {
        origins.origin(of: base)
    }
}

/// Origins of base URLs seen so far; a lock, because extractions run on many threads.
final class OriginCache: @unchecked Sendable {
    private let lock = NSLock()
    private var known: [String: String?] = [:]

    func origin(of base: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = known[base] { return cached }
        var origin: String?
        if let scheme = base.range(of: "://") {
            let host = base[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if !host.isEmpty { origin = String(base[..<scheme.upperBound]) + host }
        }
        known[base] = origin
        return origin
    }
}
