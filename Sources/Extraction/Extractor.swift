import Foundation
import PageText
import Matching
import Packs

/// Applies a pack's rules to a member's pages. One extractor serves any number of
/// threads; each extraction is an `ExtractionRun` of its own.
public struct Extractor: Sendable {
    public let pack: SitePack
    /// What `url` fields are made absolute against.
    public let baseURL: String

    /// For each collection, a row with every field null, in the order of its fields:
    /// rows are copies of it, filled in place.
    private let emptyRows: [String: ExtractedRecord.Row]
    /// Problems quote a pattern that did not match whole (`--verbose`), not cut to a line.
    public var quotesPatternsWhole = false

    public init(pack: SitePack, baseURL: String? = nil) {
        self.pack = pack
        self.baseURL = baseURL ?? pack.baseURL
        emptyRows = Dictionary(pack.collections.map { ($0.name, ExtractedRecord.Row(names: RowNames($0.fields.map(\.name)))) },
                               uniquingKeysWith: { first, _ in first })
    }

    /// Extracts every field and collection the given pages can answer. A source's
    /// scalar fields are read from its first page; a collection's rows from each of
    /// its pages, in page order (`Page.number`).
    /// `member`: whose pages these are, for patterns that name the member (`{id}`).
    /// `cut`: sources whose list goes on past the pages given (a further page that
    /// could not be fetched, or was not saved): their rows are kept, and every
    /// statistic over them is unknown, never a figure over the pages that happened to read.
    public func extract(_ pages: [Page], member: String? = nil, cut: Set<String> = []) -> ExtractedRecord {
        var run = ExtractionRun(pack: pack, baseURL: baseURL, emptyRows: emptyRows)
        run.member = member
        run.wholePatterns = quotesPatternsWhole
        run.read(pages)
        let cutLists = Set(pack.collections.filter { cut.contains($0.source) && run.record.collections[$0.name] != nil }.map(\.name))
        run.record.stats = Statistics.compute(pack, fields: run.record.fields.mapValues(\.value), collections: run.record.collections,
                                              unknownLists: run.unknownLists, cutLists: cutLists, unreadRows: run.unreadRows,
                                              absentBySign: run.absentBySign, problems: &run.record.problems)
        run.record.problems = Extractor.bounded(run.record.problems)
        return run.record
    }

    /// The most problems a record lists: a pack gone wrong on a long list (every row's
    /// every field unread) says its first problems and how many more, not a million lines.
    public static let mostProblems = 1_000

    static func bounded(_ problems: [ExtractionProblem]) -> [ExtractionProblem] {
        guard problems.count > mostProblems, let last = problems.last else { return problems }
        let more = problems.count - mostProblems
        return Array(problems.prefix(mostProblems)) + [ExtractionProblem(kind: .extraction, field: nil, source: last.source, origin: last.origin,
                                                                       message: "and \(more) more problem\(more == 1 ? "" : "s") like these, not listed")]
    }
}

/// One extraction: the record being built, and what has been worked out about its
/// pages so far.
struct ExtractionRun {
    let pack: SitePack
    let baseURL: String
    let emptyRows: [String: ExtractedRecord.Row]
    var record = ExtractedRecord()
    /// The rows (numbered from 0) where each collection field (`articles.views`) was
    /// expected and could not be read: a statistic over it is unknown.
    var unreadRows: [String: [Int]] = [:]
    /// Collections whose page was read and lacked their section: unknown, not empty.
    var unknownLists: Set<String> = []
    /// The rows (from 0) where a collection field's cell said it has none (`absent`
    /// matched), not merely lacked its sign: a statistic none of whose rows shows a
    /// value is unknown, unless every row said none.
    var absentBySign: [String: Set<Int>] = [:]
    /// The member whose pages these are; patterns naming it (`{id}`) are made for it once.
    var member: String?
    /// Quote patterns whole in problems (`Extractor.quotesPatternsWhole`).
    var wholePatterns = false
    private var memberPatterns: [ObjectIdentifier: any CompiledPattern] = [:]
    /// The first page of each source of a member that exists.
    private var pages: [String: Page] = [:]
    /// Every page of each such source, in page order.
    private var allPages: [String: [Page]] = [:]
    /// When each page was served, as far as known (`servedAt(_:)`), once per page.
    private var servedTimes: [ObjectIdentifier: Date?] = [:]
    /// What each `within` found in each region, so that fourteen fields inside one
    /// table find the table once per page (and a row's fields, read a field at a time
    /// down the rows, its block once per row).
    private var narrowed: [NarrowedRegion: Range<Int>?] = [:]

