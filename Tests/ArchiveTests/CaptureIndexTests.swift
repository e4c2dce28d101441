@testable import Archive
import Foundation
import Packs
import Testing

/// Archives' capture lists, read in process.
@Suite struct CaptureIndexTests {
    private func date(_ text: String) -> Date { ArchiveTimestamp(text)?.date ?? .distantPast }

    @Test func aCDXAnswerIsItsRowsInTimeOrderWithBadRowsLeftOut() throws {
        let body = #"""
            [["urlkey","timestamp","original","mimetype","statuscode","digest","length"],
             ["com,codeproject)/x","20140612080000","http://www.codeproject.com/x","text/html","200","D2","900"],
             ["com,codeproject)/x","20080315120000","http://www.codeproject.com/x","text/html","200","D1","800"],
             ["com,codeproject)/x","20081301000000","http://www.codeproject.com/x","text/html","200","D3","800"],
             ["com,codeproject)/x","2014","http://www.codeproject.com/x","text/html","200","D4","800"],
             ["short"]]
            """#
        let captures = try CDXAnswer.json(Array(body.utf8), url: "cdx").captures
        #expect(captures.map(\.timestamp.description) == ["20080315120000", "20140612080000"])
        #expect(captures.map(\.status) == [200, 200])
        #expect(captures.first?.original == "http://www.codeproject.com/x")
        #expect(captures.first?.time == Date(timeIntervalSince1970: 1_205_582_400))
        #expect(try CDXAnswer.json(Array(" \n".utf8), url: "cdx").captures.isEmpty)
    }

    @Test func aCDXAnswerThatIsNotOneSaysWhy() {
        #expect(throws: ArchiveError.badIndex(url: "u", why: "its fields (a b) have no timestamp")) {
            try CDXAnswer.json(Array(#"[["a","b"],["1","2"]]"#.utf8), url: "u")
        }
        #expect(throws: ArchiveError.badIndex(url: "u", why: "not a JSON array of rows")) {
            try CDXAnswer.json(Array(#"{"a":1}"#.utf8), url: "u")
        }
        #expect(throws: ArchiveError.self) { try CDXAnswer.json(Array("<html>busy</html>".utf8), url: "u") }
    }

    @Test func aTimeMapIsItsMementos() throws {
        let body = """
            <http://www.codeproject.com/x>; rel="original",
            <http://a.example/timemap/link/http://www.codeproject.com/x>; rel="self"; type="application/link-format",
            <http://a.example/web/20080315120000/http://www.codeproject.com/x>; rel="first memento"; datetime="Sat, 15 Mar 2008 12:00:00 GMT",
            <http://a.example/web/20140110093000/http://www.codeproject.com/x>; rel="memento"; datetime="Fri, 10 Jan 2014 09:30:00 GMT",
            <http://a.example/web/20190520101010/http://www.codeproject.com/x>; rel="last memento"; datetime="Mon, 20 May 2019 10:10:10 GMT"
            """
        let captures = try CaptureIndex.timeMap(Array(body.utf8), url: "t")
        #expect(captures.map(\.timestamp.description) == ["20080315120000", "20140110093000", "20190520101010"])
        #expect(Set(captures.map(\.original)) == ["http://www.codeproject.com/x"])
    }

    @Test func timestampsAreRealMoments() {
        #expect(ArchiveTimestamp("20140110093000")?.date == Date(timeIntervalSince1970: 1_389_346_200))
        for bad in ["2014011009300", "201401100930000", "20140230093000", "20141310093000", "20140110243000", "2014011009300x", "00000110093000"] {
            #expect(ArchiveTimestamp(bad) == nil, "\(bad)")
        }
        #expect(ArchiveTimestamp(Date(timeIntervalSince1970: 1_389_346_200)).description == "20140110093000")
    }

    @Test func theNearestCaptureAndEachOnesPeriod() throws {
        let captures = ["20080315120000", "20080402080000", "20140110093000", "20140612080000", "20190520101010"].compactMap {
            ArchiveTimestamp($0).map { Capture(timestamp: $0, original: "x") }
        }
        #expect(CaptureChoice.closest(to: date("20140101000000"), in: captures)?.timestamp.description == "20140110093000")
        #expect(CaptureChoice.closest(to: date("20300101000000"), in: captures)?.timestamp.description == "20190520101010")
        #expect(CaptureChoice.closest(to: .now, in: []) == nil)
        #expect(captures.map { CaptureChoice.Period.quarter.key($0.time) } == ["2008-Q1", "2008-Q2", "2014-Q1", "2014-Q2", "2019-Q2"])
        #expect(captures.map { CaptureChoice.Period.month.key($0.time) } == ["2008-03", "2008-04", "2014-01", "2014-06", "2019-05"])
        #expect(captures.map { CaptureChoice.Period.year.key($0.time) } == ["2008", "2008", "2014", "2014", "2019"])
    }

    @Test func archiveTemplatesAreFilled() {
        let spec = ArchiveSpec.wayback
        let original = "https://www.codeproject.com/script/Membership/View.aspx?mid=48201"
        #expect(ArchiveSpec.fill(spec.cdx ?? "", archive: "http://127.0.0.1:8080/", url: original, from: "2014", to: "2015")
                == "http://127.0.0.1:8080/cdx/search/cdx?url=https%3A%2F%2Fwww.codeproject.com%2Fscript%2FMembership%2FView.aspx%3Fmid%3D48201&output=json&from=2014&to=2015&limit=1000&showResumeKey=true")
        #expect(ArchiveSpec.fill(spec.capture, archive: "https://web.archive.org", url: original, timestamp: "20140110093000")
                == "https://web.archive.org/web/20140110093000id_/https://www.codeproject.com/script/Membership/View.aspx?mid=48201")
    }

    @Test func errorsSayWhatToDo() {
        let error = ArchiveError.noCapture(url: "http://x", before: date("20050101000000"), first: date("20080315120000"))
        #expect(error.description == "the archive's first capture of http://x is from 2008-03-15, after 2005-01-01; ask for a date from 2008-03-15 on")
        #expect(ArchiveError.skew(first: date("20140110093000"), second: date("20140112101500"), limit: 86_400).description
                == "the member's pages were captured 2.0 days apart (2014-01-10T09:30:00Z and 2014-01-12T10:15:00Z), more than the 1.0 days allowed")
    }
}

@Suite struct ArchiveDatesTests {
    private func day(_ text: String) -> Date { ArchiveTimestamp(text + "000000")?.date ?? .distantPast }

    @Test func aYearAMonthADayOrAMoment() throws {
        #expect(ArchiveDates.period("2014") == DateInterval(start: day("20140101"), end: day("20150101")))
        #expect(ArchiveDates.period("2014-01") == DateInterval(start: day("20140101"), end: day("20140201")))
        #expect(ArchiveDates.period("2016-02-29") == DateInterval(start: day("20160229"), end: day("20160301")))
        #expect(ArchiveDates.period("2014-01-10T09:30:00Z")?.start == ArchiveTimestamp("20140110093000")?.date)
        for bad in ["", "14", "2014-1", "2014-13", "2015-02-29", "1989", "2014-01-10-01", "next year", "2014-01-1x"] {
            #expect(ArchiveDates.period(bad) == nil, "\(bad)")
        }
    }

    @Test func durations() {
        #expect(ArchiveDates.duration("90") == 90)
        #expect(ArchiveDates.duration("30m") == 1_800)
        #expect(ArchiveDates.duration("36h") == 129_600)
        #expect(ArchiveDates.duration("2d") == 172_800)
        #expect(ArchiveDates.duration("1.5w") == 907_200)
        for bad in ["", "d", "-1d", "0", "inf", "nan", "1e300", "20y", "11w2"] {
            #expect(ArchiveDates.duration(bad) == nil, "\(bad)")
        }
    }
}
