import Foundation

/// What a command line said about fetching: each value nil where no flag gave it.
/// `resolved` is the one place a flag, the environment, the config file and the
/// default meet (in that order) and are checked.
public struct FetchRequest: Sendable {
    public var baseURL: String?
    public var concurrency: Int?
    public var rate: Double?
    public var retries: Int?
    public var timeout: Double?
    public var connectTimeout: Double?
    public var ignoreRobots = false
    public var savePagesTo: String?
    public var cache: String?

    public init() {}

    /// The settings: each value from its flag, else the environment or the config file,
    /// else the default. A value out of range from the environment or the file is a
    /// `SettingsError` naming where it was set; a flag's is a `GivenValueError`
    /// (`checkGiven` finds it first, before anything is read).
    public func resolved(_ config: Settings) throws -> FetchSettings {
        let settings = merged(with: config)
        if let problem = FetchRequest.firstProblem(settings) {
            if given(problem.key) { throw GivenValueError(key: problem.key, rule: problem.rule) }
            throw SettingsError(file: nil, key: config.value(problem.key)?.whereSet ?? problem.key, message: problem.rule)
        }
        return settings
    }

    /// The values given out of range, judged alone (with the defaults for the rest).
    public func checkGiven() throws(GivenValueError) {
        if let problem = FetchRequest.firstProblem(merged(with: nil)) { throw GivenValueError(key: problem.key, rule: problem.rule) }
    }

    /// Each value from its flag, else `config`'s (none: the defaults'), else the default.
    private func merged(with config: Settings?) -> FetchSettings {
        var settings = FetchSettings()
        settings.baseURL = baseURL ?? config?.text("base_url")
        settings.concurrency = concurrency ?? config?.integer("concurrency") ?? settings.concurrency
        settings.rate = rate ?? config?.number("rate") ?? settings.rate
        settings.retries = retries ?? config?.integer("retries") ?? settings.retries
        settings.timeout = timeout ?? config?.number("timeout") ?? settings.timeout
        settings.connectTimeout = connectTimeout ?? config?.number("connect_timeout") ?? settings.connectTimeout
        settings.respectRobots = !ignoreRobots
        settings.savePagesTo = savePagesTo
        settings.cacheDirectory = cache ?? config?.cacheDirectory()
        return settings
    }

    private func given(_ key: String) -> Bool {
        switch key {
        case "concurrency": return concurrency != nil
        case "rate": return rate != nil
        case "retries": return retries != nil
        case "timeout": return timeout != nil
        case "connect_timeout": return connectTimeout != nil
        case "base_url": return baseURL != nil
        default: return false
        }
    }

    /// The first value out of range: its setting's key, and what it must be.
    private static func firstProblem(_ settings: FetchSettings) -> (key: String, rule: String)? {
        guard (1...1_000).contains(settings.concurrency) else {
            return ("concurrency", "must be from 1 to 1000 requests at once, not \(settings.concurrency).")
        }
        guard settings.rate.isFinite, settings.rate == 0 || (0.001...1_000).contains(settings.rate) else {
            return ("rate", "must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not \(settings.rate).")
        }
        guard (0...100).contains(settings.retries) else {
            return ("retries", "must be from 0 to 100, not \(settings.retries).")
        }
        for (key, seconds) in [("timeout", settings.timeout), ("connect_timeout", settings.connectTimeout)] {
            guard seconds.isFinite, (0.001...86_400).contains(seconds) else { return (key, "must be from 0.001 to 86400 seconds, not \(seconds).") }
        }
        if let baseURL = settings.baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                return ("base_url", "must be an http(s) URL such as http://127.0.0.1:8080, not '\(baseURL)'.")
            }
        }
        return nil
    }
}

/// A value given on the command line that is out of range: the setting's key
/// (`connect_timeout`) and what it must be. The command line words it with its flag.
public struct GivenValueError: Error, Sendable, Equatable {
    public let key: String
    public let rule: String

    public init(key: String, rule: String) {
        self.key = key
        self.rule = rule
    }
}
