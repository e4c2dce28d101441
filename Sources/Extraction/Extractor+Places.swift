import Matching
import Packs

/// Where on a page a pack reads what it reads: for the tools that write patterns, which
/// check that a pattern reads a value where they found it standing, not an equal value
/// elsewhere (in a script, a menu, another box).
extension Extractor {
    /// Where a field's first matching alternative matches on `page`, inside `region`
    /// (a row; the whole page when nil): the whole match and the bytes it captures.
    /// Nil when none matches.
    package func place(of field: FieldRule, on page: Page, in region: Range<Int>? = nil) -> (match: Range<Int>, capture: Range<Int>)? {
        var run = ExtractionRun(pack: pack, baseURL: baseURL, emptyRows: [:])
        for alternative in field.alternatives where alternative.source == page.source {
            var part = region ?? 0..<page.utf8.count
            var narrowed = true
            for narrowing in alternative.within {
                guard let found = (try? run.narrow(part, with: narrowing, on: page)) ?? nil else {
                    narrowed = false
                    break
                }
                part = found
            }
            guard narrowed else { continue }
            let found = page.utf8.withUnsafeBufferPointer { buffer in
                try? alternative.pattern.firstMatch(in: UnsafeBufferPointer(rebasing: buffer[part]), from: 0)
            }
            guard let match = found ?? nil, let capture = match.group(alternative.group) else { continue }
            let shift = part.lowerBound
            return ((match.range.lowerBound + shift)..<(match.range.upperBound + shift), (capture.lowerBound + shift)..<(capture.upperBound + shift))
        }
        return nil
    }

    /// What a field reads on `page` and where: its place, and the capture converted to
    /// the field's type as a lookup converts it (nil when it does not convert).
    package func reading(of field: FieldRule, on page: Page) -> (match: Range<Int>, capture: Range<Int>, value: FieldValue?)? {
        guard let found = place(of: field, on: page) else { return nil }
        let dates = field.type.isDated ? FieldType.Dates(now: page.servedAt, century: field.century) : FieldType.Dates()
        let converted = page.utf8.withUnsafeBufferPointer { buffer in
            field.type.read(UnsafeBufferPointer(rebasing: buffer[found.capture]), map: field.map, base: baseURL, dates: dates)
        }
        guard case .success(let reading) = converted, field.bounds.isEmpty || field.bounds.contains(reading.value) else { return (found.match, found.capture, nil) }
        return (found.match, found.capture, reading.value)
    }

    /// The regions a collection's `within` narrows `page` to, in turn (the list's section
    /// last); empty when it has none; nil when one finds nothing.
    package func sections(of collection: CollectionRule, on page: Page) -> [Range<Int>]? {
        var run = ExtractionRun(pack: pack, baseURL: baseURL, emptyRows: [:])
        var region = 0..<page.utf8.count
        var found = [Range<Int>]()
        for narrowing in collection.within {
            guard let narrowed = (try? run.narrow(region, with: narrowing, on: page)) ?? nil else { return nil }
            region = narrowed
            found.append(narrowed)
        }
        return found
    }

    /// The rows a collection cuts from `page`, in page order: what its first row rule
    /// that finds any cuts inside its section; nil when its section is not found.
    package func rowRegions(of collection: CollectionRule, on page: Page) -> [Range<Int>]? {
        guard let sections = sections(of: collection, on: page) else { return nil }
        let run = ExtractionRun(pack: pack, baseURL: baseURL, emptyRows: [:])
        for cut in collection.rowCuts {
            guard let regions = try? run.rowRegions(cut, on: page, in: sections.last ?? 0..<page.utf8.count) else { return nil }
            if !regions.isEmpty { return regions }
        }
        return []
    }
}
