import Foundation

/// A statistic's arithmetic, as a pack writes it: `stats.weighted_rating * log10(stats.total_votes)`.
/// Numbers, names (`stats.<name>` for another statistic, a dotted field name for a
/// scalar field), `+ - * /`, parentheses and the functions `log10`, `ln`, `sqrt`,
/// `abs`, `min`, `max`. Any unknown operand (null), a division by zero or a logarithm
/// of zero or less makes the whole formula null: never a made-up number.
public indirect enum StatFormula: Sendable, Equatable {
    case number(Double)
    case name(String)
    case negate(StatFormula)
    case binary(Character, StatFormula, StatFormula)
    case call(String, [StatFormula])

    public static let functions: [String: ClosedRange<Int>] = ["log10": 1...1, "ln": 1...1, "sqrt": 1...1, "abs": 1...1,
                                                               "min": 2...8, "max": 2...8]

    /// Every name the formula reads.
    public var names: [String] {
        switch self {
        case .number: return []
        case .name(let name): return [name]
        case .negate(let inner): return inner.names
        case .binary(_, let left, let right): return left.names + right.names
        case .call(_, let arguments): return arguments.flatMap(\.names)
        }
    }

    /// The value, with `value(name)` giving each name's (nil: unknown); nil when any
    /// operand is unknown or the arithmetic has no finite answer.
    public func evaluate(_ value: (String) -> Double?) -> Double? {
        let result: Double?
        switch self {
        case .number(let number): result = number
        case .name(let name): result = value(name)
        case .negate(let inner): result = inner.evaluate(value).map { -$0 }
        case .binary(let operation, let left, let right):
            guard let a = left.evaluate(value), let b = right.evaluate(value) else { return nil }
            switch operation {
            case "+": result = a + b
            case "-": result = a - b
            case "*": result = a * b
            default: result = b == 0 ? nil : a / b
            }
        case .call(let function, let arguments):
            var values = [Double]()
            for argument in arguments {
                guard let known = argument.evaluate(value) else { return nil }
                values.append(known)
            }
            result = StatFormula.apply(function, values)
        }
        return result.flatMap { $0.isFinite ? $0 : nil }
    }

    private static func apply(_ function: String, _ values: [Double]) -> Double? {
        guard let first = values.first else { return nil }
        switch function {
        case "log10": return first > 0 ? log10(first) : nil
        case "ln": return first > 0 ? log(first) : nil
        case "sqrt": return first >= 0 ? first.squareRoot() : nil
        case "abs": return abs(first)
        case "min": return values.min()
        case "max": return values.max()
        default: return nil
        }
    }
}

/// When a formula has a value: comparisons joined by `and` (`stats.total_votes >= 2`).
public struct StatCondition: Sendable, Equatable {
    public struct Comparison: Sendable, Equatable {
        public let left: StatFormula
        public let operation: String
        public let right: StatFormula
    }

    public let comparisons: [Comparison]

    public var names: [String] { comparisons.flatMap { $0.left.names + $0.right.names } }

    /// False when any comparison fails or reads an unknown value.
    public func holds(_ value: (String) -> Double?) -> Bool {
        comparisons.allSatisfy { comparison in
            guard let a = comparison.left.evaluate(value), let b = comparison.right.evaluate(value) else { return false }
            switch comparison.operation {
            case ">=": return a >= b
            case "<=": return a <= b
            case ">": return a > b
            case "<": return a < b
            case "==": return a == b
            default: return a != b
            }
        }
    }
}

/// Why a formula could not be read: what, and where in its text.
public struct FormulaError: Error, Equatable {
    public let offset: Int
    public let message: String
}

/// Reads formulas and conditions: a small recursive descent over the characters.
public struct FormulaParser {
    private let characters: [Character]
    private var position = 0

    public init(_ text: String) {
        characters = Array(text)
    }

    public static func formula(_ text: String) -> Result<StatFormula, FormulaError> {
        var parser = FormulaParser(text)
        return Result { try parser.whole { try $0.expression() } }.mapError { $0 as? FormulaError ?? FormulaError(offset: 0, message: "\($0)") }
    }

