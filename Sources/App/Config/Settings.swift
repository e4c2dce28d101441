import Foundation

/// The options people repeat, from `$XDG_CONFIG_HOME/cpvanity/config.toml` (or
/// `$CPVANITY_CONFIG`) and `CPVANITY_<KEY>` environment variables. A flag outweighs the
/// environment, which outweighs the command's table in the file (`[batch]`), which
/// outweighs the file's top level, which outweighs the default; `cpvanity config show`
/// says which one each value came from.
public struct Settings: Sendable {
    public enum Kind: Sendable {
        case number, integer, text, path, flagOrPath, format, url
    }

    public typealias Value = SettingValue

    /// The variables that are no key of the file's.
    static let otherVariables = ["CPVANITY_CONFIG", "CPVANITY_BUDGETS"]

    /// `4`, not `4.0`.
    static func shown(_ number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    /// Where the process is: its environment, the paths derived from it.
    public let places: ProcessPlaces
    public let file: String
    /// The command whose table in the file applies (`batch`), if it has one.
    public let command: String?
    private let fileValues: SettingsFile
    private let environmentValues: [String: String]

    /// `commands`: every command and alias the file's tables may be named for, each to
    /// its command (`articles` → `rows`).
    public init(places: ProcessPlaces, command: String?, commands: [String: String]) throws(SettingsError) {
        let environment = places.environment
        self.places = places
        file = Settings.path(environment: environment)
        self.command = command
        // A file asked for by name and not there is a mistake to say, not defaults to use.
        if let named = environment["CPVANITY_CONFIG"], !named.isEmpty, !FileManager.default.fileExists(atPath: named) {
            throw SettingsError(file: named, key: nil,
                                message: "(named by CPVANITY_CONFIG) does not exist; create it, or unset CPVANITY_CONFIG to read \(Settings.path(environment: environment.filter { $0.key != "CPVANITY_CONFIG" }))")
        }
        fileValues = try SettingsFile(path: file, home: ProcessPlaces.home(environment), commands: commands)
        // A variable of ours spelt wrong is a mistake to say, as a wrong key in the file is.
        let known = SettingKey.all.map(\.variable) + Settings.otherVariables
        for variable in environment.keys.sorted() where variable.hasPrefix("CPVANITY_") && !known.contains(variable) {
            if let meant = NameGuess.closest(to: variable, in: known) {
                throw SettingsError(file: nil, key: variable, message: "is not a setting (did you mean \(meant)?)")
            }
        }
        var environmentValues = [String: String]()
        for key in SettingKey.all {
            let variable = key.variable
            guard let text = environment[variable], !text.isEmpty else { continue }
            guard Settings.valid(text, kind: key.kind) else {
                throw SettingsError(file: nil, key: variable, message: "must be \(Settings.describe(key.kind)), not '\(text)'")
            }
            environmentValues[key.name] = text
        }
        self.environmentValues = environmentValues
    }

    /// The environment's, else the command's table's, else the file's top level; nil:
    /// the default.
    public func value(_ key: SettingKey) -> Value? {
        if let text = environmentValues[key.name] { return Value(text: text, source: "environment \(key.variable)", name: key.variable) }
        if let command, let text = fileValues.sections[command]?[key.name] {
            return Value(text: text, source: "config \(file)", name: "\(command).\(key.name)")
        }
        if let text = fileValues.topLevel[key.name] { return Value(text: text, source: "config \(file)", name: key.name) }
        return nil
    }

    /// For settings whose component reads its own variable (CPVANITY_DB, CPVANITY_PATTERNS)
    /// and names it in its messages: the flag, else nothing when the variable is set, else
    /// the file's value.
    public func explicitValue(_ key: SettingKey, flag: String?) -> String? {
        if let flag { return flag }
        if environmentValues[key.name] != nil { return nil }
        return value(key)?.text
    }

    public func text(_ key: SettingKey) -> String? { value(key)?.text }

    /// The cache directory the settings ask for: a path, or the default one for `true`.
    public func cacheDirectory() -> String? {
        guard let setting = text(.cache) else { return nil }
        switch setting.lowercased() {
        case "false", "off", "no": return nil
        case "true", "on", "yes": return places.cacheDirectory
        default: return setting
        }
    }

    public static func path(environment: [String: String]) -> String {
        ProcessPlaces.configPath(environment)
    }
}
