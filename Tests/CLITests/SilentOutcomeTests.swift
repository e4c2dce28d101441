import Foundation
import TestSupport
import Testing

/// What used to happen without a word: each now says what it did or why it stopped,
/// with the status a script can test.
@Suite(.serialized) struct SilentOutcomeTests {
    /// An output that cannot be written is found before any member is fetched, and
    /// named as given (not as the batch's hidden checkpoint beside it).
    @Test func anUnwritableOutputIsNamedAndFoundFirst() throws {
        let server = try FixtureServer()
        let batch = try run("cpvanity", ["batch", "--base-url", server.baseURL, "--no-store", "--output", "/sys/cpvanity-members.csv"],
                            stdin: Data("7315\n".utf8))
        #expect(batch.status == 2)
        #expect(batch.stderr.hasPrefix("cpvanity: cannot write /sys/cpvanity-members.csv: "), "\(batch.stderr)")
        #expect(!batch.stderr.contains("checkpoint"), "\(batch.stderr)")
        let report = try run("cpvanity", ["report", "7315", "--base-url", server.baseURL, "--no-store", "--output", "/sys/cpvanity-team.html"])
        #expect(report.status == 2)
        #expect(report.stderr.hasPrefix("cpvanity: cannot write /sys/cpvanity-team.html: "), "\(report.stderr)")
        #expect(try server.stats().pages.isEmpty)
    }
}
