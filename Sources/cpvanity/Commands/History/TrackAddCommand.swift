import App
import ArgumentParser

struct TrackAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Track members (no request is made).")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Option(name: .long, help: ArgumentHelp("A label to remember them by (replaces an earlier one).", valueName: "name"))
    var label: String?

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID, e.g. cpvanity track add 48201.") }
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        try TrackRun(pack: sitePack, history: try database.settings()).add(ids, label: label)
    }
}