    /// The page by identity, not by its source's name: a key hashed without a string.
    private struct NarrowedRegion: Hashable {
        let page: ObjectIdentifier
        let slot: Int
        let region: Range<Int>
    }

    init(pack: SitePack, baseURL: String, emptyRows: [String: ExtractedRecord.Row]) {
        self.pack = pack
        self.baseURL = baseURL
        self.emptyRows = emptyRows
    }

    mutating func read(_ given: [Page]) {
        // Whether the member exists is the first page's to say.
        let ordered = given.sorted { ($0.source, $0.number) < ($1.source, $1.number) }
        for page in ordered where page.number == ordered.first(where: { $0.source == page.source })?.number {
            if exists(page) { pages[page.source] = page }
        }
        for page in ordered where pages[page.source] != nil { allPages[page.source, default: []].append(page) }
        let pages = self.pages
        for field in pack.fields where field.sources.contains(where: { pages[$0] != nil }) {
            var outcome = FieldOutcome(field: .field(field.name), source: "", alternatives: field.alternatives.count)
            record.fields[field.name] = value(of: field, at: .field(field.name), inRow: false, outcome: &outcome) { source in
                pages[source].map { ($0, 0..<$0.utf8.count) }
            }
            record.outcomes.append(outcome)
        }
        for collection in pack.collections {
            guard let sourcePages = allPages[collection.source] else { continue }
            if let rows = rows(of: collection, on: sourcePages) {
                record.collections[collection.name] = rows
            } else {
                unknownLists.insert(collection.name)
            }
        }
    }

    /// What relative times on `page` count back from: the time the page gives itself
    /// (the source's `time` pattern), else when it was fetched or captured.
    private mutating func servedAt(_ page: Page) -> Date? {
        if let known = servedTimes[ObjectIdentifier(page)] { return known }
        let time = pack.source(named: page.source)?.servedAt(page.utf8) ?? page.servedAt
        servedTimes[ObjectIdentifier(page)] = time
        return time
    }

    /// False when the page says the member does not exist (a problem says so), or
    /// belongs to no source of the pack. A `missing` pattern that hits a limit is a
    /// problem too, and the page is read all the same.
    private mutating func exists(_ page: Page) -> Bool {
        guard let source = pack.source(named: page.source) else {
            problem(.extraction, nil, page, "the pack has no source '\(page.source)'; it has \(pack.sources.map(\.name).joined(separator: ", "))")
            return false
        }
        var failure: (MatchFailure, String)?
        let found = source.missing.contains { pattern in
            do throws(MatchFailure) {
                return try match(pattern, group: 0, on: page, in: 0..<page.utf8.count) != nil
            } catch {
                failure = (error, pattern.pattern)
                return false
            }
        }
        if found {
            problem(.notFound, nil, page, "the page says this member does not exist")
            return false
        }
        if let (error, pattern) = failure {
            problem(.extraction, nil, page, "could not tell whether the member exists: \(error.message) (missing: \(pattern))")
        }
        return true
    }

    // MARK: Fields

