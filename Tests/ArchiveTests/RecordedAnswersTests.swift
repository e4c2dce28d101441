@testable import Archive
import Foundation
import Testing

/// Every answer recorded from the real Wayback Machine and other Memento archives
/// (Fixtures/archive-real, copied from the project's shared recordings; SOURCES.md says
/// where each came from), read as cpvanity reads them, with exact results.
@Suite struct RecordedAnswersTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/archive-real")

    func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
    }

    func stamps(_ captures: [Capture]) -> [String] { captures.map(\.timestamp.description) }

    // MARK: CDX, text

    @Test func duplicatesCountOnceAndAFittingAnswerHasNoKey() throws {
        let one = try CDXAnswer.text(try bytes("cdx-text-01.txt"), url: "cdx")
        // Three identical rows.
        #expect(stamps(one.captures) == ["19961231235847"])
        #expect(one.captures.first?.original == "http://www.nasa.gov:80/")
        #expect(one.captures.first?.status == 200)
        #expect(one.resumeKey == nil)
        let wide = try CDXAnswer.text(try bytes("cdx-text-11.txt"), url: "cdx")
        #expect(wide.captures.count == 488)  // 1,000 rows, most of them twice or more
        #expect(wide.resumeKey == "eJxLzy_TyUssTtTUVzAyMDAxsDQwNTA3NTe0BABfMwZl")  // the new backend's key: opaque
        #expect(stamps(wide.captures).first == "19961231235847" && stamps(wide.captures).last == "20040905075719")
        let ten = try CDXAnswer.text(try bytes("cdx-text-10.txt"), url: "cdx")
        #expect(ten.captures.count == 243 && ten.resumeKey == nil)
    }

    @Test func revisitsAreCapturesAndStatusesSayWhatIsAPage() throws {
        let answer = try CDXAnswer.text(try bytes("cdx-text-02.txt"), url: "cdx")
        #expect(answer.captures.count == 15)
        let revisits = answer.captures.filter(\.revisit)
        #expect(revisits.count == 3)
        #expect(revisits.allSatisfy { $0.status == nil && $0.mayBeThePage })
        // http 301 rows and https 200 rows interleave under one urlkey: the 301s are not pages.
        #expect(answer.captures.filter { $0.status == 301 }.count == 6)
        #expect(answer.captures.filter(\.mayBeThePage).count == 9)
        #expect(answer.captures.first?.original == "http://energystar.gov/")
        let one = try CDXAnswer.text(try bytes("cdx-text-13.txt"), url: "cdx")
        #expect(one.captures.map(\.revisit) == [true])
        // `-` on a row that is not a revisit: unknown, still possibly the page.
        let json = try CDXAnswer.text(try bytes("cdx-text-15.txt"), url: "cdx")
        #expect(json.captures.count == 8)
        #expect(json.captures.filter { $0.status == nil && !$0.revisit }.count == 6)
        #expect(json.captures.filter(\.mayBeThePage).count == 7)
        let errors = try CDXAnswer.text(try bytes("cdx-text-12.txt"), url: "cdx")
        #expect(errors.captures.count == 8)
        #expect(errors.captures.filter { $0.status == 403 }.count == 7)
        #expect(errors.captures.filter(\.mayBeThePage).count == 1)
        let redirectsAndRevisits = try CDXAnswer.text(try bytes("cdx-text-09.txt"), url: "cdx")
        #expect(redirectsAndRevisits.captures.count == 997)
        // 694 + 11 redirects of 301, 290 of 302: only the two revisits may be the page.
        #expect(redirectsAndRevisits.captures.filter(\.mayBeThePage).count == 2)
        #expect(redirectsAndRevisits.resumeKey == "com%2Cdw%29%2F+20191218145126")
    }

    @Test func pagesAndResumeKeys() throws {
        let first = try CDXAnswer.text(try bytes("cdx-text-03.txt"), url: "cdx")
        #expect(first.captures.count == 7)  // 25 rows, each up to four times
        // The old backend's key: "<urlkey> <last timestamp>" encoded, its last character bumped: no timestamp.
        #expect(first.resumeKey == "com%2Ccnn%29%2F+2001041400593%3A")
        let second = try CDXAnswer.text(try bytes("cdx-text-04.txt"), url: "cdx")
        #expect(second.captures.count == 7)
        #expect(second.resumeKey == "com%2Ccnn%29%2F+20010503212619")
        #expect(stamps(second.captures).first == "20010418073133")
        // A page after the last: HTTP 200, no body. It ends the list.
        let last = try CDXAnswer.text(try bytes("cdx-text-05.txt"), url: "cdx")
        #expect(last == CDXAnswer(captures: []))
        let six = try CDXAnswer.text(try bytes("cdx-text-06.txt"), url: "cdx")
        #expect(six.captures.count == 10 && six.resumeKey == "gov%2Cnasa%29%2F+20220101013953")
        // Escapes in URLs and in keys, kept as sent.
        let seven = try CDXAnswer.text(try bytes("cdx-text-07.txt"), url: "cdx")
        #expect(seven.captures.count == 10)
        #expect(seven.captures.first?.original == "http://www.nasa.gov/%20mission_pages/mars/news/marsmethane.html")
        #expect(seven.resumeKey == "gov%2Cnasa%29%2F.%25c2%25a0%25c2%25a0%25c2%25a0%25c2%25a0%25c2%25a0+20220119182337")
        let eight = try CDXAnswer.text(try bytes("cdx-text-08.txt"), url: "cdx")
        #expect(eight.captures.count == 6 && eight.resumeKey == nil && eight.captures.allSatisfy { $0.status == 404 })
        // The documentation's example: its separator line holds spaces.
        let docs = try CDXAnswer.text(try bytes("cdx-text-14-docs.txt"), url: "cdx")
        #expect(docs.captures.count == 4)
        #expect(docs.resumeKey == "org%2Carchive%29%2F+19980109140106%21")
        // fl=timestamp,statuscode: rows of two fields, and a key that starts with "-"; never a timestamp.
        let short = try CDXAnswer.text(try bytes("cdx-text-16.txt"), url: "cdx", fields: ["timestamp", "statuscode"])
        #expect(stamps(short.captures) == ["19970126045828", "19971011050034", "19971211122953", "19980109140106", "19980113025731"])
        #expect(short.resumeKey == "-+19980113025732")
        #expect(short.captures.allSatisfy { $0.original.isEmpty && $0.status == 200 })
    }

    @Test func oddRowsAreReadDefensively() throws {
        // Month 00: read as the first, the text kept to name the capture. Day 00 with
        // hour 24 (20000800241623) names no moment at all: left out.
        let zeros = try CDXAnswer.text(try bytes("cdx-text-assembled-01.txt"), url: "cdx")
        #expect(stamps(zeros.captures) == ["20000012170449", "20000125210430", "20000311052312", "20011120210446"])
        #expect(zeros.leftOut == 1)
        #expect(ArchiveTimestamp("20000800121623")?.date == ISO8601DateFormatter().date(from: "2000-08-01T12:16:23Z"))
        #expect(zeros.captures.first?.time == ISO8601DateFormatter().date(from: "2000-01-12T17:04:49Z"))
        // mailto: and data: "URLs" (a 3,000-character one after a page's address), an
        // original that is not a URL: left out.
        let junk = try CDXAnswer.text(try bytes("cdx-text-assembled-02.txt"), url: "cdx")
        #expect(stamps(junk.captures) == ["20200418003811", "20200418005903"])
        #expect(junk.leftOut == 3)
        // length `-`.
        let dash = try CDXAnswer.text(try bytes("cdx-text-assembled-03.txt"), url: "cdx")
        #expect(dash.captures.count == 5)
        #expect(Set(dash.captures.map(\.original)) == ["http://www.cnn.com/", "http://www.cnn.com:80/"])
    }

    // MARK: CDX, JSON

    @Test func jsonInEitherSpacing() throws {
        let compact = try CDXAnswer.json(try bytes("cdx-json-01.json"), url: "cdx")
        #expect(compact.captures.count == 10)
        #expect(stamps(compact.captures).first == "20080328041443" && stamps(compact.captures).last == "20080717031315")
        #expect(compact.captures.first?.status == 200)
        #expect(try CDXAnswer.json(try bytes("cdx-json-02.json"), url: "cdx").captures.map(\.original) == ["http://example.com:80/"])
        #expect(try stamps(CDXAnswer.json(try bytes("cdx-json-03.json"), url: "cdx").captures) == ["20080328041443"])
        // Fields in another order, `", "` inside rows, rows by urlkey: sorted by time here.
        let spaced = try CDXAnswer.json(try bytes("cdx-json-04.json"), url: "cdx")
        #expect(spaced.captures.count == 37)
        #expect(stamps(spaced.captures).first == "20200524191458" && stamps(spaced.captures).last == "20200818213802")
        #expect(stamps(spaced.captures) == stamps(spaced.captures).sorted())
        let docs = try CDXAnswer.json(try bytes("cdx-json-05-docs.json"), url: "cdx")
        #expect(stamps(docs.captures) == ["19970126045828", "19971011050034", "19971211122953"])
        // The resume key: an empty row, then a row of one string.
        let keyed = try CDXAnswer.json(try bytes("cdx-json-06-docs.json"), url: "cdx")
        #expect(keyed.captures.count == 4)
        #expect(keyed.resumeKey == "org%2Carchive%29%2F+19980109140106%21")
        // /web/timemap/json: eleven fields; the recording is an excerpt (five lines), which is no JSON.
        let excerpt = try bytes("timemap-json-01.txt")
        #expect(throws: ArchiveError.self) { try CDXAnswer.json(excerpt, url: "timemap") }
        var whole = String(decoding: excerpt, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        whole = String(whole.dropLast(whole.hasSuffix(",") ? 1 : 0)) + "]"
        let eleven = try CDXAnswer.json(Array(whole.utf8), url: "timemap")
        #expect(stamps(eleven.captures) == ["19981206012233", "19981212024410", "19990125094813", "19990208004052"])
        #expect(eleven.captures.last?.original == "http://discontents.com.au:80/")
    }

    @Test func aBlockedSitesIndexIsNoIndex() throws {
        let body = try bytes("cdx-error-01.txt")
        #expect(throws: ArchiveError.self) { try CDXAnswer.json(body, url: "cdx") }
        #expect(CaptureAnswer.classify(status: 403, headers: ["content-type": "text/plain"], body: body) == .blockedSite)
    }

    // MARK: /wayback/available

    @Test func availability() throws {
        guard case .closest(let old) = try AvailableAnswer.parse(try bytes("available-01.json"), url: "github.com/macbre") else {
            Issue.record("no closest"); return
        }
        #expect(old.timestamp.description == "20150418105116")
        #expect(old.original == "https://github.com/macbre")
        #expect(old.status == 200)
        #expect(old.memento == "http://web.archive.org/web/20150418105116/https://github.com/macbre")
        guard case .closest(let spaced) = try AvailableAnswer.parse(try bytes("available-02.json"), url: "latimes.com") else {
            Issue.record("no closest"); return
        }
        #expect(spaced.timestamp.description == "20200119032503")
        #expect(spaced.original == "https://www.latimes.com/")
        // `{}`: the archive did not say; not "never archived".
        #expect(try AvailableAnswer.parse(try bytes("available-03.json"), url: "x") == .unknown)
        guard case .closest(let docs) = try AvailableAnswer.parse(try bytes("available-04-docs.json"), url: "example.com") else {
            Issue.record("no closest"); return
        }
        #expect(docs.timestamp.description == "20130919044612" && docs.original == "http://example.com/")
        #expect(try AvailableAnswer.parse(try bytes("available-05-docs.json"), url: "x") == .unknown)
        #expect(throws: ArchiveError.self) { try AvailableAnswer.parse(Array("<html>".utf8), url: "x") }
        #expect(ArchiveError.unknownAvailability(archive: "https://web.archive.org", page: "https://x/").description
                == "the archive https://web.archive.org gave no answer about https://x/ (an empty archived_snapshots, which it also gives for pages it has); try again")
    }
}
