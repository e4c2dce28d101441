import TestSupport
import Testing

/// Examples in --help are read at 80 columns and copied whole: each line of each
/// example stays within 80 columns, indented (a wrapped line would start at column 0),
/// and the root and report have examples too.
@Suite struct HelpExamplesTests {
    @Test(arguments: [[], ["member"], ["batch"], ["history"], ["refresh"], ["report"], ["feed"]])
    func examplesFitEightyColumns(_ command: [String]) throws {
        let help = try run("cpvanity", command + ["--help"], environment: ["COLUMNS": "80"]).stdout
        let lines = help.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "Examples:"), "no examples in \(command) --help")
        let examples = lines[(start + 1)...].prefix { !$0.isEmpty }
        #expect(examples.count >= 3)
        for line in examples {
            #expect(line.hasPrefix("  "), "a wrapped example line in \(command) --help: \(line)")
            #expect(line.count <= 80, "over 80 columns in \(command) --help: \(line)")
        }
        #expect(examples.first?.hasPrefix("  cpvanity ") == true)
    }
}
