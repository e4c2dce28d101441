import Foundation
import TestSupport
import Testing

/// Hacker News is one TOML file (patterns/hackernews.toml) and its fixture pages,
/// modelled on the site's own user page: the replica serves them at `user?id=NAME`.
@Suite struct HackerNewsPackTests {
    @Test func theBundledFixturesPass() throws {
        let result = try run("cpvanity", ["patterns", "check", "--site", "hackernews"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\nPASS: 40 ok over 4 fixtures\n"), "\(result.stdout)")
    }

    /// A page seen while logged in names another user, with their karma, in its top bar:
    /// the record is the profile's owner's.
    @Test func membersFromTheReplicaAreTheProfilesOwners() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["member", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                          "--columns", "id,user,created,karma,about", "ada_l", "bo_s", "old_timer", "nobody_here"])
        #expect(result.status == 1)  // nobody_here is no user
        let lines = result.stdout.components(separatedBy: "\r\n")
        #expect(lines[0] == "id,user,created,karma,about")
        #expect(lines[1] == "ada_l,ada_l,2011-03-04,12408,Writes compilers at night. Mail: ada at example.org Talks: example.org/talks")
        #expect(lines[2] == "bo_s,bo_s,2023-01-02,87,")
        #expect(lines[3] == "old_timer,old_timer,2006-10-09,1204,Since the beginning.")
        #expect(lines[4] == "nobody_here,,,,")
        #expect(result.stderr.contains("member nobody_here: not_found"), "\(result.stderr)")
    }

    /// Submissions run over pages the site does not number (the "More" link's
    /// `next=<item id>`): the replica serves the page each link names, and the record's
    /// rows and statistics are both pages'.
    @Test func submissionsOverPagesWithTheirPoints() throws {
        let server = try FixtureServer(["--site", "hackernews"], root: repositoryRoot.appendingPathComponent("Fixtures/hackernews").path)
        defer { server.stop() }
        let result = try run("cpvanity", ["rows", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                          "--columns", "id,title,points,posted", "ada_l"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.components(separatedBy: "\r\n") == [
            "id,title,points,posted",
            "ada_l,A register allocator in 400 lines,287,2024-07-22",
            "ada_l,Show HN: Tidepool – tide tables from harmonic constants,1204,2024-03-25",
            "ada_l,Ask HN: What do you read to learn compilers?,56,2024-01-02",
            "ada_l,Why my parser was slow,3,2023-03-02",
            "ada_l,\"Lexers, by hand\",1,2021-10-18",
            "",
        ])
        let stats = try run("cpvanity", ["member", "--site", "hackernews", "--base-url", server.baseURL, "--format", "csv",
                                         "--columns", "id,stats.submissions_listed,stats.total_points,stats.top_submission.title", "ada_l", "bo_s"])
        #expect(stats.stdout.components(separatedBy: "\r\n").dropFirst().first == "ada_l,5,1551,Show HN: Tidepool – tide tables from harmonic constants")
        // No submissions is a list the page shows empty: none, and 0 points.
        #expect(stats.stdout.components(separatedBy: "\r\n").dropFirst(2).first == "bo_s,0,0,")
    }
}