    /// One field, its alternatives tried in order on the regions `region(source)`
    /// gives: the value; its default or null where the page shows there is none; else
    /// null with a problem (not found, or found and unreadable). Counted in `outcome`,
    /// which names the source it was read from when it names none yet.
    /// `inRow`: the region is a row, a part the field lives in.
    mutating func value(of field: FieldRule, at place: FieldPath, inRow: Bool, outcome: inout FieldOutcome,
                        region: (String) -> (Page, Range<Int>)?) -> FieldReading {
        // The parts the field lives in that the page shows without its value: a
        // `within`'s part, else its row; where one lacks the value's `present` sign,
        // the value is absent there.
        var parts = [(page: Page, region: Range<Int>)]()
        for (index, alternative) in field.alternatives.enumerated() {
            guard let (page, range) = region(alternative.source) else { continue }
            switch capture(alternative, on: page, in: range) {
            case .noPart:
                continue
            case .noMatch(let part):
                if !alternative.within.isEmpty || inRow { parts.append((page, part)) }
            case .failed(let failure, let culprit):
                outcome.missing += 1
                problem(.extraction, place, page, "\(failure.message) (\(culprit))")
                outcome.name(page.source)
                return FieldReading(.null)
            case .captured(let captured):
                let dates = field.type.isDated ? FieldType.Dates(now: servedAt(page), century: field.century) : FieldType.Dates()
                let converted = page.utf8.withUnsafeBufferPointer { buffer in
                    field.type.read(UnsafeBufferPointer(rebasing: buffer[captured]), map: field.map, base: baseURL, dates: dates)
                }
                switch converted {
                case .success(let reading) where !field.bounds.isEmpty && !field.bounds.contains(reading.value):
                    let value = reading.value
                    outcome.unreadable += 1
                    problem(.unreadable, place, page, "\(value) is outside the range the pack gives this field (\(field.bounds.description)), so it is not read as a number")
                    outcome.name(page.source)
                    return FieldReading(.null)
                case .success(let reading):
                    outcome.matched += 1
                    outcome.byAlternative[index] += 1
                    outcome.name(page.source)
                    // With the step it was rounded to (`99.5k`: 100); exact ones have none.
                    return reading
                case .failure(let error):
                    if error.tooLarge { outcome.unreadable += 1 } else { outcome.missing += 1 }
                    problem(error.tooLarge ? .unreadable : .extraction, place, page, error.message)
                    outcome.name(page.source)
                    return FieldReading(.null)
                }
            }
        }
        // Not found: which pages were tried is worked out only now, off the common path.
        var tried = [(page: Page, region: Range<Int>)]()
        for alternative in field.alternatives {
            if let (page, range) = region(alternative.source), !tried.contains(where: { $0.page === page }) { tried.append((page, range)) }
        }
        outcome.name(tried.first?.page.source ?? "")
        return FieldReading(unmatched(field, absence: absence(of: field, parts: parts, tried: tried), at: place, tried: tried.map(\.page),
                                      outcome: &outcome))
    }

    /// How the page shows a field it gave no value for.
    enum Absence {
        /// Its own sign is there (`present`): the value is expected, and unread.
        case valueShown
        /// The page's words for none (`absent`).
        case saidNone
        /// Its part (a row, a `within`'s part) is there without its `present` sign.
        case partWithoutIt
        /// Neither: the markup may have moved, so the value is unknown.
        case unknown
    }

    /// What the page shows of a field that did not match: its `present` sign is looked
    /// for in its parts (else the regions tried), its `absent` one in the regions tried
    /// (its row, or the page).
    private func absence(of field: FieldRule, parts: [(page: Page, region: Range<Int>)], tried: [(page: Page, region: Range<Int>)]) -> Absence {
        if (parts.isEmpty ? tried : parts).contains(where: { shows(field.present, on: $0.page, in: $0.region) }) { return .valueShown }
        if tried.contains(where: { shows(field.absent, on: $0.page, in: $0.region) }) { return .saidNone }
        return !parts.isEmpty && !field.present.isEmpty ? .partWithoutIt : .unknown
    }

    /// No alternative matched: where the page shows there is none, the default (or null);
    /// else null and a problem naming the patterns tried.
    private mutating func unmatched(_ field: FieldRule, absence: Absence, at place: FieldPath, tried: [Page],
                                    outcome: inout FieldOutcome) -> FieldValue {
        switch absence {
        case .saidNone, .partWithoutIt:
            if absence == .saidNone, case .cell(let list, .index(let row), _) = place {
                absentBySign["\(list).\(field.name)", default: []].insert(row)
            }
            if let defaultValue = field.defaultValue {
                outcome.defaulted += 1
                return defaultValue
            }
            outcome.absent += 1
            return .null
        case .valueShown, .unknown:
            break
        }
        outcome.missing += 1
        let patterns = field.alternatives.filter { alternative in tried.contains { $0.source == alternative.source } }
        var message = patterns.count == 1 ? "not found: its pattern did not match"
            : "not found: none of its \(patterns.count) patterns matched"
        if absence == .valueShown {
            message += ", though the page shows the value's part (its present pattern matched)"
        } else if field.defaultValue != nil || !field.absent.isEmpty {
            message += ", and the page does not show that there is none"
        }
        // As it was tried: for this member (`{id}` made the ID), whole under --verbose.
        message += " (tried " + patterns.map { alternative in
            let text = member.map { alternative.patternText.replacingOccurrences(of: "{id}", with: Alternative.literal($0)) } ?? alternative.patternText
            return "'\(wholePatterns ? text : Self.abbreviated(text))'"
        }.joined(separator: ", ") + ")"
        record.problems.append(ExtractionProblem(kind: .extraction, field: place, source: tried.map(\.source).joined(separator: "+"),
                                                 origin: tried.map(\.origin).joined(separator: ", "), message: message))
        return .null
    }

