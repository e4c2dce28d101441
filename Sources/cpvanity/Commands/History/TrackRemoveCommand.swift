import App
import ArgumentParser

struct TrackRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Stop tracking members (their history stays).")

    @OptionGroup var pack: PackOptions
    @OptionGroup var database: DatabaseOption

    @Argument(help: ArgumentHelp("Member IDs.", valueName: "id"))
    var ids: [String]

    func validate() throws {
        if ids.isEmpty { throw ValidationError("Give at least one member ID to stop tracking.") }
    }

    func run() throws {
        let (sitePack, _) = try pack.load()
        try ErrorAdvice.finish(try TrackRun(pack: sitePack, history: try database.settings()).remove(ids))
    }
}
