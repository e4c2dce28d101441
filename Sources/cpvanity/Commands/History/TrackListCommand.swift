import App
import ArgumentParser
import Report

struct TrackListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the tracked members.")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("table, json, ndjson, csv or markdown (default: table on a terminal, json otherwise).", valueName: "format"))
    var format: ListFormat?

    func run() throws {
        let (sitePack, _) = try pack.load()
        try TrackRun(pack: sitePack, history: database.settings).list(format: format ?? Terminal.defaultListFormat)
    }
}
