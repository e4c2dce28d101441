/// Applies a pack's rules to a member's pages. Holds no mutable state: one
/// extractor serves any number of threads, each extraction with its own scratch.
public struct Extractor: Sendable {
    public let pack: SitePack
    /// What `url` fields are made absolute against.
    public let baseURL: String

    /// `scheme://host[:port]` of `baseURL`, for the many root-relative links.
    private let origin: String?

    public init(pack: SitePack, baseURL: String? = nil) {
        self.pack = pack
        self.baseURL = baseURL ?? pack.baseURL
        origin = AbsoluteURL.origin(of: self.baseURL)
    }

    /// Extracts every field and collection the given pages can answer.
    public func extract(_ pages: [Page]) -> ExtractedRecord {
        var record = ExtractedRecord()
        let scratch = MatchScratch(limits: pack.limits)
        var present = [String: Page]()
        for page in pages {
            if let missing = notFoundProblem(page, scratch: scratch) {
                record.problems.append(missing)
            } else {
                present[page.source] = page
            }
        }
        for field in pack.fields where field.sources.contains(where: { present[$0] != nil }) {
            record.fields[field.name] = value(of: field, pages: present, prefix: "", scratch: scratch, problems: &record.problems)
        }
        for collection in pack.collections {
            guard let page = present[collection.source] else { continue }
            record.collections[collection.name] = rows(of: collection, page: page, scratch: scratch, problems: &record.problems)
        }
        return record
    }

    // MARK: Steps

    private func notFoundProblem(_ page: Page, scratch: MatchScratch) -> ExtractionProblem? {
        guard let source = pack.source(named: page.source) else {
            return ExtractionProblem(kind: .extraction, field: nil, source: page.source, origin: page.origin,
                                     message: "the pack has no source '\(page.source)'; it has \(pack.sources.map(\.name).joined(separator: ", "))")
        }
        let found = page.utf8.withUnsafeBufferPointer { buffer in
            source.missing.contains { pattern in (try? pattern.firstMatch(in: buffer, from: 0, scratch: scratch)) != nil }
        }
        guard found else { return nil }
        return ExtractionProblem(kind: .notFound, field: nil, source: page.source, origin: page.origin,
                                 message: "the page says this member does not exist")
    }

    private func value(of field: FieldRule, pages: [String: Page], prefix: String, scratch: MatchScratch,
                       problems: inout [ExtractionProblem]) -> FieldValue {
        evaluate(field, label: { prefix + field.name }, scratch: scratch, problems: &problems) { alternative in
            pages[alternative.source].map { ($0, nil) }
        }
    }

    /// Tries `field`'s alternatives in order, each on the page (and region of it,
    /// nil for all of it) that `locate` gives; an alternative with none is skipped.
    /// The first capture wins; with none, the default, a required-field problem, or null.
    private func evaluate(_ field: FieldRule, label: () -> String, scratch: MatchScratch, problems: inout [ExtractionProblem],
                          locate: (Alternative) -> (page: Page, region: Range<Int>?)?) -> FieldValue {
        // The pages tried, for the message when nothing matches; most fields try one,
        // so the list is only made for a second.
        var firstTried: Page?
        var moreTried = [Page]()
        var attempts = 0
        for alternative in field.alternatives {
            guard let (page, region) = locate(alternative) else { continue }
            attempts += 1
            if firstTried == nil {
                firstTried = page
            } else if firstTried?.source != page.source, !moreTried.contains(where: { $0.source == page.source }) {
                moreTried.append(page)
            }
            let outcome = page.utf8.withUnsafeBufferPointer { buffer in
                capture(alternative, in: buffer, region: region ?? 0..<buffer.count, scratch: scratch)
            }
            switch outcome {
            case .noMatch:
                continue
            case .failed(let failure):
                return failed(failure, alternative: alternative, label: label, page: page, problems: &problems)
            case .captured(let range):
                return convert(range, field: field, label: label, page: page, problems: &problems)
            }
        }
        return unmatched(field, label: label, tried: { firstTried.map { [$0] + moreTried } ?? [] }, attempts: attempts, problems: &problems)
    }

