import Foundation
@testable import Files
import Synchronization
import Testing

/// Where a write to a path lands: where the path points, as a shell's `>` writes.
@Suite struct WritePlaceTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("write-place-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/a", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/b", withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { directory + "/" + name }

    @Test func linksAreFollowedToTheFileTheyName() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "old".write(toFile: path("b/real.csv"), atomically: false, encoding: .utf8)
        // A relative link is read against its own directory; a chain of links to the end.
        try FileManager.default.createSymbolicLink(atPath: path("a/link.csv"), withDestinationPath: "../b/real.csv")
        try FileManager.default.createSymbolicLink(atPath: path("chain.csv"), withDestinationPath: path("a/link.csv"))
        #expect(try WritePlace.of(path("chain.csv")) == .file(path("a/../b/real.csv")))
        // A dangling link: the file is made where it points, as `>` makes it.
        try FileManager.default.createSymbolicLink(atPath: path("dangling.csv"), withDestinationPath: "b/new.csv")
        #expect(try WritePlace.of(path("dangling.csv")) == .file(path("b/new.csv")))
        #expect(try WritePlace.of(path("none-yet.csv")) == .file(path("none-yet.csv")))
        // Replaced through the link: the link stays a link, the file it names is new.
        #expect(AtomicReplacement.replace(path("chain.csv"), with: Array("new".utf8)) == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("a/link.csv")) == "../b/real.csv")
        #expect(try String(contentsOfFile: path("b/real.csv"), encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("b")) == ["real.csv"])
    }

    @Test func aLinkLoopAndADirectoryAreRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: path("x"), withDestinationPath: "y")
        try FileManager.default.createSymbolicLink(atPath: path("y"), withDestinationPath: "x")
        #expect(throws: WritePlace.Failure(reason: "Too many levels of symbolic links")) { try WritePlace.of(path("x")) }
        #expect(throws: WritePlace.Failure(reason: "Is a directory")) { try WritePlace.of(path("a")) }
        #expect(AtomicReplacement.replace(path("a"), with: []) == "Is a directory")
    }

    @Test func streamsAndDescriptorsAreWrittenStraightInto() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(path("fifo"), 0o600) == 0)
        #expect(try WritePlace.of(path("fifo")) == .stream(path("fifo")))
        #expect(try WritePlace.of("/dev/null") == .stream("/dev/null"))
        #expect(try WritePlace.of("/dev/stdout") == .descriptor(1))
        #expect(try WritePlace.of("/dev/stderr") == .descriptor(2))
        #expect(try WritePlace.of("/dev/fd/7") == .descriptor(7))
        #expect(try WritePlace.of("/proc/self/fd/3") == .descriptor(3))
        try FileManager.default.createSymbolicLink(atPath: path("out"), withDestinationPath: "/dev/stdout")
        #expect(try WritePlace.of(path("out")) == .descriptor(1))
        // A FIFO's reader gets the bytes; the FIFO stays a FIFO.
        let box = Mutex<Data?>(nil)
        let fifo = path("fifo")
        let read = Thread {
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data()
            box.withLock { $0 = data }
        }
        read.start()
        do {
            // Closed as it goes: the reader sees the end.
            let writer = try AtomicReplacement(replacing: path("fifo"))
            #expect(writer.isStream)
            try Array("through the pipe".utf8).withUnsafeBytes { try writer.write($0) }
            try writer.commit()
        }
        let deadline = Date().addingTimeInterval(10)
        while box.withLock({ $0 }) == nil && Date() < deadline { usleep(10_000) }
        #expect(box.withLock { $0 } == Data("through the pipe".utf8))
        var status = stat()
        #expect(lstat(path("fifo"), &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
        // A device that refuses the bytes is a failure in the system's words, and stays a device.
        #expect(AtomicReplacement.replace("/dev/full", with: Array("x".utf8)) == "No space left on device")
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "secret".write(toFile: path("private.csv"), atomically: false, encoding: .utf8)
        #expect(chmod(path("private.csv"), 0o600) == 0)
        #expect(AtomicReplacement.replace(path("private.csv"), with: Array("still secret".utf8)) == nil)
        var status = stat()
        #expect(stat(path("private.csv"), &status) == 0 && status.st_mode & 0o777 == 0o600)
    }
}
