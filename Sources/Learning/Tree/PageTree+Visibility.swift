/// Which of a page's words a person reads as its content. A value or a label found in
/// a script, a style sheet, a client-side template or a comment is not on the page as
/// a person sees it, and a pattern anchored there reads whatever follows it on the next
/// page; a menu's words are the site's, not the member's.
extension PageTree {
    public enum Visibility: Sendable, Equatable {
        /// The page's own words: what the learner anchors on first.
        case content
        /// The value of a tag's attribute (`title="2947701"`, `datetime=`): read after
        /// content, as the page's data behind what it shows.
        case attribute(String)
        /// Shown, but not the member's content: the site's navigation and menus, or an
        /// element hidden until a click. Anchored on only where nothing else holds the value.
        case aside(String)
        /// Not among the words a person reads: never anchored on.
        case hidden(String)

        /// Lower is steadier: content, attributes, then what is aside.
        public var rank: Int {
            switch self {
            case .content: return 0
            case .attribute: return 1
            case .aside: return 2
            case .hidden: return 3
            }
        }

        /// Where it is, in words ("a script", "a menu").
        public var place: String {
            switch self {
            case .content: return "the page's content"
            case .attribute(let name): return "the attribute \(name)"
            case .aside(let why), .hidden(let why): return why
            }
        }
    }

    /// How the words at `offset` are met: inside a start tag, by the attribute that
    /// holds them; else by the node that holds them and its ancestors.
    public func visibility(at offset: Int) -> Visibility {
        guard let node = node(at: offset) else { return placesHold ? .hidden("after the end of the page") : .content }
        if isInStartTag(offset, of: node) {
            let inherited = visibility(of: node)
            guard case .content = inherited else { return inherited.rank >= 2 ? inherited : .aside("an attribute of \(inherited.place)") }
            return attributeVisibility(attributeName(at: offset, in: node), of: node)
        }
        return visibility(of: node)
    }

    /// How a node's words are met: what hides it or sets it aside, itself or an ancestor
    /// (hidden anywhere above wins over an aside; of each, the nearest is named: a
    /// script in the page's head is a script).
    public func visibility(of node: Int) -> Visibility {
        node < visibilities.count ? visibilities[node] : computedVisibility(of: node)
    }

    /// Every node's visibility, in page order: a parent's is known before its children's.
    mutating func settleVisibilities() {
        var found = [Visibility]()
        found.reserveCapacity(nodes.count)
        for node in nodes.indices {
            let inherited = nodes[node].parent.map { found[$0] } ?? .content
            let own = ownVisibility(node)
            if case .hidden = own {
                found.append(own)
            } else if case .hidden = inherited {
                found.append(inherited)
            } else {
                found.append(own == .content ? inherited : own)
            }
        }
        visibilities = found
    }

    private func computedVisibility(of node: Int) -> Visibility {
        var aside: Visibility?
        for current in [node] + ancestors(of: node) {
            let own = ownVisibility(current)
            if case .hidden = own { return own }
            if aside == nil, case .aside = own { aside = own }
        }
        return aside ?? .content
    }

    /// What a node itself says of how it is met.
    private func ownVisibility(_ node: Int) -> Visibility {
        let entry = nodes[node]
        switch entry.kind {
        case .comment:
            return .hidden("a comment")
        case .text:
            return PageTree.looksLikeTemplate(entry.text) ? .hidden("client-side template text") : .content
        case .element:
            if let hidden = PageTree.hiddenElements[entry.name] { return .hidden(hidden) }
            if entry.name == "template" || attribute("type", of: node).map(PageTree.isTemplateType) == true {
                return .hidden("a client-side template")
            }
            return asideReason(node) ?? .content
        }
    }

    static let hiddenElements: [String: String] = [
        "script": "a script", "style": "a style sheet", "template": "a client-side template", "noscript": "a noscript block",
        "head": "the page's head", "title": "the page's title", "textarea": "a text box", "option": "a form's choice",
    ]

    /// A script's or a template's `type` that holds markup for a script to show later.
    static func isTemplateType(_ type: String) -> Bool {
        let lowered = type.lowercased()
        return lowered.contains("template") || lowered.contains("x-tmpl") || lowered.contains("handlebars") || lowered.contains("mustache")
    }

    /// Moustaches and the like: `{{ count }}`, `<%= count %>`, `${count}`, `[[count]]`.
    static func looksLikeTemplate(_ text: String) -> Bool {
        ["{{", "}}", "{%", "%}", "<%", "%>", "${", "[[", "]]"].contains { text.contains($0) }
    }

