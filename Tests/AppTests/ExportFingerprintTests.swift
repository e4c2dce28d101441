import App
import Testing
import TestSupport

/// What a resumed export must share with the interrupted one: the pack's fields.
@Suite struct ExportFingerprintTests {
    let pack = FixtureRecords.pack

    @Test func thePacksFieldsAndStatistics() {
        let fingerprint = ExportFingerprint(pack: pack)
        #expect(fingerprint.encoded.hasPrefix("fields=name,avatar_url,reputation.total,"))
        #expect(fingerprint.encoded.hasSuffix(",articles[kind,title,url,description,posted,updated,views,rating,votes,popularity,bookmarks,downloads],"
                                              + "stats[listed,total_views,total_votes,total_bookmarks,total_downloads,weighted_rating,average_rating,popularity,top_article]"))
        #expect(fingerprint.differences(fromStored: fingerprint.encoded) == [])
        #expect(fingerprint.differences(fromStored: fingerprint.encoded.replacingOccurrences(of: "avatar_url,", with: ""))
                == ["the pack's fields have changed since"])
    }
}
