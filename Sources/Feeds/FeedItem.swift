import Foundation

/// One entry of an RSS 2.0 or Atom feed, as plain text.
public struct FeedItem: Sendable, Equatable {
    public let title: String?
    public let link: String?
    public let author: String?
    /// When the item was published (RSS pubDate; Atom published, else updated).
    public let published: Date?
    /// RSS description, or Atom summary/content: tags stripped, entities decoded.
    public let description: String?
    /// RSS `<category>` texts, or Atom `<category>` terms (labels when there is no term), in order.
    public let categories: [String]

    public init(title: String?, link: String?, author: String?, published: Date?, description: String?, categories: [String] = []) {
        self.title = title
        self.link = link
        self.author = author
        self.published = published
        self.description = description
        self.categories = categories
    }
}

/// A feed cpvanity could not read. Messages name the feed and what is wrong.
public enum FeedError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not well-formed XML (truncated, or not XML at all), with libxml2's message and line.
    case malformed(origin: String, line: Int, message: String)
    /// Well-formed, but neither RSS 2.0 nor Atom.
    case unknownFormat(origin: String, root: String)
    /// The document uses entities it declares itself: refused, as entity expansion is
    /// how "billion laughs" documents attack parsers.
    case declaredEntities(origin: String, name: String)
    /// Bigger than any feed: refused unread.
    case tooLarge(origin: String, bytes: Int, limit: Int)
    /// An element with thousands of attributes, which would take libxml2 minutes.
    case tooManyAttributes(origin: String, line: Int, limit: Int)

    public var description: String {
        switch self {
        case .malformed(let origin, let line, let message):
            return "\(origin) is not a readable feed: \(message) (line \(line))"
        case .unknownFormat(let origin, let root):
            return "\(origin) is XML but not a feed: its root element is <\(root)>, expected <rss> (RSS 2.0) or <feed> (Atom)"
        case .declaredEntities(let origin, let name):
            return "\(origin) uses the entity &\(name); declared in its own DTD; feeds like that are refused (entity expansion attacks)"
        case .tooLarge(let origin, let bytes, let limit):
            return "\(origin) is \(bytes) bytes, more than any feed (the limit is \(limit)); refused unread"
        case .tooManyAttributes(let origin, let line, let limit):
            return "\(origin) has an element with more than \(limit) attributes (line \(line)); feeds like that are refused (they take the XML parser minutes)"
        }
    }
}
