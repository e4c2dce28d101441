import Foundation
import Matching

/// The baseline: the same patterns through Foundation's NSRegularExpression, as the
/// original CPVanity apps matched them. To be fair to it, each pattern finds all its
/// matches in a subject at once (as `matches(in:)` would be used to cut rows) and
/// later calls on the same subject are answered from that list, so the baseline pays
/// for matching, not for repeated conversions. It also runs what PCRE2 runs: a
/// trailing `(.*?)</tag>` as its possessive form (`LazyCaptureTail`), which ICU
/// supports as well.
/// Offsets are UTF-16 units, which equal UTF-8 bytes only on ASCII pages: the
/// generated benchmark pages are ASCII.
struct NSRegularExpressionEngine: PatternEngine {
    func compile(_ pattern: String, options: PatternOptions) throws(PatternCompileError) -> any CompiledPattern {
        var flags: NSRegularExpression.Options = [.dotMatchesLineSeparators]
        if options.caseInsensitive { flags.insert(.caseInsensitive) }
        do {
            let source = LazyCaptureTail.possessive(pattern) ?? pattern
            return NSRegularExpressionPattern(pattern: pattern, regex: try NSRegularExpression(pattern: source, options: flags))
        } catch {
            throw PatternCompileError(message: "\(error)", offset: 0)
        }
    }
}

final class NSRegularExpressionPattern: CompiledPattern, @unchecked Sendable {
    let pattern: String
    let regex: NSRegularExpression
    var captureCount: Int { regex.numberOfCaptureGroups }
    private static let converted = LastSubjectMemo<NSString>()
    private let found = LastSubjectMemo<[PatternMatch]>()

    init(pattern: String, regex: NSRegularExpression) {
        self.pattern = pattern
        self.regex = regex
    }


    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int) throws(MatchFailure) -> PatternMatch? {
        let matches = found.value(for: subject) {
            let string = NSRegularExpressionPattern.converted.value(for: subject) { String(decoding: subject, as: UTF8.self) as NSString } as String
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

/// A value worked out from the last subject it was asked about: a page converted to
/// NSString once, not once per pattern; one pattern's matches in it once, not once per
/// field. The benchmark is single-threaded; the lock keeps it honest anyway.
private final class LastSubjectMemo<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var key: UnsafeRawPointer?
    private var count = 0
    private var value: Value?

    func value(for subject: UnsafeBufferPointer<UInt8>, compute: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        let address = UnsafeRawPointer(subject.baseAddress)
        if let value, address == key, subject.count == count { return value }
        key = address
        count = subject.count
        let computed = compute()
        value = computed
        return computed
    }
}
