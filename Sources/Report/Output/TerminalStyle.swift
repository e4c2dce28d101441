/// Styling for people at a terminal (bold, dim, red), or none at all.
///
/// Styled text does not carry escape sequences: it carries marks (Unicode
/// noncharacters, which no page text keeps: `TerminalText.escaped` writes them out), and
/// only a writer turns them into the terminal's sequences, as the last step before the
/// bytes leave (`ByteWriter.write(styled:)`). A writer to a terminal escapes every other
/// control character on the way, whatever text it came in: so a page's escape sequence
/// cannot reach the terminal by any format, statistic, label or message that forgot to
/// escape it, and the styling is the only thing the terminal acts on.
struct TerminalStyle {
    let enabled: Bool

    /// The marks, and the sequence each stands for.
    enum Mark: UInt32, CaseIterable {
        case bold = 0xFDD0
        case dim = 0xFDD1
        case red = 0xFDD2
        case reset = 0xFDD3

        var scalar: Unicode.Scalar { Unicode.Scalar(rawValue) ?? "\u{FFFD}" }

        var sequence: String {
            switch self {
            case .bold: return "\u{1B}[1m"
            case .dim: return "\u{1B}[2m"
            case .red: return "\u{1B}[31m"
            case .reset: return "\u{1B}[0m"
            }
        }
    }

    func bold(_ text: String) -> String { wrap(text, .bold) }
    func dim(_ text: String) -> String { wrap(text, .dim) }
    func red(_ text: String) -> String { wrap(text, .red) }

    private func wrap(_ text: String, _ mark: Mark) -> String {
        guard enabled else { return text }
        var out = String(mark.scalar)
        out += text
        out.unicodeScalars.append(Mark.reset.scalar)
        return out
    }
}

/// What leaves for a terminal: every control character escaped (a CR before a line
/// feed is a line ending, the terminal's own), and in styled text
/// (only there: a mark in a page's text is escaped like a control) the marks made into
/// the terminal's sequences.
enum TerminalOutput {
    /// Styled text as it leaves: for a terminal always, elsewhere where it has styling
    /// (`--color always | less -R`: text with styling is meant for a terminal) its
    /// marks as sequences and its controls escaped; other text as it is.
    static func styled(_ text: String, onTerminal: Bool) -> String {
        onTerminal || isStyled(text) ? rendered(text, styled: true) : text
    }

    /// `text` with every control escaped; with `styled`, its marks made into sequences.
    static func rendered(_ text: String, styled: Bool) -> String {
        guard needsWork(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            if styled, let mark = TerminalStyle.Mark(rawValue: scalar.value) {
                out += mark.sequence
            } else if scalar == "\r", scalars.index(after: index) < scalars.endIndex, scalars[scalars.index(after: index)] == "\n" {
                // A line ending a format needs (CSV's CRLF) is a line break on the screen: the
                // terminal makes its own of the line feed. A CR on its own would overwrite the
                // line, and is shown.
                continue
            } else if TerminalText.isControl(scalar) {
                out += TerminalText.escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Whether `text` has styling in it.
    static func isStyled(_ text: String) -> Bool {
        text.utf8.contains(0xEF) && text.unicodeScalars.contains { TerminalStyle.Mark(rawValue: $0.value) != nil }
    }

    /// Whether any byte could start a control or a mark: C0 and DEL, C1 (C2 80-9F),
    /// bidirectional controls (E2: U+202A-202E, U+2066-2069), marks (EF: U+FDD0-FDD3).
    private static func needsWork(_ text: String) -> Bool {
        text.utf8.contains { byte in
            (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xE2 || byte == 0xEF
        }
    }
}
