import Foundation

/// Readable axes: "nice" ticks (1, 2 or 5 times a power of ten), numbers as 1.2k or
/// 3.4M, dates as years or months.
public enum ChartScale {
    /// About `count` steps of round numbers, from the last tick at or below `low` to
    /// the first at or above `high`.
    public static func ticks(_ low: Double, _ high: Double, count: Int = 5) -> [Double] {
        guard low.isFinite, high.isFinite, count > 0 else { return [] }
        guard high > low else { return [low] }
        let raw = (high - low) / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        // The round step nearest the raw one, a little under it rather than far over.
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw * 0.75 } ?? 10 * magnitude
        let end = ceil(high / step - 1e-9) * step
        var ticks = [Double]()
        var tick = floor(low / step + 1e-9) * step
        while tick <= end + step * 1e-9 && ticks.count < 50 {
            ticks.append(abs(tick) < step * 1e-9 ? 0 : tick)
            tick += step
        }
        return ticks
    }

    /// `950`, `1.2k`, `34k`, `3.4M`, `1.2G`; two decimals below 10 when not whole.
    public static func label(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let sign = value < 0 ? "-" : ""
        let size = abs(value)
        for (limit, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where size >= limit {
            let scaled = size / limit
            return sign + (scaled < 10 ? trimmed(String(format: "%.1f", scaled)) : String(format: "%.0f", scaled)) + suffix
        }
        if size == size.rounded() { return sign + String(format: "%.0f", size) }
        return sign + trimmed(String(format: size < 10 ? "%.2f" : "%.1f", size))
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Ticks for a time axis: the first day of each year, or of each month when the
    /// span is under two years (at most about `count`, thinned evenly).
    public static func dateTicks(_ start: Date, _ end: Date, count: Int = 6) -> [(date: Date, label: String)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard end > start else {
            return [(start, String(calendar.component(.year, from: start)))]
        }
        let monthly = end.timeIntervalSince(start) < 2 * 365 * 86_400
        var parts = calendar.dateComponents([.year, .month], from: start)
        if !monthly { parts.month = 1 }
        var all = [(date: Date, label: String)]()
        while var date = calendar.date(from: parts), all.count < 2_000 {
            if date < start { date = start }
            if date > end { break }
            let year = calendar.component(.year, from: date), month = calendar.component(.month, from: date)
            if date == calendar.date(from: parts) {
                all.append((date, monthly ? String(format: "%04d-%02d", year, month) : String(year)))
            }
            if monthly { parts.month = (parts.month ?? 1) + 1 } else { parts.year = (parts.year ?? 1970) + 1 }
        }
        guard all.count > count else { return all }
        let stride = Int((Double(all.count) / Double(count)).rounded(.up))
        return all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }
}
