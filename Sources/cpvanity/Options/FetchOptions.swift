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

    @Flag(name: .long, help: "Fetch pages even where the site's robots.txt disallows them.")
    var ignoreRobots = false

    @Option(name: .long, help: ArgumentHelp("Write every fetched page to DIR as <source>-<id>.html (what 'patterns check --fixtures' reads).", valueName: "dir"), completion: .directory)
    var savePages: String?

    @Option(name: .customLong("cache"), help: ArgumentHelp("Keep pages in DIR and revalidate them (ETag/Last-Modified) on the next lookup (config: cache = true for $XDG_CACHE_HOME/cpvanity).", valueName: "dir"), completion: .directory)
    var cacheOption: String?

    @OptionGroup var verbosity: VerbosityOptions

    /// The settings, with the environment's and the config file's values where no flag
    /// was given. A value out of range from the file or the environment is bad input
    /// (exit 2) named where it was set; a flag's is caught earlier, as a usage error.
    func settings() throws -> FetchSettings {
        let settings = unchecked
        if let problem = firstProblem(settings), !problem.typed, let setting = Settings.shared.value(problem.key) {
            throw SettingsError(file: nil, key: setting.whereSet, message: problem.rule)
        }
        return settings
    }

    private var unchecked: FetchSettings {
        var settings = FetchSettings()
        settings.baseURL = baseURLOption ?? Settings.shared.text("base_url")
        settings.concurrency = concurrencyOption ?? Settings.shared.integer("concurrency") ?? settings.concurrency
        settings.rate = rateOption ?? Settings.shared.number("rate") ?? settings.rate
        settings.retries = retriesOption ?? Settings.shared.integer("retries") ?? settings.retries
        settings.timeout = timeoutOption ?? Settings.shared.number("timeout") ?? settings.timeout
        settings.connectTimeout = connectTimeoutOption ?? Settings.shared.number("connect_timeout") ?? settings.connectTimeout
        settings.respectRobots = !ignoreRobots
        settings.savePagesTo = savePages
        settings.cacheDirectory = cacheOption ?? Settings.shared.cacheDirectory()
        return settings
    }

    func validate() throws {
        if let problem = firstProblem(unchecked), problem.typed { throw ValidationError("\(problem.flag) \(problem.rule)") }
    }

    /// The first value out of range: its setting, its flag, whether the flag was typed,
    /// and what it must be.
    private func firstProblem(_ settings: FetchSettings) -> (key: String, flag: String, typed: Bool, rule: String)? {
        guard (1...1_000).contains(settings.concurrency) else {
            return ("concurrency", "--concurrency", concurrencyOption != nil, "must be from 1 to 1000 requests at once, not \(settings.concurrency).")
        }
        guard settings.rate.isFinite, settings.rate == 0 || (0.001...1_000).contains(settings.rate) else {
            return ("rate", "--rate", rateOption != nil,
                    "must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not \(settings.rate).")
        }
        guard (0...100).contains(settings.retries) else {
            return ("retries", "--retries", retriesOption != nil, "must be from 0 to 100, not \(settings.retries).")
        }
        for (key, flag, seconds, typed) in [("timeout", "--timeout", settings.timeout, timeoutOption != nil),
                                           ("connect_timeout", "--connect-timeout", settings.connectTimeout, connectTimeoutOption != nil)] {
            guard seconds.isFinite, (0.001...86_400).contains(seconds) else { return (key, flag, typed, "must be from 0.001 to 86400 seconds, not \(seconds).") }
        }
        if let baseURL = settings.baseURL {
            guard let url = URL(string: baseURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                return ("base_url", "--base-url", baseURLOption != nil, "must be an http(s) URL such as http://127.0.0.1:8080, not '\(baseURL)'.")
            }
        }
        return nil
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
