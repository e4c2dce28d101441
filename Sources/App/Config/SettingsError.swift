/// A config file or variable cpvanity cannot use: which, where, and what it takes.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
    public let file: String?
    public let key: String?
    public let message: String

    public init(file: String?, key: String?, message: String) {
        self.file = file
        self.key = key
        self.message = message
    }

    public var description: String {
        switch (file, key) {
        case let (file?, key?): return "\(file): \(key) \(message)"
        case let (file?, nil): return "\(file) \(message)"
        case let (nil, key?): return "\(key) \(message)"
        default: return message
        }
    }
}
