import Lookup

/// Tells a site that is down for the whole run from a member whose pages failed: so
/// many members in a row got no answer at all (no connection, no name, a timeout) that
/// the rest would only wait out their retries to fail the same way. Against a dead
/// host a batch of 500 would otherwise say 500 identical lines and take minutes.
struct SiteOutage {
    /// Members in a row with no answer from the site before the rest are left unrequested.
    static let threshold = 10

    private(set) var inARow = 0
    /// The last unanswered member's cause, as its record says it.
    private(set) var cause = ""

    var isDown: Bool { inARow >= SiteOutage.threshold }

    /// Counts `record`; true at the record that shows the site down.
    mutating func observe(_ record: MemberRecord) -> Bool {
        guard SiteOutage.unanswered(record) else {
            inARow = 0
            return false
        }
        inARow += 1
        cause = record.errors.first?.message ?? cause
        return inARow == SiteOutage.threshold
    }

    /// No page of the member got an answer: every error is a transport failure.
    static func unanswered(_ record: MemberRecord) -> Bool {
        record.failed && record.errors.allSatisfy { ($0.kind == .network || $0.kind == .timeout) && $0.status == nil }
    }

    /// What a member left unrequested has in its record.
    var notLookedUp: String {
        SiteOutage.notLookedUpPrefix + "the site gave no answer to the \(inARow) members looked up before it (\(cause))"
    }

    private static let notLookedUpPrefix = "not looked up: "

    /// A member left unrequested: the one line said at the stop speaks for it.
    static func wasLeft(_ record: MemberRecord) -> Bool {
        record.failed && record.errors.allSatisfy { $0.message.hasPrefix(notLookedUpPrefix) }
    }

    /// The one line said when the run stops starting members.
    func stopping(left: Int) -> String {
        "stopped starting lookups: \(inARow) members in a row got no answer from the site (\(cause)); "
            + "the \(left == 1 ? "member" : "\(left) members") left \(left == 1 ? "is" : "are") recorded as failed without a request; run again when the site is back"
    }
}
