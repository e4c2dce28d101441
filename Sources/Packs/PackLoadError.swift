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
    /// Two packs in one directory name the same site.
    case sameSite(String, files: [String])
    /// A pack's file asked for by name cannot be used.
    case unusablePackFile(String, problem: PackFileProblem)
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
        case .sameSite(let site, let files):
            return "\(files.count) packs name the site '\(site)': \(files.joined(separator: ", ")); keep one in the directory (move a backup out, or give it another [site].name)"
        case .unusablePackFile(let file, let problem):
            switch problem {
            case .missing: return "cannot use the pack \(file): no such file; give the path of a pack's .toml"
            case .directory: return "cannot use the pack \(file): it is a directory, not one pack's file"
            case .otherSite(let named, let asked): return "cannot use the pack \(file): it is the pack of '\(named)', not of '\(asked)'"
            }
        }
    }
}

/// Why a pack's file named outright cannot be used.
public enum PackFileProblem: Sendable, Equatable {
    case missing
    case directory
    /// It names another site than the one asked for.
    case otherSite(named: String, asked: String)
}
