import Foundation
import Report

/// `config show`: every setting, its value and where it came from, as a list in any
/// format (`key`, `value`, `source`); which file was read is said on stderr.
public enum ConfigRun {
    public static func show(_ settings: Settings, output: OutputSettings) throws {
        let exists = FileManager.default.fileExists(atPath: settings.file)
        Diagnostics.info("config file: \(settings.file)\(exists ? "" : " (none there)")")
        let rows = SettingKey.all.map { key -> [ListCell] in
            guard let value = settings.value(key) else { return [.text(key.name), .text(key.fallback), .text("default")] }
            // A value from a command's table says so: `config /path [batch]`.
            let table = value.name.contains(".") ? " [\(value.name.prefix { $0 != "." })]" : ""
            return [.text(key.name), .text(value.text), .text(value.source + table)]
        }
        let columns: [ListView.Column] = [.init("key", label: "setting"), .init("value", label: "value"), .init("source", label: "from")]
        try output.write(ListView(name: "Settings", columns: columns, rows: rows))
    }
}
