import Foundation
import Rules

/// The baseline: the same patterns through Foundation's NSRegularExpression, as the
/// original CPVanity apps matched them. Pages are converted to NSString once each
/// (cached by buffer), so the baseline pays for matching, not for conversions.
/// Offsets are UTF-16 units, which equal UTF-8 bytes only on ASCII pages: the
/// generated benchmark pages are ASCII.
struct NSRegularExpressionEngine: PatternEngine {
    func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern {
        var flags: NSRegularExpression.Options = [.dotMatchesLineSeparators]
        if options.caseInsensitive { flags.insert(.caseInsensitive) }
        do {
            return NSRegularExpressionPattern(pattern: pattern, regex: try NSRegularExpression(pattern: pattern, options: flags))
        } catch {
            throw PatternCompileError(message: "\(error)", offset: 0)
        }
    }
}

final class NSRegularExpressionPattern: CompiledPattern, @unchecked Sendable {
    let pattern: String
    let regex: NSRegularExpression
    var captureCount: Int { regex.numberOfCaptureGroups }
    private static let cache = SubjectCache()

    init(pattern: String, regex: NSRegularExpression) {
        self.pattern = pattern
        self.regex = regex
    }

    func groupNumber(named name: String) -> Int? { nil }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, scratch: MatchScratch) throws(MatchFailure) -> PatternMatch? {
        let string = NSRegularExpressionPattern.cache.string(for: subject)
        guard start <= string.length,
              let match = regex.firstMatch(in: string as String, range: NSRange(location: start, length: string.length - start)) else { return nil }
        return PatternMatch(groups: (0..<match.numberOfRanges).map { index in
            let range = match.range(at: index)
            return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
        })
    }
}

/// The last subject converted to NSString, so a page is converted once, not once per
/// pattern. The benchmark is single-threaded; the lock keeps it honest anyway.
private final class SubjectCache: @unchecked Sendable {
    private let lock = NSLock()
    private var key: UnsafeRawPointer?
    private var count = 0
    private var string: NSString = ""

    func string(for subject: UnsafeBufferPointer<UInt8>) -> NSString {
        lock.lock()
        defer { lock.unlock() }
        let address = UnsafeRawPointer(subject.baseAddress)
        if address != key || subject.count != count {
            key = address
            count = subject.count
            string = String(decoding: subject, as: UTF8.self) as NSString
        }
        return string
    }
}
