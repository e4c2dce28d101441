import Foundation
import TestSupport
import Testing

/// What a shell offers after TAB: the completion script asks the binary (`---completion`)
/// for the values of `--site` when the key is pressed, and lists the formats itself.
@Suite struct CompletionTests {
    /// What the binary answers for `--site` with `words` on the line, the cursor in the last.
    func sites(_ words: [String], prefix: String = "") throws -> CommandResult {
        try run("cpvanity", ["---completion", "member", "--", "--site", String(words.count - 1), String(prefix.count)] + words)
    }

    @Test func theSitesOfTheBundledPacksAreOffered() throws {
        let result = try sites(["cpvanity", "member", "--site", ""])
        #expect(result.status == 0)
        #expect(result.stdout == "codeproject\ngithub\nhackernews\nstackoverflow\n")
    }

    @Test func onlyTheSitesBeginningWithWhatIsTypedAreOffered() throws {
        let result = try sites(["cpvanity", "member", "--site", "s"], prefix: "s")
        #expect(result.stdout == "stackoverflow\n")
    }

    /// A directory named on the line is where the sites come from: a pack a user wrote is
    /// offered without a new completion script.
    @Test func theSitesOfTheDirectoryNamedByPatternsAreOffered() throws {
        let made = repositoryRoot.appendingPathComponent("Fixtures/made-up/patterns").path
        let result = try sites(["cpvanity", "member", "--patterns", made, "--site", ""])
        #expect(result.stdout == "quillboard\n")
        let joined = try sites(["cpvanity", "member", "--patterns=\(made)", "--site", ""])
        #expect(joined.stdout == "quillboard\n")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyFormatIsOfferedAfterFormat(_ shell: String) throws {
        let script = try run("cpvanity", ["--generate-completion-script", shell]).stdout
        let formats = ["table", "json", "ndjson", "csv", "markdown", "xlsx"]
        if shell == "fish" {
            #expect(script.contains("-rfka '\(formats.joined(separator: " "))'"))
        } else {
            for format in formats { #expect(script.contains("'\(format)'"), "\(shell): \(format) is not offered") }
        }
        #expect(script.contains("---completion member -- --site"), "\(shell): --site is not completed")
    }
}
