import App
import ArgumentParser

/// The command line's words for what stopped a command: the application says what
/// happened, in its own terms; this adds which option changes it. The only place
/// that names flags for errors found below the command line.
enum ErrorAdvice {
    /// What to say for `error` and the status to exit with; nil for ArgumentParser's own.
    static func message(for error: any Error) -> (text: String?, status: Int32)? {
        switch error {
        case let status as ExitStatus: return (nil, status.code)
        case let stop as Interrupted:
            // A plain rerun is refused (the checkpoint is there): the way on is named.
            if stop.resumable { Diagnostics.info("hint: continue it with the same command and --resume") }
            return (nil, stop.status.code)
        case let error as AppError: return (words(error), error.status.code)
        // The output could not be written (a full disk, /dev/full): said as it is, status 2 as when it cannot be opened.
        case let error as ExportError: return (error.description, ExitStatus.badInput.code)
        case let error as PackLookupError: return (words(error), ExitStatus.badInput.code)
        case let error as PackLoadError: return (error.description, ExitStatus.badInput.code)
        case let error as SettingsError: return (error.description, ExitStatus.badInput.code)
        // Output that could not be written: one status however it was named (`>` or --output).
        case let error as OutputWriteError: return (error.description, ExitStatus.badInput.code)
        default: return nil
        }
    }

    /// Ends a run: a hint for each kind of failure its members met, then its status.
    static func finish(_ outcome: RunOutcome) throws {
        for kind in MemberFailureKind.allCases where outcome.failures.contains(kind) {
            if let hint = hint(kind, outcome: outcome) { Diagnostics.info("hint: \(hint)") }
        }
        if outcome.historyUnavailable { Diagnostics.info("hint: give --db another file for the history, or --no-store") }
        if let status = outcome.status { throw status }
    }

    private static func hint(_ kind: MemberFailureKind, outcome: RunOutcome) -> String? {
        switch kind {
        case .robots: return "robots.txt keeps cpvanity out of some pages; --ignore-robots fetches them anyway (where you may)"
        case .timeout: return "--timeout and --connect-timeout raise the limits"
        // A site that has closed lives on in web archives.
        case .network: return "check the network connection, or the host in --base-url; if the site has closed, --as-of DATE reads its pages from a web archive"
        case .archive:
            // Each setting named only where it answers what went wrong.
            return (["another archive (--archive) may have the pages"]
                + (outcome.archiveCauses.contains(.busy) ? ["--archive-rate asks more slowly"] : [])
                + (outcome.archiveCauses.contains(.skew) ? ["--max-skew allows pages captured further apart"] : [])).joined(separator: "; ")
        case .notFound, .http, .extraction, .unreadable, .notLookedUp: return nil
        }
    }

    private static func words(_ error: AppError) -> String {
        switch error {
        case .noMembers(let command):
            return "\(error): give member IDs (cpvanity \(command) <id>...), or track members to use by default (cpvanity track add <id>...)"
        case .noIDInput: return "give a file of member IDs (cpvanity batch members.txt), or pipe them in (one per line)"
        case .unreadableFile(let role, let path, let reason): return "cannot read \(option(role).map { "\($0) " } ?? "")\(path): \(reason)"
        case .unusableDirectory(let role, let path, let reason): return "\(option(role)) \(path): \(reason)"
        case .archiveIndexMissing(let index, _, _, let other): return "--archive-index \(index): \(error), or use --archive-index \(other)"
        case .history(let error): return words(error)
        case .export(.inUse): return "\(error): wait for it to finish, or give --output another file"
        case .checkpointExists: return "\(error): add --resume to continue it, or delete it to start over"
        case .checkpointMismatch(_, let reasons) where reasons.isEmpty: return "\(error); delete it to start the export over"
        case .checkpointMismatch: return "\(error); run with the same pack, or delete it to start over"
        case .binaryOnTerminal(let format): return "\(error): write it to a file with --output members.\(format)"
        case .feedChoice(.categoryNeeded): return "\(error) (--category NAME)"
        case .feedChoice(.noCategories): return "\(error): drop --category"
        case .unknownNames(_, let kind, _): return "--\(kind): \(error)"
        case .unnamedPage: return "\(error), or give its source with --source"
        case .fixtures(_, bundled: true): return "\(error): put them there, or point at them with --fixtures DIR"
        case .noPageAddress(let hasID): return "\(error): give it with --url\(hasID ? "" : ", or give --id to find it in the page's canonical link")"
        default: return error.description
        }
    }

    private static func words(_ error: HistoryError) -> String {
        switch error {
        case .notADatabase: return "\(error). Point --db (or CPVANITY_DB) at another file, or move it aside (lookups also take --no-store)"
        case .foreignDatabase: return "\(error). Point --db (or CPVANITY_DB) at a new file (lookups also take --no-store)"
        case .newerSchema: return "\(error), or use another --db"
        case .locked: return "\(error), or give --db another file (lookups also take --no-store)"
        case .cannotOpen: return "\(error). Use --db to put it elsewhere (lookups also take --no-store)"
        case .missing: return "\(error) (or point --db at the history)"
        case .olderSchema, .failed: return error.description
        }
    }

    private static func words(_ error: PackLookupError) -> String {
        switch error {
        case .noPackDirectory: return "\(error)\npoint at them with --patterns DIR or CPVANITY_PATTERNS=DIR"
        case .unknownSite(let site, let directory, let available):
            return "no site pack named '\(site)' in \(directory)\(NameGuess.hint([site], in: available)); available: \(available.isEmpty ? "none" : available.joined(separator: ", "))"
        case .unreadable: return error.description
        case .sameSite: return "\(error), or name its file with --pack FILE"
        case .unusablePackFile(_, let problem):
            switch problem {
            case .missing: return error.description
            case .directory: return "\(error); --pack takes one pack's file, --patterns a directory of packs"
            case .otherSite: return "\(error); give --site or --pack, not both"
            }
        }
    }

    private static func option(_ role: AppError.FileRole) -> String? {
        switch role {
        case .ids: return nil  // the file is given as FILE or --ids FILE
        case .feed: return "--file"
        case .page: return nil
        }
    }

    private static func option(_ role: AppError.DirectoryRole) -> String {
        switch role {
        case .savePages: return "--save-pages"
        case .cache: return "--cache"
        case .output: return "--output"
        case .summary: return "--summary"
        }
    }
}
