import Extraction
import Packs

/// One candidate pattern for a field, tried as a lookup would run it: loaded into a
/// one-field pack and read with the pack's own extractor, on the page it was learned
/// from (where it must read the value at the place the value was found, through no
/// script or style sheet) and on every other page given (where it must read the value
/// given there, if any, from the page's content).
extension PatternSuggester {
    enum TrialOutcome {
        /// It reads the value at its place; what it reads on each other page (nil: nothing),
        /// and whether its pattern matches again further on (the first of several alike).
        case holds([FieldValue?], readsAgain: Bool)
        /// It reads the same value somewhere else (another box's label), or runs
        /// through words no one reads to reach it.
        case misplaced
        /// It reads another value, or none.
        case wrong
        /// It reads another page's value wrong (or from a script, a menu): `read` says what.
        case contradicted(page: String, read: String?)
        /// It does not load (a pattern that is not valid PCRE2).
        case unusable
    }

    /// `inScript`: the value is read from the page's script data (nothing it shows holds
    /// it), where it is on every page.
    func trial(_ example: Example, within: [String], pattern: String, place: SamplePage.Place, main: SamplePage,
               also: [SamplePage], alsoExamples: [Example?], inScript: Bool = false) -> TrialOutcome {
        guard let (extractor, field) = onePack(example.type, within: within, pattern: pattern) else { return .unusable }
        guard let here = extractor.reading(of: field, on: main.page) else { return .wrong }
        guard here.capture.overlaps(place.range) || here.capture.lowerBound == place.range.lowerBound,
              inScript || !main.tree.crossesHidden(here.match.lowerBound..<here.capture.lowerBound) else { return .misplaced }
        guard let value = here.value, value != .null, same(value, example, on: main.page) else { return .wrong }
        var alsoValues = [FieldValue?]()
        for (index, other) in also.enumerated() {
            var shown = FieldValue.null
            if let there = extractor.reading(of: field, on: other.page), let value = there.value {
                if !inScript, case .hidden(let why) = other.tree.visibility(at: there.capture.lowerBound) {
                    return .contradicted(page: other.origin, read: "\(value) inside \(why)")
                }
                if inScript || !other.tree.crossesHidden(there.match.lowerBound..<there.capture.lowerBound) { shown = value }
            }
            let known = index < alsoExamples.count ? alsoExamples[index] : nil
            if let known, shown == .null || !same(shown, known, on: other.page) {
                return .contradicted(page: other.origin, read: shown == .null ? nil : shown.description)
            }
            // No value given for it there, but the value it reads is another field's.
            if known == nil, shown != .null,
               let clash = other.known.first(where: { $0.field != example.field && $0.type == example.type && same(shown, $0, on: other.page) }) {
                return .contradicted(page: other.origin, read: "\(shown), the value given for \(clash.field) there")
            }
            alsoValues.append(shown == .null ? nil : shown)
        }
        let readsAgain = main.utf8.withUnsafeBufferPointer { page in
            field.alternatives.contains { ((try? $0.pattern.firstRange(of: 0, in: page, from: place.range.upperBound)) ?? nil) != nil }
        }
        return .holds(alsoValues, readsAgain: readsAgain)
    }

    /// A pack of the suggester's source with one field `v` of `type`, `within`, `present` and `pattern`.
    func onePack(_ type: FieldType, within: [String], pattern: String, present: String? = nil) -> (Extractor, FieldRule)? {
        var field = """
            [fields.v]
            source = "\(source)"
            type = "\(type.rawValue)"

            """
        if !within.isEmpty { field += "within = [" + within.map { "'\($0)'" }.joined(separator: ", ") + "]\n" }
        if let present { field += "present = '\(present)'\n" }
        field += "pattern = '\(pattern)'\n"
        guard let pack = try? PackLoader(engine: engine).load(toml: packHead + field, file: "suggestion"), let rule = pack.field(named: "v") else { return nil }
        return (Extractor(pack: pack, baseURL: baseURL), rule)
    }

    /// A pack's `[site]` and source, for the one-field and one-list packs candidates are tried in.
    var packHead: String {
        """
        [site]
        name = "suggest"
        base_url = "\(baseURL.replacingOccurrences(of: "\"", with: ""))"
        id = '.+'
        [sources.\(Self.tomlKey(source))]
        url = '{base}/{id}'

        """
    }
}
