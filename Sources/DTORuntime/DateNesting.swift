import Foundation

/// Dates deeper than a field's array or dictionary (`[[Date]]`, `[String: [Date]]`,
/// `[Date?]`): generated code reads and writes such a field through this protocol, which
/// `Date` and arrays, string-keyed dictionaries and optionals of such values conform to,
/// each in the field's one format.
@_spi(Generated)
public protocol DateNesting: Sendable {
    /// The same nesting of raw dates, as JSON has them.
    associatedtype RawDates: Codable & Sendable
    /// Nil when a date does not read in `format`.
    static func dates(from raw: RawDates, format: DateFormat) -> Self?
    func rawDates(format: DateFormat) -> RawDates
    /// The fast path: throws where `dates(from:format:)` gives nil.
    static func dates(fastJSON value: FastJSONValue, format: DateFormat) throws -> Self
}

@_spi(Generated)
extension Date: DateNesting {
    public static func dates(from raw: RawDate, format: DateFormat) -> Date? { format.date(from: raw) }
    public func rawDates(format: DateFormat) -> RawDate { format.raw(from: self) }
    public static func dates(fastJSON value: FastJSONValue, format: DateFormat) throws -> Date {
        try value.date(format)
    }
}

@_spi(Generated)
extension Array: DateNesting where Element: DateNesting {
    public static func dates(from raw: [Element.RawDates], format: DateFormat) -> [Element]? {
        var dates: [Element] = []
        dates.reserveCapacity(raw.count)
        for element in raw {
            guard let date = Element.dates(from: element, format: format) else { return nil }
            dates.append(date)
        }
        return dates
    }
    public func rawDates(format: DateFormat) -> [Element.RawDates] { map { $0.rawDates(format: format) } }
    public static func dates(fastJSON value: FastJSONValue, format: DateFormat) throws -> [Element] {
        try value.array { try Element.dates(fastJSON: $0, format: format) }
    }
}

@_spi(Generated)
extension Dictionary: DateNesting where Key == String, Value: DateNesting {
    public static func dates(from raw: [String: Value.RawDates], format: DateFormat) -> [String: Value]? {
        var dates: [String: Value] = [:]
        dates.reserveCapacity(raw.count)
        for (key, value) in raw {
            guard let date = Value.dates(from: value, format: format) else { return nil }
            dates[key] = date
        }
        return dates
    }
    public func rawDates(format: DateFormat) -> [String: Value.RawDates] { mapValues { $0.rawDates(format: format) } }
    public static func dates(fastJSON value: FastJSONValue, format: DateFormat) throws -> [String: Value] {
        try value.dictionary { try Value.dates(fastJSON: $0, format: format) }
    }
}

@_spi(Generated)
extension Optional: DateNesting where Wrapped: DateNesting {
    public static func dates(from raw: Wrapped.RawDates?, format: DateFormat) -> Wrapped?? {
        guard let raw else { return .some(nil) }
        return Wrapped.dates(from: raw, format: format).map { .some($0) }
    }
    public func rawDates(format: DateFormat) -> Wrapped.RawDates? { map { $0.rawDates(format: format) } }
    public static func dates(fastJSON value: FastJSONValue, format: DateFormat) throws -> Wrapped? {
        value.isNull ? nil : try Wrapped.dates(fastJSON: value, format: format)
    }
}

@_spi(Generated)
extension KeyedDecodingContainer {
    /// Dates nested deeper than `decodeDates` and `decodeDateDictionary` read them.
    public func decodeNestedDates<T: DateNesting>(_ type: T.Type, forKey key: Key, format: DateFormat) throws -> T {
        let raw = try decode(T.RawDates.self, forKey: key)
        guard let dates = T.dates(from: raw, format: format) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected dates in \(format.description)")
        }
        return dates
    }

    public func decodeNestedDatesIfPresent<T: DateNesting>(_ type: T.Type, forKey key: Key, format: DateFormat) throws
        -> T?
    {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeNestedDates(T.self, forKey: key, format: format)
    }
}

@_spi(Generated)
extension KeyedEncodingContainer {
    public mutating func encodeNestedDates<T: DateNesting>(_ dates: T, forKey key: Key, format: DateFormat) throws {
        try encode(dates.rawDates(format: format), forKey: key)
    }

    public mutating func encodeNestedDatesIfPresent<T: DateNesting>(_ dates: T?, forKey key: Key, format: DateFormat)
        throws
    {
        guard let dates else { return }
        try encodeNestedDates(dates, forKey: key, format: format)
    }
}

extension FastJSONObject {
    @inlinable
    @_spi(Generated) public mutating func decodeNestedDates<T: DateNesting>(
        _ type: T.Type, forKey key: StaticString, format: DateFormat
    ) throws -> T {
        try T.dates(fastJSON: value(key), format: format)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeNestedDatesIfPresent<T: DateNesting>(
        _ type: T.Type, forKey key: StaticString, format: DateFormat
    ) throws -> T? {
        guard let value = valueIfPresent(key) else { return nil }
        return try T.dates(fastJSON: value, format: format)
    }
}
