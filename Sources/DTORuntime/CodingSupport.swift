import Foundation

/// Types that a `$lenient` field can coerce from a JSON value of another type. They read
/// `FastDecoder`'s tape too, so a lenient field's fast path is the same for each of them.
public protocol LenientCoercible: FastJSONDecodable {
    /// The value this JSON value stands for, or nil when it cannot stand for one (the field then falls back to `lenientEmpty`).
    init?(lenient value: JSONValue)
    /// The value a lenient field falls back to: `""`, `0`, `false`.
    static var lenientEmpty: Self { get }
}

extension String: LenientCoercible {
    /// A string from a string, a number (`42`, not `42.0`) or a Boolean.
    public init?(lenient value: JSONValue) {
        switch value {
        case .string(let s): self = s
        case .number(let n): self = WholeNumber.text(n)
        case .integer(let i): self = String(i)
        case .unsignedInteger(let u): self = String(u)
        case .bool(let b): self = b ? "true" : "false"
        default: return nil
        }
    }
    public static var lenientEmpty: String { "" }
}

extension Bool: LenientCoercible {
    /// A Boolean from `true`/`false`, 0 or 1, or `"true"`, `"yes"`, `"1"` (and their opposites) in any case.
    public init?(lenient value: JSONValue) {
        switch value {
        case .bool(let b): self = b
        case .number(let n) where n == 0 || n == 1: self = n == 1
        case .string(let s):
            switch s.lowercased() {
            case "true", "yes", "1": self = true
            case "false", "no", "0": self = false
            default: return nil
            }
        default: return nil
        }
    }
    public static var lenientEmpty: Bool { false }
}

/// Numbers coerce from numbers and numeric strings (never from booleans: `true` is not 1
/// here); integers only from whole values in range.
private func lenientDouble(_ value: JSONValue) -> Double? {
    switch value {
    case .number, .integer, .unsignedInteger: return value.doubleValue
    case .string(let s): return Double(s.trimmingCharacters(in: .whitespaces))
    default: return nil
    }
}

/// Integers coerce from integer strings exactly, and from numbers only when whole and in range.
private func lenientInteger<T: FixedWidthInteger>(_ value: JSONValue, as type: T.Type) -> T? {
    if case .string(let s) = value, let exact = T(s.trimmingCharacters(in: .whitespaces)) { return exact }
    if case .integer(let i) = value { return T(exactly: i) }
    if case .unsignedInteger(let u) = value { return T(exactly: u) }
    guard let d = lenientDouble(value) else { return nil }
    return T(exactly: d)
}

extension Int: LenientCoercible {
    /// An integer from a whole number in range or an integer string.
    public init?(lenient value: JSONValue) {
        guard let i = lenientInteger(value, as: Int.self) else { return nil }
        self = i
    }
    public static var lenientEmpty: Int { 0 }
}

extension Int64: LenientCoercible {
    /// An integer from a whole number in range or an integer string.
    public init?(lenient value: JSONValue) {
        guard let i = lenientInteger(value, as: Int64.self) else { return nil }
        self = i
    }
    public static var lenientEmpty: Int64 { 0 }
}

extension Double: LenientCoercible {
    /// A number from a number or a numeric string.
    public init?(lenient value: JSONValue) {
        guard let d = lenientDouble(value) else { return nil }
        self = d
    }
    public static var lenientEmpty: Double { 0 }
}

extension Float: LenientCoercible {
    /// A number from a number or a numeric string.
    public init?(lenient value: JSONValue) {
        guard let d = lenientDouble(value) else { return nil }
        self = Float(d)
    }
    public static var lenientEmpty: Float { 0 }
}

extension Decimal: LenientCoercible {
    /// A decimal from a numeric string (its digits kept exactly) or a number.
    public init?(lenient value: JSONValue) {
        switch value {
        case .string(let s):
            guard
                let d = Decimal(
                    string: s.trimmingCharacters(in: .whitespaces), locale: Foundation.Locale(identifier: "en_US_POSIX")
                )
            else { return nil }
            self = d
        default:
            guard let d = lenientDouble(value) else { return nil }
            self = Decimal(d)
        }
    }
    public static var lenientEmpty: Decimal { 0 }
}

/// Decodes anything and keeps nothing: steps an unkeyed container past an element that failed.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) throws {}
}

/// Plumbing for generated `init(from:)` and `encode(to:)`, out of the app's autocomplete.
@_spi(Generated)
extension KeyedDecodingContainer {
    // MARK: Dates

    public func decodeDate(forKey key: Key, format: DateFormat) throws -> Date {
        let raw = try decode(RawDate.self, forKey: key)
        guard let date = format.date(from: raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected \(format.description), found \(raw)")
        }
        return date
    }

