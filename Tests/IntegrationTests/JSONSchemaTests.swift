import Extraction
import Foundation
import Lookup
import Packs
@testable import Report
import Testing
import TestSupport

/// Dashboards read the JSON: every record must validate against the published
/// schema (docs/schema/<site>/member-2.json, which `cpvanity patterns schema` makes from
/// the pack), checked with Python's jsonschema.
@Suite struct JSONSchemaTests {
    static func schema(_ site: String) -> String {
        repositoryRoot.appendingPathComponent("docs/schema/\(site)/member-2.json").path
    }

    /// Validates each document; returns the validator's complaints ([] when all are valid).
    func validate(_ documents: [String], site: String = "codeproject") throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cpvanity-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files = [String]()
        for (index, document) in documents.enumerated() {
            let file = directory.appendingPathComponent("\(index).json")
            try document.write(to: file, atomically: true, encoding: .utf8)
            files.append(file.path)
        }
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator, FormatChecker
            schema = json.load(open(sys.argv[1]))
            Draft202012Validator.check_schema(schema)
            validator = Draft202012Validator(schema, format_checker=FormatChecker())
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path))):
                    print(f"{path}: {'/'.join(map(str, error.path))}: {error.message}")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.schema(site)] + files
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the validator did not run (is python3 -m pip install jsonschema done? scripts/setup does it)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test func everyFixtureRecordValidates() throws {
        var changed = FixtureRecords.record("48201")
        changed.changes = [
            .field("reputation.total"): FieldChange(previous: .int(1_204_838), seenAt: FixtureRecords.fetchedAt, delta: 35),
            .field("reputation.level"): FieldChange(previous: .text("gold"), seenAt: FixtureRecords.fetchedAt, delta: nil),
            .cell(list: "articles", row: .key("/Articles/5012773/Cache-Heap-Shader"), field: "rating"): FieldChange(previous: .decimal(4.9), seenAt: FixtureRecords.fetchedAt, delta: 0.01),
        ]
        let documents = (FixtureRecords.all + [changed]).map { RecordJSON.value($0, pack: FixtureRecords.pack).serialized() }
        let complaints = try validate(documents)
        #expect(complaints == [], "\(complaints)")
    }

    @Test func aRenamedKeyDoesNot() throws {
        let document = RecordJSON.value(FixtureRecords.record("7315"), pack: FixtureRecords.pack).serialized()
            .replacingOccurrences(of: "\"tech_blogs\"", with: "\"blogs\"")
        let complaints = try validate([document])
        // "tech_blogs" is missing and "blogs" is not allowed.
        #expect(complaints.count == 2)
        #expect(complaints.allSatisfy { $0.contains(".json: counts: ") })
    }

    @Test func thePublishedSchemasAreWhatThePacksMake() throws {
        for site in ["codeproject", "stackoverflow", "hackernews", "github"] {
            let pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/\(site).toml").path)
            let published = try String(contentsOfFile: Self.schema(site), encoding: .utf8)
            #expect(published == RecordSchema.value(pack).serialized(pretty: true) + "\n",
                    "docs/schema/\(site)/member-2.json is not what the pack makes; run cpvanity patterns schema --site \(site)")
        }
    }

    @Test func stackOverflowRecordsValidateAgainstTheirOwnSchema() throws {
        let pack = try PackLoader().load(file: repositoryRoot.appendingPathComponent("patterns/stackoverflow.toml").path)
        let directory = repositoryRoot.appendingPathComponent("Fixtures/stackoverflow").path
        let documents = try ["31415", "16180"].map { id -> String in
            let pages = try FileManager.default.contentsOfDirectory(atPath: directory).sorted().compactMap { name -> Page? in
                guard let saved = SavedPageName.parse(name, sources: ["profile", "tags"]), saved.id == id else { return nil }
                let data = try Data(contentsOf: URL(fileURLWithPath: directory).appendingPathComponent(name))
                return Page(source: saved.source, bytes: [UInt8](data), origin: name, number: saved.page)
            }
            let extracted = Extractor(pack: pack).extract(pages)
            #expect(extracted.problems == [])
            let record = MemberRecord(id: id, site: pack.name, fetchedAt: FixtureRecords.fetchedAt,
                                      sources: pack.sources.map { ($0.name, $0.url(base: pack.baseURL, id: id)) }, extracted: extracted, errors: [])
            return RecordJSON.value(record, pack: pack).serialized()
        }
        #expect(try validate(documents, site: "stackoverflow") == [])
        // A CodeProject record is not a Stack Overflow one.
        #expect(try validate([RecordJSON.value(FixtureRecords.record("7315"), pack: FixtureRecords.pack).serialized()], site: "stackoverflow").count > 0)
    }
}
