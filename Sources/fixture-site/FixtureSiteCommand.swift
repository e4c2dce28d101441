import ArgumentParser
import Logging
import FlyingFox
import Foundation
import Packs

/// A local replica of a site: serves saved pages at the URLs the site pack says
/// they live at, with latency and faults on demand, for tests, demos and benchmarks.
@main
struct FixtureSiteCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fixture-site",
        abstract: "Serve saved pages on loopback at the paths a site pack's URL templates give.",
        discussion: """
            Prints its base URL (http://127.0.0.1:PORT) on the first line of stdout once it \
            listens. Without --root it serves every site whose pack has saved pages in \
            --fixtures (Fixtures/<site>, its archive's captures in Fixtures/<site>-archive) \
            at that one address, each request going to the site whose URL templates name it. \
            GET /_fixture/stats returns what it has served as JSON; /_fixture/reset clears \
            that. Stop it with Ctrl-C or SIGTERM.
            """
    )

    @Option(name: .long, help: "The site pack whose URL templates to serve (with --root: default codeproject; without: that site alone).")
    var site: String?

    @Option(name: .long, help: ArgumentHelp("Directory of site packs (default: the bundled ones).", valueName: "dir"))
    var patterns: String?

    @Option(name: .long, help: ArgumentHelp("Directory of one site's saved pages named <source>-<id>.html (default: every site's, from --fixtures).", valueName: "dir"))
    var root: String?

    @Option(name: .long, help: ArgumentHelp("Without --root: the directory holding each site's saved pages (<site>/) and archive (<site>-archive/).", valueName: "dir"))
    var fixtures = "Fixtures"

    @Option(name: .long, help: "Port to listen on; 0 picks a free one.")
    var port: UInt16 = 0

    @Option(name: .long, help: ArgumentHelp("Milliseconds to wait before answering each page request.", valueName: "ms"))
    var latency = 0

    @Option(name: .long, help: ArgumentHelp("Up to this many extra milliseconds, at random, on top of --latency.", valueName: "ms"))
    var jitter = 0

    @Option(name: .long, help: ArgumentHelp("Fraction of page requests (0...1) answered 500, at random.", valueName: "rate"))
    var fail = 0.0

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Answer requests for ID with this status; xN limits it to the first N requests (e.g. 48201=429x1). Repeatable.",
        valueName: "id=code[xN]"))
    var statusOn: [String] = []

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Spoil the pages of ID: truncated[:BYTES] (the first BYTES, default half), garbage (random bytes), slow (trickled over --slow-ms), reset (the connection dropped mid-body). Repeatable.",
        valueName: "id=kind"))
    var body: [String] = []

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "From the Nth page served on (default 1), replace FROM with TO in every page: the site changing its markup mid-run. Repeatable: each applies, in order; bytes other than FROM's are served as they are (a windows-1252 page stays one).",
        valueName: "from=to[@n]"))
    var changeMarkup: [String] = []

    @Option(name: .long, parsing: .singleValue, help: ArgumentHelp(
        "Answer the pages of ID with a 302 to URL ({path} is the request's path and query). Repeatable.", valueName: "id=url"))
    var redirect: [String] = []

    @Option(name: .long, help: ArgumentHelp("How long a slow body takes to arrive.", valueName: "ms"))
    var slowMs = 2000

    @Option(name: .long, help: ArgumentHelp("Seconds sent in Retry-After with 429 and 503.", valueName: "seconds"))
    var retryAfter = 1

    @Option(name: .long, help: ArgumentHelp("Serve this file as /robots.txt (default: allow all).", valueName: "file"))
    var robots: String?

    @Option(name: .long, help: "Seed for the random faults, so a run can be repeated.")
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("Also serve a web archive of captures saved as <dir>/<timestamp>/<source>-<id>.html: a CDX index, TimeMaps and raw captures.", valueName: "dir"))
    var archive: String?

    @Option(name: .long, help: ArgumentHelp("Answer the first N archive requests 429 with Retry-After (--retry-after 0: without one, as the archive's own 429s come).", valueName: "n"))
    var archiveBusy = 0

    @Flag(name: .long, help: "Enforce the Wayback Machine's published limits on the archive: --archive-index-limit index and --archive-playback-limit capture requests in any --archive-window seconds, its own 429 over them, and a block after a window of ignored 429s.")
    var archiveLimits = false

    @Option(name: .long, help: ArgumentHelp("Index requests (CDX, TimeMaps) allowed in a window (the archive's: 30).", valueName: "n"))
    var archiveIndexLimit = 30

    @Option(name: .long, help: ArgumentHelp("Capture requests allowed in a window (the archive's: 600).", valueName: "n"))
    var archivePlaybackLimit = 600

    @Option(name: .long, help: ArgumentHelp("The window, in seconds (the archive's: 60; smaller runs the same limits faster).", valueName: "seconds"))
    var archiveWindow = 60.0

    @Option(name: .long, help: ArgumentHelp("At most N CDX rows a page, with a resume key for the next (the archive's paging).", valueName: "n"))
    var archivePageSize = 4

    @Option(name: .long, help: ArgumentHelp("Answers recorded from the real archive to serve as its own pages (not archived, excluded, an archived 403).", valueName: "dir"))
    var archiveBodies = "Fixtures/archive-real"

    @Flag(name: .long, help: "Log every request to stderr.")
    var verbose = false

    func validate() throws {
        guard (0...1).contains(fail) else { throw ValidationError("--fail is a fraction from 0 to 1, not \(fail).") }
        guard latency >= 0, jitter >= 0, slowMs >= 0 else { throw ValidationError("Times cannot be negative.") }
        _ = try FaultPlan(statusOn: statusOn, bodies: body, markupChanges: changeMarkup, redirects: redirect)
    }

    func run() async throws {
        let sites: [SiteReplica]
        do {
            let locator = try PackLocator(explicit: patterns, fromEnvironment: ProcessInfo.processInfo.environment["CPVANITY_PATTERNS"],
                                          executablePath: Bundle.main.executablePath, currentDirectory: FileManager.default.currentDirectoryPath)
            sites = try root.map { [try oneSite(site ?? "codeproject", root: $0, locator: locator)] } ?? everySite(locator)
        } catch let error as ExitCode {
            throw error
        } catch {
            FixtureSiteLog.logger.error("\(error)")
            throw ExitCode(2)
        }
        var robotsText = "User-agent: *\nDisallow: /_fixture/\n"
        if let robots {
            guard let text = try? String(contentsOfFile: robots, encoding: .utf8) else {
                FixtureSiteLog.logger.error("cannot read --robots \(robots)")
                throw ExitCode(2)
            }
            robotsText = text
        }
        let handler = FixtureSiteHandler(
            sites: sites,
            faults: try FaultPlan(statusOn: statusOn, bodies: body, markupChanges: changeMarkup, redirects: redirect),
            timing: .init(latencyMs: latency, jitterMs: jitter, failRate: fail, slowMs: slowMs, retryAfter: retryAfter, seed: seed),
            robots: robotsText, verbose: verbose)
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60,
                                pool: NoDelayPool(base: HTTPServer.defaultPool()), logger: .disabled, handler: handler)
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard let address = await server.listeningAddress, case .ip4(_, let boundPort) = address else {
            FixtureSiteLog.logger.error("the server did not report its address")
            throw ExitCode(1)
        }
        FileHandle.standardOutput.write(Data("http://127.0.0.1:\(boundPort)\n".utf8))
        try await task.value
    }

    /// `site`'s pages from `root`, and its archive from `--archive` when given.
    private func oneSite(_ site: String, root: String, locator: PackLocator, archive: String? = nil) throws -> SiteReplica {
        let pack = try PackLoader().load(file: try locator.file(forSite: site))
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            FixtureSiteLog.logger.error("--root \(root) is not a directory of saved pages")
            throw ExitCode(2)
        }
        let routes = SiteRoutes(pack: pack)
        guard let archive = archive ?? self.archive else { return SiteReplica(name: site, routes: routes, root: root, archive: nil) }
        do {
            let bodies = FileManager.default.fileExists(atPath: archiveBodies) ? archiveBodies : nil
            let limits = archiveLimits ? ArchiveLimits(index: archiveIndexLimit, playback: archivePlaybackLimit, window: archiveWindow) : nil
            let replica = try ArchiveReplica(directory: archive, routes: routes, busy: archiveBusy, retryAfter: retryAfter > 0 ? retryAfter : nil,
                                             pageSize: archivePageSize, bodies: bodies, limits: limits)
            return SiteReplica(name: site, routes: routes, root: root, archive: replica)
        } catch {
            FixtureSiteLog.logger.error("cannot read --archive \(archive): \(error.localizedDescription)")
            throw ExitCode(2)
        }
    }

    /// Every site with saved pages in `--fixtures` (or `--site` alone), each with the
    /// archive of its captures when `<site>-archive` holds one.
    private func everySite(_ locator: PackLocator) throws -> [SiteReplica] {
        if archive != nil {
            FixtureSiteLog.logger.error("--archive goes with --root; without it each site's archive is --fixtures' <site>-archive")
            throw ExitCode(2)
        }
        var sites = [SiteReplica]()
        for name in site.map({ [$0] }) ?? locator.availableSites {
            let root = (fixtures as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let captures = root + "-archive"
            sites.append(try oneSite(name, root: root, locator: locator,
                                     archive: FileManager.default.fileExists(atPath: captures) ? captures : nil))
        }
        guard !sites.isEmpty else {
            FixtureSiteLog.logger.error("no site's saved pages in \(fixtures) (\(fixtures)/<site>/ for the packs in \(locator.directory)); give --root DIR for one site")
            throw ExitCode(2)
        }
        return sites
    }
}
