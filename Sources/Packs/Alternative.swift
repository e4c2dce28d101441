import Foundation
import Matching

/// One way of finding a field: narrow the page with each `within` in turn, then match.
/// A class for the reason `FieldRule` is one.
public final class Alternative: Sendable {
    public let source: String
    package let within: [Narrowing]
    package let pattern: any CompiledPattern
    package let group: Int
    /// For a pattern that names the member (`{id}`): the pattern for one member, its ID
    /// written in as literal text (how a page tells its owner from a user in its chrome).
    package let forMember: (@Sendable (String) -> (any CompiledPattern)?)?

    init(source: String, within: [Narrowing], pattern: any CompiledPattern, group: Int,
         forMember: (@Sendable (String) -> (any CompiledPattern)?)? = nil) {
        self.source = source
        self.within = within
        self.pattern = pattern
        self.group = group
        self.forMember = forMember
    }

    /// `id` as literal text in a PCRE2 pattern: every character but letters and digits escaped.
    package static func literal(_ id: String) -> String {
        var out = ""
        for scalar in id.unicodeScalars {
            if scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar)) { out.unicodeScalars.append(scalar) } else if scalar.isASCII {
                out += "\\" + String(scalar)
            } else {
                out += "\\x{" + String(scalar.value, radix: 16) + "}"
            }
        }
        return out
    }

    public var patternText: String { pattern.pattern }
}
