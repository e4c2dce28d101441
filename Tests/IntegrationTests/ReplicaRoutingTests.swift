import Foundation
import Testing
import TestSupport

/// The replica routes a request by its query too: two sources at one path that differ
/// only in a query item (GitHub's profile and `?tab=repositories`) are two pages.
@Suite struct ReplicaRoutingTests {
    @Test func sourcesThatDifferOnlyInTheirQueryAreTwoPages() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-routes-\(UUID().uuidString)")
        let packs = directory.appendingPathComponent("patterns"), pages = directory.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: packs, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try """
            [site]
            name = "hub"
            base_url = "https://hub.example"
            id = '[a-z]+'
            [sources.profile]
            url = '{base}/{id}'
            [sources.repositories]
            url = '{base}/{id}?tab=repositories'
            [fields.name]
            source = "profile"
            pattern = '<h1>(.*?)</h1>'
            """.write(to: packs.appendingPathComponent("hub.toml"), atomically: true, encoding: .utf8)
        try "<h1>Ada</h1>".write(to: pages.appendingPathComponent("profile-ada.html"), atomically: true, encoding: .utf8)
        try "<ul>repositories</ul>".write(to: pages.appendingPathComponent("repositories-ada.html"), atomically: true, encoding: .utf8)
        let server = try FixtureServer(["--site", "hub", "--patterns", packs.path], root: pages.path)
        defer { server.stop() }
        func get(_ path: String) throws -> String {
            String(decoding: try Data(contentsOf: try #require(URL(string: server.baseURL + path))), as: UTF8.self)
        }
        #expect(try get("/ada") == "<h1>Ada</h1>")
        #expect(try get("/ada?tab=repositories") == "<ul>repositories</ul>")
        #expect(try get("/ada?tab=repositories&page=1") == "<ul>repositories</ul>")
    }
}
