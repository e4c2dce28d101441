import PageText
/// Applies a pack's rules to a member's pages. One extractor serves any number of
/// threads; each extraction borrows its own scratch from the extractor's pool.
public struct Extractor: Sendable {
    public let pack: SitePack
    /// What `url` fields are made absolute against.
    public let baseURL: String

    /// `scheme://host[:port]` of `baseURL`, for the many root-relative links.
    private let origin: String?
    private let scratches: ExtractionScratchPool

    public init(pack: SitePack, baseURL: String? = nil) {
        self.pack = pack
        self.baseURL = baseURL ?? pack.baseURL
        origin = AbsoluteURL.origin(of: self.baseURL)
        scratches = ExtractionScratchPool(limits: pack.limits)
    }

    /// Extracts every field and collection the given pages can answer.
    public func extract(_ pages: [Page]) -> ExtractedRecord {
        scratches.withScratch { extract(pages, scratch: $0) }
    }

    private func extract(_ pages: [Page], scratch: ExtractionScratch) -> ExtractedRecord {
        var record = ExtractedRecord()
        var present = [String: PageText]()
        for page in pages {
            let text = PageText(page)
            let (notFound, problem) = notFoundProblem(text, scratch: scratch)
            if let problem { record.problems.append(problem) }
            if !notFound { present[page.source] = text }
        }
        for field in pack.fields where field.sources.contains(where: { present[$0] != nil }) {
            record.fields[field.name] = value(of: field, pages: present, scratch: scratch, problems: &record.problems,
                                              outcomes: &record.outcomes)
        }
        for collection in pack.collections {
            guard let text = present[collection.source] else { continue }
            record.collections[collection.name] = rows(of: collection, text: text, scratch: scratch, problems: &record.problems,
                                                       outcomes: &record.outcomes)
        }
        return record
    }

    // MARK: Steps

    /// A page with what extraction works out about it once.
    struct PageText {
        let page: Page
        let ascii: ASCIIBlocks

        init(_ page: Page) {
            self.page = page
            ascii = page.utf8.withUnsafeBufferPointer { ASCIIBlocks($0) }
        }
    }

    /// Whether the page says the member does not exist, and the problem to report: that,
    /// or a `missing` pattern that hit a limit (the page is read all the same).
    private func notFoundProblem(_ text: PageText, scratch: ExtractionScratch) -> (notFound: Bool, problem: ExtractionProblem?) {
        let page = text.page
        guard let source = pack.source(named: page.source) else {
            return (true, ExtractionProblem(kind: .extraction, field: nil, source: page.source, origin: page.origin,
                                            message: "the pack has no source '\(page.source)'; it has \(pack.sources.map(\.name).joined(separator: ", "))"))
        }
        var failure: (MatchFailure, String)?
        let found = page.utf8.withUnsafeBufferPointer { buffer in
            source.missing.contains { pattern in
                do throws(MatchFailure) {
                    return try pattern.firstMatch(in: buffer, from: 0, asciiOnly: text.ascii.isASCII(0..<buffer.count), scratch: scratch.match) != nil
                } catch {
                    failure = (error, pattern.pattern)
                    return false
                }
            }
        }
        if found {
            return (true, ExtractionProblem(kind: .notFound, field: nil, source: page.source, origin: page.origin,
                                            message: "the page says this member does not exist"))
        }
        if let (error, pattern) = failure {
            return (false, ExtractionProblem(kind: .extraction, field: nil, source: page.source, origin: page.origin,
                                             message: "could not tell whether the member exists: \(error.message) (missing: \(pattern))"))
        }
        return (false, nil)
    }

