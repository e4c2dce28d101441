import Foundation
import Packs

/// The process's surroundings, read in one place: its environment variables, its
/// binary and its working directory, and every path cpvanity derives from them (the
/// history, the packs, the cache and the budgets, under the XDG directories). The
/// targets below App take the values; none reads the environment.
public struct ProcessPlaces: Sendable {
    public let environment: [String: String]
    public let executablePath: String?
    public let currentDirectory: String

    /// This process's.
    public static let current = ProcessPlaces(environment: ProcessInfo.processInfo.environment, executablePath: Bundle.main.executablePath,
                                              currentDirectory: FileManager.default.currentDirectoryPath)

    public init(environment: [String: String], executablePath: String?, currentDirectory: String) {
        self.environment = environment
        self.executablePath = executablePath
        self.currentDirectory = currentDirectory
    }

    /// `$HOME`, else the account's home directory.
    var home: String { ProcessPlaces.home(environment) }

    static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory()
    }

    /// The config file: `$CPVANITY_CONFIG`, else `$XDG_CONFIG_HOME/cpvanity/config.toml`,
    /// else `~/.config/cpvanity/config.toml`.
    static func configPath(_ environment: [String: String]) -> String {
        if let explicit = environment["CPVANITY_CONFIG"], !explicit.isEmpty { return explicit }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (home(environment) as NSString).appendingPathComponent(".config")
        return (base as NSString).appendingPathComponent("cpvanity/config.toml")
    }

    /// Where the history lives: `explicit` (`--db`, the config), else `$CPVANITY_DB`,
    /// else `$XDG_DATA_HOME/cpvanity/history.sqlite`, else `~/.local/share/cpvanity/history.sqlite`.
    public func historyPath(explicit: String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["CPVANITY_DB"], !fromEnvironment.isEmpty { return fromEnvironment }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (home as NSString).appendingPathComponent(".local/share")
        return (dataHome as NSString).appendingPathComponent("cpvanity/history.sqlite")
    }

    /// The directory of site packs: `explicit`, else `$CPVANITY_PATTERNS`, else beside
    /// the binary or in the working directory (`PackLocator`).
    public func packLocator(explicit: String?) throws -> PackLocator {
        try PackLocator(explicit: explicit, fromEnvironment: environment["CPVANITY_PATTERNS"], executablePath: executablePath,
                        currentDirectory: currentDirectory)
    }

    /// `$XDG_CACHE_HOME/cpvanity`, else `~/.cache/cpvanity`: the cache `cache = true` asks for.
    public var cacheDirectory: String {
        let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (home as NSString).appendingPathComponent(".cache")
        return (base as NSString).appendingPathComponent("cpvanity")
    }

    /// `$CPVANITY_BUDGETS`, else `$XDG_CACHE_HOME/cpvanity/budgets`, else
    /// `~/.cache/cpvanity/budgets`: beside the cache, as the machine's. Nil when the
    /// variable is set empty, or there is no home to put it in.
    public var budgetDirectory: String? {
        if let given = environment["CPVANITY_BUDGETS"] { return given.isEmpty ? nil : given }
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/cpvanity/budgets" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return home + "/.cache/cpvanity/budgets"
    }
}
