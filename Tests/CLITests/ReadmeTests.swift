import Foundation
import TestSupport
import Testing

/// The README's Usage, run as written: every `cpvanity` line of its shell blocks, in
/// order, in a scratch directory, against the replicas (`CPVANITY_BASE_URL` and
/// `CPVANITY_ARCHIVE`, as the README says to set them; `http://127.0.0.1:PORT` is the
/// replica's address). Each must exit as its comment says: `(exit N)`, else 0.
@Suite(.serialized) struct ReadmeTests {
    struct Line: CustomStringConvertible {
        let command: String
        let expected: Int32
        var description: String { command }
    }

    /// The `cpvanity` lines of the Usage section's shell blocks.
    static func usageLines() throws -> [Line] {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Usage\n") else { return [] }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var lines = [Line](), inShell = false
        for raw in section.components(separatedBy: "\n") {
            if raw.hasPrefix("```") { inShell = raw == "```sh"; continue }
            guard inShell, raw.hasPrefix("cpvanity ") else { continue }
            // A comment starts after two spaces: `cpvanity refresh   # e.g. ...`.
            let parts = raw.components(separatedBy: "  #")
            let comment = parts.dropFirst().joined(separator: "  #")
            var expected: Int32 = 0
            if let range = comment.range(of: #"\(exit \d+"#, options: .regularExpression) {
                expected = Int32(comment[range].dropFirst(6)) ?? 0
            }
            lines.append(Line(command: parts[0].trimmingCharacters(in: .whitespaces), expected: expected))
        }
        return lines
    }

    @Test func theUsageRunsAsWritten() throws {
        let lines = try Self.usageLines()
        #expect(lines.count >= 40)
        let codeproject = try FixtureServer(["--archive", repositoryRoot.appendingPathComponent("Fixtures/archive").path])
        let replicas = [
            "stackoverflow": try FixtureServer(["--site", "stackoverflow"], root: repositoryRoot.appendingPathComponent("Fixtures/stackoverflow").path),
            "hackernews": try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path),
            "github": try FixtureServer(["--site", "github"], root: repositoryRoot.appendingPathComponent("Fixtures/github").path),
        ]
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for name in ["Fixtures", "patterns"] {
            try FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent(name), withDestinationURL: repositoryRoot.appendingPathComponent(name))
        }
        try "48201\n7315\n90210\n".write(to: scratch.appendingPathComponent("members.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Fixtures/codeproject/feeds/lounge.xml"),
                                         to: scratch.appendingPathComponent("saved-feed.xml"))
        let binaries = builtProduct("cpvanity").deletingLastPathComponent().path
        for line in lines {
            let site = line.command.range(of: #"--site \w+"#, options: .regularExpression).map { String(line.command[$0].dropFirst(7)) }
            let base = site.flatMap { replicas[$0]?.baseURL } ?? codeproject.baseURL
            let command = line.command.replacingOccurrences(of: "http://127.0.0.1:PORT", with: base)
            let result = try run(at: URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: [
                "PATH": binaries + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "CPVANITY_BASE_URL": base, "CPVANITY_ARCHIVE": codeproject.baseURL,
                "CPVANITY_DB": scratch.appendingPathComponent("history.sqlite").path,
                "XDG_CONFIG_HOME": scratch.path,
            ], directory: scratch)
            #expect(result.status == line.expected, "\(line.command): exit \(result.status)\n\(result.stderr)")
        }
    }
}
