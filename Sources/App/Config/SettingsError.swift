/// A config file or variable cpvanity cannot use: which, where (the file and line),
/// and what it takes. A file with several problems says each, a line apiece.
public struct SettingsError: Error, Sendable, CustomStringConvertible {
    public let file: String?
    public let key: String?
    public let message: String
    /// The line of the file the key is on, when it is known.
    public var line: Int?
    /// The file's other problems, after this one.
    public var others: [SettingsError] = []

    public init(file: String?, key: String?, message: String, line: Int? = nil) {
        self.file = file
        self.key = key
        self.message = message
        self.line = line
    }

    public var description: String {
        ([single] + others.map(\.single)).joined(separator: "\n")
    }

    private var single: String {
        let place = [file, line.map { "\($0)" }].compactMap { $0 }.joined(separator: ":")
        switch (place.isEmpty ? nil : place, key) {
        case let (place?, key?): return "\(place): \(key) \(message)"
        case let (place?, nil): return "\(place) \(message)"
        case let (nil, key?): return "\(key) \(message)"
        default: return message
        }
    }

    /// This problem at `line` of its file.
    func at(_ line: Int?) -> SettingsError {
        var placed = self
        placed.line = line
        return placed
    }
}