    /// A pattern short enough to read in a warning; `patterns check --live` and the
    /// pack show it whole.
    static func abbreviated(_ pattern: String, limit: Int = 60) -> String {
        pattern.count <= limit ? pattern : String(pattern.prefix(limit - 1)) + "…"
    }

    mutating func problem(_ kind: ExtractionProblem.Kind, _ field: FieldPath?, _ page: Page, _ message: String) {
        record.problems.append(ExtractionProblem(kind: kind, field: field, source: page.source, origin: page.origin, message: message))
    }

    // MARK: Matching

    enum Capture {
        /// A `within` found nothing: the page does not show the part the alternative reads.
        case noPart
        /// The part is there (or the alternative reads the whole region), the pattern is not.
        case noMatch(part: Range<Int>)
        case captured(Range<Int>)
        /// The engine gave up; `culprit` names the pattern that did (the field's, or a `within`).
        case failed(MatchFailure, culprit: String)
    }

    private mutating func capture(_ alternative: Alternative, on page: Page, in region: Range<Int>) -> Capture {
        var region = region
        for narrowing in alternative.within {
            do throws(MatchFailure) {
                guard let narrowed = try narrow(region, with: narrowing, on: page) else { return .noPart }
                region = narrowed
            } catch {
                // The `within` failed, not the field's own pattern: say which.
                return .failed(error, culprit: "within: \(narrowing.pattern.pattern)")
            }
        }
        do throws(MatchFailure) {
            guard let range = try match(pattern(of: alternative), group: alternative.group, on: page, in: region) else { return .noMatch(part: region) }
            return .captured(range)
        } catch {
            return .failed(error, culprit: "pattern: \(alternative.patternText)")
        }
    }

    /// The alternative's pattern, for this member when it names the member (`{id}`).
    private mutating func pattern(of alternative: Alternative) -> any CompiledPattern {
        guard let make = alternative.forMember, let member else { return alternative.pattern }
        if let made = memberPatterns[ObjectIdentifier(alternative)] { return made }
        let made = make(member) ?? alternative.pattern
        memberPatterns[ObjectIdentifier(alternative)] = made
        return made
    }

    /// True when one of `patterns` matches in `region`: the page shows the part a
    /// field lives in. A pattern that fails (hits a limit) shows nothing.
    func shows(_ patterns: [any CompiledPattern], on page: Page, in region: Range<Int>) -> Bool {
        patterns.contains { pattern in
            (try? match(pattern, group: 0, on: page, in: region)) != nil
        }
    }

    /// `region` cut down by `narrowing`, found once per extraction however many
    /// fields name the same `within`.
    mutating func narrow(_ region: Range<Int>, with narrowing: Narrowing, on page: Page) throws(MatchFailure) -> Range<Int>? {
        let key = NarrowedRegion(page: ObjectIdentifier(page), slot: narrowing.slot, region: region)
        if let known = narrowed[key] { return known }
        let found = try match(narrowing.pattern, group: narrowing.group, on: page, in: region)
        narrowed[key] = found
        return found
    }

    /// The range (in the page's offsets) of `group` in the first match inside `region`,
    /// which is matched as the whole subject; nil when nothing matches or the group
    /// did not take part.
    func match(_ pattern: any CompiledPattern, group: Int, on page: Page, in region: Range<Int>) throws(MatchFailure) -> Range<Int>? {
        let found = try page.utf8.withUnsafeBufferPointer { buffer throws(MatchFailure) in
            try pattern.firstRange(of: group, in: UnsafeBufferPointer(rebasing: buffer[region]), from: 0)
        }
        return found.map { ($0.lowerBound + region.lowerBound)..<($0.upperBound + region.lowerBound) }
    }
}

extension FieldOutcome {
    /// The source a scalar field was read from (a collection's fields name theirs at the start).
    mutating func name(_ source: String) {
        if self.source.isEmpty { self.source = source }
    }
}
