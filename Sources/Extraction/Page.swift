import Foundation
import PageText
/// One saved or fetched page, as UTF-8, tagged with the source it is (`profile`).
/// A class: extraction hands the page to every alternative of every field of every
/// row, where copying a struct would retain its three fields each time.
public final class Page: Sendable {
    public let source: String
    public let utf8: [UInt8]
    /// Where it came from (a file path or a URL), for messages.
    public let origin: String
    /// Which page of its source (1, or more for a source that runs over several).
    public let number: Int
    /// When it was served (fetched, or captured by an archive); nil when not known (a
    /// saved page). Relative times on it ("2 days ago") count back from this, unless
    /// the source's `time` pattern finds the page's own.
    public let servedAt: Date?

    /// `utf8` must already be UTF-8; use `init(source:bytes:charset:origin:)` for raw bytes.
    public init(source: String, utf8: [UInt8], origin: String, number: Int = 1, servedAt: Date? = nil) {
        self.source = source
        self.utf8 = utf8
        self.origin = origin
        self.number = number
        self.servedAt = servedAt
    }

    /// Raw bytes in any charset; `charset` is the transport's word on it, if any. Read as
    /// a browser shows it: without the comments a framework writes between the parts of
    /// one text (`1,204<!-- --> followers`, `WordlessComments`).
    public convenience init(source: String, bytes: [UInt8], charset: String? = nil, origin: String, number: Int = 1, servedAt: Date? = nil) {
        let utf8 = WordlessComments.removed(from: PageDecoder.utf8(from: bytes, declaredCharset: charset))
        self.init(source: source, utf8: utf8, origin: origin, number: number, servedAt: servedAt)
    }
}
