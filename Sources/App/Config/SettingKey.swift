import Foundation

/// One setting as people write it: `connect_timeout` in the config file (top level or a
/// command's table), `CPVANITY_CONNECT_TIMEOUT` in the environment; what it takes, and
/// its default in words for `config show`. Every key is declared once, in `all`.
public struct SettingKey: Sendable {
    public let name: String
    public let kind: Settings.Kind
    public let fallback: String

    init(_ name: String, _ kind: Settings.Kind, fallback: String) {
        self.name = name
        self.kind = kind
        self.fallback = fallback
    }

    /// The environment variable that sets it.
    public var variable: String { "CPVANITY_" + name.uppercased() }

    public static let site = SettingKey("site", .text, fallback: "\(PackChoice.defaultSite) (or the pack directory's only pack)")
    public static let patterns = SettingKey("patterns", .path, fallback: "the bundled packs")
    public static let archive = SettingKey("archive", .url, fallback: "the pack's [archive] (the Wayback Machine)")
    public static let cache = SettingKey("cache", .flagOrPath, fallback: "off")
    public static let db = SettingKey("db", .path, fallback: "$XDG_DATA_HOME/cpvanity/history.sqlite")
    public static let format = SettingKey("format", .format, fallback: "table on a terminal, json otherwise")
    public static let columns = SettingKey("columns", .text, fallback: "all (CSV)")

    /// Every key the file and the environment take, in the order `config show` lists them.
    public static let all: [SettingKey] = [
        .site, .patterns, Setting.baseURL.key, .archive,
        Setting.rate.key, Setting.concurrency.key, Setting.retries.key, Setting.timeout.key, Setting.connectTimeout.key,
        Setting.proxy.key, .cache, .db, .format, .columns,
    ]
}

/// A setting that takes a value of its own type and, for a number, a range: resolved
/// from a flag, else the environment, else the config file, else the default, and
/// checked wherever it came from. A new lookup option is its declaration here, its flag
/// and its use.
public struct Setting<Value: Sendable>: Sendable {
    public let key: SettingKey
    /// The value in a variable's or the file's text; nil for text that is none.
    let parse: @Sendable (String) -> Value?
    /// What a value out of range must be, worded for its error; nil for a good one.
    let problem: @Sendable (Value) -> String?

    /// The value a flag gave, else the settings' (none: the defaults'), else `fallback`.
    /// Out of range, a flag's is a `GivenValueError` (the command line words it with its
    /// flag), the environment's or the file's a `SettingsError` naming where it was set.
    public func resolved(flag: Value?, in config: Settings?, fallback: Value) throws -> Value {
        try resolvedIfSet(flag: flag, in: config) ?? fallback
    }

    /// `resolved` for a setting with no default (the pack's is used).
    public func resolvedIfSet(flag: Value?, in config: Settings?) throws -> Value? {
        if let flag {
            if let problem = problem(flag) { throw GivenValueError(key: key.name, rule: problem) }
            return flag
        }
        guard let given = config?.value(key), let value = parse(given.text) else { return nil }
        if let problem = problem(value) { throw SettingsError(file: nil, key: given.whereSet, message: problem) }
        return value
    }
}

extension Setting where Value == Double {
    init(_ name: String, fallback: Double, problem: @escaping @Sendable (Double) -> String?) {
        self.init(key: SettingKey(name, .number, fallback: Settings.shown(fallback)), parse: { Double($0) }, problem: problem)
    }

    /// Seconds a wait may last.
    static func seconds(_ name: String, fallback: Double) -> Setting<Double> {
        Setting(name, fallback: fallback) { seconds in
            seconds.isFinite && (0.001...86_400).contains(seconds) ? nil : "must be from 0.001 to 86400 seconds, not \(seconds)."
        }
    }

    public static var rate: Setting<Double> {
        Setting("rate", fallback: FetchSettings().rate) { rate in
        rate.isFinite && (rate == 0 || (0.001...1_000).contains(rate)) ? nil
                : "must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not \(rate)."
        }
    }
    public static var timeout: Setting<Double> { seconds("timeout", fallback: FetchSettings().timeout) }
    public static var connectTimeout: Setting<Double> { seconds("connect_timeout", fallback: FetchSettings().connectTimeout) }
}

extension Setting where Value == Int {
    init(_ name: String, fallback: Int, range: ClosedRange<Int>, unit: String = "") {
        self.init(key: SettingKey(name, .integer, fallback: String(fallback)), parse: { Int($0) }) { number in
            range.contains(number) ? nil : "must be from \(range.lowerBound) to \(range.upperBound)\(unit), not \(number)."
        }
    }

    public static var concurrency: Setting<Int> { Setting("concurrency", fallback: FetchSettings().concurrency, range: 1...1_000, unit: " requests at once") }
    public static var retries: Setting<Int> { Setting("retries", fallback: FetchSettings().retries, range: 0...100) }
}

extension Setting where Value == String {
    public static var baseURL: Setting<String> {
        Setting(key: SettingKey("base_url", .url, fallback: "the pack's"), parse: { $0 }) { url in
            Settings.valid(url, kind: .url) ? nil : "must be an http(s) URL such as http://127.0.0.1:8080, not '\(url)'."
        }
    }

    /// The proxy requests go through; libcurl's schemes.
    public static var proxy: Setting<String> {
        Setting(key: SettingKey("proxy", .text, fallback: "none (or http_proxy, https_proxy)"), parse: { $0 }) { proxy in
            let schemes = ["http", "https", "socks4", "socks4a", "socks5", "socks5h"]
            guard let url = URL(string: proxy), let scheme = url.scheme?.lowercased(), schemes.contains(scheme), url.host?.isEmpty == false else {
                return "must be a proxy's URL such as http://127.0.0.1:3128 or socks5h://127.0.0.1:1080, not '\(proxy)'."
            }
            return nil
        }
    }
}

/// A value given on the command line that is out of range: the setting's key
/// (`connect_timeout`) and what it must be. The command line words it with its flag.
public struct GivenValueError: Error, Sendable, Equatable {
    public let key: String
    public let rule: String
}
