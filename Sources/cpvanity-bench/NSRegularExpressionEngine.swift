import Foundation
import Rules

/// The baseline: the same patterns through Foundation's NSRegularExpression, as the
/// original CPVanity apps matched them. To be fair to it, each pattern finds all its
/// matches in a subject at once (as `matches(in:)` would be used to cut rows) and
/// later calls on the same subject are answered from that list, so the baseline pays
/// for matching, not for repeated conversions.
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
    private let found = MatchCache()

    init(pattern: String, regex: NSRegularExpression) {
        self.pattern = pattern
        self.regex = regex
    }

    func groupNumber(named name: String) -> Int? { nil }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, scratch: MatchScratch) throws(MatchFailure) -> PatternMatch? {
        let matches = found.matches(for: subject) {
            let string = NSRegularExpressionPattern.cache.string(for: subject) as String
            return regex.matches(in: string, range: NSRange(location: 0, length: subject.count)).map { match in
                PatternMatch(groups: (0..<match.numberOfRanges).map { index in
                    let range = match.range(at: index)
                    return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
                })
            }
        }
        return matches.first { $0.range.lowerBound >= start }
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

/// One pattern's matches in the last subject it saw.
private final class MatchCache: @unchecked Sendable {
    private let lock = NSLock()
    private var key: UnsafeRawPointer?
    private var count = 0
    private var matches: [PatternMatch] = []

    func matches(for subject: UnsafeBufferPointer<UInt8>, compute: () -> [PatternMatch]) -> [PatternMatch] {
        lock.lock()
        defer { lock.unlock() }
        let address = UnsafeRawPointer(subject.baseAddress)
        if address != key || subject.count != count {
            key = address
            count = subject.count
            matches = compute()
        }
        return matches
    }
}
