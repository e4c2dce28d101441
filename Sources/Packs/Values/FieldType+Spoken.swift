import PageText

extension FieldType {
    /// A value as people read it, where that differs from how data keeps it: a
    /// `duration`'s `P13Y7M` (JSON, CSV) is "13 years, 7 months" in tables and reports.
    /// Any other value, and text that is no span, unchanged.
    public func spoken(_ value: FieldValue) -> FieldValue {
        guard self == .duration, case .text(let iso) = value, let span = RelativeTime.Span(iso: iso) else { return value }
        return .text(span.words)
    }
}
