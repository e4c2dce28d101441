import App
import ArgumentParser
import Store

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
        let unique = LookupRun.unique(try IDValidation.ids(ids, pack: sitePack))
        let store = try database.settings.open()
        let added = try AppError.history { () throws(StoreError) in try store.track(unique, site: sitePack.name, label: label) }
        // What was done goes to stderr, with the other diagnostics: stdout is for data.
        let already = unique.filter { !added.contains($0) }
        if !added.isEmpty { Diagnostics.info("tracking \(added.joined(separator: ", "))") }
        if !already.isEmpty { Diagnostics.info("already tracked: \(already.joined(separator: ", "))") }
    }
}
