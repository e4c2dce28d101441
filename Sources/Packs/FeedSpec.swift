/// A feed a site publishes (latest articles, a forum), declared in its pack.
public struct FeedSpec: Sendable {
    public struct Category: Sendable, Equatable {
        public let name: String
        /// What replaces `{category}` in the URL.
        public let id: String
    }

    public let name: String
    public let title: String
    /// With `{base}` and, when the feed has categories, `{category}`.
    public let urlTemplate: String
    /// In the pack's order.
    public let categories: [Category]
    public let defaultCategory: String?

    public func url(base: String, category: Category?) -> String {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return urlTemplate.replacingOccurrences(of: "{base}", with: trimmed)
            .replacingOccurrences(of: "{category}", with: category?.id ?? "")
    }

    /// The category a user means: an exact name (any case) first, else the only
    /// name that starts with what was typed.
    public func category(matching typed: String?) -> Result<Category?, FeedLookupError> {
        guard !categories.isEmpty else {
            if let typed { return .failure(.noCategories(feed: name, typed: typed)) }
            return .success(nil)
        }
        guard let typed = typed ?? defaultCategory else { return .failure(.categoryNeeded(feed: name, known: categories.map(\.name))) }
        let lowered = typed.lowercased()
        if let exact = categories.first(where: { $0.name.lowercased() == lowered }) { return .success(exact) }
        let matches = categories.filter { $0.name.lowercased().hasPrefix(lowered) }
        switch matches.count {
        case 1: return .success(matches[0])
        case 0: return .failure(.unknownCategory(feed: name, typed: typed, known: categories.map(\.name)))
        default: return .failure(.ambiguousCategory(feed: name, typed: typed, matches: matches.map(\.name)))
        }
    }
}

public enum FeedLookupError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknownFeed(String, known: [String])
    case unknownCategory(feed: String, typed: String, known: [String])
    case ambiguousCategory(feed: String, typed: String, matches: [String])
    case categoryNeeded(feed: String, known: [String])
    case noCategories(feed: String, typed: String)

    public var description: String {
        switch self {
        case .unknownFeed(let name, let known):
            return "no feed named '\(name)'; the pack has \(known.isEmpty ? "none" : known.joined(separator: ", ")) (see: cpvanity feed list)"
        case .unknownCategory(let feed, let typed, let known):
            return "the \(feed) feed has no category '\(typed)'; choose one of: \(known.joined(separator: ", "))"
        case .ambiguousCategory(let feed, let typed, let matches):
            return "'\(typed)' matches several \(feed) categories: \(matches.joined(separator: ", ")); type more of the name"
        case .categoryNeeded(let feed, let known):
            return "the \(feed) feed needs a category, one of: \(known.joined(separator: ", "))"
        case .noCategories(let feed, _):
            return "the \(feed) feed has no categories; ask for none"
        }
    }
}
