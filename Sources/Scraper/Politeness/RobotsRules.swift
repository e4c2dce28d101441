import Foundation

/// What a site's robots.txt (RFC 9309) says cpvanity may fetch: the group for the
/// `cpvanity` product token if there is one, else the `*` group. The longest
/// matching rule wins; on a tie, Allow wins.
public struct RobotsRules: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public let allow: Bool
        public let path: String
    }

    public let rules: [Rule]
    /// Seconds between requests, from the non-standard but common `Crawl-delay`.
    public let crawlDelay: Double?

    public static let allowAll = RobotsRules(rules: [], crawlDelay: nil)

    public init(rules: [Rule], crawlDelay: Double?) {
        self.rules = rules
        self.crawlDelay = crawlDelay
    }

    public init(parsing text: String, userAgent token: String = "cpvanity") {
        struct Group {
            var agents: [String] = []
            var rules: [Rule] = []
            var crawlDelay: Double?
        }
        var groups = [Group]()
        var current: Group?
        var lastWasAgent = false
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent":
                if !lastWasAgent {
                    if let current { groups.append(current) }
                    current = Group()
                }
                current?.agents.append(value.lowercased())
                lastWasAgent = true
            case "allow", "disallow":
                lastWasAgent = false
                // An empty Disallow allows everything: no rule.
                guard !value.isEmpty else { continue }
                current?.rules.append(Rule(allow: key == "allow", path: value))
            case "crawl-delay":
                lastWasAgent = false
                current?.crawlDelay = BoundedSeconds.parse(value)
            default:
                lastWasAgent = false
            }
        }
        if let current { groups.append(current) }
        let lowered = token.lowercased()
        let chosen = groups.filter { $0.agents.contains { $0 != "*" && lowered.hasPrefix($0) } }
        let selected = chosen.isEmpty ? groups.filter { $0.agents.contains("*") } : chosen
        rules = selected.flatMap(\.rules)
        crawlDelay = selected.compactMap(\.crawlDelay).max()
    }

    /// Whether `path` (with its query) may be fetched.
    public func allows(_ path: String) -> Bool {
        var best: Rule?
        for rule in rules where RobotsRules.matches(rule.path, path) {
            guard let current = best else { best = rule; continue }
            if rule.path.count > current.path.count || (rule.path.count == current.path.count && rule.allow) {
                best = rule
            }
        }
        return best?.allow ?? true
    }

    /// `*` matches any run of characters; a trailing `$` anchors the end.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        var pattern = Substring(pattern)
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern = pattern.dropLast() }
        let pieces = pattern.split(separator: "*", omittingEmptySubsequences: false)
        var rest = Substring(path)
        for (index, piece) in pieces.enumerated() {
            if index == 0 {
                guard rest.hasPrefix(piece) else { return false }
                rest = rest.dropFirst(piece.count)
            } else if index == pieces.count - 1 && anchored {
                return rest.hasSuffix(piece)
            } else {
                guard let range = rest.range(of: piece) else { return false }
                rest = rest[range.upperBound...]
            }
        }
        return !anchored || rest.isEmpty || pieces.count > 1 && pieces.last?.isEmpty == true
    }
}

