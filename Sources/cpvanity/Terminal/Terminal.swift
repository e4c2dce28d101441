import App
import Foundation

/// What the process is attached to: decides table vs JSON, colour, progress bars.
enum Terminal {
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Colour is for terminals, and never when NO_COLOR is set (no-color.org) or TERM is dumb.
    static var colorAllowed: Bool {
        let environment = CommandConfig.places.environment
        return environment["NO_COLOR"].map(\.isEmpty) ?? true && environment["TERM"] != "dumb"
    }

    /// A terminal that shows only ASCII (`TERM=dumb`): trends drawn with `_.-=*#`.
    static var plainText: Bool {
        CommandConfig.places.environment["TERM"] == "dumb"
    }

    /// The terminal's width; $COLUMNS, then 100 when it cannot be told.
    static func columns() -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = CommandConfig.places.environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 100
    }
}
