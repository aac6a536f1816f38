import Foundation
#if canImport(DTODateRules)
internal import DTODateRules
#endif

/// Thrown by generated domain mappings when a source cannot give a value: a short array,
/// a missing value, a conversion that failed. Names the model, the field and the source path.
public struct MappingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The domain model being built (`Quake`).
    public var model: String
    /// The model's field that got no value (`latitude`).
    public var field: String
    /// Where in the DTO the value was looked for (`geometry.coordinates[1]`).
    public var source: String
    /// Why there was no value (`the array has 1 element`).
    public var reason: String

    /// An error as generated mappings throw it.
    public init(model: String, field: String, source: String, reason: String) {
        self.model = model
        self.field = field
        self.source = source
        self.reason = reason
    }

    public var description: String { "cannot map \(model).\(field) from '\(source)': \(reason)" }
}

/// Helpers that generated mappings call; each throws a `MappingError` instead of crashing.
/// Plumbing for generated code only, so it stays out of the app's autocomplete.
@_spi(Generated)
public enum Mapping {
    /// `array[index]`, or a `MappingError` when the array is too short.
    public static func element<T>(_ array: [T], _ index: Int, model: String, field: String, source: String) throws -> T
    {
        guard array.indices.contains(index) else {
            throw MappingError(
                model: model, field: field, source: source,
                reason: "index \(index) is out of range (the array has \(array.count) elements)")
        }
        return array[index]
    }

    /// `array?[index]`: `nil` when the array is `nil`, a `MappingError` when it is too short.
    public static func optionalElement<T>(_ array: [T]?, _ index: Int, model: String, field: String, source: String)
        throws -> T?
    {
        guard let array else { return nil }
        return try Self.element(array, index, model: model, field: field, source: source)
    }

    /// `array?[index]` that never fails: `nil` when the array is `nil` or too short (used when a default follows).
    public static func elementIfPresent<T>(_ array: [T]?, _ index: Int) -> T? {
        guard let array, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The value, or a `MappingError` saying the conversion failed.
    public static func require<T>(_ value: T?, model: String, field: String, source: String, reason: String) throws -> T
    {
        guard let value else { throw MappingError(model: model, field: field, source: source, reason: reason) }
        return value
    }

    // MARK: Conversions (`convert` in a spec)

    public static func date(secondsSince1970 value: some BinaryInteger) -> Date {
        Date(timeIntervalSince1970: TimeInterval(value))
    }
    public static func date(secondsSince1970 value: some BinaryFloatingPoint) -> Date {
        Date(timeIntervalSince1970: TimeInterval(value))
    }
    public static func date(secondsSince1970 value: Decimal) -> Date {
        Date(timeIntervalSince1970: NSDecimalNumber(decimal: value).doubleValue)
    }
    public static func date(secondsSince1970 value: String) -> Date? {
        DateRules.epochNumber(value).map { DateRules.date(secondsSince1970: $0) }
    }
    public static func date(millisecondsSince1970 value: some BinaryInteger) -> Date {
        Date(timeIntervalSince1970: TimeInterval(value) / 1000)
    }
    public static func date(millisecondsSince1970 value: some BinaryFloatingPoint) -> Date {
        Date(timeIntervalSince1970: TimeInterval(value) / 1000)
    }
    public static func date(millisecondsSince1970 value: Decimal) -> Date {
        Date(timeIntervalSince1970: NSDecimalNumber(decimal: value).doubleValue / 1000)
    }
    public static func date(millisecondsSince1970 value: String) -> Date? {
        DateRules.epochNumber(value).map { DateRules.date(millisecondsSince1970: $0) }
    }
    public static func date(iso8601 value: String) -> Date? { DateRules.date(iso8601: value) }
    public static func date(iso8601 value: Date) -> Date { value }
    public static func url(_ value: String) -> URL? { value.isEmpty ? nil : URL(string: value) }
    public static func url(_ value: URL) -> URL { value }
    public static func uuid(_ value: String) -> UUID? { UUID(uuidString: value) }
    public static func uuid(_ value: UUID) -> UUID { value }
    public static func int(_ value: String) -> Int? {
        Int(value.trimmingCharacters(in: .whitespaces)) ?? Double(value).flatMap { Int(exactly: $0) }
    }
    public static func int(_ value: some BinaryInteger) -> Int? { Int(exactly: value) }
    public static func int(_ value: some BinaryFloatingPoint) -> Int? { Int(exactly: value.rounded(.towardZero)) }
    public static func int(_ value: Decimal) -> Int? {
        Int(exactly: NSDecimalNumber(decimal: value).doubleValue.rounded(.towardZero))
    }
    public static func int(_ value: Bool) -> Int { value ? 1 : 0 }
    public static func double(_ value: String) -> Double? { Double(value.trimmingCharacters(in: .whitespaces)) }
    public static func double(_ value: some BinaryInteger) -> Double { Double(value) }
    public static func double(_ value: some BinaryFloatingPoint) -> Double { Double(value) }
    public static func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }
    public static func string(_ value: String) -> String { value }
    public static func string(_ value: some BinaryInteger) -> String { String(value) }
    public static func string(_ value: Double) -> String { WholeNumber.text(value) }
    public static func string(_ value: Float) -> String { string(Double(value)) }
    public static func string(_ value: Decimal) -> String { value.description }
    public static func string(_ value: Bool) -> String { value ? "true" : "false" }
    public static func string(_ value: URL) -> String { value.absoluteString }
    public static func string(_ value: UUID) -> String { value.uuidString }
    public static func string<T: RawRepresentable>(_ value: T) -> String where T.RawValue == String { value.rawValue }

    // From `JSON` values: nil when the value is of another kind or does not convert.
    public static func string(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): s
        case .number(let n): WholeNumber.text(n)
        case .integer(let i): String(i)
        case .unsignedInteger(let u): String(u)
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }
    public static func int(_ value: JSONValue) -> Int? {
        switch value {
        case .number, .integer, .unsignedInteger: value.int64Value.flatMap { Int(exactly: $0) }
        case .string(let s): int(s)
        default: nil
        }
    }
    public static func double(_ value: JSONValue) -> Double? {
        switch value {
        case .number, .integer, .unsignedInteger: value.doubleValue
        case .string(let s): double(s)
        default: nil
        }
    }
    public static func url(_ value: JSONValue) -> URL? { value.stringValue.flatMap(url) }
    public static func uuid(_ value: JSONValue) -> UUID? { value.stringValue.flatMap(uuid) }
    public static func date(iso8601 value: JSONValue) -> Date? { value.stringValue.flatMap { date(iso8601: $0) } }
    public static func date(secondsSince1970 value: JSONValue) -> Date? {
        switch value {
        case .number(let n): date(secondsSince1970: n)
        case .string(let s): date(secondsSince1970: s)
        default: nil
        }
    }
    public static func date(millisecondsSince1970 value: JSONValue) -> Date? {
        switch value {
        case .number(let n): date(millisecondsSince1970: n)
        case .string(let s): date(millisecondsSince1970: s)
        default: nil
        }
    }
}
