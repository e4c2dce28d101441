import Foundation
import TestSupport
import Testing

/// Numbers on the command line are checked with bounds before anything is fetched:
/// a usage error (64) that says what is allowed, never a trap.
@Suite struct OptionBoundsTests {
    @Test(arguments: [
        (["--limit", "-1"], "--limit must be 0 or more, not -1."),
        (["--concurrency", "-3"], "--concurrency must be from 1 to 1000 requests at once, not -3."),
        (["--concurrency", "9223372036854775807"], "--concurrency must be from 1 to 1000 requests at once, not 9223372036854775807."),
        (["--rate", "1e-30"], "--rate must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not 1e-30."),
        (["--rate", "-2"], "--rate must be 0 (no limit, for your own mirror) or from 0.001 to 1000 requests a second, not -2.0."),
        (["--timeout", "inf"], "--timeout must be from 0.001 to 86400 seconds, not inf."),
        (["--timeout", "1e300"], "--timeout must be from 0.001 to 86400 seconds, not 1e+300."),
        (["--timeout", "1e-9"], "--timeout must be from 0.001 to 86400 seconds, not 1e-09."),
        (["--connect-timeout", "1e300"], "--connect-timeout must be from 0.001 to 86400 seconds, not 1e+300."),
        (["--retries", "-1"], "--retries must be from 0 to 100, not -1."),
        // A format and a file named for another: a workbook is never written into a .csv.
        (["--format", "xlsx", "--output", "/tmp/cpvanity-never-written.csv"],
         "--format xlsx and --output /tmp/cpvanity-never-written.csv disagree: the file is named as csv; name it .xlsx, or drop --format."),
    ])
    func outOfRangeIsAUsageError(_ arguments: [String], _ message: String) throws {
        let result = try run("cpvanity", ["member", "48201", "--base-url", "http://127.0.0.1:9"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("cpvanity: \(message)\n"))
        #expect(result.stdout == "")
    }
}
