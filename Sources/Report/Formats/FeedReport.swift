import Feeds
import Foundation

/// Feed items in every format: keys `title`, `link`, `author`, `published` (ISO 8601,
/// UTC), `description` and `categories` (a list; in CSV joined with "; ").
public enum FeedReport {
    public static func render(_ items: [FeedItem], format: ListFormat, options: ReportOptions) -> String {
        switch format {
        case .json:
            return JSONValue.array(items.map(json)).serialized() + "\n"
        case .ndjson:
            return items.map { json($0).serialized(pretty: false) + "\n" }.joined()
        case .csv:
            return CSVText.row(["title", "link", "author", "published", "description", "categories"]) + items.map { item in
                CSVText.row([item.title, item.link, item.author, item.published.map(iso), item.description,
                             item.categories.joined(separator: "; ")].map {
                    CSVText.neutralised($0 ?? "", raw: options.rawCSV)
                })
            }.joined()
        case .markdown:
            return MarkdownText.row(["published", "title", "author"]) + MarkdownText.alignment([false, false, false]) + items.map { item in
                let item = safe(item)
                let title = item.title ?? "-"
                let linked = item.link.map { MarkdownText.link(title, to: $0) } ?? MarkdownText.escape(title)
                return MarkdownText.markupRow([MarkdownText.escape(item.published.map(iso) ?? "-"), linked,
                                               MarkdownText.escape(item.author ?? "-")])
            }.joined()
        case .table:
            return table(items, options: options)
        }
    }

    static func json(_ item: FeedItem) -> JSONValue {
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        return .object([("title", text(item.title)), ("link", text(item.link)), ("author", text(item.author)),
                        ("published", text(item.published.map(iso))), ("description", text(item.description)),
                        ("categories", .array(item.categories.map { .string($0) }))])
    }

    private static func iso(_ date: Date) -> String { date.formatted(.iso8601) }

    /// An item with the feed's texts escaped for a terminal.
    static func safe(_ item: FeedItem) -> FeedItem {
        FeedItem(title: item.title.map(TerminalText.escaped), link: item.link.map(TerminalText.escaped),
                 author: item.author.map(TerminalText.escaped), published: item.published,
                 description: item.description.map(TerminalText.escaped), categories: item.categories.map(TerminalText.escaped))
    }

    private static func table(_ items: [FeedItem], options: ReportOptions) -> String {
        let items = items.map(safe)
        let style = TerminalStyle(enabled: options.color)
        let dateWidth = 16
        let authorWidth = min(22, items.map { DisplayText.width($0.author ?? "-") }.max() ?? 1)
        let titleWidth = max(12, options.width - dateWidth - authorWidth - 6)
        var lines = [String]()
        for item in items {
            let when = item.published.map { String(iso($0).prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? "-"
            lines.append("  " + style.dim(DisplayText.pad(when, to: dateWidth, right: false)) + "  "
                         + DisplayText.pad(DisplayText.truncate(item.author ?? "-", to: authorWidth), to: authorWidth, right: false) + "  "
                         + style.bold(DisplayText.truncate(item.title ?? "-", to: titleWidth)))
            if let description = item.description {
                lines.append(String(repeating: " ", count: dateWidth + 4) + DisplayText.truncate(description, to: max(12, options.width - dateWidth - 4)))
            }
            if !item.categories.isEmpty {
                lines.append(String(repeating: " ", count: dateWidth + 4)
                             + style.dim(DisplayText.truncate(item.categories.joined(separator: " · "), to: max(12, options.width - dateWidth - 4))))
            }
            if let link = item.link { lines.append(String(repeating: " ", count: dateWidth + 4) + style.dim(link)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
