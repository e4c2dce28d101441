import Logging

/// What the replica says about itself, through swift-log's stream handler (stderr).
enum FixtureSiteLog {
    static let logger: Logger = {
        var logger = Logger(label: "fixture-site", factory: { StreamLogHandler.standardError(label: $0) })
        logger.logLevel = .info
        return logger
    }()
}