    /// Why an element's words are aside: navigation, a menu, hidden until shown.
    private func asideReason(_ element: Int) -> Visibility? {
        let name = nodes[element].name
        if name == "nav" || name == "menu" { return .aside("a menu (<\(name)>)") }
        if let role = attribute("role", of: element)?.lowercased(), ["navigation", "menu", "menubar", "menuitem", "tablist"].contains(role) {
            return .aside("a menu (role=\(role))")
        }
        if attribute("hidden", of: element) != nil { return .aside("a hidden element") }
        if let style = attribute("style", of: element)?.lowercased().filter({ !$0.isWhitespace }),
           style.contains("display:none") || style.contains("visibility:hidden") {
            return .aside("a hidden element (display:none)")
        }
        let words = classes(of: element) + [attribute("id", of: element) ?? ""]
        if words.contains(where: PageTree.namesAMenu) { return .aside("a menu (\(words.first(where: PageTree.namesAMenu) ?? ""))") }
        return nil
    }

    /// A class or id that names navigation: `nav`, `navbar`, `main_nav`, `dropdown-menu`, `siteHeader__menu`.
    static func namesAMenu(_ word: String) -> Bool {
        let parts = word.lowercased().split { !$0.isLetter }
        return parts.contains { ["nav", "navbar", "navigation", "menu", "dropdown", "breadcrumbs", "breadcrumb"].contains($0) }
    }

    /// How an attribute's value is met: a style, an event handler, a script's data or
    /// a drawing's path are never words on the page.
    private func attributeVisibility(_ name: String?, of element: Int) -> Visibility {
        guard let name else { return .attribute("?") }
        if name == "style" { return .hidden("CSS in a style attribute") }
        if name.hasPrefix("on") { return .hidden("a script in an on… attribute") }
        if ["d", "points", "viewbox", "transform", "srcset", "sizes"].contains(name) || ancestors(of: element).contains(where: { nodes[$0].name == "svg" }) {
            return .hidden("a drawing's attribute")
        }
        if holdsScriptData(name, of: element) { return .hidden("a script's data in an attribute") }
        return .attribute(name)
    }

    /// An attribute whose value is a script's data, JSON a page's script reads
    /// (`data-page="{&quot;props&quot;:…}"`, as Inertia and React on Rails write a page).
    func holdsScriptData(_ name: String, of element: Int) -> Bool {
        guard let first = attribute(name, of: element)?.trimmingCharacters(in: .whitespaces).first else { return false }
        return first == "{" || first == "["
    }

    /// Whether `offset` stands in a script's data in an attribute of `element`.
    func isInScriptData(_ offset: Int, of element: Int) -> Bool {
        isInStartTag(offset, of: element) && attributeName(at: offset, in: element).map { holdsScriptData($0, of: element) } == true
    }

    /// The attribute whose value holds `offset`, read back from the offset in the tag.
    func attributeName(at offset: Int, in element: Int) -> String? {
        var index = offset - 1
        let start = nodes[element].start
        var quote: UInt8?
        // Back to the quote that opens the value, then to the `=`, then the name before it.
        while index > start, utf8[index] != UInt8(ascii: "\""), utf8[index] != UInt8(ascii: "'") { index -= 1 }
        quote = index > start ? utf8[index] : nil
        guard quote != nil else { return nil }
        index -= 1
        while index > start, utf8[index] == 0x20 || utf8[index] == 0x0A || utf8[index] == 0x09 { index -= 1 }
        guard index > start, utf8[index] == UInt8(ascii: "=") else { return nil }
        index -= 1
        while index > start, utf8[index] == 0x20 || utf8[index] == 0x0A || utf8[index] == 0x09 { index -= 1 }
        let end = index + 1
        while index > start, PageTree.isNameByte(utf8[index]) { index -= 1 }
        let name = String(decoding: utf8[(index + 1)..<end], as: UTF8.self).lowercased()
        return name.isEmpty ? nil : name
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    /// Whether the bytes in `range` run through words no one reads (a script, a style
    /// sheet, a comment): a pattern whose match does is anchored on them.
    public func crossesHidden(_ range: Range<Int>) -> Bool {
        var offset = range.lowerBound
        while offset < range.upperBound {
            guard let node = node(at: offset) else { return false }
            if case .hidden = visibility(of: node) { return true }
            // On to the next node: past this one's start tag, or past its end.
            let entry = nodes[node]
            let next = entry.kind == .element && offset < entry.contentStart ? entry.contentStart : entry.kind == .element ? firstChildStart(node, after: offset) ?? entry.end : entry.end
            offset = max(next, offset + 1)
        }
        return false
    }

    private func firstChildStart(_ node: Int, after offset: Int) -> Int? {
        nodes[node].children.lazy.map { self.nodes[$0].start }.first { $0 > offset }
    }
}
