import Foundation
import Packs

/// Saved pages of one site: `<source>-<id>.html`, the naming `--save-pages` uses,
/// with each member's expected record beside them as `expected-<id>.json`.
public struct FixtureSet: Sendable {
    public struct Member: Sendable {
        public let id: String
        /// Source name → file path.
        public let pages: [String: String]
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
        var pages = [String: [String: String]]()
        var expected = [String: String]()
        for name in names.sorted() {
            let path = (directory as NSString).appendingPathComponent(name)
            if name.hasPrefix("expected-"), name.hasSuffix(".json") {
                expected[String(name.dropFirst("expected-".count).dropLast(".json".count))] = path
                continue
            }
            guard name.hasSuffix(".html"), let (source, id) = FixtureSet.split(name), sources.contains(source) else { continue }
            pages[id, default: [:]][source] = path
        }
        self.directory = directory
        self.members = pages.keys.sorted(by: FixtureSet.idOrder).map { id in
            Member(id: id, pages: pages[id] ?? [:], expectedFile: expected[id])
        }
    }

    /// `profile-48201.html` → ("profile", "48201").
    public static func split(_ fileName: String) -> (source: String, id: String)? {
        let stem = fileName.hasSuffix(".html") ? String(fileName.dropLast(5)) : fileName
        guard let dash = stem.firstIndex(of: "-"), dash != stem.startIndex else { return nil }
        let id = stem[stem.index(after: dash)...]
        guard !id.isEmpty else { return nil }
        return (String(stem[..<dash]), String(id))
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
