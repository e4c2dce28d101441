import Foundation
import TestSupport
import Testing

/// The README's Usage as a newcomer types it: in a fresh copy of the repository (the
/// files a clone has, and the build the Quick start made), with a newcomer's
/// environment (no cpvanity on PATH, no CPVANITY_ variable, an empty home), the
/// Usage's first block (the replica, the directory) and then each `cpvanity` line of its
/// other blocks, as written. Each must exit as its comment says: `(exit N)`, else 0.
@Suite(.serialized) struct ReadmeTests {
    struct Line: CustomStringConvertible {
        let command: String
        let expected: Int32
        var description: String { command }
    }

    /// The Usage section's shell blocks: the first, which sets the shell up, and the
    /// `cpvanity` lines of the others.
    static func usage() throws -> (setup: String, lines: [Line]) {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Usage\n") else { return ("", []) }
        let section = readme[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var blocks = [[String]](), inShell = false
        for raw in section.components(separatedBy: "\n") {
            if raw.hasPrefix("```") {
                inShell = raw == "```sh"
                if inShell { blocks.append([]) }
                continue
            }
            if inShell { blocks[blocks.count - 1].append(raw) }
        }
        guard let setup = blocks.first else { return ("", []) }
        var lines = [Line]()
        for raw in blocks.dropFirst().joined() where raw.hasPrefix("cpvanity ") {
            // A comment starts after two spaces: `cpvanity refresh   # e.g. ...`.
            let parts = raw.components(separatedBy: "  #")
            let comment = parts.dropFirst().joined(separator: "  #")
            var expected: Int32 = 0
            if let range = comment.range(of: #"\(exit \d+"#, options: .regularExpression) {
                expected = Int32(comment[range].dropFirst(6)) ?? 0
            }
            lines.append(Line(command: parts[0].trimmingCharacters(in: .whitespaces), expected: expected))
        }
        return (setup.joined(separator: "\n"), lines)
    }

    /// The files a clone of the repository has (what git tracks, and new files it does
    /// not ignore), copied into `clone`, with the Quick start's build beside them.
    static func freshCopy(into clone: URL) throws {
        try FileManager.default.createDirectory(at: clone, withIntermediateDirectories: true)
        let copied = try run(at: URL(fileURLWithPath: "/bin/sh"), ["-c", "git ls-files -co --exclude-standard -z | xargs -0 cp -P --parents -t \"$0\"", clone.path])
        #expect(copied.status == 0, "\(copied.stderr)")
        try FileManager.default.createSymbolicLink(at: clone.appendingPathComponent(".build"), withDestinationURL: repositoryRoot.appendingPathComponent(".build"))
    }

    @Test func theUsageRunsAsWrittenByANewcomer() throws {
        let (setup, lines) = try Self.usage()
        #expect(setup.contains("./scripts/replica"))
        #expect(lines.count >= 40)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-readme-\(UUID().uuidString)")
        let clone = scratch.appendingPathComponent("cpvanity"), home = scratch.appendingPathComponent("home")
        defer { try? FileManager.default.removeItem(at: scratch) }
        try Self.freshCopy(into: clone)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        // A newcomer's shell: the system's PATH, a home of their own, nothing of cpvanity's.
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("CPVANITY_") && !$0.key.hasPrefix("XDG_") }
        environment["HOME"] = home.path
        environment["PATH"] = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").filter { !$0.contains(".build") }.joined(separator: ":")
        defer { _ = try? Self.shell("./scripts/replica stop", in: clone, environment: environment) }
        for line in lines {
            let result = try Self.shell(setup + "\n" + line.command, in: clone, environment: environment)
            #expect(result.status == line.expected, "\(line.command): exit \(result.status)\n\(result.stderr)")
        }
        // Every site's examples reached its own pages: none was "no such member".
        let stackoverflow = try Self.shell(setup + "\ncpvanity member 31415 --site stackoverflow --json name --compact", in: clone, environment: environment)
        #expect(stackoverflow.stdout == #"[{"name":"Ada Pond"}]"# + "\n", "\(stackoverflow.stderr)")
    }

    /// `script` run by sh in `directory`, with exactly `environment`.
    static func shell(_ script: String, in directory: URL, environment: [String: String]) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = directory
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let box = ErrorBox()
        let reader = Thread { box.data = err.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while box.data == nil { usleep(1000) }
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                             stderr: String(decoding: box.data ?? Data(), as: UTF8.self))
    }
}

private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Data?
    var data: Data? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
