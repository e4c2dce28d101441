import Foundation

/// Charts as SVG text: a time series of several lines, and bars. Accessible (a title
/// and a description, `role="img"`), styled by the page's CSS classes so light and
/// dark modes and print apply, and each series' numbers are also a table (`dataTable`).
public enum SVGChart {
    /// A line's points: a time and a value, nil where the value was unknown (a gap in
    /// the line, never a 0). `hollow` marks points drawn open (archived captures).
    public struct Series: Sendable {
        public let name: String
        public let points: [(time: Date, value: Double?, hollow: Bool)]

        public init(name: String, points: [(time: Date, value: Double?, hollow: Bool)]) {
            self.name = name
            self.points = points
        }
    }

    /// At most this many points per line: longer series keep every k-th point
    /// (k = ⌈n / 300⌉) and always their first and last, so a decade of daily lookups
    /// still draws in a moment.
    public static let mostPoints = 300

    static func thinned<Element>(_ points: [Element]) -> [Element] {
        guard points.count > mostPoints else { return points }
        let step = Int((Double(points.count) / Double(mostPoints)).rounded(.up))
        return points.enumerated().filter { $0.offset % step == 0 || $0.offset == points.count - 1 }.map(\.element)
    }

    static let width = 640.0, height = 240.0
    static let left = 56.0, right = 16.0, top = 16.0, bottom = 36.0

    /// A line chart over time; each line a `series-N` class; its points `circle`s.
    public static func lines(_ series: [Series], id: String, title: String, description: String) -> String {
        let shown = series.map { Series(name: $0.name, points: thinned($0.points)) }
        let times = shown.flatMap { $0.points.map(\.time) }
        let values = shown.flatMap { $0.points.compactMap(\.value) }
        guard let first = times.min(), let last = times.max(), let low = values.min(), let high = values.max() else {
            return ""
        }
        let yTicks = ChartScale.ticks(min(0, low), high == low ? high + 1 : high)
        let yLow = yTicks.first ?? low, yHigh = max(yTicks.last ?? high, high)
        func x(_ time: Date) -> Double {
            last == first ? left + (width - left - right) / 2
                : left + (time.timeIntervalSince(first) / last.timeIntervalSince(first)) * (width - left - right)
        }
        func y(_ value: Double) -> Double {
            yHigh == yLow ? top + (height - top - bottom) / 2 : top + (1 - (value - yLow) / (yHigh - yLow)) * (height - top - bottom)
        }
        var body = axes(yTicks: yTicks.map { ($0, y($0)) }, xTicks: ChartScale.dateTicks(first, last).map { ($0.label, x($0.date)) })
        for (index, line) in shown.enumerated() {
            body += "<g class=\"series series-\(index % 8)\" data-series=\"\(HTMLEscaping.attribute(line.name))\">"
            // A gap where a value is unknown: the path lifts its pen.
            var path = "", penDown = false
            for point in line.points {
                guard let value = point.value else { penDown = false; continue }
                path += (penDown ? "L" : "M") + coordinate(x(point.time), y(value))
                penDown = true
            }
            if !path.isEmpty { body += "<path d=\"\(path)\"/>" }
            for point in line.points {
                guard let value = point.value else { continue }
                // The exact numbers are in the table beside each chart; a tooltip per point
                // would double the page for a decade of monthly points.
                body += "<circle cx=\"\(Int(x(point.time).rounded()))\" cy=\"\(Int(y(value).rounded()))\" r=\"3\"\(point.hollow ? " class=\"hollow\"" : "")/>"
            }
            body += "</g>"
        }
        return svg(id: id, title: title, description: description, body: body)
    }

    /// Bars with their labels under them (at most `mostPoints`).
    public static func bars(_ bars: [(label: String, value: Double?)], id: String, title: String, description: String) -> String {
        let shown = Array(bars.prefix(mostPoints))
        let values = shown.compactMap(\.value)
        guard !shown.isEmpty, let high = values.max() else { return "" }
        let yTicks = ChartScale.ticks(0, high > 0 ? high : 1)
        let yHigh = max(yTicks.last ?? high, high, 1)
        let slot = (width - left - right) / Double(shown.count)
        func y(_ value: Double) -> Double { top + (1 - value / yHigh) * (height - top - bottom) }
        let every = max(1, Int((Double(shown.count) / 12).rounded(.up)))
        var body = axes(yTicks: yTicks.map { ($0, y($0)) }, xTicks: shown.enumerated().filter { $0.offset % every == 0 }.map {
            (String($0.element.label.prefix(12)), left + slot * (Double($0.offset) + 0.5))
        })
        body += "<g class=\"series series-0\">"
        for (index, bar) in shown.enumerated() {
            guard let value = bar.value else { continue }
            body += "<rect x=\"\(number(left + slot * Double(index) + slot * 0.15))\" y=\"\(number(y(value)))\" width=\"\(number(slot * 0.7))\" "
                + "height=\"\(number(max(0, height - bottom - y(value))))\"><title>\(HTMLEscaping.text(bar.label)): \(ChartScale.label(value))</title></rect>"
        }
        return svg(id: id, title: title, description: description, body: body + "</g>")
    }

    private static func axes(yTicks: [(Double, Double)], xTicks: [(String, Double)]) -> String {
        var out = "<g class=\"axis\">"
        for (value, y) in yTicks {
            out += "<line x1=\"\(number(left))\" x2=\"\(number(width - right))\" y1=\"\(number(y))\" y2=\"\(number(y))\" class=\"grid\"/>"
            out += "<text x=\"\(number(left - 6))\" y=\"\(number(y + 4))\" text-anchor=\"end\">\(ChartScale.label(value))</text>"
        }
        for (label, x) in xTicks {
            out += "<text x=\"\(number(x))\" y=\"\(number(height - bottom + 16))\" text-anchor=\"middle\">\(HTMLEscaping.text(label))</text>"
        }
        return out + "</g>"
    }

    private static func svg(id: String, title: String, description: String, body: String) -> String {
        "<svg class=\"chart\" id=\"\(id)\" viewBox=\"0 0 \(number(width)) \(number(height))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
            + "<title id=\"\(id)-title\">\(HTMLEscaping.text(title))</title><desc id=\"\(id)-desc\">\(HTMLEscaping.text(description))</desc>"
            + body + "</svg>"
    }

    /// Whole units: a 640-unit-wide chart needs no finer, and a decade of monthly points
    /// for eight lines is thousands of them.
    private static func coordinate(_ x: Double, _ y: Double) -> String { "\(Int(x.rounded())),\(Int(y.rounded()))" }

    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Text and attribute values made safe for HTML.
public enum HTMLEscaping {
    public static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                // Control characters from pages are shown, not obeyed.
                if character.value < 0x20 && character != "\n" && character != "\t" || (0x7F...0x9F).contains(character.value) {
                    out += "&#\(character.value);"
                } else {
                    out.unicodeScalars.append(character)
                }
            }
        }
        return out
    }

    public static func attribute(_ text: String) -> String { self.text(text) }
}