    private func value(of field: FieldRule, pages: [String: PageText], scratch: ExtractionScratch,
                       problems: inout [ExtractionProblem], outcomes: inout [FieldOutcome]) -> FieldValue {
        var tried = [PageText]()
        var partShown = false
        for (index, alternative) in field.alternatives.enumerated() {
            guard let text = pages[alternative.source] else { continue }
            let page = text.page
            if !tried.contains(where: { $0.page.source == page.source }) { tried.append(text) }
            var outcome = FieldOutcome(field: field.name, source: page.source, expected: !field.optional,
                                       alternatives: field.alternatives.count)
            let found: FieldValue? = page.utf8.withUnsafeBufferPointer { buffer in
                switch capture(alternative, in: buffer, region: 0..<buffer.count, asciiOnly: text.ascii.isASCII(0..<buffer.count),
                               ascii: text.ascii, scratch: scratch) {
                case .noPart:
                    return nil
                case .noMatch:
                    partShown = partShown || !alternative.within.isEmpty
                    return nil
                case .failed(let failure, let culprit):
                    outcome.missing = 1
                    return failed(failure, culprit: culprit, label: { field.name }, page: page, problems: &problems)
                case .captured(let range):
                    let before = problems.count
                    let value = convert(UnsafeBufferPointer(rebasing: buffer[range]), field: field, label: { field.name },
                                        page: page, problems: &problems)
                    if problems.count == before {
                        outcome.matched = 1
                        outcome.byAlternative[index] = 1
                    } else {
                        outcome.missing = 1
                    }
                    return value
                }
            }
            if let found {
                outcomes.append(outcome)
                return found
            }
        }
        if !partShown {
            partShown = tried.contains { text in
                text.page.utf8.withUnsafeBufferPointer { shows(field.present, in: $0, region: 0..<$0.count, ascii: text.ascii, scratch: scratch) }
            }
        }
        let (value, result) = unmatched(field, partShown: partShown, label: { field.name }, tried: { tried.map(\.page) },
                                        problems: &problems)
        var outcome = FieldOutcome(field: field.name, source: tried.first?.page.source ?? "", expected: !field.optional,
                                   alternatives: field.alternatives.count)
        outcome.count(result)
        outcomes.append(outcome)
        return value
    }

