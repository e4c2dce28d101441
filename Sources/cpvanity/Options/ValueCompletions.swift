import App
import ArgumentParser

/// What a shell offers after a flag whose values are not files: the formats, and the
/// sites of the packs in the directory the command line names (`--patterns`), read when
/// TAB is pressed, so a pack a user adds is offered without a new completion script.
enum ValueCompletions {
    static var formats: CompletionKind { .list(Formats.all) }

    static var sites: CompletionKind {
        .custom { words, _, prefix in
            PackChoice.sites(patterns: patternsFlag(in: words), places: CommandConfig.places).filter { $0.hasPrefix(prefix) }
        }
    }

    /// The value of `--patterns DIR` or `--patterns=DIR` among the shell's words.
    static func patternsFlag(in words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--patterns", index + 1 < words.count { found = words[index + 1] }
            if word.hasPrefix("--patterns=") { found = String(word.dropFirst("--patterns=".count)) }
        }
        return found
    }
}
