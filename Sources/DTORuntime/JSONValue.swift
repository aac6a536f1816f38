import Foundation

/// Any JSON value, for fields whose shape is `"JSON"`: decoded as it arrives and encoded back unchanged.
/// Integers stay exact in the whole `Int64`/`UInt64` range: up to ±2^53 as `.number`, beyond
/// that (where a Double would round them) as `.integer` or `.unsignedInteger`.
public enum JSONValue: Codable, Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number a `Double` holds exactly: any fraction, and integers up to ±2^53.
    case number(Double)
    /// An integer beyond ±2^53 (`9007199254740993`), kept exactly.
    case integer(Int64)
    /// An integer above `Int64.max`, kept exactly.
    case unsignedInteger(UInt64)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; its keys' order is not kept (encoding writes them sorted).
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let b = try? container.decode(Bool.self) {
            self = .bool(b)
        } else if let i = try? container.decode(Int64.self) {
            self = JSONValue(exactly: i)
        } else if let u = try? container.decode(UInt64.self) {
            self = .unsignedInteger(u)
        } else if let n = try? container.decode(Double.self) {
            self = .number(n)
        } else if let s = try? container.decode(String.self) {
            self = .string(s)
        } else if let a = try? container.decode([JSONValue].self) {
            self = .array(a)
        } else if let o = try? container.decode([String: JSONValue].self) {
            self = .object(o)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container: any SingleValueEncodingContainer = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let b): try container.encode(b)
        case .number(let n):
            try WholeNumber.encode(n, into: &container)
        case .integer(let i): try container.encode(i)
        case .unsignedInteger(let u): try container.encode(u)
        case .string(let s): try container.encode(s)
        case .array(let a): try container.encode(a)
        case .object(let o): try container.encode(o)
        }
    }

    /// The value under `key`, when this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        if case .object(let o) = self { return o[key] }
        return nil
    }

    /// The element at `index`, when this is an array that long.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let a) = self, a.indices.contains(index) { return a[index] }
        return nil
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// An integer as it is: exact up to ±2^53 as a `.number`, and always from `.integer`.
    init(exactly value: Int64) {
        self = value.magnitude <= 1 << 53 ? .number(Double(value)) : .integer(value)
    }

    /// The number as a Double (rounded for integers beyond ±2^53).
    public var doubleValue: Double? {
        switch self {
        case .number(let n): n
        case .integer(let i): Double(i)
        case .unsignedInteger(let u): Double(u)
        default: nil
        }
    }

    /// The number as an exact Int64, when it is a whole number in range.
    public var int64Value: Int64? {
        switch self {
        case .number(let n): Int64(exactly: n)
        case .integer(let i): i
        case .unsignedInteger(let u): Int64(exactly: u)
        default: nil
        }
    }

    /// The Boolean, when this is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = JSONValue(exactly: Int64(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        var object: [String: JSONValue] = [:]
        for (key, value) in elements { object[key] = value }
        self = .object(object)
    }
}
