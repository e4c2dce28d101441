import CLibXML2
import Foundation
import PageText


/// Reads RSS 2.0 and Atom with libxml2's streaming reader: one pass, no tree of the
/// whole feed. Hostile XML gets nothing: no network, no external entities or DTDs,
/// and a document that uses entities of its own is refused outright.
public enum FeedParser {
    /// Far more than any feed; libxml2 takes its length as a 32-bit int.
    public static let maxBytes = 64 << 20
    /// Far more than any feed element has: libxml2's duplicate-attribute check costs
    /// the square of their number (200,000 of them took minutes).
    static let maxAttributes = 1_000

    public static func parse(_ data: Data, origin: String) throws(FeedError) -> [FeedItem] {
        // libxml2's globals set up before any parser, once: two threads setting them up
        // at once leave a lock held for good (Learning's PageTree+Parsing.swift says more).
        xmlInitParser()
        guard data.count <= maxBytes else { throw .tooLarge(origin: origin, bytes: data.count, limit: maxBytes) }
        try refuseAttributeFloods(data, origin: origin)
        // NONET: never fetch; no NOENT (entities are not substituted) and no DTDLOAD/DTDATTR:
        // nothing external is read. NOCDATA: CDATA arrives as text. COMPACT saves memory.
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_COMPACT.rawValue
                            | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue)
        let reader: xmlTextReaderPtr? = data.withUnsafeBytes { bytes in
            xmlReaderForMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), origin, nil, options)
        }
        guard let reader else { throw .malformed(origin: origin, line: 0, message: "libxml2 could not start reading it") }
        defer { xmlFreeTextReader(reader) }
        var walker = FeedWalker(origin: origin)

        while true {
            let status = xmlTextReaderRead(reader)
            if status == 0 { break }
            if status < 0 {
                let error = xmlGetLastError()
                let message = error?.pointee.message.map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed XML"
                throw .malformed(origin: origin, line: Int(error?.pointee.line ?? 0), message: message)
            }
            try walker.visit(reader)
        }
        guard walker.format != nil else {
            throw .malformed(origin: origin, line: 0, message: "the document is empty")
        }
        return walker.items
    }

    /// One pass over the bytes: a start tag with more than `maxAttributes` attributes
    /// (counted as `=` outside quotes) is refused before libxml2 sees it.
    static func refuseAttributeFloods(_ data: Data, origin: String) throws(FeedError) {
        var inTag = false, quote: UInt8 = 0, count = 0, line = 1
        for byte in data {
            if byte == 0x0A { line += 1 }
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if inTag {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
                case UInt8(ascii: "="):
                    count += 1
                    if count > maxAttributes { throw .tooManyAttributes(origin: origin, line: line, limit: maxAttributes) }
                case UInt8(ascii: ">"): inTag = false
                default: break
                }
            } else if byte == UInt8(ascii: "<") {
                inTag = true
                count = 0
            }
        }
    }

}

/// The state of one pass over a feed: where we are, and the item being built.
private struct FeedWalker {
    enum Format { case rss, atom }

    let origin: String
    var format: Format?
    var items = [FeedItem]()
    /// Element names from the root down.
    private var path = [String]()
    private var inItem = false
    /// `path.count` at the item's own element.
    private var itemDepth = 0
    private var fields = [String: String]()
    private var categories = [String]()
    private var text = ""
    /// The field being read holds HTML (RSS description, Atom type="html"), not text.
    private var markup = false

    init(origin: String) { self.origin = origin }

