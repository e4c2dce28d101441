/// Collections: a page cut into rows, and each row's fields.
extension Extractor {
    func rows(of collection: CollectionRule, text: PageText, scratch: ExtractionScratch,
              problems: inout [ExtractionProblem], outcomes: inout [FieldOutcome]) -> [ExtractedRecord.Row] {
        let page = text.page
        return page.utf8.withUnsafeBufferPointer { buffer in
            var region = 0..<buffer.count
            do throws(MatchFailure) {
                for narrowing in collection.within {
                    guard let narrowed = try narrow(region, with: narrowing, in: buffer, ascii: text.ascii, scratch: scratch) else {
                        return []
                    }
                    region = narrowed
                }
                var regions = [Range<Int>]()
                for cut in collection.rowCuts {
                    regions = try rowRegions(cut, in: buffer, region: region, ascii: text.ascii, scratch: scratch)
                    if !regions.isEmpty { break }
                }
                return fill(collection, regions: regions, in: buffer, text: text, scratch: scratch, problems: &problems,
                            outcomes: &outcomes)
            } catch {
                problems.append(ExtractionProblem(kind: .extraction, field: "\(collection.name)[]", source: page.source, origin: page.origin,
                                                  message: "cutting rows: \(error.message)"))
                return []
            }
        }
    }

    /// The rows, filled a field at a time: each alternative runs over every row that
    /// still lacks the field before the next alternative or field starts, first
    /// matching (nothing but engine calls), then converting what it captured. The
    /// answers are those of filling a row at a time (each row is still its own
    /// subject); the order keeps one pattern's compiled code hot, where row by row a
    /// dozen patterns and their conversions take turns. Measured from C on the 200 KB
    /// benchmark page, the same PCRE2 calls took 172 µs in this order, 236 µs row by row.
    private func fill(_ collection: CollectionRule, regions: [Range<Int>], in buffer: UnsafeBufferPointer<UInt8>,
                      text: PageText, scratch: ExtractionScratch, problems: inout [ExtractionProblem],
                      outcomes: inout [FieldOutcome]) -> [ExtractedRecord.Row] {
        let page = text.page
        var rows = [ExtractedRecord.Row](repeating: collection.emptyRow, count: regions.count)
        let asciiOnly = regions.map { text.ascii.isASCII($0) }
        // Problems are reported in row order, then field order, as a reader scans a
        // table; they are rare, so they are sorted once at the end.
        var noted = [(cell: Int, problem: ExtractionProblem)]()
        var cellProblems = [ExtractionProblem]()
        var pending = [Int]()
        var found = RegionMatches()
        pending.reserveCapacity(regions.count)
        found.unmatched.reserveCapacity(regions.count)
        found.captured.reserveCapacity(regions.count)
        let columns = collection.fields.count
        func note(row: Int, column: Int) {
            for problem in cellProblems { noted.append((row * columns + column, problem)) }
            cellProblems.removeAll(keepingCapacity: true)
        }
        for (column, field) in collection.fields.enumerated() {
            let type = field.type, map = field.map, convertedMap = field.convertedMap
            var outcome = FieldOutcome(field: "\(collection.name)[].\(field.name)", source: collection.source,
                                       expected: !field.optional, alternatives: field.alternatives.count)
            // Rows where a `within` of the field matched: they show the field's part.
            var partRows = Set<Int>()
            // Rows where a `within`, not the field's pattern, hit a limit: what it was.
            var culprits = [Int: String]()
            pending.removeAll(keepingCapacity: true)
            pending.append(contentsOf: regions.indices)
            for (index, alternative) in field.alternatives.enumerated() where !pending.isEmpty {
                found.removeAll()
                match(alternative, rows: pending, regions: regions, asciiOnly: asciiOnly, in: buffer, ascii: text.ascii,
                      scratch: scratch, into: &found, partRows: &partRows, culprits: &culprits)
                for (row, failure) in found.failed {
                    rows[row].values[column] = failed(failure, culprit: culprits[row] ?? "pattern: \(alternative.patternText)",
                                                    label: { "\(collection.name)[\(row + 1)].\(field.name)" },
                                                    page: page, problems: &cellProblems)
                    outcome.missing += 1
                    note(row: row, column: column)
                }
                for (row, range) in found.captured {
                    rows[row].values[column] = convert(UnsafeBufferPointer(rebasing: buffer[range]), type: type, map: map, convertedMap: convertedMap,
                                                     label: { "\(collection.name)[\(row + 1)].\(field.name)" }, page: page, problems: &cellProblems)
                    if cellProblems.isEmpty {
                        outcome.matched += 1
                        outcome.byAlternative[index] += 1
                    } else {
                        outcome.missing += 1
                        note(row: row, column: column)
                    }
                }
                swap(&pending, &found.unmatched)
            }
            // A row field's part is its row, unless it names a narrower one.
            let rowIsPart = field.present.isEmpty && !field.narrows
            for row in pending {
                let partShown = rowIsPart || partRows.contains(row)
                    || shows(field.present, in: buffer, region: regions[row], ascii: text.ascii, scratch: scratch)
                let (value, result) = unmatched(field, partShown: partShown, label: { "\(collection.name)[\(row + 1)].\(field.name)" },
                                                tried: { [page] }, problems: &cellProblems)
                rows[row].values[column] = value
                outcome.count(result)
                note(row: row, column: column)
            }
            outcomes.append(outcome)
        }
        // A cell has one problem at most (its value failed, did not convert, or is missing).
        noted.sort { $0.cell < $1.cell }
        problems.append(contentsOf: noted.map(\.problem))
        return rows
    }

