import Archive
import Foundation
import Packs

/// A member's values over time, as the history holds them: each point is the
/// values seen from `time` until `lastSeen`.
public struct HistorySeries: Sendable {
    public struct Point: Sendable {
        public let time: Date
        public let lastSeen: Date
        public let values: [String: FieldValue]
        /// For a point read from a web archive, the capture each source was read from;
        /// nil for a live lookup.
        public let archived: [String: ArchiveTimestamp]?

        public init(time: Date, lastSeen: Date, values: [String: FieldValue], archived: [String: ArchiveTimestamp]? = nil) {
            self.time = time
            self.lastSeen = lastSeen
            self.values = values
            self.archived = archived
        }
    }

    public let id: String
    public let site: String
    /// `field` for scalar series; for row series, the row's key (its link's path).
    public let key: String?
    public let title: String?
    public let points: [Point]

    public init(id: String, site: String, key: String? = nil, title: String? = nil, points: [Point]) {
        self.id = id
        self.site = site
        self.key = key
        self.title = title
        self.points = points
    }
}

extension HistorySeries.Point {
    /// The captures as one text, source by source: `articles@20140112101500 profile@20140110093000`.
    public var capturesText: String? {
        archived.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)@\($0.value)" }.joined(separator: " ") }
    }
}
