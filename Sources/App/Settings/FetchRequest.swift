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
    public var proxy: String?

    public init() {}

    /// The settings: each value from its flag, else the environment or the config file,
    /// else the default. A value out of range from the environment or the file is a
    /// `SettingsError` naming where it was set; a flag's is a `GivenValueError`
    /// (`checkGiven` finds it first, before anything is read).
    public func resolved(_ config: Settings) throws -> FetchSettings {
        var settings = try resolved(in: config)
        settings.cacheDirectory = cache ?? config.cacheDirectory()
        settings.budgetDirectory = config.places.budgetDirectory
        return settings
    }

    /// The values given out of range, judged alone (with the defaults for the rest).
    public func checkGiven() throws(GivenValueError) {
        do { _ = try resolved(in: nil) } catch let given as GivenValueError { throw given } catch {}
    }

    /// Each value from its flag, else `config`'s (none: the defaults'), else the default,
    /// checked in the order help lists them.
    private func resolved(in config: Settings?) throws -> FetchSettings {
        var settings = FetchSettings()
        settings.concurrency = try Setting.concurrency.resolved(flag: concurrency, in: config, fallback: settings.concurrency)
        settings.rate = try Setting.rate.resolved(flag: rate, in: config, fallback: settings.rate)
        settings.retries = try Setting.retries.resolved(flag: retries, in: config, fallback: settings.retries)
        settings.timeout = try Setting.timeout.resolved(flag: timeout, in: config, fallback: settings.timeout)
        settings.connectTimeout = try Setting.connectTimeout.resolved(flag: connectTimeout, in: config, fallback: settings.connectTimeout)
        settings.baseURL = try Setting.baseURL.resolvedIfSet(flag: baseURL, in: config)
        settings.proxy = try Setting.proxy.resolvedIfSet(flag: proxy, in: config)
        settings.respectRobots = !ignoreRobots
        settings.savePagesTo = savePagesTo
        return settings
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
