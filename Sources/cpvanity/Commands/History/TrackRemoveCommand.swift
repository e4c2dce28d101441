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
        let (sitePack, _) = try pack.loadPack()
        let history = try database.open()
        do {
            let removed = try history.untrack(LookupRun.unique(ids), site: sitePack.name)
            let unknown = LookupRun.unique(ids).filter { !removed.contains($0) }
            Output.write(removed.map { "no longer tracking \($0)\n" }.joined())
            for id in unknown { Diagnostics.warning("\(id) was not tracked") }
            if !unknown.isEmpty { throw ExitStatus.partialFailure }
        } catch let error as ExitStatus {
            throw error
        } catch {
            Diagnostics.error("\(error)")
            throw ExitStatus.badInput
        }
    }
}
