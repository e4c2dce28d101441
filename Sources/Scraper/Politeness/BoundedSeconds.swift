/// Seconds from outside (a header, robots.txt, an option) turned into a `Duration`
/// without trapping: a value that is not a finite, non-negative number is refused by
/// `parse`, and anything longer than a day is a day (callers cap far below that).
enum BoundedSeconds {
    static let longest = 86_400.0

    /// A finite, non-negative number of seconds; nil for `inf`, `nan`, negatives and text.
    static func parse(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else { return nil }
        return value
    }

    /// A duration as seconds (for a file or a message: durations here are never long
    /// enough to lose precision).
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    static func duration(_ seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        return .milliseconds(Int64((min(seconds, longest) * 1000).rounded(.up)))
    }
}
