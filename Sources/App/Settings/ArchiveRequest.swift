import Foundation

/// What a command line said about reading a web archive, as given.
public struct ArchiveRequest: Sendable {
    /// `--as-of`'s text.
    public var asOf: String?
    public var archive: String?
    public var index: ArchiveIndex?
    public var rate: Double?
    /// `--max-skew`'s text (`90m`, `2d`).
    public var maxSkew: String?

    public init() {}

    /// The settings, the archive from the flag, else the environment or the config
    /// file; nil ones are the pack's.
    public func resolved(_ config: Settings) -> ArchiveSettings {
        var settings = ArchiveSettings()
        settings.asOf = asOf.flatMap(TypedDate.period)
        settings.base = archive ?? config.text(.archive)
        settings.index = index
        settings.rate = rate
        settings.maxSkew = maxSkew.flatMap(TypedDate.duration)
        return settings
    }

    /// The values given that cannot be used, judged before anything is read.
    public func checkGiven() throws(GivenValueError) {
        if let asOf, TypedDate.period(asOf) == nil {
            throw GivenValueError(key: "as_of", rule: "takes a date like \(TypedDate.forms), not '\(asOf)'.")
        }
        if let maxSkew, TypedDate.duration(maxSkew) == nil {
            throw GivenValueError(key: "max_skew", rule: "takes a duration like 90m, 36h or 2d (more than 0, at most ten years), not '\(maxSkew)'.")
        }
        if let archive, URL(string: archive)?.scheme.map({ ["http", "https"].contains($0.lowercased()) }) != true {
            throw GivenValueError(key: "archive", rule: "takes an http(s) URL such as https://web.archive.org, not '\(archive)'.")
        }
        if let rate, !(rate.isFinite && rate >= 0.001 && rate <= 100) {
            throw GivenValueError(key: "archive_rate", rule: "must be from 0.001 to 100 requests a second, not \(rate).")
        }
    }
}

/// Everything a command that looks members up was told, before the environment, the
/// config file and the pack fill in the rest.
public struct LookupRequest: Sendable {
    public var pack: PackRequest
    public var fetch: FetchRequest
    public var archive: ArchiveRequest?
    /// The history's path as given (`--db`); nil with `noStore`.
    public var history: HistoryRequest?

    public init(pack: PackRequest, fetch: FetchRequest, archive: ArchiveRequest? = nil, history: HistoryRequest? = nil) {
        self.pack = pack
        self.fetch = fetch
        self.archive = archive
        self.history = history
    }

    /// The settings, with the pack loaded.
    public func resolved(_ config: Settings) throws -> LookupSettings {
        let (sitePack, _) = try pack.resolved(config).load()
        return LookupSettings(pack: sitePack, fetch: try fetch.resolved(config), archive: archive?.resolved(config),
                              history: history?.resolved(config))
    }
}

/// Which pack, as given: `--site`, `--pack`, `--patterns`.
public struct PackRequest: Sendable {
    public var site: String?
    public var file: String?
    public var patterns: String?

    public init(site: String? = nil, file: String? = nil, patterns: String? = nil) {
        self.site = site
        self.file = file
        self.patterns = patterns
    }

    /// The choice: the site from the flag, else the settings' (unless a file is named);
    /// the directory from the flag, else the config file's (`CPVANITY_PATTERNS` is read
    /// where packs are found, and named in their errors).
    public func resolved(_ config: Settings) -> PackChoice {
        PackChoice(site: site ?? (file == nil ? config.text(.site) : nil), patterns: config.explicitValue(.patterns, flag: patterns), file: file,
                   places: config.places)
    }

    /// The pack, loaded.
    public func load(_ config: Settings, warnings: Bool = true) throws -> (pack: SitePack, directory: String) {
        try resolved(config).load(warnings: warnings)
    }
}

/// Where the history is, as given (`--db`); a lookup under `--no-store` has none.
public struct HistoryRequest: Sendable {
    public var path: String?

    public init(path: String? = nil) {
        self.path = path
    }

    /// The flag, else `$CPVANITY_DB`, else the config file's `db`, else the default.
    public func resolved(_ config: Settings) -> HistorySettings {
        HistorySettings(path: config.places.historyPath(explicit: config.explicitValue(.db, flag: path)))
    }
}
