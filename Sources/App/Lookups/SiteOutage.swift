import Lookup

/// Tells a site (or a web archive) that is down for the whole run from a member whose
/// pages failed: so many members in a row got no answer at all from the server itself
/// (no connection, no name, a timeout) that the rest would only wait out their retries
/// to fail the same way. Against a dead host a batch of 500 would otherwise say 500
/// identical lines and take minutes (hours, with connect timeouts and an archive's pace).
/// A member whose page redirected to a dead host got an answer: the site's redirect.
struct SiteOutage {
    /// Members in a row with no answer before the rest are left unrequested.
    static let threshold = 10

    /// Unanswered members in a row; once the site is found down, only the unanswered
    /// members still in flight are added (an answer among them takes no stop back).
    private(set) var inARow = 0
    /// The last unanswered member's cause, as its record says it.
    private(set) var cause = ""
    private(set) var isDown = false

    /// Counts `record`; true at the record that shows the site down.
    mutating func observe(_ record: MemberRecord) -> Bool {
        observe(unanswered: SiteOutage.unanswered(record) ? record.errors.first : nil)
    }

    /// Counts a member whose first error is `unanswered` (nil: the member got an
    /// answer); true at the member that shows the server down.
    mutating func observe(unanswered error: MemberError?) -> Bool {
        guard let error else {
            if !isDown { inARow = 0 }
            return false
        }
        inARow += 1
        cause = error.message
        guard !isDown, inARow == SiteOutage.threshold else { return false }
        isDown = true
        return true
    }

    /// No page of the member got an answer, from the site or the archive.
    static func unanswered(_ record: MemberRecord) -> Bool {
        record.failed && record.errors.allSatisfy(\.noAnswer)
    }

    /// Why a member left unrequested was not looked up, in its record.
    var notLookedUp: String {
        "no answer to the \(inARow) members looked up before it (\(cause))"
    }

    /// A member left unrequested: the one line said at the stop speaks for it.
    static func wasLeft(_ record: MemberRecord) -> Bool {
        record.failed && record.errors.contains { $0.kind == .notLookedUp }
    }

    /// The one line said when the run stops starting members.
    func stopping(left: Int) -> String {
        "stopped starting lookups: \(inARow) members in a row got no answer (\(cause)); "
            + "the \(left == 1 ? "member" : "\(left) members") left \(left == 1 ? "is" : "are") recorded as not looked up; run again when it is back"
    }
}
