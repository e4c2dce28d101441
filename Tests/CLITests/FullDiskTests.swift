import Foundation
import TestSupport
import Testing

/// Every command that writes checks every write: a full disk, a read-only file system
/// or a directory it cannot write in is said in the system's words, with one exit
/// status (2) however the output was named, never an exit 0 over a cut document.
@Suite struct FullDiskTests {
    /// `command`, its standard output sent to `target` by the shell.
    func runInto(_ target: String, _ arguments: [String]) throws -> CommandResult {
        let quoted = ([builtProduct("cpvanity").path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return try run(at: URL(fileURLWithPath: "/bin/sh"), ["-c", "exec " + quoted.joined(separator: " ") + " > '\(target)'"])
    }

    static let page = "\(codeprojectFixtures)/profile-48201.html"

    @Test(arguments: [
        ["extract", page], ["patterns", "schema"], ["patterns", "check"], ["--version"], ["--help"],
        ["--generate-completion-script", "bash"], ["patterns", "suggest", "--source", "profile", "--page", page, "reputation.total=1,204,873"],
        ["patterns", "learn", "--page", page, "--url", "https://www.codeproject.com/Members/{id}", "name=Maren Okafor"],
    ])
    func aFullDiskIsSaid(_ arguments: [String]) throws {
        let result = try runInto("/dev/full", arguments)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(arguments): \(result.stderr)")
    }

    /// The same failure, whether the output is named by `>` or by --output: one status.
    @Test func aMemberToAFullDiskByEitherNameExitsTwo() throws {
        let server = try FixtureServer()
        let fetch = ["member", "48201", "--no-store", "--format", "json", "--base-url", server.baseURL, "--rate", "0"]
        let redirected = try runInto("/dev/full", fetch)
        #expect(redirected.status == 2, "\(redirected.stderr)")
        #expect(redirected.stderr.contains("cannot write standard output: No space left on device"))
        let named = try run("cpvanity", fetch + ["--output", "/dev/full"])
        #expect(named.status == 2, "\(named.stderr)")
        #expect(named.stderr.contains("cannot write /dev/full: No space left on device"))
    }

    @Test(.enabled(if: SmallFilesystem.available, "needs root and a tmpfs mount"))
    func aReadOnlyFileSystemIsSaidInItsOwnWords() throws {
        let readOnly = try #require(try SmallFilesystem.make(kib: 64, readOnly: true))
        let server = try FixtureServer()
        let batch = try run("cpvanity", ["batch", "--no-store", "--base-url", server.baseURL, "--rate", "0", "--output", "\(readOnly.path)/out.csv"],
                            stdin: Data("48201\n".utf8))
        #expect(batch.status == 2)
        #expect(batch.stderr == "cpvanity: cannot write \(readOnly.path)/out.csv: Read-only file system\n")
        let member = try run("cpvanity", ["member", "48201", "--no-store", "--base-url", server.baseURL, "--rate", "0", "--output", "\(readOnly.path)/m.json"])
        #expect(member.status == 2)
        #expect(member.stderr.contains("cannot write \(readOnly.path)/m.json: Read-only file system"), "\(member.stderr)")
    }

    /// A disk that fills part way through a document: said, exit 2, not exit 0 over a cut JSON.
    @Test(.enabled(if: SmallFilesystem.available, "needs root and a tmpfs mount"))
    func aDiskThatFillsPartWayIsSaid() throws {
        let small = try #require(try SmallFilesystem.make(kib: 8))
        let result = try runInto("\(small.path)/record.json", ["extract", "\(codeprojectFixtures)/articles-48201.html"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write standard output: No space left on device"), "\(result.stderr)")
    }
}
