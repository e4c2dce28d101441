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

    /// `files` (paths under the root to their text) in a tree with the project's
    /// Package.swift, and what check-layers says of it.
    func checkLayers(of files: [String: String]) throws -> (status: Int32, output: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Package.swift"), to: root.appendingPathComponent("Package.swift"))
        return try checkLayers(root.path)
    }

    @Test func theTreeKeepsToItsDeclaredDependencies() throws {
        let result = try checkLayers()
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func anUndeclaredImportIsCaught() throws {
        // PageText declares no dependency: importing Packs (which depends on it) is a cycle Swift would only catch later.
        let result = try checkLayers(of: ["Sources/PageText/Upward.swift": "import Foundation\nimport Packs\n\nlet answer = 42\n"])
        #expect(result.status == 1)
        #expect(result.output == "Sources/PageText/Upward.swift:2: imports Packs, which Package.swift does not give PageText\n")
    }

    /// The command line knows App alone, and only App's console writes to stdout or stderr.
    @Test func theCommandLineImportsAppAloneAndWritesNothingItself() throws {
        let result = try checkLayers(of: [
            "Sources/cpvanity/Reach.swift": "import App\nimport Report\n\nlet answer = 42\n",
            "Sources/Report/Loud.swift": "import Foundation\n\nfunc say() {\n    print(\"hi\")\n    try? DescriptorWriter.standardOutput.write(\"x\")\n}\n",
        ])
        #expect(result.status == 1)
        #expect(result.output == """
            Sources/cpvanity/Reach.swift:2: imports Report, which Package.swift does not give cpvanity
            Sources/Report/Loud.swift:4: writes to stdout; write data through App's Output
            Sources/Report/Loud.swift:5: writes to stdout; write data through App's Output

            """)
    }

    /// Files are put in place by the Files target alone; a file above it that renames
    /// one into place, or writes one whole itself, is named.
    @Test func onlyFilesPutsAFileInPlace() throws {
        let result = try checkLayers(of: [
            "Sources/App/OwnWrites.swift":
                "import Foundation\n\nfunc keep(_ text: String) throws {\n    rename(\"a.tmp\", \"a\")\n    try text.write(toFile: \"b\", atomically: true, encoding: .utf8)\n}\n",
        ])
        #expect(result.status == 1)
        #expect(result.output == """
            Sources/App/OwnWrites.swift:4: puts a file in place itself; write it through Files' AtomicReplacement
            Sources/App/OwnWrites.swift:5: puts a file in place itself; write it through Files' AtomicReplacement

            """)
    }
}
