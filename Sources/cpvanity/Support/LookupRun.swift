import ArgumentParser
import Rules
import Scraper

/// Checks IDs against the pack before any request is made.
enum IDValidation {
    static func check(_ ids: [String], pack: SitePack) throws {
        let invalid = ids.filter { !pack.idRule.accepts($0) }
        guard invalid.isEmpty else {
            let list = invalid.map { "'\($0)'" }.joined(separator: ", ")
            Diagnostics.error("\(list) \(invalid.count == 1 ? "is not a" : "are not") \(pack.title) member ID\(invalid.count == 1 ? "" : "s") (an ID must match \(pack.idRule.pattern)); nothing was fetched")
            throw ExitCode.validationFailure
        }
    }
}

/// Runs lookups and returns the records in the order the IDs were given, telling
/// stderr about each failure as it happens.
enum LookupRun {
    static func records(for ids: [String], sources: [String]? = nil, lookup: MemberLookup) async -> [MemberRecord] {
        var byID = [String: MemberRecord]()
        await each(of: ids, sources: sources, lookup: lookup) { byID[$0.id] = $0 }
        return unique(ids).compactMap { byID[$0] }
    }

    /// Each member's record as it finishes, duplicates looked up once.
    static func each(of ids: [String], sources: [String]? = nil, lookup: MemberLookup, body: (MemberRecord) -> Void) async {
        await lookup.lookup(unique(ids), sources: sources) { record in
            for error in record.errors { Diagnostics.warning("member \(record.id): \(error)") }
            body(record)
        }
    }

    static func unique(_ ids: [String]) -> [String] {
        var seen = Set<String>()
        return ids.filter { seen.insert($0).inserted }
    }
}
