import App
import Foundation
import Lookup
import Packs
import Scraper
import Store
import Testing
import TestSupport

/// The application's run of lookups against the replica, in process: records in the
/// order asked, duplicates looked up once, saved with what changed.
@Suite(.serialized) struct LookupRunTests {
    @Test func recordsInTheOrderAskedSavedWithTheirChanges() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let pack = FixtureRecords.pack
        let lookup = MemberLookup(pack: pack, fetcher: PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                                                   policy: FetchPolicy(ratePerHost: 0, backoffBase: 0.05)),
                                  baseURL: server.baseURL)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-run-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)

        let first = try await LookupRun.records(for: ["7315", "48201", "7315", "12345"], lookup: lookup, store: store)
        #expect(first.map(\.id) == ["7315", "48201", "12345"])
        #expect(first.map(\.failed) == [false, false, true])
        #expect(first[1].extracted.value("reputation.total") == .int(1_204_873))
        #expect(first[1].previousLookup == nil)
        // Two pages for each of the three members: the repeated 7315 was not fetched again.
        #expect(try server.stats().pages.count == 6)

        let again = try await LookupRun.records(for: ["48201"], lookup: lookup, store: store)
        // The history keeps times to the millisecond.
        let previous = try #require(again.first?.previousLookup)
        #expect(abs(previous.timeIntervalSince(first[1].fetchedAt)) < 0.001)
        #expect(again.first?.changes.isEmpty == true)
        #expect(try store.series(site: pack.name, member: "48201", pack: pack).points.count == 1)
        #expect(try store.series(site: pack.name, member: "12345", pack: pack).points.isEmpty)
    }

    /// At one request in flight the site sees the members in the list's order, every
    /// time: each member's first request after those of the members before it, though
    /// two are started together and either task may run first (a race that once put
    /// the second member first in 1 or 2 runs of 12).
    @Test func oneRequestInFlightAsksTheMembersInTheListsOrderEveryTime() async throws {
        let server = try FixtureServer()
        defer { server.stop() }
        let ids = ["90210", "7315", "1842", "48201"]
        var seen = 0
        for run in 1...30 {
            let lookup = MemberLookup(pack: FixtureRecords.pack,
                                      fetcher: PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                                           policy: FetchPolicy(concurrency: 1, ratePerHost: 0)),
                                      baseURL: server.baseURL)
            var finished = [String]()
            await lookup.lookup(ids) { finished.append($0.id) }
            #expect(Set(finished) == Set(ids))
            let log = try server.stats().pages
            var firsts = [String]()
            for entry in log.dropFirst(seen) { if let id = entry.id, !firsts.contains(id) { firsts.append(id) } }
            seen = log.count
            #expect(firsts == ids, "run \(run): \(firsts)")
        }
    }
}
