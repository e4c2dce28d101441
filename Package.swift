// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "cpvanity",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "cpvanity", targets: ["cpvanity"]),
        .executable(name: "fixture-site", targets: ["fixture-site"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // C libraries from Debian's -dev packages (scripts/setup installs them).
        .systemLibrary(name: "CPCRE2", pkgConfig: "libpcre2-8", providers: [.apt(["libpcre2-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),

        // Bytes → text: charsets (iconv), HTML5 entities, plain text from HTML, dates.
        // Knows nothing of packs, patterns, HTTP or output.
        // HTML5's entity list is data (scripts/make-entities writes it), compiled in as
        // bytes: no bundle to find beside a statically linked binary.
        .target(name: "PageText", resources: [.embedInCode("Data/html-entities.txt")]),
        // Regex engines: the matcher protocol and PCRE2 behind it. Knows nothing of
        // packs, pages' meaning, HTTP or output.
        .target(name: "Matching", dependencies: ["CPCRE2"]),
        // Site packs: the TOML format, its model (sources, fields, collections, report
        // roles, feeds) compiled to patterns, and the typed values fields hold. Knows
        // nothing of extraction, HTTP or output.
        .target(name: "Packs", dependencies: ["Matching", "PageText", "TOMLKit"]),
        // Pages in, values out: a pack's rules applied to a member's pages, with what
        // went wrong per field. Knows nothing of HTTP or output.
        .target(name: "Extraction", dependencies: ["Packs", "Matching", "PageText"]),
        // Writing packs from examples: a page parsed into its tree (libxml2's HTML
        // parser), where each value a person reads stands in it, and the patterns that
        // read it there, checked with Extraction's own extractor (`patterns suggest`,
        // `patterns learn`). Knows nothing of HTTP or output.
        .target(name: "Learning", dependencies: ["CLibXML2", "Extraction", "Packs", "Matching", "PageText"]),
        // A user's files written anew: where the path points (through a link, into a FIFO
        // or a device), a regular file replaced atomically, the temporary files a stop or
        // a kill leaves removed. Knows nothing of HTTP, packs or formats.
        .target(name: "Files"),
        // Web archives' answers: capture lists (CDX JSON, Memento TimeMaps), timestamps,
        // which capture to read. Knows nothing of HTTP, packs or output.
        .target(name: "Archive", dependencies: ["PageText"]),
        // Fetches pages over libcurl's multi interface, politely (cap, pace, retries,
        // Retry-After, robots.txt on every host), with a cache. Knows nothing of packs.
        .target(name: "Scraper", dependencies: ["CCurl", "PageText", "Files", .product(name: "Logging", package: "swift-log")]),
        // A member's pages fetched and read into a record with typed errors: the records
        // the rest of the tool works with. Knows nothing of output formats or SQL.
        .target(name: "Lookup", dependencies: ["Scraper", "Files", "Packs", "Extraction", "Archive", "PageText"]),
        // The embedded SQLite history of lookups, tracked members and what changed.
        .target(name: "Store", dependencies: ["Lookup", "Packs", "Extraction", "Archive", .product(name: "GRDB", package: "GRDB.swift")]),
        // RSS 2.0 and Atom feeds, read with libxml2's streaming reader.
        .target(name: "Feeds", dependencies: ["CLibXML2", "PageText"]),
        // Renders records (tables, CSV, JSON, Markdown), history series and feeds, and
        // the statistics. Knows nothing of regexes or HTTP.
        .target(name: "Report", dependencies: ["Lookup", "Archive", "Packs", "Extraction", "Feeds", "Files", "PageText", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // A pack checked against saved pages and their expected records, compared through
        // the JSON the reports write; the check tables. Knows nothing of HTTP.
        .target(name: "PackCheck", dependencies: ["Lookup", "Packs", "Extraction", "Report"]),
        // The application: every command's run (look-ups with their sinks, batch
        // checkpoints, history, feeds, pack checks), the settings and config file, output
        // choices against the one format registry, stdout/stderr and exit statuses.
        // Knows nothing of argument parsing.
        .target(name: "App", dependencies: [
            "Packs", "Extraction", "Learning", "Lookup", "Scraper", "Files", "Store", "Report", "Archive", "Feeds", "PackCheck",
            .product(name: "CSV", package: "CSV.swift"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "TOMLKit", package: "TOMLKit"),
        ]),
        // The command-line layer only: arguments, help, the terminal; each command one
        // App run. It knows App alone (App names what it needs from below).
        .executableTarget(name: "cpvanity", dependencies: [
            "App",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // A local replica of a site, for tests, the demo and benchmarks.
        .executableTarget(name: "fixture-site", dependencies: [
            "Packs", "PageText",
            .product(name: "FlyingFox", package: "FlyingFox"),
            .product(name: "FlyingSocks", package: "FlyingFox"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // The benchmarks (scripts/bench builds it in release mode; not part of the tests).
        .executableTarget(name: "cpvanity-bench", dependencies: ["Matching", "Packs", "Extraction", "Lookup", "Archive", "Report",
                                                                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                                                                .product(name: "Logging", package: "swift-log")]),

        // Starts fixture-site and runs built binaries for the tests that need them.
        .target(name: "TestSupport", dependencies: ["Packs", "Extraction", "Lookup"], path: "Tests/TestSupport"),
        .testTarget(name: "ExtractionTests", dependencies: ["Matching", "Packs", "Extraction", "PageText", "PackCheck", "TestSupport"]),
        .testTarget(name: "LearningTests", dependencies: ["Learning", "Matching", "Packs", "Extraction", "PageText"]),
        .testTarget(name: "ScraperTests", dependencies: ["Scraper", "Packs", "TestSupport", .product(name: "Logging", package: "swift-log")]),
        .testTarget(name: "FilesTests", dependencies: ["Files"]),
        .testTarget(name: "ArchiveTests", dependencies: ["Archive", "Packs"]),
        .testTarget(name: "LookupTests", dependencies: ["Lookup", "Archive", "Scraper", "Packs", "Extraction", "TestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Report", "Packs", "Extraction", "Lookup", "Store", "Archive", "TestSupport"]),
        .testTarget(name: "ReportTests", dependencies: ["Report", "Packs", "Extraction", "Lookup", "Archive", "PageText", "TestSupport", .product(name: "CSV", package: "CSV.swift")]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Packs", "Extraction", "Lookup", "Archive", "TestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "FeedsTests", dependencies: ["Feeds", "PageText", "TestSupport"]),
        .testTarget(name: "SystemLibraryTests", dependencies: ["CCurl", "CLibXML2", "CPCRE2"]),
        // The integration tier: the replica, hostile servers on loopback, python3.
        .testTarget(name: "IntegrationTests", dependencies: ["App", "Store", "Scraper", "Lookup", "Packs", "Extraction", "Report", "Archive", "TestSupport", "fixture-site", .product(name: "CSV", package: "CSV.swift")]),
        // Runs the built binary as a user would; depends on it so `swift test` builds it.
        .testTarget(name: "CLITests", dependencies: ["cpvanity", "fixture-site", "TestSupport", .product(name: "CSV", package: "CSV.swift")]),
    ]
)