    public static func condition(_ text: String) -> Result<StatCondition, FormulaError> {
        var parser = FormulaParser(text)
        return Result {
            try parser.whole { parser in
                var comparisons = [try parser.comparison()]
                while parser.keyword("and") { comparisons.append(try parser.comparison()) }
                return StatCondition(comparisons: comparisons)
            }
        }.mapError { $0 as? FormulaError ?? FormulaError(offset: 0, message: "\($0)") }
    }

    private mutating func whole<T>(_ read: (inout FormulaParser) throws -> T) throws -> T {
        let value = try read(&self)
        skipSpaces()
        guard position == characters.count else { throw failure("unexpected '\(characters[position])'") }
        return value
    }

    private mutating func comparison() throws -> StatCondition.Comparison {
        let left = try expression()
        skipSpaces()
        for operation in [">=", "<=", "==", "!=", ">", "<"] where take(operation) {
            return StatCondition.Comparison(left: left, operation: operation, right: try expression())
        }
        throw failure("expected a comparison (>=, <=, >, <, == or !=)")
    }

    private mutating func expression() throws -> StatFormula {
        var value = try term()
        while true {
            skipSpaces()
            if take("+") { value = .binary("+", value, try term()) } else if take("-") { value = .binary("-", value, try term()) } else { return value }
        }
    }

    private mutating func term() throws -> StatFormula {
        var value = try unary()
        while true {
            skipSpaces()
            if take("*") { value = .binary("*", value, try unary()) } else if take("/") { value = .binary("/", value, try unary()) } else { return value }
        }
    }

    private mutating func unary() throws -> StatFormula {
        skipSpaces()
        if take("-") { return .negate(try unary()) }
        return try primary()
    }

    private mutating func primary() throws -> StatFormula {
        skipSpaces()
        guard position < characters.count else { throw failure("the formula ends where a value was expected") }
        let character = characters[position]
        if take("(") {
            let inner = try expression()
            skipSpaces()
            guard take(")") else { throw failure("expected ')'") }
            return inner
        }
        if character.isNumber || character == "." { return try number() }
        guard character.isLetter || character == "_" else { throw failure("unexpected '\(character)'") }
        let start = position
        while position < characters.count, characters[position].isLetter || characters[position].isNumber
                || "_.".contains(characters[position]) {
            position += 1
        }
        let name = String(characters[start..<position])
        skipSpaces()
        guard take("(") else { return .name(name) }
        guard let arity = StatFormula.functions[name] else {
            throw FormulaError(offset: start, message: "unknown function '\(name)'; use \(StatFormula.functions.keys.sorted().joined(separator: ", "))")
        }
        var arguments = [try expression()]
        skipSpaces()
        while take(",") { arguments.append(try expression()); skipSpaces() }
        guard take(")") else { throw failure("expected ')' after the arguments of \(name)") }
        guard arity.contains(arguments.count) else {
            throw FormulaError(offset: start, message: "\(name) takes \(arity.lowerBound == arity.upperBound ? "\(arity.lowerBound)" : "\(arity.lowerBound) to \(arity.upperBound)") argument\(arity.upperBound == 1 ? "" : "s"), not \(arguments.count)")
        }
        return .call(name, arguments)
    }

    private mutating func number() throws -> StatFormula {
        let start = position
        while position < characters.count, characters[position].isNumber || characters[position] == "." { position += 1 }
        guard let value = Double(String(characters[start..<position])), value.isFinite else {
            throw FormulaError(offset: start, message: "'\(String(characters[start..<position]))' is not a number")
        }
        return .number(value)
    }

    private mutating func keyword(_ word: String) -> Bool {
        skipSpaces()
        let end = position + word.count
        guard end <= characters.count, String(characters[position..<end]).lowercased() == word,
              end == characters.count || characters[end] == " " || characters[end] == "(" else { return false }
        position = end
        return true
    }

    private mutating func take(_ text: String) -> Bool {
        let end = position + text.count
        guard end <= characters.count, String(characters[position..<end]) == text else { return false }
        position = end
        return true
    }

    private mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private func failure(_ message: String) -> FormulaError {
        FormulaError(offset: position, message: message)
    }
}