    func failed(_ failure: MatchFailure, culprit: String, label: () -> String, page: Page,
                problems: inout [ExtractionProblem]) -> FieldValue {
        problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin,
                                          message: "\(failure.message) (\(culprit))"))
        return .null
    }

    /// True when one of `patterns` matches in `region`: the page shows the part a
    /// field lives in. A pattern that fails (hits a limit) shows nothing.
    func shows(_ patterns: [any CompiledPattern], in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>, ascii: ASCIIBlocks,
               scratch: ExtractionScratch) -> Bool {
        patterns.contains { pattern in
            (try? firstGroup(pattern, group: 0, in: buffer, region: region, asciiOnly: ascii.isASCII(region), scratch: scratch)) != nil
        }
    }

    /// What a field is when no alternative found it.
    enum Unmatched {
        /// The page shows the field's part, without the field: the pack's default.
        case defaulted
        /// An optional field the page does not show.
        case absent
        /// Expected and not found: null, with a problem.
        case missing
    }

    /// No alternative matched: the default where the page shows the field's part, null
    /// for an optional field, else null and a problem naming the patterns tried.
    func unmatched(_ field: FieldRule, partShown: Bool, label: () -> String, tried pages: () -> [Page],
                   problems: inout [ExtractionProblem]) -> (FieldValue, Unmatched) {
        if partShown, let defaultValue = field.defaultValue { return (defaultValue, .defaulted) }
        if field.optional { return (.null, .absent) }
        let tried = pages()
        let patterns = field.alternatives.filter { alternative in tried.contains { $0.source == alternative.source } }
        var message = patterns.count == 1 ? "not found: its pattern did not match"
            : "not found: none of its \(patterns.count) patterns matched"
        if field.defaultValue != nil {
            message += ", and the page does not show the part its default stands for"
        }
        message += " (tried " + patterns.map { "'\(Self.abbreviated($0.patternText))'" }.joined(separator: ", ") + ")"
        problems.append(ExtractionProblem(kind: .extraction, field: label(), source: tried.map(\.source).joined(separator: "+"),
                                          origin: tried.map(\.origin).joined(separator: ", "), message: message))
        return (.null, .missing)
    }

    /// A pattern short enough to read in a warning; `patterns check --live` and the
    /// pack show it whole.
    static func abbreviated(_ pattern: String, limit: Int = 60) -> String {
        pattern.count <= limit ? pattern : String(pattern.prefix(limit - 1)) + "…"
    }

    func convert(_ raw: UnsafeBufferPointer<UInt8>, field: FieldRule, label: () -> String, page: Page,
                 problems: inout [ExtractionProblem]) -> FieldValue {
        convert(raw, type: field.type, map: field.map, convertedMap: field.convertedMap, label: label, page: page, problems: &problems)
    }

    /// `type`, `map` and `convertedMap` are the field's: a caller converting a column reads them once.
    func convert(_ raw: UnsafeBufferPointer<UInt8>, type: FieldType, map: [String: String]?, convertedMap: ConvertedMap?,
                 label: () -> String, page: Page, problems: inout [ExtractionProblem]) -> FieldValue {
        if map == nil, let value = type.usualValue(raw, origin: origin) { return value }
        let converted: Result<FieldValue, ConversionError>
        if let known = convertedMap?.value(for: raw) {
            converted = known
        } else if let map {
            let captured = HTMLText.plain(raw)
            guard let replacement = map[captured.lowercased()] else {
                problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin,
                                                  message: "captured \"\(captured)\", which the field's map does not list (it lists \(map.keys.sorted().joined(separator: ", ")))"))
                return .null
            }
            converted = type.convert(replacement, base: baseURL)
        } else {
            // Not in a usual form (tried above): the `String` path reads it or says why not.
            converted = type.convert(String(decoding: raw, as: UTF8.self), base: baseURL)
        }
        switch converted {
        case .success(let value):
            return value
        case .failure(let error):
            problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin, message: error.message))
            return .null
        }
    }

    // MARK: Matching

    enum Capture {
        /// A `within` found nothing: the page does not show the part the alternative reads.
        case noPart
        /// The part is there (or the alternative reads the whole region), the pattern is not.
        case noMatch
        case captured(Range<Int>)
        /// The engine gave up; `culprit` names the pattern that did (the field's, or a `within`).
        case failed(MatchFailure, culprit: String)
    }

    /// `asciiOnly` says whether `region` is all ASCII (callers that match many
    /// alternatives on one region work it out once); `ascii` answers it for the
    /// narrower regions a `within` leads to.
    func capture(_ alternative: Alternative, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                 asciiOnly: Bool, ascii: ASCIIBlocks, scratch: ExtractionScratch) -> Capture {
        do throws(MatchFailure) {
            var region = region
            var asciiOnly = asciiOnly
            if !alternative.within.isEmpty {
                for narrowing in alternative.within {
                    let narrowed: Range<Int>?
                    do {
                        narrowed = try narrow(region, with: narrowing, in: buffer, ascii: ascii, scratch: scratch)
                    } catch {
                        // The `within` failed, not the field's own pattern: say which.
                        return .failed(error, culprit: "within: \(narrowing.pattern.pattern)")
                    }
                    guard let narrowed else { return .noPart }
                    region = narrowed
                }
                asciiOnly = ascii.isASCII(region)
            }
            guard let range = try firstGroup(alternative.pattern, group: alternative.group, in: buffer, region: region,
                                             asciiOnly: asciiOnly, scratch: scratch) else {
                return .noMatch
            }
            return .captured(range)
        } catch {
            return .failed(error, culprit: "pattern: \(alternative.patternText)")
        }
    }

    /// `region` cut down by `narrowing`, found once per extraction however many fields
    /// name the same `within`.
    func narrow(_ region: Range<Int>, with narrowing: Narrowing, in buffer: UnsafeBufferPointer<UInt8>, ascii: ASCIIBlocks,
                scratch: ExtractionScratch) throws(MatchFailure) -> Range<Int>? {
        try scratch.narrowed(slot: narrowing.slot, page: UnsafeRawPointer(buffer.baseAddress), region: region) { () throws(MatchFailure) in
            try firstGroup(narrowing.pattern, group: narrowing.group, in: buffer, region: region, asciiOnly: ascii.isASCII(region),
                           scratch: scratch)
        }
    }

    /// The range (in `buffer`'s offsets) of `group` in the first match inside `region`;
    /// nil when nothing matches or the group did not take part.
    func firstGroup(_ pattern: any CompiledPattern, group: Int, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                    asciiOnly: Bool, scratch: ExtractionScratch) throws(MatchFailure) -> Range<Int>? {
        let subject = UnsafeBufferPointer(rebasing: buffer[region])
        guard let range = try pattern.firstRange(of: group, in: subject, from: 0, asciiOnly: asciiOnly, scratch: scratch.match) else {
            return nil
        }
        return (range.lowerBound + region.lowerBound)..<(range.upperBound + region.lowerBound)
    }
}

extension FieldOutcome {
    mutating func count(_ result: Extractor.Unmatched) {
        switch result {
        case .defaulted: defaulted += 1
        case .absent: absent += 1
        case .missing: missing += 1
        }
    }
}
