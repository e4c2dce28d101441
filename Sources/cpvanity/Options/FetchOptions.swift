import App
import ArgumentParser
import Foundation

/// How pages are fetched: where from, how politely, and what is kept. Unset options
/// fall back to the environment, the config file, then the default (`cpvanity config show`).
struct FetchOptions: ParsableArguments {
    @Option(name: .customLong("base-url"), help: ArgumentHelp("Fetch from this host instead of the pack's (a mirror, the local fixture-site).", valueName: "url"))
    var baseURLOption: String?

    @Option(name: .customLong("concurrency"), parsing: .unconditional, help: ArgumentHelp("Requests in flight at once, across all hosts (default \(FetchSettings().concurrency)).", valueName: "n"))
    var concurrencyOption: Int?

    @Option(name: .customLong("rate"), parsing: .unconditional, help: ArgumentHelp("Requests started per second per host (default \(Int(FetchSettings().rate)); 0: no limit, for your own mirror only).", valueName: "per-second"))
    var rateOption: Double?

    @Option(name: .customLong("retries"), parsing: .unconditional, help: ArgumentHelp("Retries after a 5xx, 429, timeout or connection error, with exponential backoff (default \(FetchSettings().retries)).", valueName: "n"))
    var retriesOption: Int?

    @Option(name: .customLong("timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds one request may take in all (default \(Int(FetchSettings().timeout))).", valueName: "seconds"))
    var timeoutOption: Double?

    @Option(name: .customLong("connect-timeout"), parsing: .unconditional, help: ArgumentHelp("Seconds to wait for a connection (default \(Int(FetchSettings().connectTimeout))).", valueName: "seconds"))
    var connectTimeoutOption: Double?

    @Option(name: .customLong("proxy"), help: ArgumentHelp("Send every request through this proxy (http://host:3128, socks5h://host:1080); by default http_proxy and https_proxy are honoured.", valueName: "url"))
    var proxyOption: String?

    @Flag(name: .long, help: "Fetch pages even where the site's robots.txt disallows them.")
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp("Write every fetched page to DIR as <source>-<id>.html (what 'patterns check --fixtures' reads).", valueName: "dir"), completion: .directory)
    var savePages: String?

    @Option(name: .customLong("cache"), help: ArgumentHelp("Keep pages in DIR and revalidate them (ETag/Last-Modified) on the next lookup (config: cache = true for $XDG_CACHE_HOME/cpvanity).", valueName: "dir"), completion: .directory)
    var cacheOption: String?

    @OptionGroup var verbosity: VerbosityOptions

    /// The settings: each value from its flag, else the environment or the config file,
    /// else the default. Out of range from the environment or the file, a value is a
    /// `SettingsError` naming where it was set.
    func settings() throws -> FetchSettings {
        let config = try CommandConfig.settings()
        var settings = try resolved(in: config)
        settings.cacheDirectory = cacheOption ?? config.cacheDirectory()
        settings.budgetDirectory = config.places.budgetDirectory
        return settings
    }

    /// A flag's value out of range is a usage error, found before anything is read.
    func validate() throws {
        do { _ = try resolved(in: nil) } catch let given as GivenValueError { throw given.usage } catch {}
    }

    /// Each value from its flag, else `config`'s (none: the defaults'), else the
    /// default, checked in the order help lists them.
    private func resolved(in config: Settings?) throws -> FetchSettings {
        var settings = FetchSettings()
        settings.concurrency = try Setting.concurrency.resolved(flag: concurrencyOption, in: config, fallback: settings.concurrency)
        settings.rate = try Setting.rate.resolved(flag: rateOption, in: config, fallback: settings.rate)
        settings.retries = try Setting.retries.resolved(flag: retriesOption, in: config, fallback: settings.retries)
        settings.timeout = try Setting.timeout.resolved(flag: timeoutOption, in: config, fallback: settings.timeout)
        settings.connectTimeout = try Setting.connectTimeout.resolved(flag: connectTimeoutOption, in: config, fallback: settings.connectTimeout)
        settings.baseURL = try Setting.baseURL.resolvedIfSet(flag: baseURLOption, in: config)
        settings.proxy = try Setting.proxy.resolvedIfSet(flag: proxyOption, in: config)
        settings.respectRobots = !ignoreRobots
        settings.savePagesTo = savePages
        return settings
    }
}

/// `--verbose` and `--quiet`: how much is said on stderr.
struct VerbosityOptions: ParsableArguments {
    @Flag(name: [.customShort("v"), .long], help: "Say more on stderr: every HTTP request (the URL, its status or failure, its time and size, retries and waits), and patterns that did not match quoted whole.")
    var verbose = false

    @Flag(name: [.customShort("q"), .long], help: "Print only errors (and markup drift) on stderr: no progress, warnings or summaries.")
    var quiet = false

    func validate() throws {
        if verbose && quiet { throw ValidationError("--verbose and --quiet ask for opposite things; give one.") }
        Console.configure(quiet ? .quiet : verbose ? .verbose : .normal, color: Terminal.colorAllowed)
    }
}
