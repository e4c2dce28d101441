import Foundation
import TestSupport
import Testing

/// The dependency graph in Package.swift is the rule for imports: `scripts/check-layers`
/// passes on the tree, and fails, naming the file, on a target that imports a module
/// its target does not declare (Swift itself lets it, when a dependency pulls it in).
@Suite struct LayerRuleTests {
    func checkLayers(_ root: String? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", repositoryRoot.appendingPathComponent("scripts/check-layers").path] + (root.map { [$0] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    @Test func theTreeKeepsToItsDeclaredDependencies() throws {
        let result = try checkLayers()
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func anUndeclaredImportIsCaught() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let pageText = root.appendingPathComponent("Sources/PageText")
        try FileManager.default.createDirectory(at: pageText, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift"))
        // PageText declares no dependency: importing Packs (which depends on it) is a cycle Swift would only catch later.
        try "import Foundation\nimport Packs\n\nlet answer = 42\n".write(to: pageText.appendingPathComponent("Upward.swift"), atomically: true, encoding: .utf8)
        let result = try checkLayers(root.path)
        #expect(result.status == 1)
        #expect(result.output == "Sources/PageText/Upward.swift:2: imports Packs, which Package.swift does not give PageText\n")
    }
}
