/// Everything wrong with a pack, found in one pass so the user can fix it in one go.
public struct PackLoadError: Error, Sendable, CustomStringConvertible {
    public let file: String
    public let problems: [PackProblem]

    public var description: String {
        var lines = ["\(file): \(problems.count == 1 ? "1 problem" : "\(problems.count) problems") in the site pack"]
        for problem in problems { lines.append("  \(problem)") }
        return lines.joined(separator: "\n")
    }
}

/// One thing wrong in a pack: where (a TOML key path) and what.
public struct PackProblem: Sendable, Equatable, CustomStringConvertible {
    /// Key path inside the file, e.g. `fields."reputation.total".pattern[2]`.
    public let location: String
    public let message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { location.isEmpty ? message : "\(location): \(message)" }
}

/// Problems finding packs, as opposed to problems inside one.
public enum PackLookupError: Error, Sendable, CustomStringConvertible {
    case noPackDirectory(searched: [String])
    case unknownSite(String, directory: String, available: [String])
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .noPackDirectory(let searched):
            return "cannot find the site packs (patterns/*.toml); looked in:\n"
                + searched.map { "  \($0)" }.joined(separator: "\n")
        case .unknownSite(let site, let directory, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "no site pack named '\(site)' in \(directory) (available: \(list))"
        case .unreadable(let file, let reason):
            return "cannot read \(file): \(reason)"
        }
    }
}
