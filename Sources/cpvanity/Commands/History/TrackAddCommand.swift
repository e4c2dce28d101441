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
        let (sitePack, _) = try pack.loadPack()
        try IDValidation.check(ids, pack: sitePack)
        let history = try database.open()
        do {
            let added = try history.track(LookupRun.unique(ids), site: sitePack.name, label: label)
            let already = LookupRun.unique(ids).filter { !added.contains($0) }
            Output.write(added.map { "tracking \($0)\n" }.joined() + already.map { "already tracked: \($0)\n" }.joined())
        } catch {
            Diagnostics.error(error.description)
            throw ExitStatus.badInput
        }
    }
}
