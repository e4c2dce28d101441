import App
import Foundation
import Report
import TOMLKit

/// The options people repeat, from `$XDG_CONFIG_HOME/cpvanity/config.toml` (or
/// `$CPVANITY_CONFIG`) and `CPVANITY_<KEY>` environment variables. A flag outweighs the
/// environment, which outweighs the file, which outweighs the default; `cpvanity config
/// show` says which one each value came from.
struct Settings: Sendable {
    enum Kind: Sendable {
        case number, integer, text, flagOrPath, format
    }

    struct Value: Sendable {
        let text: String
        /// `flag`, `environment CPVANITY_RATE`, `config /path/config.toml`, `default`.
        let source: String
    }

    /// Every key the file and the environment take, with its kind and default (in words).
    static let keys: [(name: String, kind: Kind, fallback: String)] = [
        ("site", .text, "codeproject"),
        ("patterns", .text, "the bundled packs"),
        ("base_url", .text, "the pack's"),
        ("rate", .number, "4"),
        ("concurrency", .integer, "8"),
        ("retries", .integer, "3"),
        ("timeout", .number, "30"),
        ("connect_timeout", .number, "10"),
        ("cache", .flagOrPath, "off"),
        ("db", .text, "$XDG_DATA_HOME/cpvanity/history.sqlite"),
        ("format", .format, "table on a terminal, json otherwise"),
        ("columns", .text, "all (CSV)"),
    ]

    let file: String
    private let fileValues: [String: String]
    private let environmentValues: [String: String]

    /// Read once; a broken file or variable is said plainly and exits 2, before anything runs.
    static let shared: Settings = {
        do {
            return try Settings(environment: ProcessInfo.processInfo.environment)
        } catch {
            Diagnostics.error("\(error)")
            Foundation.exit(ExitStatus.badInput.code)
        }
    }()

    init(environment: [String: String]) throws(SettingsError) {
        file = Settings.path(environment: environment)
        var fileValues = [String: String]()
        if FileManager.default.fileExists(atPath: file) {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw SettingsError(file: file, key: nil, message: "cannot be read as UTF-8 text")
            }
            let table: TOMLTable
            do {
                table = try TOMLTable(string: text)
            } catch {
                throw SettingsError(file: file, key: nil, message: "is not valid TOML: \(error)")
            }
            for key in table.keys {
                guard let known = Settings.keys.first(where: { $0.name == key }) else {
                    throw SettingsError(file: file, key: key, message: "is not a setting; the file takes \(Settings.keys.map(\.name).joined(separator: ", "))")
                }
                guard let value = table[key], var text = Settings.text(of: value, kind: known.kind) else {
                    throw SettingsError(file: file, key: key, message: "must be \(Settings.describe(known.kind))")
                }
                // Paths in the file may start from home, as people write them.
                if ["db", "cache", "patterns"].contains(key), text.hasPrefix("~/") {
                    text = ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(String(text.dropFirst(2)))
                }
                fileValues[key] = text
            }
        }
        var environmentValues = [String: String]()
        for key in Settings.keys {
            let variable = "CPVANITY_" + key.name.uppercased()
            guard let text = environment[variable], !text.isEmpty else { continue }
            guard Settings.valid(text, kind: key.kind) else {
                throw SettingsError(file: nil, key: variable, message: "must be \(Settings.describe(key.kind)), not '\(text)'")
            }
            environmentValues[key.name] = text
        }
        self.fileValues = fileValues
        self.environmentValues = environmentValues
    }

    /// `flag` if given, else the environment's, else the file's; nil: the default.
    func value(_ key: String, flag: String? = nil) -> Value? {
        if let flag { return Value(text: flag, source: "flag") }
        if let text = environmentValues[key] { return Value(text: text, source: "environment CPVANITY_\(key.uppercased())") }
        if let text = fileValues[key] { return Value(text: text, source: "config \(file)") }
        return nil
    }

    /// For settings whose component reads its own variable (CPVANITY_DB, CPVANITY_PATTERNS)
    /// and names it in its messages: the flag, else nothing when the variable is set, else
    /// the file's value.
    func explicitValue(_ key: String, flag: String?) -> String? {
        if let flag { return flag }
        if environmentValues[key] != nil { return nil }
        return fileValues[key]
    }

    func number(_ key: String) -> Double? { value(key).flatMap { Double($0.text) } }
    func integer(_ key: String) -> Int? { value(key).flatMap { Int($0.text) } }
    func text(_ key: String) -> String? { value(key)?.text }

    /// The cache directory the settings ask for: a path, or the default one for `true`.
    func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard let setting = value("cache")?.text else { return nil }
        switch setting.lowercased() {
        case "false", "off", "no": return nil
        case "true", "on", "yes":
            let base = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
                ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".cache")
            return (base as NSString).appendingPathComponent("cpvanity")
        default: return setting
        }
    }

    static func path(environment: [String: String]) -> String {
        if let explicit = environment["CPVANITY_CONFIG"], !explicit.isEmpty { return explicit }
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        return (base as NSString).appendingPathComponent("cpvanity/config.toml")
    }
}
