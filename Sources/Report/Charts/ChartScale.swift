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

    /// Ticks for a time axis, in the unit the span calls for: the first day of each
    /// year, of each month (under two years), each day (under sixty days), each hour
    /// (under two days), each minute (under three hours); at most about `count`,
    /// thinned evenly. A span with no such boundary inside is labelled at its ends.
    public static func dateTicks(_ start: Date, _ end: Date, count: Int = 6) -> [(date: Date, label: String)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard end > start else {
            return [(start, String(calendar.component(.year, from: start)))]
        }
        let span = end.timeIntervalSince(start)
        let unit: TimeUnit = span >= 2 * 365 * 86_400 ? .year : span >= 60 * 86_400 ? .month : span >= 2 * 86_400 ? .day
            : span >= 3 * 3_600 ? .hour : .minute
        var all = [(date: Date, label: String)]()
        var tick = unit.start(of: start, calendar)
        while all.count < 2_000, let next = calendar.date(byAdding: unit.component, value: 1, to: tick) {
            tick = next
            if tick > end { break }
            all.append((tick, unit.label(tick, calendar)))
        }
        // Seconds apart (two lookups in a row): each end to the second, even when a
        // minute turned between them (one "03:27" tick would say nothing of the span).
        if all.isEmpty || span < 120 {
            func exact(_ date: Date) -> String {
                let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
                return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
            }
            all = [(start, exact(start)), (end, exact(end))]
        }
        guard all.count > count else { return all }
        let stride = Int((Double(all.count) / Double(count)).rounded(.up))
        return all.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    private enum TimeUnit {
        case year, month, day, hour, minute

        var component: Calendar.Component {
            switch self {
            case .year: return .year
            case .month: return .month
            case .day: return .day
            case .hour: return .hour
            case .minute: return .minute
            }
        }

        /// The start of the unit `date` falls in.
        func start(of date: Date, _ calendar: Calendar) -> Date {
            let kept: Set<Calendar.Component>
            switch self {
            case .year: kept = [.year]
            case .month: kept = [.year, .month]
            case .day: kept = [.year, .month, .day]
            case .hour: kept = [.year, .month, .day, .hour]
            case .minute: kept = [.year, .month, .day, .hour, .minute]
            }
            return calendar.date(from: calendar.dateComponents(kept, from: date)) ?? date
        }

        /// `2014`, `2014-01`, `2014-01-10`, `09:00`, `09:30`.
        func label(_ date: Date, _ calendar: Calendar) -> String {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            switch self {
            case .year: return String(parts.year ?? 0)
            case .month: return String(format: "%04d-%02d", parts.year ?? 0, parts.month ?? 0)
            case .day: return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            case .hour, .minute: return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
            }
        }
    }
}
