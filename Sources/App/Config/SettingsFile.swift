import Foundation
import TOMLKit

/// The config file's values: its top level, and a table per command (`[batch]`,
/// `[refresh]`) whose keys apply to that command alone.
struct SettingsFile: Sendable {
    var topLevel: [String: String] = [:]
    var sections: [String: [String: String]] = [:]

    init() {}

    /// `commands`: every command and alias a table may be named for, each to its command.
    init(path: String, home: String, commands: [String: String]) throws(SettingsError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SettingsError(file: path, key: nil, message: "cannot be read as UTF-8 text")
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch {
            throw SettingsError(file: path, key: nil, message: "is not valid TOML: \(error)")
        }
        for key in table.keys {
            if let section = table[key]?.table {
                guard let command = commands[key] else {
                    let names = Set(commands.values).sorted()
                    throw SettingsError(file: path, key: "[\(key)]", message: "is not a command\(NameGuess.hint([key], in: names)); tables are named for one of \(names.joined(separator: ", "))")
                }
                var values = sections[command] ?? [:]
                for inner in section.keys {
                    values[inner] = try SettingsFile.read(section, key: inner, shownAs: "\(key).\(inner)", path: path, home: home)
                }
                sections[command] = values
            } else {
                topLevel[key] = try SettingsFile.read(table, key: key, shownAs: key, path: path, home: home)
            }
        }
    }

    private static func read(_ table: TOMLTable, key: String, shownAs name: String, path: String, home: String) throws(SettingsError) -> String {
        guard let known = Settings.keys.first(where: { $0.name == key }) else {
            let names = Settings.keys.map(\.name)
            throw SettingsError(file: path, key: name, message: "is not a setting\(NameGuess.hint([key], in: names)); the file takes \(names.joined(separator: ", ")), and a table per command ([batch], [refresh], ...) of the same keys")
        }
        guard let value = table[key], var text = Settings.text(of: value, kind: known.kind) else {
            throw SettingsError(file: path, key: name, message: "must be \(Settings.describe(known.kind))")
        }
        // Paths in the file may start from home, as people write them.
        if ["db", "cache", "patterns"].contains(key), text.hasPrefix("~/") {
            text = (home as NSString).appendingPathComponent(String(text.dropFirst(2)))
        }
        return text
    }
}
