import Report

/// The registry's formats by name, for the tests.
enum Formats {
    static func named(_ name: String) -> any RecordFormat {
        guard let format = RecordFormats.named(name) else { fatalError("no format named \(name)") }
        return format
    }

    static var table: any RecordFormat { named("table") }
    static var json: any RecordFormat { named("json") }
    static var ndjson: any RecordFormat { named("ndjson") }
    static var csv: any RecordFormat { named("csv") }
    static var markdown: any RecordFormat { named("markdown") }
    static var xlsx: any RecordFormat { named("xlsx") }
}
