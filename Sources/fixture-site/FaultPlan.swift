import ArgumentParser

/// The faults asked for per member ID on the command line.
struct FaultPlan: Sendable {
    enum BodyFault: Sendable, Equatable {
        /// The first `bytes` bytes, or the first half when nil.
        case truncated(bytes: Int?)
        case garbage
        case slow
        /// Headers and a first part of the body, then the connection dropped.
        case reset
    }

    struct StatusFault: Sendable {
        let status: Int
        /// How many requests get it; nil means all.
        let times: Int?
    }

    /// The site changing its markup mid-run: from the `after`th page served on (counting
    /// from 1), every page has `from` replaced by `to`.
    struct MarkupChange: Sendable {
        let from: String
        let to: String
        let after: Int

        /// `bytes` with every `from` replaced, byte for byte: the rest of the page is
        /// served as it was, whatever its charset.
        func applied(to bytes: [UInt8]) -> [UInt8] {
            let from = Array(from.utf8), to = Array(to.utf8)
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                if bytes[index] == from[0], index + from.count <= bytes.count, bytes[index..<index + from.count].elementsEqual(from) {
                    out += to
                    index += from.count
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            return out
        }
    }

    let statuses: [String: StatusFault]
    let bodies: [String: BodyFault]
    let markupChanges: [MarkupChange]
    /// Member ID → where its pages redirect (`{path}` stands for the request's path and query).
    let redirects: [String: String]

    init(statusOn: [String], bodies: [String], markupChanges: [String] = [], redirects: [String] = []) throws {
        var statuses = [String: StatusFault]()
        for item in statusOn {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            let spec = pair.count == 2 ? pair[1].lowercased().split(separator: "x", maxSplits: 1).map(String.init) : []
            guard pair.count == 2, let status = spec.first.flatMap({ Int($0) }), (100...599).contains(status),
                  spec.count == 1 || Int(spec[1]).map({ $0 > 0 }) == true else {
                throw ValidationError("--status-on takes ID=CODE or ID=CODExN (e.g. 48201=503x2), not '\(item)'.")
            }
            statuses[pair[0]] = StatusFault(status: status, times: spec.count == 2 ? Int(spec[1]) : nil)
        }
        var spoiled = [String: BodyFault]()
        for item in bodies {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            let kind = pair.count == 2 ? pair[1].split(separator: ":", maxSplits: 1).map(String.init) : []
            let fault: BodyFault?
            switch kind.first {
            case "truncated" where kind.count == 1: fault = .truncated(bytes: nil)
            case "truncated": fault = Int(kind[1]).flatMap { $0 >= 0 ? .truncated(bytes: $0) : nil }
            case "garbage" where kind.count == 1: fault = .garbage
            case "slow" where kind.count == 1: fault = .slow
            case "reset" where kind.count == 1: fault = .reset
            default: fault = nil
            }
            guard let fault else {
                throw ValidationError("--body takes ID=truncated[:BYTES], ID=garbage, ID=slow or ID=reset, not '\(item)'.")
            }
            spoiled[pair[0]] = fault
        }
        self.statuses = statuses
        self.bodies = spoiled
        var targets = [String: String]()
        for item in redirects {
            let pair = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard pair.count == 2, ["http://", "https://", "/", "{path}"].contains(where: pair[1].hasPrefix) else {
                throw ValidationError("--redirect takes ID=URL, the URL may hold {path} (e.g. 48201=http://127.0.0.1:9000{path}), not '\(item)'.")
            }
            targets[pair[0]] = pair[1]
        }
        self.redirects = targets
        self.markupChanges = try markupChanges.map { markupChange -> MarkupChange in
            let (change, after) = markupChange.lastIndex(of: "@").map { (markupChange[..<$0], Int(markupChange[markupChange.index(after: $0)...])) }
                ?? (markupChange[...], 1)
            let pair = change.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard pair.count == 2, !pair[0].isEmpty, let after, after >= 1 else {
                throw ValidationError("--change-markup takes FROM=TO[@N] (e.g. 'Prof_TotalRep\"=Prof_Total\"@9'), not '\(markupChange)'.")
            }
            return MarkupChange(from: pair[0], to: pair[1], after: after)
        }
    }
}
