/// One alternative of a group: a pattern and the capture group that holds the value.
public struct SetMember: Sendable {
    public let pattern: any CompiledPattern
    public let group: Int

    public init(pattern: any CompiledPattern, group: Int) {
        self.pattern = pattern
        self.group = group
    }
}

/// What a group's alternatives found in a region: the first alternative (in order)
/// with a match, or the first that failed before any did.
public enum GroupAnswer: Sendable, Equatable {
    /// No alternative matched (or the one that matched left its group unset).
    case none
    case found(alternative: Int, range: Range<Int>)
    case failed(alternative: Int, MatchFailure)
}

/// Groups of alternative patterns searched in the same region, each group for its
/// first matching alternative: the fields of one row. Asking for all of them at once
/// lets an engine pass over the region once instead of once per pattern.
public protocol PatternSet: Sendable {
    var groups: [[SetMember]] { get }
    /// One answer per group, in the groups' order, written over `answers` (which a
    /// caller going through many rows keeps, so its storage is reused).
    func answers(in subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, into answers: inout [GroupAnswer])
}

extension PatternSet {
    /// The answer one group gets by trying its alternatives in order, each searching the
    /// whole region: what every engine can do.
    func searchGroup(_ group: Int, in subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) -> GroupAnswer {
        for alternative in groups[group].indices {
            let answer = searchAlternative(alternative, of: group, in: subject, scratch: scratch)
            if answer != .none { return answer }
        }
        return .none
    }

    /// One alternative's first match in the whole region, as a group's answer.
    func searchAlternative(_ alternative: Int, of group: Int, in subject: UnsafeBufferPointer<UInt8>,
                           scratch: MatchScratch) -> GroupAnswer {
        let member = groups[group][alternative]
        do throws(MatchFailure) {
            guard let range = try member.pattern.firstRange(of: member.group, in: subject, from: 0, scratch: scratch) else { return .none }
            return .found(alternative: alternative, range: range)
        } catch {
            return .failed(alternative: alternative, error)
        }
    }
}

/// Each alternative searches the region on its own, as a plain regex library is used.
public struct SequentialPatternSet: PatternSet {
    public let groups: [[SetMember]]

    public init(groups: [[SetMember]]) { self.groups = groups }

    public func answers(in subject: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, into answers: inout [GroupAnswer]) {
        answers.removeAll(keepingCapacity: true)
        for group in groups.indices { answers.append(searchGroup(group, in: subject, scratch: scratch)) }
    }
}
