import App
import ArgumentParser

/// `--shard K/N` as an argument: the app's `Shard` reads the text.
extension Shard: ExpressibleByArgument {
    public static var defaultCompletionKind: CompletionKind { .default }
}
