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
            if let missing = notFoundProblem(text, scratch: scratch) {
                record.problems.append(missing)
            } else {
                present[page.source] = text
            }
        }
        for field in pack.fields where field.sources.contains(where: { present[$0] != nil }) {
            record.fields[field.name] = value(of: field, pages: present, scratch: scratch, problems: &record.problems)
        }
        for collection in pack.collections {
            guard let text = present[collection.source] else { continue }
            record.collections[collection.name] = rows(of: collection, text: text, scratch: scratch, problems: &record.problems)
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

    private func notFoundProblem(_ text: PageText, scratch: ExtractionScratch) -> ExtractionProblem? {
        let page = text.page
        guard let source = pack.source(named: page.source) else {
            return ExtractionProblem(kind: .extraction, field: nil, source: page.source, origin: page.origin,
                                     message: "the pack has no source '\(page.source)'; it has \(pack.sources.map(\.name).joined(separator: ", "))")
        }
        let found = page.utf8.withUnsafeBufferPointer { buffer in
            source.missing.contains { pattern in
                (try? pattern.firstMatch(in: buffer, from: 0, asciiOnly: text.ascii.isASCII(0..<buffer.count), scratch: scratch.match)) != nil
            }
        }
        guard found else { return nil }
        return ExtractionProblem(kind: .notFound, field: nil, source: page.source, origin: page.origin,
                                 message: "the page says this member does not exist")
    }

    private func value(of field: FieldRule, pages: [String: PageText], scratch: ExtractionScratch,
                       problems: inout [ExtractionProblem]) -> FieldValue {
        // The pages tried, for the message when nothing matches; most fields try one,
        // so the list is only made for a second.
        var firstTried: Page?
        var moreTried = [Page]()
        var attempts = 0
        for alternative in field.alternatives {
            guard let text = pages[alternative.source] else { continue }
            let page = text.page
            attempts += 1
            if firstTried == nil {
                firstTried = page
            } else if firstTried?.source != page.source, !moreTried.contains(where: { $0.source == page.source }) {
                moreTried.append(page)
            }
            let found: FieldValue? = page.utf8.withUnsafeBufferPointer { buffer in
                attempt(alternative, of: field, in: buffer, region: 0..<buffer.count, asciiOnly: text.ascii.isASCII(0..<buffer.count),
                        ascii: text.ascii, label: { field.name },
                        page: page, scratch: scratch, problems: &problems)
            }
            if let found { return found }
        }
        return unmatched(field, label: { field.name }, tried: { firstTried.map { [$0] + moreTried } ?? [] },
                         attempts: attempts, problems: &problems)
    }

    /// One alternative of `field` on one region: the converted value when it captures
    /// (null after a reported problem), nil when it does not match.
    func attempt(_ alternative: Alternative, of field: FieldRule, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                 asciiOnly: Bool, ascii: ASCIIBlocks, label: () -> String, page: Page, scratch: ExtractionScratch,
                 problems: inout [ExtractionProblem]) -> FieldValue? {
        switch capture(alternative, in: buffer, region: region, asciiOnly: asciiOnly, ascii: ascii, scratch: scratch) {
        case .noMatch:
            return nil
        case .failed(let failure):
            return failed(failure, alternative: alternative, label: label, page: page, problems: &problems)
        case .captured(let range):
            return convert(UnsafeBufferPointer(rebasing: buffer[range]), field: field, label: label, page: page, problems: &problems)
        }
    }

    func failed(_ failure: MatchFailure, alternative: Alternative, label: () -> String, page: Page,
                problems: inout [ExtractionProblem]) -> FieldValue {
        problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin,
                                          message: "\(failure.message) (pattern: \(alternative.patternText))"))
        return .null
    }

    /// No alternative matched: the default, a required-field problem, or null.
    func unmatched(_ field: FieldRule, label: () -> String, tried pages: () -> [Page], attempts: Int,
                   problems: inout [ExtractionProblem]) -> FieldValue {
        if let defaultValue = field.defaultValue { return defaultValue }
        let tried = field.required ? pages() : []
        guard !tried.isEmpty else { return .null }
        let detail = attempts == 1 ? "its pattern did not match" : "none of its \(attempts) patterns matched"
        problems.append(ExtractionProblem(kind: .extraction, field: label(), source: tried.map(\.source).joined(separator: "+"),
                                          origin: tried.map(\.origin).joined(separator: ", "),
                                          message: "required field not found: \(detail)"))
        return .null
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
        case noMatch
        case captured(Range<Int>)
        case failed(MatchFailure)
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
                    guard let narrowed = try narrow(region, with: narrowing, in: buffer, ascii: ascii, scratch: scratch) else {
                        return .noMatch
                    }
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
            return .failed(error)
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
