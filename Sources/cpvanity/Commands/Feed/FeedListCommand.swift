import App
import ArgumentParser

struct FeedListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the feeds of a site pack and their categories.")

    @OptionGroup var pack: PackOptions
    @OptionGroup(title: "Output") var output: ListFormatOptions

    func run() throws {
        let (sitePack, _) = try pack.load()
        try FeedRun.list(sitePack, output: try output.request().settings())
    }
}
