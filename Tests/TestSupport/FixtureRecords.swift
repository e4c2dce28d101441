import Extraction
import Foundation
import Lookup
import Packs

/// Member records built from the saved pages, as a lookup would build them, with
/// a fixed time so rendered reports can be compared byte for byte.
public enum FixtureRecords {
    public static let fetchedAt = Date(timeIntervalSince1970: 1_763_800_000)  // 2025-11-22T08:26:40Z

    public static let pack: SitePack = {
        do {
            return try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path)
        } catch {
            fatalError("the bundled pack does not load: \(error)")  // the fixture tests report the details
        }
    }()

    public static func record(_ id: String) -> MemberRecord {
        let sources = pack.sources.map { (name: $0.name, url: $0.url(base: pack.baseURL, id: id)) }
        let pages = sources.compactMap { source -> Page? in
            let path = "\(codeprojectFixtures)/\(source.name)-\(id).html"
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return Page(source: source.name, bytes: [UInt8](data), origin: source.url)
        }
        let extracted = Extractor(pack: pack).extract(pages)
        return MemberRecord(id: id, site: pack.name, fetchedAt: fetchedAt, sources: sources, extracted: extracted,
                            errors: extracted.problems.map(MemberError.init))
    }

    /// A member whose lookup failed at the HTTP level.
    public static func failed(_ id: String) -> MemberRecord {
        let sources = pack.sources.map { (name: $0.name, url: $0.url(base: pack.baseURL, id: id)) }
        return MemberRecord(id: id, site: pack.name, fetchedAt: fetchedAt, sources: sources, extracted: ExtractedRecord(),
                            errors: [MemberError(kind: .http, source: "profile", url: sources.last?.url, status: 503,
                                                 message: "the site answered HTTP 503")])
    }

    /// Every fixture member, a not-found one and a failed one.
    public static var all: [MemberRecord] {
        ["48201", "7315", "90210", "1842", "99999999"].map(record) + [failed("31337")]
    }
}
