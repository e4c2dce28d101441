import Feeds
import Packs

/// Feeds as lists for any format: a feed's items (`feed show`) and a pack's feeds
/// (`feed list`).
public enum FeedLists {
    /// Keys `title`, `link`, `author`, `published` (a moment), `description` and
    /// `categories` (a list); people read when, who, what and where.
    public static func items(_ items: [FeedItem]) -> ListView {
        let columns: [ListView.Column] = [
            .init("title", label: "title"), .init("link", label: "link"), .init("author", label: "author"),
            .init("published", label: "published"), .init("description", label: "description", forPeople: false),
            .init("categories", label: "categories", forPeople: false),
        ]
        let rows = items.map { item -> [ListCell] in
            [text(item.title), text(item.link), text(item.author), item.published.map(ListCell.moment) ?? .empty,
             text(item.description), .list(item.categories)]
        }
        return ListView(name: "Feed", columns: columns, rows: rows)
    }

    /// The pack's feeds: `name`, `title`, `url` (its template), `categories` (their
    /// names) and `default_category`.
    public static func feeds(of pack: SitePack) -> ListView {
        let columns: [ListView.Column] = [
            .init("name", label: "name"), .init("title", label: "title"), .init("url", label: "url"),
            .init("categories", label: "categories"), .init("default_category", label: "default category"),
        ]
        let rows = pack.feeds.map { feed -> [ListCell] in
            [.text(feed.name), .text(feed.title), .text(feed.urlTemplate), .list(feed.categories.map(\.name)), text(feed.defaultCategory)]
        }
        return ListView(name: "Feeds", columns: columns, rows: rows)
    }

    private static func text(_ value: String?) -> ListCell {
        value.map(ListCell.text) ?? .empty
    }
}