    private func failed(_ failure: MatchFailure, alternative: Alternative, label: () -> String, page: Page,
                        problems: inout [ExtractionProblem]) -> FieldValue {
        problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin,
                                          message: "\(failure.message) (pattern: \(alternative.patternText))"))
        return .null
    }

    /// No alternative matched: the default, a required-field problem, or null.
    private func unmatched(_ field: FieldRule, label: () -> String, tried pages: () -> [Page], attempts: Int,
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

    private func rows(of collection: CollectionRule, page: Page, scratch: MatchScratch,
                      problems: inout [ExtractionProblem]) -> [ExtractedRecord.Row] {
        page.utf8.withUnsafeBufferPointer { buffer in
            var region = 0..<buffer.count
            do throws(MatchFailure) {
                for narrowing in collection.within {
                    guard let narrowed = try firstGroup(narrowing.pattern, group: narrowing.group, in: buffer, region: region, scratch: scratch) else {
                        return []
                    }
                    region = narrowed
                }
                var regions = [Range<Int>]()
                for cut in collection.rowCuts {
                    regions = try rowRegions(cut, in: buffer, region: region, scratch: scratch)
                    if !regions.isEmpty { break }
                }
                return regions.enumerated().map { index, rowRegion in
                    row(collection, number: index + 1, region: rowRegion, page: page, scratch: scratch, problems: &problems)
                }
            } catch {
                problems.append(ExtractionProblem(kind: .extraction, field: "\(collection.name)[]", source: page.source, origin: page.origin,
                                                  message: "cutting rows: \(error.message)"))
                return []
            }
        }
    }

    private func row(_ collection: CollectionRule, number: Int, region: Range<Int>, page: Page, scratch: MatchScratch,
                     problems: inout [ExtractionProblem]) -> ExtractedRecord.Row {
        var row = ExtractedRecord.Row(minimumCapacity: collection.fields.count)
        for field in collection.fields {
            row[field.name] = evaluate(field, label: { "\(collection.name)[\(number)].\(field.name)" }, scratch: scratch,
                                       problems: &problems) { _ in (page, region) }
        }
        return row
    }

    private func convert(_ range: Range<Int>, field: FieldRule, label: () -> String, page: Page,
                         problems: inout [ExtractionProblem]) -> FieldValue {
        let converted = page.utf8.withUnsafeBufferPointer { buffer -> Result<FieldValue, ConversionError>? in
            let raw = UnsafeBufferPointer(rebasing: buffer[range])
            guard let map = field.map else { return field.type.convert(raw, base: baseURL, origin: origin) }
            let captured = HTMLText.plain(raw)
            guard let replacement = map[captured.lowercased()] else {
                problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin,
                                                  message: "captured \"\(captured)\", which the field's map does not list (it lists \(map.keys.sorted().joined(separator: ", ")))"))
                return nil
            }
            return field.type.convert(replacement, base: baseURL)
        }
        switch converted {
        case .success(let value):
            return value
        case .failure(let error):
            problems.append(ExtractionProblem(kind: .extraction, field: label(), source: page.source, origin: page.origin, message: error.message))
            return .null
        case nil:
            return .null
        }
    }

    // MARK: Matching

    private enum Capture {
        case noMatch
        case captured(Range<Int>)
        case failed(MatchFailure)
    }

    private func capture(_ alternative: Alternative, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                         scratch: MatchScratch) -> Capture {
        do throws(MatchFailure) {
            var region = region
            for narrowing in alternative.within {
                guard let narrowed = try firstGroup(narrowing.pattern, group: narrowing.group, in: buffer, region: region, scratch: scratch) else {
                    return .noMatch
                }
                region = narrowed
            }
            guard let range = try firstGroup(alternative.pattern, group: alternative.group, in: buffer, region: region, scratch: scratch) else {
                return .noMatch
            }
            return .captured(range)
        } catch {
            return .failed(error)
        }
    }

    /// The range (in `buffer`'s offsets) of `group` in the first match inside `region`;
    /// nil when nothing matches or the group did not take part.
    private func firstGroup(_ pattern: any CompiledPattern, group: Int, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                            scratch: MatchScratch) throws(MatchFailure) -> Range<Int>? {
        let subject = UnsafeBufferPointer(rebasing: buffer[region])
        guard let range = try pattern.firstRange(of: group, in: subject, from: 0, scratch: scratch) else { return nil }
        return (range.lowerBound + region.lowerBound)..<(range.upperBound + region.lowerBound)
    }

    private func rowRegions(_ cut: RowCut, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>,
                            scratch: MatchScratch) throws(MatchFailure) -> [Range<Int>] {
        let subject = UnsafeBufferPointer(rebasing: buffer[region])
        let group = cut.pattern.captureCount > 0 ? 1 : 0
        var found = [Range<Int>]()
        var position = 0
        while position <= subject.count, let match = try cut.pattern.firstMatch(in: subject, from: position, scratch: scratch) {
            let whole = match.range
            switch cut.mode {
            case .match:
                if let range = match.group(group) { found.append(range) }
            case .start:
                found.append(whole.lowerBound..<whole.lowerBound)
            }
            position = whole.isEmpty ? whole.upperBound + 1 : whole.upperBound
        }
        if cut.mode == .start {
            // Each row runs from its start to the next row's start.
            for index in found.indices {
                let end = index + 1 < found.count ? found[index + 1].lowerBound : subject.count
                found[index] = found[index].lowerBound..<end
            }
        }
        return found.map { ($0.lowerBound + region.lowerBound)..<($0.upperBound + region.lowerBound) }
    }
}
