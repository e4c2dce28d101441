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
        var unique = [String]()
        for id in ids where !unique.contains(id) { unique.append(id) }
        var byID = [String: MemberRecord]()
        await lookup.lookup(unique, sources: sources) { record in
            for error in record.errors { Diagnostics.warning("member \(record.id): \(error)") }
            byID[record.id] = record
        }
        return unique.compactMap { byID[$0] }
    }
}
