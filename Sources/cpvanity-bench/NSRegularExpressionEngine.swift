import Foundation
import Rules
import Synchronization

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
    private static let lastSubject = Mutex<(UnsafeRawPointer?, Int, NSString)>((nil, 0, ""))

    init(pattern: String, regex: NSRegularExpression) {
        self.pattern = pattern
        self.regex = regex
    }

    func groupNumber(named name: String) -> Int? { nil }

    func firstMatch(in subject: UnsafeBufferPointer<UInt8>, from start: Int, scratch: MatchScratch) throws(MatchFailure) -> PatternMatch? {
        let key = UnsafeRawPointer(subject.baseAddress)
        let string: NSString = NSRegularExpressionPattern.lastSubject.withLock { cached in
            if cached.0 == key && cached.1 == subject.count { return cached.2 }
            let fresh = String(decoding: subject, as: UTF8.self) as NSString
            cached = (key, subject.count, fresh)
            return fresh
        }
        guard start <= string.length,
              let match = regex.firstMatch(in: string as String, range: NSRange(location: start, length: string.length - start)) else { return nil }
        return PatternMatch(groups: (0..<match.numberOfRanges).map { index in
            let range = match.range(at: index)
            return range.location == NSNotFound ? nil : range.location..<(range.location + range.length)
        })
    }
}
