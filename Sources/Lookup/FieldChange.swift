import Foundation
import Packs

/// How one value differs from the last time the member was looked up: what the
/// history (Store) finds, carried on the record (`MemberRecord.changes`) for the reports.
public struct FieldChange: Sendable, Equatable, Codable {
    public let previous: FieldValue
    /// When the previous value was last seen.
    public let seenAt: Date
    /// current − previous, for numbers; nil otherwise.
    public let delta: Decimal?

    public init(previous: FieldValue, seenAt: Date, delta: Decimal?) {
        self.previous = previous
        self.seenAt = seenAt
        self.delta = delta
    }

    public init(from previous: FieldValue, to current: FieldValue, seenAt: Date) {
        self.previous = previous
        self.seenAt = seenAt
        switch (previous, current) {
        case let (.int(a), .int(b)): delta = Decimal(b) - Decimal(a)
        case let (.decimal(a), .decimal(b)): delta = b - a
        case let (.int(a), .decimal(b)): delta = b - Decimal(a)
        case let (.decimal(a), .int(b)): delta = Decimal(b) - a
        default: delta = nil
        }
    }
}
