import Foundation
import Lookup
import Packs
@testable import Scraper
import Testing
import TestSupport

/// A user and password in --base-url reach the server and nothing else.
@Suite struct CredentialsOverHTTPTests {
    @Test func aLookupsRecordHoldsNoPassword() async throws {
        let server = try FixtureServer()
        let pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path)
        let base = server.baseURL.replacingOccurrences(of: "http://", with: "http://user:s3cret@")
        let lookup = MemberLookup(pack: pack, fetcher: PageFetcher(client: HTTPClient(options: HTTPClientOptions(connectTimeout: 2, timeout: 10)),
                                                                   policy: FetchPolicy(ratePerHost: 0)), baseURL: base)
        for id in ["48201", "5555"] {
            let record = await lookup.lookup(id)
            let everything = "\(record.sources) \(record.errors) \(record.extracted)"
            #expect(!everything.contains("s3cret"))
            #expect(record.sources.allSatisfy { $0.url.hasPrefix("http://***@127.0.0.1:") })
        }
        let found = await lookup.lookup("48201")
        #expect(found.errors == [])
        #expect(found.extracted.collections["articles"]?.first?["url"] == .text("\(server.baseURL)/Articles/5012773/Cache-Heap-Shader"))
    }
}