    public func decodeDateIfPresent(forKey key: Key, format: DateFormat) throws -> Date? {
        guard let raw = try decodeIfPresent(RawDate.self, forKey: key) else { return nil }
        guard let date = format.date(from: raw) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected \(format.description), found \(raw)")
        }
        return date
    }

    public func decodeDates(forKey key: Key, format: DateFormat) throws -> [Date] {
        let raws = try decode([RawDate].self, forKey: key)
        return try raws.map { raw in
            guard let date = format.date(from: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "Expected \(format.description), found \(raw)")
            }
            return date
        }
    }

    public func decodeDatesIfPresent(forKey key: Key, format: DateFormat) throws -> [Date]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeDates(forKey: key, format: format)
    }

    /// A dictionary of dates (Kubernetes's `disruptedPods`: pod name → time).
    public func decodeDateDictionary(forKey key: Key, format: DateFormat) throws -> [String: Date] {
        let raws = try decode([String: RawDate].self, forKey: key)
        return try raws.mapValues { raw in
            guard let date = format.date(from: raw) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: self, debugDescription: "Expected \(format.description), found \(raw)")
            }
            return date
        }
    }

    public func decodeDateDictionaryIfPresent(forKey key: Key, format: DateFormat) throws -> [String: Date]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeDateDictionary(forKey: key, format: format)
    }

    // MARK: URLs

    /// An optional URL: `""`, which many APIs send for "no URL", is `nil` (`URL(string: "")`
    /// is nil, so `JSONDecoder` throws "Invalid URL string" for it); any other value reads as
    /// the decoder reads a URL (a property list's keyed URL too). Generated files see this overload (they import the runtime's
    /// `Generated` SPI), so their synthesized `init(from:)` and `FastDecoder` agree.
    public func decodeIfPresent(_ type: URL.Type, forKey key: Key) throws -> URL? {
        if (try? decodeIfPresent(String.self, forKey: key)) == "" { return nil }
        return try decodeValueIfPresent(URL.self, forKey: key)
    }

    /// `decodeIfPresent` as the decoder reads `T` (a URL as its own decoder reads one, with
    /// its errors), not through an overload for `T`.
    private func decodeValueIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(T.self, forKey: key)
    }

    // MARK: Lenient fields

    /// A lenient scalar: the value if it decodes, else a coerced value (`"42"` → 42), else `nil`. Never throws.
    public func decodeLenient<T: LenientCoercible>(_ type: T.Type, forKey key: Key) -> T? {
        if let value = try? decodeIfPresent(T.self, forKey: key) { return value }
        guard let raw = try? decodeIfPresent(JSONValue.self, forKey: key) else { return nil }
        return T(lenient: raw)
    }

    /// A lenient value of any other type: the value if it decodes, else `nil`. Never throws.
    public func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    // MARK: Lossy arrays

    /// An array whose elements that fail to decode are skipped.
    public func decodeLossyArray<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T] {
        var container = try nestedUnkeyedContainer(forKey: key)
        return Self.lossyElements(T.self, from: &container)
    }

    public func decodeLossyArrayIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> [T]? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeLossyArray(T.self, forKey: key)
    }

    private static func lossyElements<T: Decodable>(_ type: T.Type, from container: inout any UnkeyedDecodingContainer)
        -> [T]
    {
        var elements: [T] = []
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            if let element = try? container.decode(T.self) {
                elements.append(element)
            } else if (try? container.decode(Skipped.self)) == nil {
                break
            }
        }
        return elements
    }
}

@_spi(Generated)
extension KeyedEncodingContainer {
    public mutating func encodeDate(_ date: Date, forKey key: Key, format: DateFormat) throws {
        try encode(format.raw(from: date), forKey: key)
    }

    public mutating func encodeDateIfPresent(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        guard let date else { return }
        try encodeDate(date, forKey: key, format: format)
    }

    public mutating func encodeDates(_ dates: [Date], forKey key: Key, format: DateFormat) throws {
        try encode(dates.map { format.raw(from: $0) }, forKey: key)
    }

    public mutating func encodeDatesIfPresent(_ dates: [Date]?, forKey key: Key, format: DateFormat) throws {
        guard let dates else { return }
        try encodeDates(dates, forKey: key, format: format)
    }

    public mutating func encodeDateDictionary(_ dates: [String: Date], forKey key: Key, format: DateFormat) throws {
        try encode(dates.mapValues { format.raw(from: $0) }, forKey: key)
    }

    public mutating func encodeDateDictionaryIfPresent(_ dates: [String: Date]?, forKey key: Key, format: DateFormat)
        throws
    {
        guard let dates else { return }
        try encodeDateDictionary(dates, forKey: key, format: format)
    }
}

/// JSON has one number type; whole numbers are written without a fraction (`1548873165000`,
/// not `1548873165000.0`) so values encode back the way they arrived.
enum WholeNumber {
    static func exact(_ n: Double) -> Int64? {
        n.rounded() == n && abs(n) < 9.0e15 ? Int64(n) : nil
    }

    static func text(_ n: Double) -> String {
        exact(n).map { String($0) } ?? String(n)
    }

    static func encode(_ n: Double, into container: inout any SingleValueEncodingContainer) throws {
        if let whole = exact(n) { try container.encode(whole) } else { try container.encode(n) }
    }
}
