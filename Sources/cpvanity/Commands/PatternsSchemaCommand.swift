import App
import ArgumentParser

/// `cpvanity patterns schema`: the JSON Schema of a pack's records, made from the pack.
struct PatternsSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of a site pack's member records, made from the pack.",
        discussion: """
            Fields, collections and statistics with their types, the ranges the pack gives \
            (min, max) and the values its maps give, nested as the records nest them. For a \
            dashboard to validate what it reads: \
            cpvanity patterns schema --site stackoverflow > stackoverflow-member.json. \
            docs/schema/<site>/member-2.json is this output for the bundled packs.
            """
    )

    @OptionGroup var pack: PackOptions

    func run() throws {
        let (sitePack, _) = try pack.load()
        try SchemaRun.write(sitePack)
    }
}
