import App
import ArgumentParser

struct TrackListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the tracked members.")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption
    @OptionGroup(title: "Output") var output: ListFormatOptions

    func run() throws {
        let (sitePack, _) = try pack.load()
        try TrackRun(pack: sitePack, history: try database.settings()).list(output: try output.request().settings())
    }
}