    /// One alternative on each of `rows`: into `found`, in the order given. Nothing
    /// but engine calls: the engine answers the whole column at once.
    private func match(_ alternative: Alternative, rows: [Int], regions: [Range<Int>], asciiOnly: [Bool],
                       in buffer: UnsafeBufferPointer<UInt8>, ascii: ASCIIBlocks, scratch: ExtractionScratch,
                       into found: inout RegionMatches, partRows: inout Set<Int>, culprits: inout [Int: String]) {
        guard alternative.within.isEmpty else {
            // Each row narrowed first: row by row, through the memo of narrowed regions.
            for row in rows {
                switch capture(alternative, in: buffer, region: regions[row], asciiOnly: asciiOnly[row], ascii: ascii, scratch: scratch) {
                case .noPart: found.unmatched.append(row)
                case .noMatch:
                    found.unmatched.append(row)
                    partRows.insert(row)
                case .captured(let range): found.captured.append((row, range))
                case .failed(let failure, let culprit):
                    found.failed.append((row, failure))
                    culprits[row] = culprit
                }
            }
            return
        }
        alternative.pattern.firstRanges(of: alternative.group, in: buffer, regions: regions, asciiOnly: asciiOnly,
                                        searching: rows, scratch: scratch.match, into: &found)
    }

    private func rowRegions(_ cut: RowCut, in buffer: UnsafeBufferPointer<UInt8>, region: Range<Int>, ascii: ASCIIBlocks,
                            scratch: ExtractionScratch) throws(MatchFailure) -> [Range<Int>] {
        let subject = UnsafeBufferPointer(rebasing: buffer[region])
        let asciiOnly = ascii.isASCII(region)
        let group = cut.pattern.captureCount > 0 ? 1 : 0
        var found = [Range<Int>]()
        var position = 0
        cutting: while position <= subject.count {
            let whole: Range<Int>
            switch cut.mode {
            case .match:
                guard let match = try cut.pattern.firstMatch(in: subject, from: position, asciiOnly: asciiOnly, scratch: scratch.match) else {
                    break cutting
                }
                whole = match.range
                if let range = match.group(group) { found.append(range) }
            case .start:
                // Only where the match starts counts: no groups to collect.
                guard let range = try cut.pattern.firstRange(of: 0, in: subject, from: position, asciiOnly: asciiOnly, scratch: scratch.match) else {
                    break cutting
                }
                whole = range
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
