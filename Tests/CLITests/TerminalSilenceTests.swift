import Foundation
import TestSupport
import Testing

/// A person at a terminal is never left in silence for more than about two seconds:
/// `member` of many IDs draws the batch's progress line at once, a request whose
/// server never answers is said while it waits, each second, and a resume says how far
/// it is in writing the members its checkpoint holds.
@Suite struct TerminalSilenceTests {
    @Test func seventyMembersShowTheirProgressAtOnce() throws {
        let server = try FixtureServer(["--latency", "200"])
        let ids = (1...70).map { String(200_000 + $0) }
        let session = try TerminalSession(["member"] + ids + ["--no-store", "--base-url", server.baseURL, "--rate", "0", "--concurrency", "2"],
                                          environment: ["NO_COLOR": "1"])
        defer { _ = session.stop(with: SIGINT) }
        let shown = session.seconds(until: "0/70 · 0 failed", timeout: 10)
        #expect(shown.map { $0 < 2 } == true, "the first progress line came after \(shown ?? -1) s: \(session.screen.debugDescription)")
        let moved = session.seconds(until: "/70 · ", timeout: 10)
        #expect(moved != nil)
    }

    @Test func aServerThatNeverAnswersIsSaidWhileItWaits() throws {
        let silent = try SilentHost()
        let session = try TerminalSession(["member", "48201", "--no-store", "--base-url", silent.baseURL, "--rate", "0", "--ignore-robots"],
                                          environment: ["NO_COLOR": "1"])
        defer { _ = session.stop(with: SIGINT) }
        let host = silent.baseURL.replacingOccurrences(of: "http://", with: "")
        let said = session.seconds(until: "waiting for \(host): no answer for 1 s, try 1 of 4", timeout: 10)
        #expect(said.map { $0 < 3 } == true, "said after \(said ?? -1) s: \(session.screen.debugDescription)")
        #expect(session.seconds(until: "no answer for 3 s, try 1 of 4", timeout: 10) != nil, "\(session.screen.debugDescription)")
    }

    /// A directory with a list of 2,000 IDs and the checkpoint of a batch of them to
    /// `out.csv` that was killed once it held them all, each member's line the one a
    /// real lookup of member 48201 wrote; the directory goes when the test ends.
    struct LongCheckpoint {
        let directory: URL, ids: String, output: String, checkpoint: String
        let server: FixtureServer
        let many = (0..<2_000).map { String(500_000 + $0) }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-resume-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            (ids, output) = (directory.appendingPathComponent("ids.txt").path, directory.appendingPathComponent("out.csv").path)
            checkpoint = directory.appendingPathComponent(".out.csv.cpvanity-checkpoint").path
            server = try FixtureServer(["--latency", "100"])
            // A checkpoint holding member 48201, from a batch killed once it does...
            try (["48201"] + (0..<20).map { String(200_000 + $0) }).joined(separator: "\n").write(toFile: ids, atomically: true, encoding: .utf8)
            let batch = startedCommand(["batch", "--ids", ids, "--output", output, "--base-url", server.baseURL, "--rate", "0", "--concurrency", "1", "--no-store"])
            try batch.run()
            let deadline = Date().addingTimeInterval(30)
            func lines() -> [String] { ((try? String(contentsOfFile: checkpoint, encoding: .utf8)) ?? "").components(separatedBy: "\n") }
            while batch.isRunning && lines().count < 3 && Date() < deadline { usleep(5_000) }
            kill(batch.processIdentifier, SIGKILL)
            batch.waitUntilExit()
            // The killed batch's temporary output goes (the next run that opens the
            // export would remove it): the directory holds the list and the checkpoint.
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name.hasPrefix(".out.csv.cpvanity-tmp-") {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
            }
            try #require(lines().count >= 3)
            let (header, entry) = (lines()[0], lines()[1])
            #expect(entry.contains(#""id":"48201""#))
            // ...made 2,000 members long, each that record under an ID of its own.
            try ([header] + many.map { entry.replacingOccurrences(of: #""48201""#, with: "\"\($0)\"") }).joined(separator: "\n").appending("\n")
                .write(toFile: checkpoint, atomically: true, encoding: .utf8)
            try many.joined(separator: "\n").write(toFile: ids, atomically: true, encoding: .utf8)
        }
    }

    /// A resume first writes the members its checkpoint holds into the output, a
    /// millisecond or more each: it says it is resuming, then how far it is, rather
    /// than nothing for seconds.
    @Test func aLongResumeSaysHowFarItIs() throws {
        let resume = try LongCheckpoint()
        defer { try? FileManager.default.removeItem(at: resume.directory) }
        let (ids, output, checkpoint, server, many) = (resume.ids, resume.output, resume.checkpoint, resume.server, resume.many)
        let session = try TerminalSession(["batch", "--ids", ids, "--output", output, "--resume", "--no-store", "--base-url", server.baseURL],
                                          environment: ["NO_COLOR": "1"])
        let said = session.seconds(until: "members written from the checkpoint", timeout: 30)
        #expect(said.map { $0 < 2 } == true, "said after \(said ?? -1) s: \(session.screen.suffix(300).debugDescription)")
        #expect(session.wait() == 0)
        let screen = session.screen
        // The checkpoint read for its members, said; then how many it holds; then the writing.
        let reading = try #require(screen.range(of: "reading \(checkpoint)…"))
        let resuming = try #require(screen.range(of: "resuming: 2000 of 2000 members are in the checkpoint; 0 to go"))
        #expect(reading.upperBound <= resuming.lowerBound)
        #expect(resuming.upperBound <= (screen.range(of: "members written from the checkpoint")?.lowerBound ?? screen.startIndex))
        #expect(screen.contains("2000 of 2000 members · 2000 ok · 0 failed · 2000 from the checkpoint"))
        // Then the file is finished and put in place (a workbook's sheets zipped into it), said too.
        #expect(screen.contains("writing \(output)…"))
        #expect(try String(contentsOfFile: output, encoding: .utf8).components(separatedBy: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
                == many + [""])
    }

    /// Ctrl-C while a resume reads its checkpoint (which members it holds), or writes
    /// what it holds (nothing is being looked up yet in either): the run ends at once,
    /// says so, and leaves the output as it was (no temporary file) and the
    /// checkpoint's records as they were.
    @Test(arguments: ["reading ", "members written from the checkpoint"])
    func ctrlCWhileAResumeReadsOrWritesTheCheckpointEndsAtOnce(_ said: String) throws {
        let resume = try LongCheckpoint()
        defer { try? FileManager.default.removeItem(at: resume.directory) }
        let before = try String(contentsOfFile: resume.checkpoint, encoding: .utf8).split(separator: "\n")
        let session = try TerminalSession(["batch", "--ids", resume.ids, "--output", resume.output, "--resume", "--no-store",
                                           "--base-url", resume.server.baseURL], environment: ["NO_COLOR": "1"])
        #expect(session.seconds(until: said, timeout: 30) != nil, "\(session.screen.suffix(300).debugDescription)")
        let (seconds, status) = session.stop(with: SIGINT)
        #expect(status == 130)
        #expect(seconds < 2)
        #expect(session.screen.contains("batch interrupted before any member was looked up; \(resume.output) is unchanged, and its checkpoint kept for the next run to resume"),
                "\(session.screen.suffix(300).debugDescription)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: resume.directory.path).sorted() == [".out.csv.cpvanity-checkpoint", "ids.txt"])
        #expect(try String(contentsOfFile: resume.checkpoint, encoding: .utf8).split(separator: "\n") == before)
    }
}
