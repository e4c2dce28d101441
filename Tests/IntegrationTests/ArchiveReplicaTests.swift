@testable import App
import Archive
import Foundation
import Lookup
import Packs
import Scraper
import Store
import Testing
import TestSupport

/// Lookups and backfills against the replica's archive: each answer an archive
/// gives, and its pace.
@Suite(.serialized) struct ArchiveReplicaTests {
    let pack = FixtureRecords.pack
    let archiveFixtures = repositoryRoot.appendingPathComponent("Fixtures/codeproject-archive").path

    func reader(_ server: FixtureServer, base: String? = nil, rate: Double = 0, asOf: String? = nil, maxSkew: TimeInterval? = nil,
                index: ArchiveReader.Index = .cdx) -> ArchiveReader {
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(userAgent: pack.archive.userAgent, connectTimeout: 2, timeout: 10)),
                                  policy: FetchPolicy(concurrency: 1, ratePerHost: rate, retries: 2, backoffBase: 0.05))
        return ArchiveReader(spec: pack.archive, base: base ?? server.baseURL, index: index, fetcher: fetcher,
                             asOf: asOf.flatMap(ArchiveDates.period), maxSkew: maxSkew)
    }

    func lookup(_ reader: ArchiveReader) -> MemberLookup {
        MemberLookup(pack: pack, fetcher: reader.fetcher, archive: reader)
    }

    @Test(arguments: [ArchiveReader.Index.cdx, .timemap])
    func aMemberAsOfAMonthIsThatMonthsCaptures(index: ArchiveReader.Index) async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let record = await lookup(reader(server, asOf: "2014-01", index: index)).lookup("48201")
        #expect(record.errors == [])
        #expect(record.extracted.value("reputation.total") == .int(250_310))
        #expect(record.extracted.value("name") == .text("Maren Okafor"))
        #expect(record.captures.mapValues(\.timestamp.description) == ["profile": "20140110093000", "articles": "20140112101500"])
        #expect(record.sources.map(\.url) == [
            "\(server.baseURL)/web/20140112101500id_/https://www.codeproject.com/script/Articles/MemberArticles.aspx?amid=48201",
            "\(server.baseURL)/web/20140110093000id_/https://www.codeproject.com/script/Membership/View.aspx?mid=48201",
        ])
        #expect(record.shownAt == ArchiveTimestamp("20140112101500")?.date)
        // The archive's own User-Agent, naming the tool.
        let log = try server.stats().log
        #expect(log.allSatisfy { $0.user_agent == pack.archive.userAgent })
        let captures = log.filter { $0.path.hasPrefix("/web/2") }.map { "\($0.status ?? 0) \($0.path.prefix(28))" }.sorted()
        // Through playback alone, whichever index the archive has: each page asked for at
        // the month's start, and the archive's own 302 FOUND sends it to the nearest
        // capture. The index (a twentieth of playback's budget) is not asked at all.
        #expect(log.filter { $0.path.hasPrefix("/cdx") || $0.path.hasPrefix("/web/timemap") }.isEmpty)
        #expect(captures == ["200 /web/20140110093000id_/https", "200 /web/20140112101500id_/https",
                             "302 /web/20140101000000id_/https", "302 /web/20140101000000id_/https"])
        _ = index
    }

    /// A lookup as of a date is kept in the history as an archived point at its
    /// capture time, never as the member's latest live state.
    @Test func aLookupAsOfADateIsRememberedAsArchived() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-asof-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)
        let records = try await LookupRun.records(for: ["48201"], lookup: lookup(reader(server, asOf: "2014-01")), store: store)
        #expect(records.first?.changes.isEmpty == true)
        let history = try store.series(site: pack.name, member: "48201", pack: pack).points
        #expect(history.map(\.capturesText) == ["articles@20140112101500 profile@20140110093000"])
        #expect(history.first?.time == ArchiveTimestamp("20140112101500")?.date)
    }

    @Test func theArchivesAnswersThatAreNotAPage() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        func errors(_ id: String, _ asOf: String, maxSkew: TimeInterval? = nil) async -> [String] {
            await lookup(reader(server, asOf: asOf, maxSkew: maxSkew)).lookup(id).errors.map { "\($0.kind.rawValue) \($0.source ?? "-"): \($0.message)" }
        }
        let before = await errors("48201", "2005")
        #expect(before.contains("archive profile: the archive's first capture of https://www.codeproject.com/script/Membership/View.aspx?mid=48201 is from 2008-03-15, after 2005-01-01; ask for a date from 2008-03-15 on"))
        #expect(await errors("48201", "2014-01", maxSkew: 86_400)
                == ["archive -: the member's pages were captured 2.0 days apart (2014-01-10T09:30:00Z and 2014-01-12T10:15:00Z), more than the 1.0 days allowed"])
        // The index says the 2015 profile capture is a redirect and 2016's an error: no
        // member page in 2015, said as such. A TimeMap does not say: its redirect is read, and said.
        #expect(await errors("7315", "2015") == ["archive profile: the archive's captures of https://www.codeproject.com/script/Membership/View.aspx?mid=7315 in the range asked are the site's redirects or errors (HTTP 301), not its page; its first capture of the page is from 2017-01-01"])
        let redirect = await lookup(reader(server, asOf: "2015", index: .timemap)).lookup("7315").errors.map(\.message)
        #expect(redirect.contains("the archived capture \(server.baseURL)/web/20150101000000id_/https://www.codeproject.com/script/Membership/View.aspx?mid=7315 is a redirect to \(server.baseURL)/web/20150101000000id_/https://www.codeproject.com/, not the member's page"))
        #expect(await errors("7315", "2017") == ["not_found articles: the page says this member does not exist", "not_found profile: the page says this member does not exist"])
        #expect(await errors("1842", "2014") == [
            "archive articles: the archive \(server.baseURL) has not archived https://www.codeproject.com/script/Articles/MemberArticles.aspx?amid=1842",
            "archive profile: the archive \(server.baseURL) has not archived https://www.codeproject.com/script/Membership/View.aspx?mid=1842",
        ])
        let down = await lookup(reader(server, base: "http://127.0.0.1:1", asOf: "2014")).lookup("48201")
        #expect(down.errors.map(\.kind) == [.archive, .archive])
        #expect(down.errors.allSatisfy { $0.message.hasPrefix("the archive could not be reached:") })
    }

    /// The archive's 429 pauses every request to it (here its Retry-After second): the
    /// refused request is sent once more after it, and nothing reaches the archive sooner.
    @Test func aBusyArchiveIsLeftAloneAsItAsks() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures, "--archive-busy", "1", "--retry-after", "1"])
        defer { server.stop() }
        var policy = FetchPolicy(concurrency: 1, ratePerHost: 0, retries: 2, backoffBase: 0.05)
        policy.pauseOn429 = 60
        let fetcher = PageFetcher(client: HTTPClient(options: HTTPClientOptions(userAgent: pack.archive.userAgent, connectTimeout: 2, timeout: 10)),
                                  policy: policy)
        let archive = ArchiveReader(spec: pack.archive, base: server.baseURL, fetcher: fetcher, asOf: ArchiveDates.period("2019"))
        let record = await MemberLookup(pack: pack, fetcher: fetcher, archive: archive).lookup("48201")
        #expect(record.errors == [])
        #expect(record.extracted.value("reputation.total") == .int(980_120))
        #expect(archive.refusal == nil)
        let answers = try server.stats().log.filter { $0.path.hasPrefix("/web/") }.sorted { $0.start_ms < $1.start_ms }
        let refused = try #require(answers.first)
        #expect(refused.status == 429)
        // Every later request waited out the pause; the refused one among them.
        #expect(answers.dropFirst().allSatisfy { $0.start_ms - refused.start_ms >= 1_000 - 30 }, "\(answers.map { Int($0.start_ms - refused.start_ms) })")
        #expect(answers.dropFirst().contains { $0.path == refused.path })
    }

    @Test func theArchivesPaceIsKept() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let rate = 4.0
        let record = await lookup(reader(server, rate: rate, asOf: "2008")).lookup("48201")
        // 2008's list shows no downloads: their total is unknown, not 0.
        #expect(record.errors.map(\.field?.description) == ["stats.total_downloads"])
        let starts = try server.stats().log.filter { $0.path != "/robots.txt" && !$0.path.hasPrefix("/_fixture") }.map(\.start_ms).sorted()
        // Each page asked for at the year's start, and sent on to its capture by the archive's 302.
        #expect(starts.count == 4)
        // Never more than `rate` requests in any one-second window (as the replica saw
        // them arrive: a few milliseconds of transit either way are not a faster pace).
        for (index, start) in starts.enumerated() {
            #expect(starts[index...].prefix { $0 < start + 1_000 - 30 }.count <= Int(rate), "\(starts.map { Int($0 - starts[0]) })")
        }
        // The first request opened the connection the others reuse: it reached the
        // replica later after leaving on time, so the span is allowed that much short
        // (unpaced, the four would arrive within a few milliseconds).
        #expect((starts.last ?? 0) - (starts.first ?? 0) >= Double(starts.count - 1) * 1_000 / rate - 100, "\(starts.map { Int($0 - starts[0]) })")
    }

    @Test func aBackfillStoresOnePointPerYearAndNeverFetchesOneTwice() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-backfill-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)
        let archive = reader(server)
        let backfill = Backfill(lookup: lookup(archive), reader: archive, store: store, every: .year)
        var warnings = [String]()
        // Stopped after the first point: the rest is left for the next run.
        var points = 0
        let first = try await backfill.run("48201", shouldStop: { points >= 1 }, warn: { warnings.append($0) }, stored: { _ in points += 1 })
        // One year read and stored, then the stop (the listing may have gone on meanwhile).
        #expect(first == Backfill.Outcome(periods: 1, stored: 1, known: 0, failed: 0, incomplete: 0, stopped: true))
        // 2008's two captures, each asked in the page's own form (the index lists the
        // crawler's, http://...:80/), which the archive serves without a redirect.
        #expect(try server.stats().log.filter { $0.path.hasPrefix("/web/2") }.compactMap(\.status).sorted() == [200, 200])

        let second = try await backfill.run("48201", shouldStop: { false }, warn: { warnings.append($0) })
        // 2016 is two revisits (the pages had not changed since 2014-06); 2017's captures
        // are the site's 403s and 2019's first profile capture one: the index leaves them out.
        #expect(second == Backfill.Outcome(periods: 4, stored: 3, known: 1, failed: 0, incomplete: 0, stopped: false))
        #expect(try server.stats().log.filter { $0.path.hasPrefix("/web/2") }.count == 8)
        // 2008's capture was read and stored, and what it does not show is said.
        #expect(warnings == ["member 48201: 2008: extraction stats.total_downloads: unknown: no row shows downloads (3 rows read), and a figure over none of them would not be the page's (articles page)"])
        let history = try store.series(site: pack.name, member: "48201", pack: pack).points
        #expect(history.map { $0.values["reputation.total"] } == [.int(312), .int(250_310), .int(262_004), .int(980_120)])
        #expect(history.map { $0.time } == ["20080316083000", "20140112101500", "20160411000000", "20190520101010"].map { ArchiveTimestamp($0)?.date })

        // By TimeMap, which gives no statuses: 2017's captures are read, found to be the
        // site's 403s, and left out; 2019's 403 is passed over for May's capture, which
        // is stored already. Nothing is stored twice.
        let byTimeMap = reader(server, index: .timemap)
        let again = try await Backfill(lookup: lookup(byTimeMap), reader: byTimeMap, store: store, every: .year)
            .run("48201", shouldStop: { false }, warn: { warnings.append($0) })
        #expect(again == Backfill.Outcome(periods: 5, stored: 0, known: 4, failed: 0, incomplete: 1, stopped: false))
        // 2008's list shows no downloads, so their total is unknown, said once (the point is
        // stored with it unknown, and not read again).
        #expect(warnings == [
            "member 48201: 2008: extraction stats.total_downloads: unknown: no row shows downloads (3 rows read), and a figure over none of them would not be the page's (articles page)",
            "member 48201: 2017: the archive holds only the site's error pages (HTTP 403) for it; period left out",
        ])
        #expect(try store.series(site: pack.name, member: "48201", pack: pack).points.count == 4)

        // The archive's bad years: 2015's profile capture is a redirect and 2016's an
        // error (no member page either year); 2017's pages say the member is gone.
        warnings = []
        let bad = try await backfill.run("7315", shouldStop: { false }, warn: { warnings.append($0) })
        #expect(bad == Backfill.Outcome(periods: 1, stored: 0, known: 0, failed: 1, incomplete: 2, stopped: false))
        #expect(warnings.count == 4)
        #expect(try store.series(site: pack.name, member: "7315", pack: pack).points.isEmpty)
    }

    /// An archive that never answers stops the run after ten members in a row, as a dead
    /// site does: the members left are recorded, not requested (each would cost the
    /// archive's pace and retries).
    @Test func anArchiveDownStopsTheLookupsAfterTenMembersInARow() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let reader = reader(server, base: "http://127.0.0.1:9", asOf: "2014")
        let ids = (1000..<1030).map(String.init)
        var records = [MemberRecord]()
        try await LookupRun.each(of: ids, lookup: lookup(reader), store: nil, warn: false) { records.append($0) }
        #expect(Set(records.map(\.id)) == Set(ids))
        let requested = records.filter { !SiteOutage.wasLeft($0) }
        // One member at a time (the archive's concurrency), two under way: 10 or 11 asked.
        #expect((10...11).contains(requested.count), "\(requested.map(\.id))")
        #expect(requested.allSatisfy { SiteOutage.unanswered($0) && $0.errors.allSatisfy { $0.kind == .archive } })
        let left = records.filter(SiteOutage.wasLeft)
        #expect(left.count == 30 - requested.count)
        #expect(left.allSatisfy { $0.errors.map(\.kind) == [.notLookedUp] })
        #expect(left.first?.errors.first?.message.hasPrefix("not looked up: no answer to the \(requested.count) members looked up before it (the archive could not be reached: cannot connect to 127.0.0.1:9") == true)
    }

    /// A year ends before the next one's first second: 7315's capture at 2015-01-01 00:00
    /// is not "in 2014", so 2014 has no capture (not "only errors, HTTP 200").
    @Test func aCaptureAtTheNextYearsFirstSecondIsNotInTheYear() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let record = await lookup(reader(server, asOf: "2014")).lookup("7315")
        #expect(record.errors.map(\.message) == [
            "the archive's first capture of https://www.codeproject.com/script/Articles/MemberArticles.aspx?amid=7315 is from 2015-01-01, after 2014-01-01; ask for a date from 2015-01-01 on",
            "the archive's first capture of https://www.codeproject.com/script/Membership/View.aspx?mid=7315 is from 2017-01-01, after 2014-01-01; ask for a date from 2017-01-01 on",
        ])
    }

    /// A backfill whose archive never answers says so in its outcome (the run stops
    /// after ten such members); an archive that answers "no capture" is an answer.
    @Test func aBackfillTellsAnArchiveThatNeverAnswers() async throws {
        let server = try FixtureServer(["--archive", archiveFixtures])
        defer { server.stop() }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-backfill-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try HistoryStore(path: path)
        let dead = reader(server, base: "http://127.0.0.1:9")
        let outcome = try await Backfill(lookup: lookup(dead), reader: dead, store: store, every: .year)
            .run("48201", shouldStop: { false }, warn: { _ in })
        #expect(outcome.failed == 1)
        #expect(outcome.unanswered?.kind == .archive)
        #expect(outcome.unanswered?.message.hasPrefix("the archive could not be reached: cannot connect to 127.0.0.1:9") == true)
        let live = reader(server)
        let nothing = try await Backfill(lookup: lookup(live), reader: live, store: store, every: .year)
            .run("777777", shouldStop: { false }, warn: { _ in })
        #expect(nothing.unanswered == nil)
    }
}
