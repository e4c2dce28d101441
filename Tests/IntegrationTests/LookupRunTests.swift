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
        #expect(first[1].extracted.fields["reputation.total"] == .int(1_204_873))
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
}
