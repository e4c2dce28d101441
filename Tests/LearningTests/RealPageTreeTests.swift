import Foundation
@testable import Learning
import Testing

/// The real saved pages beside the project (`../shared/realsites` and
/// `../shared/realsites-learn`): not ours to copy into the repository, so where they
/// are missing these tests are skipped, shown as skipped.
let sharedPages: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let shared = root.deletingLastPathComponent().appendingPathComponent("shared").path
    return FileManager.default.fileExists(atPath: "\(shared)/realsites-learn/SOURCES.md") ? shared : nil
}()

/// Every saved page in a directory of `sharedPages`, by path.
func realPages(in directory: String) -> [String] {
    guard let shared = sharedPages, let walker = FileManager.default.enumerator(atPath: "\(shared)/\(directory)") else { return [] }
    return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }.sorted().map { "\(shared)/\(directory)/\($0)" }
}

@Suite(.enabled(if: sharedPages != nil, "needs ../shared/realsites-learn"))
struct RealPageTreeTests {
    /// On every real page, each element's tag is where its place says, each end tag
    /// too, and no text node's bytes hold a tag (outside scripts and styles).
    @Test(arguments: realPages(in: "realsites") + realPages(in: "realsites-learn"))
    func placesHoldOnARealPage(_ path: String) throws {
        let tree = PageTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(tree.placesHold)
        var elements = 0
        for node in tree.nodes.indices where tree.nodes[node].kind == .element && !tree.nodes[node].implied {
            elements += 1
            let entry = tree.nodes[node]
            let tag = String(decoding: tree.utf8[entry.start..<min(tree.utf8.count, entry.start + 1 + entry.name.utf8.count)], as: UTF8.self)
            #expect(tag.lowercased() == "<" + entry.name, "\(path): \(entry.name) at \(entry.start)")
            #expect(entry.start < entry.contentStart && entry.contentStart <= entry.contentEnd && entry.contentEnd <= entry.end)
            if entry.contentEnd < entry.end {
                let close = String(decoding: tree.utf8[entry.contentEnd..<entry.end], as: UTF8.self).lowercased()
                #expect(close.hasPrefix("</" + entry.name), "\(path): \(close)")
            }
        }
        #expect(elements > 60)
        for node in tree.nodes.indices where tree.nodes[node].kind == .text {
            guard let parent = tree.nodes[node].parent, !["script", "style"].contains(tree.nodes[parent].name) else { continue }
            let raw = tree.utf8[tree.nodes[node].start..<tree.nodes[node].end]
            #expect(!raw.contains(UInt8(ascii: "<")), "\(path): text at \(tree.nodes[node].start)")
        }
    }
}
