import Foundation
import TOMLKit

/// What a pack's addresses must be: its base URLs absolute http(s) ones; a source's `url`
/// an http(s) address once `{base}` and `{id}` are filled in, and one each member reads
/// their own values on (a feed's likewise with `{category}`). A pack that breaks one
/// would load and then fail at every member's fetch, or read every member the same.
extension PackReader {
    /// The address begins with `{base}` or an http(s) scheme, and names no placeholder
    /// but `{base}` and the one it fills (`{id}` in a source's, the member's ID;
    /// `{category}` in a feed's): another would be sent as it is written.
    mutating func checkAddress(_ url: String, at: String, fills: String, what: String) {
        if !url.hasPrefix("{base}") && !HTTPAddress.hasScheme(url) {
            problems.append(PackProblem(location: "\(at).url", message: "'\(url)' is not an http(s) address; begin it with {base} (the site's base_url) or https://"))
        }
        for name in PackReader.placeholders(in: url) where name != "base" && name != fills {
            problems.append(PackProblem(location: "\(at).url", message: "has the placeholder {\(name)}; \(what)'s url knows {base} and {\(fills)}"))
        }
    }

    /// A base address (the site's, an archive's) is an absolute http(s) one with a host:
    /// every address the pack makes begins with it.
    mutating func checkBase(_ url: String, at: String, example: String) {
        if HTTPAddress.hasScheme(url), let host = URLComponents(string: url)?.host, !host.isEmpty { return }
        problems.append(PackProblem(location: at, message: "'\(url)' is not an absolute http(s) URL (e.g. \(example))"))
    }

    /// `next_hosts`: host names as an address carries them (`api.example.org`), each one
    /// checked, so that the problem names the entry rather than the list.
    mutating func hostNames(_ value: TOMLValueConvertible, at: String) -> [String] {
        guard let entries = value.array else {
            problems.append(PackProblem(location: at, message: "must be a list of host names ([\"api.example.org\"]), not \(describe(value))"))
            return []
        }
        var hosts = [String]()
        for (index, entry) in entries.enumerated() {
            if let host = entry.string, HTTPAddress.isHostName(host) { hosts.append(host); continue }
            let given = entry.string.map { "'\($0)'" } ?? describe(entry)
            problems.append(PackProblem(location: "\(at)[\(index + 1)]", message:
                "\(given) is not a host name: letters, digits, - and . only, as in \"api.example.org\" (no scheme, path or port)"))
        }
        return hosts
    }

    /// A source whose address is the same for every member (a leaderboard) is read for
    /// each one only through a pattern that names the member (`{id}`); without one,
    /// every member would get the same values.
    mutating func checkEachMemberReadsTheirOwn(sources: [SourceRule], fields: [FieldRule], collections: [CollectionRule]) {
        let alternatives = (fields + collections.flatMap(\.fields)).flatMap(\.alternatives)
        for source in sources where !PackReader.placeholders(in: source.urlTemplate).contains("id") {
            let reading = alternatives.filter { $0.source == source.name }
            guard !reading.isEmpty, !reading.contains(where: { $0.forMember != nil }) else { continue }
            problems.append(PackProblem(location: "sources.\(quoted(source.name)).url", message:
                "has no {id}, and no pattern read on it names {id}: every member would read the same values; put {id} in the url where the member's ID goes"))
        }
    }

    /// The names between braces in `text`, in order: `base` and `id` in `{base}/u/{id}`.
    static func placeholders(in text: String) -> [String] {
        var names = [String](), rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}

/// Text that begins with `http://` or `https://`, in any case: every address a pack makes
/// or reads back (a member's page pasted for an ID) is one.
enum HTTPAddress {
    static func hasScheme(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// A DNS name or IPv4 address as a URL's host is written: labels of letters, digits
    /// and hyphens between single dots.
    static func isHostName(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return text.utf8.count <= 253 && labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        }
    }
}