    mutating func visit(_ reader: xmlTextReaderPtr) throws(FeedError) {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            let name = string(xmlTextReaderConstLocalName(reader)) ?? ""
            if format == nil {
                switch name.lowercased() {
                case "rss", "rdf": format = .rss
                case "feed": format = .atom
                default: throw .unknownFormat(origin: origin, root: name)
                }
            }
            let empty = xmlTextReaderIsEmptyElement(reader) == 1
            open(name, reader: reader)
            if empty { close(name) }
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            close(string(xmlTextReaderConstLocalName(reader)) ?? "")
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue),
             Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue), Int32(XML_READER_TYPE_WHITESPACE.rawValue):
            if inItem { text += string(xmlTextReaderConstValue(reader)) ?? "" }
        case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
            throw .declaredEntities(origin: origin, name: string(xmlTextReaderConstName(reader)) ?? "?")
        default:
            break
        }
    }

    private mutating func open(_ name: String, reader: xmlTextReaderPtr) {
        path.append(name)
        if name == (format == .atom ? "entry" : "item") && !inItem {
            inItem = true
            itemDepth = path.count
            fields = [:]
            categories = []
            return
        }
        guard inItem else { return }
        if path.count == itemDepth + 1 {
            // A field of the item starts: its text is everything inside it, nested markup included.
            text = ""
            let type = attribute(reader, "type")?.lowercased()
            switch format {
            case .atom:
                markup = type == "html"
                if name == "link" {
                    let rel = attribute(reader, "rel") ?? "alternate"
                    if rel == "alternate", fields["link"] == nil, let href = attribute(reader, "href") { fields["link"] = href }
                }
                if name == "category", let term = attribute(reader, "term") ?? attribute(reader, "label") {
                    let category = PlainText.from(html: asText(term))
                    if !category.isEmpty { categories.append(category) }
                }
            default:
                // RSS descriptions carry HTML; titles and the rest are text.
                markup = name == "description"
            }
        } else if format == .atom, path.count == itemDepth + 2, name == "name", path[path.count - 2] == "author" {
            text = ""
        }
    }

    private mutating func close(_ name: String) {
        defer { if !path.isEmpty { path.removeLast() } }
        guard inItem else { return }
        if path.count == itemDepth {
            inItem = false
            items.append(makeItem())
            return
        }
        if format == .atom, path.count == itemDepth + 2, name == "name", path[path.count - 2] == "author" {
            if fields["author"] == nil { fields["author"] = asText(text) }
            return
        }
        guard path.count == itemDepth + 1 else { return }
        if format != .atom, name == "category" {
            let category = PlainText.from(html: asText(text))
            if !category.isEmpty { categories.append(category) }
            return
        }
        let value = markup ? text : asText(text)
        let wanted: Set<String> = format == .atom
            ? ["title", "summary", "content", "published", "updated"]
            : ["title", "link", "description", "pubDate", "author", "creator"]
        if wanted.contains(name), fields[name] == nil { fields[name] = value }
    }

    private func makeItem() -> FeedItem {
        func clean(_ key: String) -> String? {
            guard let raw = fields[key] else { return nil }
            let plain = PlainText.from(html: raw)
            return plain.isEmpty ? nil : plain
        }
        switch format {
        case .atom:
            return FeedItem(title: clean("title"), link: fields["link"]?.trimmingCharacters(in: .whitespacesAndNewlines),
                            author: clean("author"),
                            published: (fields["published"] ?? fields["updated"]).flatMap(FeedDates.iso8601),
                            description: clean("summary") ?? clean("content"), categories: categories)
        default:
            return FeedItem(title: clean("title"), link: fields["link"]?.trimmingCharacters(in: .whitespacesAndNewlines),
                            author: clean("author") ?? clean("creator"),
                            published: fields["pubDate"].flatMap(FeedDates.rfc822),
                            description: clean("description"), categories: categories)
        }
    }

    /// Text that is not HTML, escaped so the HTML-to-text conversion keeps a `<` as a
    /// character rather than taking it for a tag.
    private func asText(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    private func attribute(_ reader: xmlTextReaderPtr, _ name: String) -> String? {
        guard let value = xmlTextReaderGetAttribute(reader, name) else { return nil }
        defer { cpv_xml_free(value) }
        return String(cString: value)
    }

    private func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}

/// Feed dates, to UTC.
/// Feed dates: RSS's RFC 822, Atom's ISO 8601, both read by `InstantText`.
enum FeedDates {
    static func rfc822(_ text: String) -> Date? { InstantText.parse(text) }
    static func iso8601(_ text: String) -> Date? { InstantText.parse(text) }
}
