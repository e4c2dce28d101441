import Feeds
import Foundation
import Packs
import Report
import Store

/// What stopped a command, said without the command line's words: the command line
/// alone knows which flag changes each, and adds that (`ErrorAdvice`).
public enum AppError: Error, Sendable, CustomStringConvertible {
    /// The IDs are not the site's member IDs (`requirement` says what one must be).
    case invalidIDs([String], site: String, requirement: String)
    /// A list of IDs with none in it.
    case noIDs(source: String)
    /// No list of IDs was given, and standard input is a terminal.
    case noIDInput
    /// A command that defaults to the tracked members was given no IDs, and none are tracked.
    case noMembers(command: String)
    case unreadableFile(FileRole, path: String, reason: String)
    /// A directory to write in that cannot be made or is a file.
    case unusableDirectory(DirectoryRole, path: String, reason: String)
    /// The archive listing asked for is not one the pack declares.
    case archiveIndexMissing(index: String, pack: String, file: String, other: String)
    case history(StoreError)
    /// An interrupted export left its checkpoint beside the output.
    case checkpointExists(path: String)
    /// The checkpoint beside the output is for another export.
    case checkpointMismatch(path: String, reasons: [String])
    case export(ExportError)
    case cannotWrite(path: String, reason: String)
    /// A format whose bytes are for a file (a workbook) asked for on a terminal.
    case binaryOnTerminal(format: String)
    /// The feed or category asked for is not the pack's.
    case feedChoice(FeedLookupError)
    /// A page or feed the command fetched did not come.
    case fetchFailed(url: String, reason: String)
    /// Names (fields, keys, columns) the pack has none of; `kind` says which.
    case unknownNames([String], kind: String, available: [String])
    /// A feed that could not be read (too large, not a feed).
    case feed(FeedError)
    /// A list of IDs that could not be read.
    case idList(IDListError)
    /// A setting from the config or the environment that is not valid (`source` says where).
    case badSetting(source: String, message: String)
    /// Learning a pack needs the address of the member's page, and none was given or found.
    case noPageAddress(hasID: Bool)
    /// The pack declares no collection, so members have no rows.
    case noCollection(pack: String)
    /// A source the pack does not have.
    case unknownSource(pack: String, source: String, available: [String])
    /// A saved page whose name does not say which source it is.
    case unnamedPage(file: String, available: [String])
    /// Saved pages to check that could not be read.
    /// Saved pages to check a pack on that cannot be read; `bundled`: the pack's own place for them.
    case fixtures(String, bundled: Bool)

    /// Files a user names.
    public enum FileRole: Sendable {
        case ids, feed, page
    }

    /// Directories cpvanity writes in.
    public enum DirectoryRole: Sendable {
        case savePages, cache, output, summary
    }

    public var description: String {
        switch self {
        case .invalidIDs(let ids, let site, let requirement):
            let list = ids.map { "'\($0)'" }.joined(separator: ", ")
            return "\(list) \(ids.count == 1 ? "is not a" : "are not") \(site) member ID\(ids.count == 1 ? "" : "s") (\(requirement)); nothing was fetched"
        case .noIDs(let source): return "no member IDs in \(source)"
        case .noIDInput: return "no member IDs were given, and standard input is a terminal"
        case .noMembers: return "no member IDs were given, and no member is tracked"
        case .unreadableFile(_, let path, let reason): return "cannot read \(path): \(reason)"
        case .unusableDirectory(_, let path, let reason): return "\(path): \(reason)"
        case .archiveIndexMissing(let index, let pack, let file, _):
            return "the \(pack) pack's [archive] has no \(index) endpoint; add one to \(file)"
        case .history(let error): return error.description
        case .checkpointExists(let path): return "an interrupted batch left a checkpoint, \(path)"
        case .checkpointMismatch(let path, let reasons):
            return "the checkpoint \(path) is for a different export (\(reasons.isEmpty ? "written by another version of cpvanity" : reasons.joined(separator: "; ")))"
        case .export(let error): return error.description
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .binaryOnTerminal(let format): return "\(format) is a file format, not one for a terminal"
        case .feedChoice(let error): return error.description
        case .fetchFailed(let url, let reason): return "\(url): \(reason)"
        case .unknownNames(let unknown, let kind, let available):
            return "unknown \(kind)\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", "))\(NameGuess.hint(unknown, in: available)); choose from \(available.joined(separator: ", "))"
        case .feed(let error): return error.description
        case .idList(let error): return error.description
        case .badSetting(let source, let message): return "\(source): \(message)"
        case .noPageAddress(let hasID):
            return "the pack needs the address of a member's page, with {id} where the ID goes (https://example.com/users/{id})"
                + (hasID ? "; the page's canonical link does not hold the ID given" : "")
        case .noCollection(let pack): return "the \(pack) pack declares no collection, so a member has no list of rows"
        case .unknownSource(let pack, let source, let available):
            return "the \(pack) pack has no source '\(source)'; it has \(available.joined(separator: ", "))"
        case .unnamedPage(let file, let available):
            return "cannot tell which source \(file) is; name it <source>-<id>.html (the sources: \(available.joined(separator: ", ")))"
        case .fixtures(let message, _): return message
        }
    }

    /// What `body` gives, its history's error as this one.
    public static func history<T>(_ body: () throws(StoreError) -> T) throws(AppError) -> T {
        do {
            return try body()
        } catch {
            throw .history(error)
        }
    }

    /// The exit status the command ends with.
    public var status: ExitStatus {
        switch self {
        case .invalidIDs, .noIDInput, .noMembers, .unknownNames, .feedChoice: return .usage
        case .fetchFailed: return .partialFailure
        default: return .badInput
        }
    }
}
