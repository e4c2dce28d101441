/// The `text` conversion for callers outside the rules (feeds): HTML elements
/// stripped, entities decoded, white space collapsed. Only real HTML elements are
/// tags here: a feed's description whose text reads `#include <future>` (escaped once
/// for the XML) keeps `<future>`, which no browser would take for an element either.
public enum PlainText {
    public static func from(html: String) -> String {
        HTMLText.plain(escapingUnknownTags(html))
    }

    /// `html` with every `<` that does not open an HTML element (or a comment or
    /// declaration) written as `&lt;`, so the conversion keeps it as text.
    static func escapingUnknownTags(_ html: String) -> String {
        guard html.contains("<") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            output += rest[..<open]
            let after = rest[rest.index(after: open)...]
            let name = after.drop { $0 == "/" }.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }.lowercased()
            output += after.first == "!" || htmlElements.contains(name) ? "<" : "&lt;"
            rest = after
        }
        return output + rest
    }

    /// HTML's element names (the WHATWG list, with the obsolete ones pages still use).
    static let htmlElements: Set<String> = [
        "a", "abbr", "acronym", "address", "area", "article", "aside", "audio", "b", "base", "basefont", "bdi", "bdo",
        "big", "blink", "blockquote", "body", "br", "button", "canvas", "caption", "center", "cite", "code", "col",
        "colgroup", "data", "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em", "embed",
        "fieldset", "figcaption", "figure", "font", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hgroup", "hr", "html", "i", "iframe", "img", "input", "ins", "kbd", "label", "legend",
        "li", "link", "main", "map", "mark", "marquee", "menu", "meta", "meter", "nav", "nobr", "noscript", "object", "ol",
        "optgroup", "option", "output", "p", "param", "picture", "pre", "progress", "q", "rp", "rt", "ruby", "s", "samp",
        "script", "search", "section", "select", "slot", "small", "source", "span", "strike", "strong", "style", "sub",
        "summary", "sup", "svg", "table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "time", "title",
        "tr", "track", "tt", "u", "ul", "var", "video", "wbr",
    ]
}
