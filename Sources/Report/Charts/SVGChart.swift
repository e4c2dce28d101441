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

    /// A chart's frame in SVG units. The page draws a chart at about its own width
    /// (`max-width` in the style sheet), so 11-unit text reads as 11 px: a small chart
    /// is drawn small, not scaled down.
    public struct Frame: Sendable {
        let width, height, left, right, top, bottom: Double
        /// How much wider than its units a wide window may draw it.
        var growth = 1.0

        /// The main chart over time: it takes a wide window's room.
        public static let wide = Frame(width: 640, height: 240, left: 56, right: 16, top: 16, bottom: 36, growth: 1.5)
        /// Small multiples, side by side.
        public static let small = Frame(width: 320, height: 180, left: 48, right: 12, top: 12, bottom: 30)
        /// A wide chart redrawn for a phone: scaling the wide one down to 400 px would
        /// shrink its text to 7 px, so the page shows this twin instead below 560 px.
        static let narrow = Frame(width: 400, height: 220, left: 48, right: 12, top: 14, bottom: 32)

        var isWide: Bool { width >= 600 }
    }

    /// Which of a wide chart's two drawings an SVG is (`wide` or `narrow`: the style
    /// sheet shows one by the window's width), or a chart drawn once.
    enum Drawing: String {
        case only = "", wide = " wide", narrow = " narrow"
    }

    /// A wide frame drawn twice, at its width and as its narrow twin (id `…-narrow`);
    /// any other once.
    static func drawn(_ frame: Frame, id: String, _ draw: (Frame, String, Drawing) -> String) -> String {
        guard frame.isWide else { return draw(frame, id, .only) }
        return draw(frame, id, .wide) + draw(.narrow, id + "-narrow", .narrow)
    }

    /// A line chart over time; each line a `series-N` class; its points `circle`s.
    public static func lines(_ series: [Series], id: String, title: String, description: String, frame: Frame = .wide) -> String {
        drawn(frame, id: id) { frame, id, drawing in lines(series, id: id, title: title, description: description, frame: frame, drawing: drawing) }
    }

    private static func lines(_ series: [Series], id: String, title: String, description: String, frame: Frame, drawing: Drawing) -> String {
        let shown = series.map { Series(name: $0.name, points: thinned($0.points)) }
        let times = shown.flatMap { $0.points.map(\.time) }
        let values = shown.flatMap { $0.points.compactMap(\.value) }
        guard let first = times.min(), let last = times.max(), let low = values.min(), let high = values.max() else {
            return ""
        }
        let yTicks = ChartScale.ticks(min(0, low), high == low ? high + 1 : high, count: frame.height < 200 ? 3 : 5)
        let yLow = yTicks.first ?? low, yHigh = max(yTicks.last ?? high, high)
        func x(_ time: Date) -> Double {
            last == first ? frame.left + (frame.width - frame.left - frame.right) / 2
                : frame.left + (time.timeIntervalSince(first) / last.timeIntervalSince(first)) * (frame.width - frame.left - frame.right)
        }
        func y(_ value: Double) -> Double {
            yHigh == yLow ? frame.top + (frame.height - frame.top - frame.bottom) / 2
                : frame.top + (1 - (value - yLow) / (yHigh - yLow)) * (frame.height - frame.top - frame.bottom)
        }
        // About one date label per 80 units, so labels never run into each other.
        let dates = ChartScale.dateTicks(first, last, count: max(2, Int((frame.width - frame.left - frame.right) / 80)))
        var body = axes(frame, yTicks: yTicks.map { ($0, y($0)) }, xTicks: dates.map { ($0.label, x($0.date)) })
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
        return svg(frame, drawing, id: id, title: title, description: description, body: body)
    }

    /// Bars up from a time-like axis (a count per year), their labels under them,
    /// every k-th where they would crowd.
    public static func bars(_ bars: [(label: String, value: Double?)], id: String, title: String, description: String) -> String {
        drawn(Frame(width: 640, height: 240, left: 56, right: 16, top: 16, bottom: 36), id: id) { frame, id, drawing in
            self.bars(bars, id: id, title: title, description: description, frame: frame, drawing: drawing)
        }
    }

    private static func bars(_ bars: [(label: String, value: Double?)], id: String, title: String, description: String,
                             frame: Frame, drawing: Drawing) -> String {
        let shown = Array(bars.prefix(mostPoints))
        let values = shown.compactMap(\.value)
        guard !shown.isEmpty, let high = values.max() else { return "" }
        // Counts (articles a year) have no half steps: 0, 1, 2, 3, not 0, 0.5, 1, ...
        let whole = values.allSatisfy { $0 == $0.rounded() }
        let yTicks = ChartScale.ticks(0, high > 0 ? high : 1).filter { !whole || $0 == $0.rounded() }
        let yHigh = max(yTicks.last ?? high, high, 1)
        let slot = (frame.width - frame.left - frame.right) / Double(shown.count)
        func y(_ value: Double) -> Double { frame.top + (1 - value / yHigh) * (frame.height - frame.top - frame.bottom) }
        // A label takes about 7 units a character: every k-th, so that they never touch.
        let widest = Double(shown.map(\.label.count).max() ?? 1) * 7 + 8
        let every = max(1, Int((widest / slot).rounded(.up)))
        var body = axes(frame, yTicks: yTicks.map { ($0, y($0)) }, xTicks: shown.enumerated().filter { $0.offset % every == 0 }.map {
            ($0.element.label, frame.left + slot * (Double($0.offset) + 0.5))
        })
        body += "<g class=\"series series-0\">"
        for (index, bar) in shown.enumerated() {
            guard let value = bar.value else { continue }
            body += "<rect x=\"\(number(frame.left + slot * Double(index) + slot * 0.15))\" y=\"\(number(y(value)))\" width=\"\(number(slot * 0.7))\" "
                + "height=\"\(number(max(0, frame.height - frame.bottom - y(value))))\"><title>\(HTMLEscaping.text(bar.label)): \(ChartScale.label(value))</title></rect>"
        }
        return svg(frame, drawing, id: id, title: title, description: description, body: body + "</g>")
    }

    /// One bar a row, across, each labelled with its whole name (cut with … only past 48
    /// characters, 20 on a phone, the whole in its tooltip) and its value at its end.
    public static func horizontalBars(_ bars: [(label: String, value: Double)], id: String, title: String, description: String) -> String {
        drawn(Frame(width: 640, height: 0, left: 0, right: 0, top: 0, bottom: 0), id: id) { frame, id, drawing in
            horizontalBars(bars, id: id, title: title, description: description, across: frame, drawing: drawing)
        }
    }

    private static func horizontalBars(_ bars: [(label: String, value: Double)], id: String, title: String, description: String,
                                       across: Frame, drawing: Drawing) -> String {
        guard !bars.isEmpty, let high = bars.map(\.value).max() else { return "" }
        let width = across.width, longest = across.isWide ? 48 : 20
        let names = bars.map { $0.label.count > longest ? String($0.label.prefix(longest - 1)) + "…" : $0.label }
        let labelWidth = min(Double(longest) * 6.6 + 12, Double(names.map(\.count).max() ?? 1) * 6.6 + 12)
        let rowHeight = 20.0, top = 4.0, valueRoom = 52.0
        let height = top * 2 + rowHeight * Double(bars.count)
        let room = width - labelWidth - valueRoom
        var body = "<g class=\"axis\">"
        for (index, name) in names.enumerated() {
            let middle = top + rowHeight * (Double(index) + 0.5)
            body += "<text x=\"\(number(labelWidth - 8))\" y=\"\(number(middle + 4))\" text-anchor=\"end\">\(HTMLEscaping.text(name))</text>"
        }
        body += "</g><g class=\"series series-0\">"
        for (index, bar) in bars.enumerated() {
            let length = high > 0 ? max(1, bar.value / high * room) : 1
            let y = top + rowHeight * Double(index) + 3
            body += "<rect x=\"\(number(labelWidth))\" y=\"\(number(y))\" width=\"\(number(length))\" height=\"\(number(rowHeight - 6))\">"
                + "<title>\(HTMLEscaping.text(bar.label)): \(ChartScale.label(bar.value))</title></rect>"
        }
        body += "</g><g class=\"axis values\">"
        for (index, bar) in bars.enumerated() {
            let length = high > 0 ? max(1, bar.value / high * room) : 1
            body += "<text x=\"\(number(labelWidth + length + 4))\" y=\"\(number(top + rowHeight * (Double(index) + 0.5) + 4))\">\(ChartScale.label(bar.value))</text>"
        }
        let frame = Frame(width: width, height: height, left: labelWidth, right: valueRoom, top: top, bottom: top)
        return svg(frame, drawing, id: id, title: title, description: description, body: body + "</g>")
    }

    private static func axes(_ frame: Frame, yTicks: [(Double, Double)], xTicks: [(String, Double)]) -> String {
        var out = "<g class=\"axis\">"
        for (value, y) in yTicks {
            out += "<line x1=\"\(number(frame.left))\" x2=\"\(number(frame.width - frame.right))\" y1=\"\(number(y))\" y2=\"\(number(y))\" class=\"grid\"/>"
            out += "<text x=\"\(number(frame.left - 6))\" y=\"\(number(y + 4))\" text-anchor=\"end\">\(ChartScale.label(value))</text>"
        }
        for (label, x) in xTicks {
            out += "<text x=\"\(number(x))\" y=\"\(number(frame.height - frame.bottom + 16))\" text-anchor=\"middle\">\(HTMLEscaping.text(label))</text>"
        }
        return out + "</g>"
    }

    private static func svg(_ frame: Frame, _ drawing: Drawing, id: String, title: String, description: String, body: String) -> String {
        "<svg class=\"chart\(drawing.rawValue)\" id=\"\(id)\" viewBox=\"0 0 \(number(frame.width)) \(number(frame.height))\" "
            + "style=\"max-width: \(number(frame.width * frame.growth))px\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
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
