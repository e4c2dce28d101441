import Foundation
@testable import Packs
import PageText
import Testing

/// Each field type is one `FieldKind` in its own file: these hold what every type
/// promises, and what each one's file alone decides.
@Suite struct FieldTypeTests {
    @Test func everyTypeIsFoundByTheNameAPackWrites() {
        // One look at the registry: a test beside this one may register a type meanwhile.
        let all = FieldType.allCases
        #expect(FieldType.bundled.map(\.rawValue) == ["text", "int", "decimal", "url", "date", "datetime", "string", "month", "rounded", "duration"])
        for type in all { #expect(FieldType(rawValue: type.rawValue) == type) }
        #expect(FieldType(rawValue: "integer") == nil)
        #expect(FieldType.int != FieldType.rounded)
        #expect(Set(all).count == all.count)
    }

    @Test func aNumbersSchemaIsANumberAndEveryOtherIsAString() {
        for type in FieldType.allCases {
            let json = type.kind.schema.jsonType
            #expect(type.isNumber ? ["integer", "number"].contains(json) : json == "string", "\(type)")
        }
        #expect(FieldType.rounded.kind.schema.jsonType == "integer")
        #expect(FieldType.url.kind.schema.format == "uri")
        #expect(FieldType.month.kind.schema.pattern == "^[0-9]{4}-[0-9]{2}$")
    }

    /// The forms `patterns check` asks a capture to hold are forms the type reads.
    @Test func everyWrittenFormIsReadByItsOwnType() {
        for type in FieldType.allCases {
            for form in type.kind.writtenForms {
                guard case .success(let value) = type.convert(form.sample, base: "") else {
                    Issue.record("\(type) does not read its own form \(form.sample)")
                    continue
                }
                #expect(!value.isNull)
            }
        }
        #expect(FieldType.int.kind.writtenForms.map(\.sample) == ["1,204"])
        #expect(FieldType.text.kind.writtenForms.isEmpty)
    }

    @Test func aRoundedReadingKeepsItsStep() throws {
        var text = "99.5k"
        let rounded = text.withUTF8 { FieldType.rounded.read($0, base: "") }
        #expect(rounded == .success(FieldReading(.int(99_500), step: 100)))
        text = "1,103"
        #expect(text.withUTF8 { FieldType.rounded.read($0, base: "") } == .success(FieldReading(.int(1_103))))
        text = "2.2m"
        #expect(text.withUTF8 { FieldType.int.read($0, base: "") }.map(\.step) == .failure(ConversionError(raw: "2.2m", expected: "an integer")))
        // A map's replacement is read as the type, its step with it.
        text = "lots"
        #expect(text.withUTF8 { FieldType.rounded.read($0, map: ["lots": "12k"], base: "") } == .success(FieldReading(.int(12_000), step: 1_000)))
    }

    /// Separators stand between thousands (or as India groups digits): a comma between
    /// other digits is no number ("4,9", a decimal comma), never 49; one before or after
    /// the digits is no group's ("20," before the next count).
    @Test func separatorsGroupThousandsOrTheTextIsNoNumber() {
        func read(_ type: FieldType, _ text: String) -> FieldValue? {
            var text = text
            return try? text.withUTF8 { type.read($0, base: "") }.get().value
        }
        #expect(["1,204,873", "12 345", "1'204", "20,", " 7 ", "-1,204", "1&nbsp;204"].map { read(.int, $0) }
                == [.int(1_204_873), .int(12_345), .int(1_204), .int(20), .int(7), .int(-1_204), .int(1_204)])
        #expect(["4,9", "1,2,3", "12,34", "1,2345", "1234,567", "1&nbsp;20", "1,234,56,789", "123,45,678"].map { read(.int, $0) }
                == [nil, nil, nil, nil, nil, nil, nil, nil])
        // As India groups them: a first of one or two digits, then twos, the last three.
        #expect(["12,34,567", "1,23,45,678", "12,345.5"].map { read(.int, $0) } == [.int(1_234_567), .int(12_345_678), nil])
        #expect(read(.decimal, "1,23,456.75") == .decimal(Decimal(string: "123456.75")!))
        #expect([read(.decimal, "1,204.5"), read(.decimal, "4,9"), read(.rounded, "4,9"), read(.rounded, "1,2k")]
                == [.decimal(Decimal(string: "1204.5")!), nil, nil, .int(1_200)])
    }

    @Test func aPacksDefaultIsReadAsItsType() {
        #expect(FieldType.int.kind.value(ofSetting: .int(0)) == .int(0))
        #expect(FieldType.int.kind.value(ofSetting: .string("0")) == nil)
        #expect(FieldType.decimal.kind.value(ofSetting: .double(4.5)) == .decimal(Decimal(string: "4.5")!))
        #expect(FieldType.decimal.kind.value(ofSetting: .int(3)) == .decimal(3))
        #expect(FieldType.date.kind.value(ofSetting: .string("12 Mar 2012")) == .date(CalendarDate(year: 2012, month: 3, day: 12)!))
        #expect(FieldType.date.kind.value(ofSetting: .string("soon")) == nil)
        #expect(FieldType.month.kind.value(ofSetting: .string("Apr 2017")) == .text("2017-04"))
        #expect(FieldType.duration.kind.value(ofSetting: .string("2 days")) == .text("P2D"))
        #expect(FieldType.text.kind.value(ofSetting: .string("none")) == .text("none"))
        #expect(FieldType.text.kind.value(ofSetting: .int(1)) == nil)
    }

    @Test func onlyADurationIsSpokenOtherwise() {
        #expect(FieldType.duration.spoken(.text("P13Y7M")) == .text("13 years, 7 months"))
        #expect(FieldType.duration.spoken(.text("not a span")) == .text("not a span"))
        for type in FieldType.allCases where type != .duration {
            #expect(type.spoken(.text("P13Y7M")) == .text("P13Y7M"))
        }
    }

    @Test func traitsSayWhatAValueIs() {
        #expect(FieldType.bundled.filter(\.isNumber) == [.int, .decimal, .rounded])
        #expect(FieldType.bundled.filter(\.isOrdered) == [.int, .decimal, .date, .datetime, .month, .rounded])
        #expect(FieldType.bundled.filter(\.mayBeRounded) == [.rounded])
        #expect(FieldType.bundled.filter(\.isDated) == [.date])
    }

    /// A type written in one file works wherever a type is taken, with nothing else changed.
    @Test func aNewTypeIsOneKind() {
        let percent = FieldType(PercentType.self)
        #expect(percent.convert("45 %", base: "") == .success(.decimal(45)))
        #expect(percent.convert("45", base: "") == .failure(ConversionError(raw: "45", expected: "a percentage such as 45%")))
        #expect(percent.isNumber && percent.isOrdered && !percent.mayBeRounded)
        #expect(percent != .decimal)
    }

    /// Registered (one line), a pack may name it, and a value it cannot read is unknown,
    /// with its problem, never a number.
    @Test func aRegisteredTypeIsOneAPackMayName() throws {
        FieldType.register(PercentType.self)
        #expect(FieldType.allCases.last?.rawValue == "percent" && FieldType.allCases.filter { $0.rawValue == "percent" }.count == 1)
        let pack = try testPack("""
            [fields.acceptance]
            source = "page"
            pattern = 'Accepted: ([^<]+)'
            type = "percent"
            """)
        let type = try #require(pack.fields.first?.type)
        #expect(type.rawValue == "percent" && type.isNumber)
        #expect(type.convert("87.5%", base: "") == .success(.decimal(Decimal(string: "87.5")!)))
        #expect(FieldType(rawValue: "percentage") == nil)
    }
}

/// What a team adding a type writes: this one reads `45%`.
enum PercentType: FieldKind {
    static let name = "percent"
    static let traits: FieldTraits = [.number, .ordered]
    static let schema = SchemaForm(jsonType: "number")

    static func read(_ raw: UnsafeBufferPointer<UInt8>, base: String, dates: FieldType.Dates) -> Result<FieldReading, ConversionError> {
        let text = HTMLText.plain(raw)
        guard text.hasSuffix("%"), let number = Decimal(string: text.dropLast().trimmingCharacters(in: .whitespaces)) else {
            return .failure(ConversionError(raw: text, expected: "a percentage such as 45%"))
        }
        return .success(FieldReading(.decimal(number)))
    }

    static func value(ofSetting setting: SettingValue) -> FieldValue? { nil }
}
