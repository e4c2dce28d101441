import Foundation
import Report
import Testing

/// `CompactJSONEncoder` writes a value's own coding as one line that `JSONDecoder` reads
/// back as the same value, with the keys in the order the value coded them.
@Suite struct CompactJSONEncoderTests {
    enum Mark: Codable, Hashable {
        case plain
        case tagged(String, count: Int)
    }

    struct Inner: Codable, Equatable {
        var name: String
        var sizes: [Int]
    }

    struct Sample: Codable, Equatable {
        var text = "quote \" backslash \\ line\n bell \u{07} é \u{2028}"
        var number = -42
        var small: Int8 = .min
        var large: UInt64 = .max
        var ratio = 0.1
        var tenth: Float = 0.1
        var flag = true
        var missing: Int?
        var day = Date(timeIntervalSinceReferenceDate: 1_000.5)
        var words = ["a", "b/c"]
        var nested = [Inner(name: "x", sizes: []), Inner(name: "y", sizes: [1, 2])]
        var marks: [Mark] = [.plain, .tagged("t", count: 2)]
        var byName = ["only": [1.5]]
        var empty = [String]()
        var optionals: [Int?] = [1, nil]
        var maybeWords: [String?] = [nil, "z"]
        // Read by JSONDecoder its own way, not by their coding.
        var amount = Decimal(string: "-4.660") ?? 0
        var home = URL(string: "https://example.org/a?b=1")
        var blob = Data([0, 1, 2])
    }

    static func line(_ value: some Encodable) throws -> String {
        String(decoding: try CompactJSONEncoder().encode(value), as: UTF8.self)
    }

    @Test func writesEachValueInTheOrderItWasCoded() throws {
        #expect(try Self.line(Sample()) == #"{"text":"quote \" backslash \\ line\n bell \u0007 é \u2028","number":-42,"small":-128,"#
            + #""large":18446744073709551615,"ratio":0.1,"tenth":0.1,"flag":true,"day":1000.5,"words":["a","b/c"],"#
            + #""nested":[{"name":"x","sizes":[]},{"name":"y","sizes":[1,2]}],"marks":[{"plain":{}},{"tagged":{"_0":"t","count":2}}],"#
            + #""byName":{"only":[1.5]},"empty":[],"optionals":[1,null],"maybeWords":[null,"z"],"#
            + #""amount":-4.66,"home":"https://example.org/a?b=1","blob":"AAEC"}"#)
        #expect(try Self.line("a") == #""a""#)
        #expect(try Self.line([[1], []]) == "[[1],[]]")
    }

    @Test func readsBackAsTheSameValueAndAsJSONEncodersLine() throws {
        var sample = Sample()
        sample.missing = 7
        let compact = try CompactJSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: Data(compact)) == sample)
        // The same JSON as Foundation's coder writes, whatever its keys' order.
        let ours = try JSONSerialization.jsonObject(with: Data(compact)) as? NSDictionary
        let theirs = try JSONSerialization.jsonObject(with: JSONEncoder().encode(sample)) as? NSDictionary
        #expect(ours != nil && ours == theirs)
    }

    /// A dictionary keyed by something other than text codes as a list of keys and values.
    @Test func aDictionaryWithOtherKeysIsAList() throws {
        #expect(try Self.line([Mark.plain: 1]) == #"[{"plain":{}},1]"#)
        #expect(try JSONDecoder().decode([Mark: Int].self, from: Data(CompactJSONEncoder().encode([Mark.plain: 1]))) == [.plain: 1])
    }

    struct Base: Codable {
        var id = 1
    }

    struct Twice: Encodable {
        private enum CodingKeys: String, CodingKey { case label }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("a", forKey: .label)
            // A second container of the same coder adds to the same object.
            var again = encoder.container(keyedBy: CodingKeys.self)
            try again.encode("b", forKey: .label)
        }
    }

    /// Two values under one key would be JSON that parsers read differently: refused.
    @Test func aKeyCodedTwiceIsRefused() throws {
        let error = #expect(throws: EncodingError.self) { try CompactJSONEncoder().encode(Twice()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(String(describing: error))")
            return
        }
        #expect(context.debugDescription == "'label' was coded twice in one object")
    }

    struct Once: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CompactJSONEncoderTests.PlainKey.self)
            try container.encode(1, forKey: PlainKey("label"))
            try Base().encode(to: container.superEncoder())
            var list = container.nestedUnkeyedContainer(forKey: PlainKey("list"))
            try list.encode(2)
            var inner = list.nestedContainer(keyedBy: PlainKey.self)
            try inner.encode(true, forKey: PlainKey("deep"))
            try list.encode(3)
            // Filled after the items that follow it, it still stands where it was made.
            try inner.encode("late", forKey: PlainKey("later"))
        }
    }

    struct PlainKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test func aNestedContainerStandsWhereItWasMade() throws {
        #expect(try Self.line(Once()) == #"{"label":1,"super":{"id":1},"list":[2,{"deep":true,"later":"late"},3]}"#)
    }

    struct Numbers: Encodable {
        var values: [Double]
        var inner: [String: [Double]]
    }

    /// A number JSON cannot hold is an error naming its place, and no line.
    @Test func aNumberThatIsNotFiniteIsRefusedWithItsPlace() {
        for (value, path) in [(Numbers(values: [1, .nan], inner: [:]), ["values", "Index 1"]),
                              (Numbers(values: [], inner: ["far": [.infinity]]), ["inner", "far", "Index 0"])] {
            let error = #expect(throws: EncodingError.self) { try CompactJSONEncoder().encode(value) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("expected invalidValue, got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == path)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    /// A value that codes nothing is refused alone, and is an empty object inside another, as `JSONEncoder` does.
    @Test func aValueThatCodesNothing() throws {
        #expect(throws: EncodingError.self) { try CompactJSONEncoder().encode(Nothing()) }
        #expect(try Self.line([Nothing()]) == "[{}]")
        #expect(String(decoding: try JSONEncoder().encode([Nothing()]), as: UTF8.self) == "[{}]")
    }
}
