@testable import Archive
import Foundation
import Testing

/// The recorded TimeMaps, Link headers and capture answers (Fixtures/archive-real):
/// each read, and each answer told apart, as cpvanity does.
@Suite struct RecordedCaptureAnswersTests {
    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: RecordedAnswersTests.folder.appendingPathComponent(name)))
    }

    /// A recorded header block: the status line's code, and the headers as `HTTPResponse`
    /// keeps them (names lower-cased, the first of repeated ones).
    func headers(_ name: String) throws -> (status: Int, headers: [String: String]) {
        let lines = String(decoding: try bytes(name), as: UTF8.self).split(whereSeparator: \.isNewline)
        let status = lines.first?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        var headers = [String: String]()
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if headers[name] == nil { headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces) }
        }
        return (status, headers)
    }

    func classified(_ name: String, body: String? = nil) throws -> CaptureAnswer {
        let (status, headers) = try headers(name)
        return CaptureAnswer.classify(status: status, headers: headers, body: try body.map(bytes) ?? [])
    }

    // MARK: TimeMaps and Link headers

    @Test func timeMapsInEveryShapeRecorded() throws {
        // 2018–2020: every line ends in a comma, no last memento, a bare timegate, a capture given twice.
        let ia = try CaptureIndex.timeMap(try bytes("timemap-01.link"), url: "https://web.archive.org/web/timemap/link/https://jaytaylor.com")
        #expect(ia.count == 129)
        #expect(ia.first?.timestamp.description == "20010331114839" && ia.last?.timestamp.description == "20180519054157")
        // Each capture keeps its own URI and the original it names (scheme, :80 and slash vary).
        #expect(ia.first?.memento == "http://web.archive.org/web/20010331114839/http://www.jaytaylor.com:80/")
        #expect(ia.first?.original == "http://www.jaytaylor.com:80/")
        #expect(ia.last?.original == "https://jaytaylor.com/")
        // 2015: until= and a last memento, no final comma.
        let old = try CaptureIndex.timeMap(try bytes("timemap-02.link"), url: "x")
        #expect(old.map(\.timestamp.description) == ["20150223002207", "20150418105116"])
        #expect(old.map(\.original) == ["https://github.com/macbre", "https://github.com/macbre"])
        let three = try CaptureIndex.timeMap(try bytes("timemap-03.link"), url: "x")
        #expect(three.count == 7 && three.first?.timestamp.description == "20141203234550" && three.last?.timestamp.description == "20150109163639")
        let four = try CaptureIndex.timeMap(try bytes("timemap-04.link"), url: "x")
        #expect(four.count == 9 && four.last?.timestamp.description == "20180818090236")
        // archive.today: "first last memento", self last.
        let today = try CaptureIndex.timeMap(try bytes("timemap-05.link"), url: "x")
        #expect(today.map(\.memento) == ["http://archive.md/20150531154001/https://twitter.com/SputnikNewsUS"])
        // MemGator: mementos of several archives, three rel="timemap" links and a timegate after them.
        let gator = try CaptureIndex.timeMap(try bytes("timemap-06.link"), url: "x")
        #expect(gator.count == 12 && gator.first?.timestamp.description == "20200608053935" && gator.last?.timestamp.description == "20200908210112")
        #expect(gator.contains { $0.memento == "https://wayback.archive-it.org/all/20200901201114/https://twitter.com/AntifaWebsite" })
        let seven = try CaptureIndex.timeMap(try bytes("timemap-07.link"), url: "x")
        #expect(seven.map(\.timestamp.description) == ["19981206012233", "19981212024410"])
        // pywb: self first, original third, collection="...", mp_ modifiers.
        let pywb = try CaptureIndex.timeMap(try bytes("timemap-08.link"), url: "x")
        #expect(pywb.map(\.timestamp.description) == ["20011030000019", "20011113000000"])
        #expect(pywb.first?.original == "http://www.bl.uk/")
        #expect(pywb.first.map { CaptureIndex.rawMemento($0.memento ?? "") } == "https://www.webarchive.org.uk/wayback/archive/20011030000019id_/http://www.bl.uk/")
        #expect(CaptureIndex.rawMemento("http://web.archive.org/web/20010331114839/http://www.jaytaylor.com:80/")
                == "http://web.archive.org/web/20010331114839id_/http://www.jaytaylor.com:80/")
        #expect(throws: ArchiveError.self) { try CaptureIndex.timeMap(Array("<html>Too many</html>".utf8), url: "x") }
    }

    @Test func linkHeadersAreTheSameLinkFormat() throws {
        let iana = try CaptureIndex.timeMap(try bytes("linkheader-01.txt"), url: "x")
        #expect(iana.count == 5 && iana.first?.timestamp.description == "19971210061738" && iana.last?.timestamp.description == "20161107170330")
        // Scheme-relative URIs, the last memento before the first: the scheme of where they came from.
        let uk = try CaptureIndex.timeMap(try bytes("linkheader-02.txt"), url: "https://www.webarchive.org.uk/x")
        #expect(uk.map(\.timestamp.description) == ["20080410125703", "20100512204410", "20100513010014"])
        #expect(uk.first?.memento == "https://www.webarchive.org.uk/wayback/archive/20080410125703/http://example.com/")
        // rel="prev first memento": a token list.
        let tokens = try CaptureIndex.timeMap(try bytes("linkheader-03.txt"), url: "http://x")
        #expect(tokens.map(\.timestamp.description) == ["20100124041439", "20100728221701"])
        #expect(CaptureIndex.linkEntries(String(decoding: try bytes("linkheader-03.txt"), as: UTF8.self)).last?.rel == ["prev", "first", "memento"])
        // The memento before the original.
        #expect(try CaptureIndex.timeMap(try bytes("linkheader-04.txt"), url: "x").map(\.original) == ["http://www.vvork.com/"])
        #expect(try CaptureIndex.timeMap(try bytes("linkheader-05.txt"), url: "x").map(\.timestamp.description) == ["20141018133107"])
        // first memento and memento name the same capture: once.
        let ogp = try CaptureIndex.timeMap(try bytes("linkheader-06.txt"), url: "x")
        #expect(ogp.count == 3 && ogp.first?.timestamp.description == "20100802055126" && ogp.last?.timestamp.description == "20210106030214")
    }

    // MARK: Captures

    @Test func pagesAreMementos() throws {
        for name in ["capture-headers-01.txt", "capture-headers-10.txt", "capture-headers-13.txt", "capture-headers-16.txt",
                     "capture-headers-17.txt", "capture-headers-18.txt", "capture-headers-19.txt"] {
            #expect(try classified(name) == .page, "\(name)")
        }
        // "200 Document follows": the reason phrase is archived text; the status is what counts.
        #expect(try headers("capture-headers-10.txt").status == 200)
        // Memento-Datetime, not x-archive-orig-date, is the capture's time.
        let (_, late) = try headers("capture-headers-18.txt")
        #expect(late["memento-datetime"] == "Fri, 10 Oct 1997 04:47:05 GMT" && late["x-archive-orig-date"] == "Fri, 10 Oct 1997 04:49:13 GMT")
    }

    @Test func theArchivesOwnRedirectsAreFollowedAndTheSitesAreNot() throws {
        // The archive's own 302 FOUND: no Memento-Datetime; to the capture it has (another time, another URL form).
        #expect(try classified("capture-headers-02.txt") == .archiveRedirect(location: "https://web.archive.org/web/20200201023757id_/https://www.epa.gov/climatechange"))
        #expect(try headers("capture-headers-02.txt").headers["x-archive-redirect-reason"] == "found capture at 20200201023757")
        #expect(try classified("capture-headers-14.txt") == .archiveRedirect(location: "https://web.archive.org/web/20201005010744/http://antifa.com/"))
        #expect(try classified("timegate-headers-01.txt") == .archiveRedirect(location: "https://web.archive.org/web/20190909021456/https://twitter.com/SputnikNewsUS"))
        #expect(try classified("timegate-headers-02.txt") == .archiveRedirect(location: "https://web.archive.org/web/20160717053407/https://twitter.com/SputnikNewsUS"))
        // The site's redirects at crawl time: with Memento-Datetime; absolute, path-relative, scheme-relative.
        #expect(try classified("capture-headers-03.txt") == .archivedRedirect(location: "https://web.archive.org/web/20200201023757id_/https://www.epa.gov/sites/production/files/signpost/cc.html"))
        #expect(try classified("capture-headers-04.txt") == .archivedRedirect(location: "/web/20201027215555id_/https://www.whitehouse.gov/ostp/about/student/faqs"))
        #expect(try classified("capture-headers-05.txt") == .archivedRedirect(location: "//web.archive.org/web/20201102232816id_/https://www.census.gov/geo/gssi/"))
        #expect(try classified("capture-headers-06.txt") == .archivedRedirect(location: "https://web.archive.org/web/20200925075402id_/https://idp.springer.com/authorize?response_type=cookie&client_id=springerlink&redirect_uri=https://link.springer.com/article/10.1007/s00382-012-1331-2"))
        #expect(try classified("capture-headers-15.txt") == .archivedRedirect(location: "https://web.archive.org/web/20201005010744/https://joebiden.com/"))
        #expect(try classified("capture-headers-03.txt", body: "capture-body-04-archived-301.html") == .archivedRedirect(location: "https://web.archive.org/web/20200201023757id_/https://www.epa.gov/sites/production/files/signpost/cc.html"))
        // The view mode's page about an archived redirect: no memento, not the page.
        #expect(try classified("capture-headers-12.txt") == .archivedRedirect(location: nil))
    }

    @Test func whatTheArchiveSaysIsSaidPlainly() throws {
        // The site's own errors at crawl time, Memento-Datetime and all: not retried, not the page.
        #expect(try classified("capture-headers-09.txt") == .archivedError(status: 429))
        #expect(try classified("capture-headers-11.txt", body: "capture-body-03-archived-403.html") == .archivedError(status: 403))
        // The archive's own answers.
        #expect(try classified("capture-headers-07.txt", body: "capture-body-01-not-archived.html") == .notArchived)
        #expect(try classified("capture-headers-07.txt") == .archiveError(status: 404))
        #expect(try classified("capture-headers-08.txt", body: "capture-body-02-excluded.html") == .excluded)
        #expect(try classified("error-429-headers-01.txt") == .busy(retryAfter: nil))
        // 2016's answers, as a proxy logged them ([Name] => value).
        let logged = String(decoding: try bytes("capture-headers-20-reformatted.txt"), as: UTF8.self)
            .components(separatedBy: "```text").dropFirst().map { block -> CaptureAnswer in
                var headers = [String: String]()
                var status = 0
                for line in block.split(separator: "\n") where line.hasPrefix("[") {
                    let parts = line.dropFirst().components(separatedBy: "] => ")
                    guard parts.count == 2 else { continue }
                    if parts[0] == "HTTP-Status" { status = Int(parts[1].prefix(3)) ?? 0 } else { headers[parts[0].lowercased()] = parts[1] }
                }
                return CaptureAnswer.classify(status: status, headers: headers, body: [])
            }
        #expect(logged == [.archiveRedirect(location: "/web/20161112232202/https://packages.gitlab.com/gitlab/gitlab-ce/ubuntu/dists/trusty/Release"),
                           .notArchived, .blockedByRobots])
        #expect(ArchiveError.blocked(archive: "https://web.archive.org", page: "https://x/", robots: true).description
                == "the archive https://web.archive.org will not show https://x/: Blocked By Robots (the site's robots.txt hides its copies); another archive may have it")
        #expect(ArchiveError.excluded(archive: "https://web.archive.org", page: "https://x/").description
                == "the archive https://web.archive.org says https://x/ is excluded from it; another archive may have it")
        #expect(ArchiveError.notArchived(archive: "https://web.archive.org", page: "https://x/").description
                == "the archive https://web.archive.org has not archived https://x/")
    }
}
