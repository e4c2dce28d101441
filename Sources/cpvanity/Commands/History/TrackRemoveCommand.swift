import App
import ArgumentParser
import Store

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
        let unique = LookupRun.unique(ids)
        let store = try database.settings.open()
        let removed = try AppError.history { () throws(StoreError) in try store.untrack(unique, site: sitePack.name) }
        if !removed.isEmpty { Diagnostics.info("no longer tracking \(removed.joined(separator: ", "))") }
        let unknown = unique.filter { !removed.contains($0) }
        for id in unknown { Diagnostics.warning("\(id) was not tracked") }
        if !unknown.isEmpty { throw ExitStatus.partialFailure }
    }
}
