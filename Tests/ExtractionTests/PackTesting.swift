@testable import Extraction
import Foundation
@testable import Packs

/// The repository root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let codeprojectFixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject").path
let codeprojectPack = repositoryRoot.appendingPathComponent("patterns/codeproject.toml").path

/// A pack header with one source (`page`) for engine tests; append fields to it.
func testPack(_ body: String, site: String = "", sources: String = "") throws -> SitePack {
    let toml = """
        [site]
        name = "test"
        base_url = "https://example.org/base/"
        id = '[0-9]+'
        \(site)

        [sources.page]
        url = '{base}/p?id={id}'
        missing = 'no such member'
        \(sources)

        \(body)
        """
    return try PackLoader().load(toml: toml, file: "test.toml")
}

func extract(_ html: String, with pack: SitePack, source: String = "page") -> ExtractedRecord {
    Extractor(pack: pack).extract([Page(source: source, utf8: Array(html.utf8), origin: "page.html")])
}

/// The problems a broken pack reports, or [] when it loads.
func loadProblems(_ body: String, site: String = "", sources: String = "") -> [PackProblem] {
    do {
        _ = try testPack(body, site: site, sources: sources)
        return []
    } catch let error as PackLoadError {
        return error.problems
    } catch {
        return [PackProblem(location: "", message: "unexpected error: \(error)")]
    }
}
