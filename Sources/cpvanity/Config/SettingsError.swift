/// A config file or variable cpvanity cannot use: which, where, and what it takes.
struct SettingsError: Error, CustomStringConvertible {
    let file: String?
    let key: String?
    let message: String

    var description: String {
        switch (file, key) {
        case let (file?, key?): return "\(file): \(key) \(message)"
        case let (file?, nil): return "\(file) \(message)"
        case let (nil, key?): return "\(key) \(message)"
        default: return message
        }
    }
}
