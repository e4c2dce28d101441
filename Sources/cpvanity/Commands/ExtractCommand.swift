import App
import ArgumentParser
import Extraction
import Foundation
import PackCheck
import Packs
import Report

struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Apply a site pack's rules to saved pages and print the records as JSON.",
        discussion: """
            Each FILE is one page. Its source (profile, articles, ...) comes from --source, \
            or from a file name of the form <source>-<id>.html, the naming --save-pages uses. \
            Use - to read a page from standard input (with --source).
            """
    )

    @OptionGroup var pack: PackOptions

    @Option(name: .long, help: ArgumentHelp("Which source of the pack the pages are.", valueName: "name"))
    var source: String?

    @Option(name: .long, help: ArgumentHelp("Base URL that relative links are resolved against (default: the pack's).", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Print each record on one line.")
    var compact = false

    @Argument(help: ArgumentHelp("Saved pages, or - for standard input.", valueName: "file"))
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Give at least one saved page (or - for standard input).") }
        if files.contains("-") && source == nil {
            throw ValidationError("Reading a page from standard input needs --source, e.g. --source profile.")
        }
    }

    func run() throws {
        let (sitePack, _) = try pack.loadPack()
        let extractor = Extractor(pack: sitePack, baseURL: baseURL)
        var records = [JSONValue]()
        var anyProblem = false
        for file in files {
            let page = try loadPage(file, pack: sitePack)
            let record = extractor.extract([page])
            anyProblem = anyProblem || !record.problems.isEmpty
            for problem in record.problems { Diagnostics.warning(problem.description) }
            records.append(RecordJSON.value(record, pack: sitePack, leading: files.count > 1 ? [("file", .string(file))] : []))
        }
        let document = records.count == 1 ? records[0] : .array(records)
        Output.write(document.serialized(pretty: !compact) + "\n")
        if anyProblem { throw ExitStatus.partialFailure }
    }

    private func loadPage(_ file: String, pack sitePack: SitePack) throws -> Page {
        // A file that is not there is the first thing to say, whatever its name.
        let data = file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try InputFile.read(file)
        let sourceName: String
        if let source {
            sourceName = source
        } else if let (named, _) = FixtureSet.split(URL(fileURLWithPath: file).lastPathComponent),
                  sitePack.source(named: named) != nil {
            sourceName = named
        } else {
            Diagnostics.error("cannot tell which source \(file) is; name it <source>-<id>.html or pass --source (\(sitePack.sources.map(\.name).joined(separator: ", ")))")
            throw ExitStatus.badInput
        }
        guard sitePack.source(named: sourceName) != nil else {
            Diagnostics.error("the \(sitePack.name) pack has no source '\(sourceName)'; it has \(sitePack.sources.map(\.name).joined(separator: ", "))")
            throw ExitStatus.badInput
        }
        return Page(source: sourceName, bytes: [UInt8](data), origin: file == "-" ? "<stdin>" : file)
    }
}
