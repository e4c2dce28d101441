import Foundation

/// A `fixture-site` process on loopback, started for one test and stopped with it.
public final class FixtureServer: @unchecked Sendable {
    public let baseURL: String
    private let process: Process

    /// Starts `fixture-site --root Fixtures/codeproject` with extra `arguments`.
    public init(_ arguments: [String] = [], root: String = codeprojectFixtures) throws {
        process = Process()
        process.executableURL = builtProduct("fixture-site")
        process.arguments = ["--root", root, "--port", "0"] + arguments
        process.currentDirectoryURL = repositoryRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        // The first line of stdout is the base URL, printed once it listens.
        var line = Data()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            line.append(byte)
        }
        let url = String(decoding: line, as: UTF8.self)
        guard url.hasPrefix("http://127.0.0.1:") else {
            process.terminate()
            throw FixtureServerError.didNotStart(url)
        }
        baseURL = url
    }

    deinit { stop() }

    /// SIGKILL, not SIGTERM: a test that runs a batch in process ignores SIGTERM for
    /// the batch's length (its clean stop), and a replica started meanwhile inherits that.
    public func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// What the server has served so far.
    public func stats() throws -> ServerStats {
        let data = try Data(contentsOf: URL(string: baseURL + "/_fixture/stats")!)
        return try JSONDecoder().decode(ServerStats.self, from: data)
    }
}

public enum FixtureServerError: Error {
    case didNotStart(String)
}

public struct ServerStats: Decodable, Sendable {
    public struct Entry: Decodable, Sendable {
        public let path: String
        public let source: String?
        public let id: String?
        /// Which page of its source; nil for pages of one-page sources served before pages were counted.
        public let page: Int?
        public let start_ms: Double
        public let end_ms: Double?
        public let status: Int?
        public let conditional: Bool
        public let user_agent: String
    }

    public let requests: Int
    public let max_in_flight: Int
    public let statuses: [String: Int]
    public let log: [Entry]

    /// Requests for member pages, robots.txt and the stats endpoints left out.
    public var pages: [Entry] { log.filter { $0.id != nil } }
}
