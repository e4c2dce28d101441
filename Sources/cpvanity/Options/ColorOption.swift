import App
import ArgumentParser
import Foundation

/// `--color auto|always|never`, as ls, grep and git take it.
struct ColorOption: ParsableArguments {
    enum Choice: String, ExpressibleByArgument, CaseIterable {
        /// On a terminal, unless NO_COLOR is set or TERM is dumb.
        case auto
        /// Even into a pipe (for `less -R`); an explicit choice outweighs NO_COLOR.
        case always
        case never
    }

    @Option(name: .long, help: ArgumentHelp("Colour in tables: auto (on a terminal, unless NO_COLOR is set), always, never.", valueName: "when"))
    var color: Choice = .auto

    var enabled: Bool {
        switch color {
        case .auto: return Terminal.isTerminal(STDOUT_FILENO) && Terminal.colorAllowed
        case .always: return true
        case .never: return false
        }
    }
}
