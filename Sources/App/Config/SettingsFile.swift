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
        // Every problem of the file, each with its line, not only the first.
        var problems = [SettingsError]()
        for key in table.keys {
            if let section = table[key]?.table {
                guard let command = commands[key] else {
                    let names = Set(commands.values).sorted()
                    problems.append(SettingsError(file: path, key: "[\(key)]", message: "is not a command\(NameGuess.hint([key], in: names)); tables are named for one of \(names.joined(separator: ", "))",
                                                  line: SettingsFile.line(of: key, section: nil, table: true, in: text)))
                    continue
                }
                var values = sections[command] ?? [:]
                for inner in section.keys {
                    do throws(SettingsError) {
                        values[inner] = try SettingsFile.read(section, key: inner, shownAs: "\(key).\(inner)", path: path, home: home)
                    } catch {
                        problems.append(error.at(SettingsFile.line(of: inner, section: key, in: text)))
                    }
                }
                sections[command] = values
            } else {
                do throws(SettingsError) {
                    topLevel[key] = try SettingsFile.read(table, key: key, shownAs: key, path: path, home: home)
                } catch {
                    problems.append(error.at(SettingsFile.line(of: key, section: nil, in: text)))
                }
            }
        }
        guard var first = problems.sorted(by: { ($0.line ?? 0) < ($1.line ?? 0) }).first else { return }
        first.others = Array(problems.sorted { ($0.line ?? 0) < ($1.line ?? 0) }.dropFirst())
        throw first
    }

    /// The line (from 1) where `key` is set in `section` (nil: the top level), or where
    /// the table `[key]` starts.
    static func line(of key: String, section: String?, table: Bool = false, in text: String) -> Int? {
        var current: String?
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let name = line.dropFirst().prefix { $0 != "]" }.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                if table && name == key { return number + 1 }
                current = name
                continue
            }
            guard !table, current == section, let equals = line.firstIndex(of: "=") else { continue }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            if name == key { return number + 1 }
        }
        return nil
    }

    private static func read(_ table: TOMLTable, key: String, shownAs name: String, path: String, home: String) throws(SettingsError) -> String {
        guard let known = SettingKey.all.first(where: { $0.name == key }) else {
            let names = SettingKey.all.map(\.name)
            throw SettingsError(file: path, key: name, message: "is not a setting\(NameGuess.hint([key], in: names)); the file takes \(names.joined(separator: ", ")), and a table per command ([batch], [refresh], ...) of the same keys")
        }
        guard let value = table[key], var text = Settings.text(of: value, kind: known.kind) else {
            throw SettingsError(file: path, key: name, message: "must be \(Settings.describe(known.kind))")
        }
        // Paths in the file may start from home, as people write them.
        if [.path, .flagOrPath].contains(known.kind), text.hasPrefix("~/") {
            text = (home as NSString).appendingPathComponent(String(text.dropFirst(2)))
        }
        return text
    }
}
