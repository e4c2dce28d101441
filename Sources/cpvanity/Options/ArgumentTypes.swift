import App
import ArgumentParser
import Report

/// `--shard K/N` as an argument: the app's `Shard` reads the text.
extension Shard: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .default }
}

/// `--format` of the commands that print plain lists.
extension ListFormat: ExpressibleByArgument {}
