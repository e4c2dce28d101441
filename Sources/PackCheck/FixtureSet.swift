import Foundation
import Packs

/// Saved pages of one site, named as `--save-pages` names them (`SavedPageName`:
/// `<source>-<id>.html`, and `-p<N>` for a source's further pages), with each member's
/// expected record beside them as `expected-<id>.json`.
public struct FixtureSet: Sendable {
    public struct Member: Sendable {
        public let id: String
        /// Source name → its pages' file paths, in page order.
        public let pages: [String: [String]]
        /// Nil when there is no expected record: the check then only says what matched.
        public let expectedFile: String?
    }

    public let directory: String
    public let members: [Member]

    /// Reads the directory; pages whose source the pack does not declare are ignored.
    public init(directory: String, sources: [String]) throws {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw PackLookupError.unreadable(file: directory, reason: "not a readable directory")
        }
        var pages = [String: [String: [(page: Int, path: String)]]]()
        var expected = [String: String]()
        for name in names.sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            if name.hasPrefix("expected-"), name.hasSuffix(".json") {
                expected[String(name.dropFirst("expected-".count).dropLast(".json".count))] = path
                continue
            }
            guard let saved = SavedPageName.parse(name, sources: sources) else { continue }
            pages[saved.id, default: [:]][saved.source, default: []].append((saved.page, path))
        }
        self.directory = directory
        self.members = pages.keys.sorted(by: FixtureSet.idOrder).map { id in
            Member(id: id, pages: (pages[id] ?? [:]).mapValues { $0.sorted { $0.page < $1.page }.map(\.path) }, expectedFile: expected[id])
        }
    }

    /// Numeric IDs in numeric order, others after them in text order.
    static func idOrder(_ a: String, _ b: String) -> Bool {
        switch (Int(a), Int(b)) {
        case let (x?, y?): return x < y
        case (.some, nil): return true
        case (nil, .some): return false
        default: return a < b
        }
    }
}
