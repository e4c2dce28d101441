import Foundation
import Report
import TOMLKit

/// What each kind of setting takes, read from the file or a variable.
extension Settings {
    static func text(of value: TOMLValueConvertible, kind: Kind) -> String? {
        switch kind {
        case .number: return value.double.map { String($0) } ?? value.int.map(String.init)
        case .integer: return value.int.map(String.init)
        case .text, .path: return value.string
        case .url: return value.string.flatMap { valid($0, kind: .url) ? $0 : nil }
        case .format: return value.string.flatMap { Formats.exists($0) ? $0 : nil }
        case .flagOrPath: return value.bool.map { $0 ? "true" : "false" } ?? value.string
        }
    }

    static func valid(_ text: String, kind: Kind) -> Bool {
        switch kind {
        case .number: return Double(text)?.isFinite == true
        case .integer: return Int(text) != nil
        case .format: return Formats.exists(text)
        case .url:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else { return false }
            return ["http", "https"].contains(scheme) && url.host != nil
        case .text, .path, .flagOrPath: return true
        }
    }

    static func describe(_ kind: Kind) -> String {
        switch kind {
        case .number: return "a number"
        case .integer: return "a whole number"
        case .text, .path: return "a string"
        case .format: return "one of \(Formats.names)"
        case .url: return "an http(s) URL such as http://127.0.0.1:8080"
        case .flagOrPath: return "true, false or a directory"
        }
    }
}
