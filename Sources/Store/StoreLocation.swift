import Foundation

/// Where the history lives: `--db`, else `$CPVANITY_DB`, else
/// `$XDG_DATA_HOME/cpvanity/history.sqlite`, else `~/.local/share/cpvanity/history.sqlite`.
public enum StoreLocation {
    public static func path(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["CPVANITY_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            dataHome = (home as NSString).appendingPathComponent(".local/share")
        }
        return (dataHome as NSString).appendingPathComponent("cpvanity/history.sqlite")
    }
}
