import App
import Foundation
import Report
import Testing
import TestSupport

/// The checkpoint's fingerprint: typed, stored as earlier versions stored it, and
/// compared in words a user can act on.
@Suite struct ExportFingerprintTests {
    let pack = FixtureRecords.pack

    @Test func storedAsEarlierVersionsStoredIt() {
        let fingerprint = ExportFingerprint(format: .csv, options: ReportOptions(), pack: pack)
        #expect(fingerprint.encoded.hasPrefix("format=csv articles=false sort=views limit=none raw-csv=false fields=name,avatar_url,reputation.total,"))
        #expect(fingerprint.encoded.hasSuffix(",articles[kind,title,url,description,posted,updated,views,rating,votes,popularity,bookmarks,downloads],"
                                              + "stats[listed,total_views,total_votes,total_bookmarks,total_downloads,weighted_rating,average_rating,popularity,top_article]"))
        #expect(fingerprint.differences(fromStored: fingerprint.encoded) == [])
    }

    @Test func differencesInWords() {
        let csv = ExportFingerprint(format: .csv, options: ReportOptions(), pack: pack)
        let json = ExportFingerprint(format: .json, options: ReportOptions(columns: ["id", "name"]), pack: pack)
        #expect(json.differences(fromStored: csv.encoded) == ["columns=(unset) then, columns=id,name now", "format=csv then, format=json now"])
        #expect(csv.differences(fromStored: "format=csv articles=false sort=views limit=none raw-csv=false")
                == ["written by an earlier version of cpvanity, which did not record the pack's fields"])
        #expect(csv.differences(fromStored: csv.encoded.replacingOccurrences(of: "avatar_url,", with: "")) == ["the pack's fields have changed since"])
    }
}
