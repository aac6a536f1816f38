import Foundation

/// A field that tells an explicit JSON `null` from a missing key (`$nullable`), as PATCH
/// bodies need: the property is `Nullable<T>?`, where `nil` is absent (left out when
/// encoding), `.null` is `null`, and `.value(x)` a value.
public enum Nullable<Wrapped> {
    /// An explicit `null`.
    case null
    /// A value.
    case value(Wrapped)

    /// The value, or nil for `null`.
    public var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }
}

extension Nullable: Sendable where Wrapped: Sendable {}
extension Nullable: Equatable where Wrapped: Equatable {}
extension Nullable: Hashable where Wrapped: Hashable {}

extension Nullable: Codable where Wrapped: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .value(let wrapped): try container.encode(wrapped)
        }
    }
}

@_spi(Generated)
extension KeyedDecodingContainer {
    /// nil when the key is missing, `.null` for `null`, else the value.
    public func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> Nullable<T>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decode(T.self, forKey: key))
    }
}

@_spi(Generated)
extension KeyedDecodingContainer {
    /// A `$nullable` date: nil when the key is missing, `.null` for `null`, else the date in `format`.
    public func decodeNullableDate(forKey key: Key, format: DateFormat) throws -> Nullable<Date>? {
        guard contains(key) else { return nil }
        if try decodeNil(forKey: key) { return .null }
        return .value(try decodeDate(forKey: key, format: format))
    }
}

@_spi(Generated)
extension KeyedEncodingContainer {
    /// A `$nullable` date: leaves the key out for nil, writes `null` for `.null`, else the date in `format`.
    public mutating func encodeNullableDate(_ value: Nullable<Date>?, forKey key: Key, format: DateFormat) throws {
        switch value {
        case nil: return
        case .null?: try encodeNil(forKey: key)
        case .value(let date)?: try encodeDate(date, forKey: key, format: format)
        }
    }

    /// A `$writeNull` date: `null` for nil, else the date in `format`.
    public mutating func encodeDateOrNull(_ date: Date?, forKey key: Key, format: DateFormat) throws {
        guard let date else { return try encodeNil(forKey: key) }
        try encodeDate(date, forKey: key, format: format)
    }
}

@_spi(Generated)
extension KeyedEncodingContainer {
    /// Leaves the key out for nil, writes `null` for `.null`.
    public mutating func encodeNullable<T: Encodable>(_ value: Nullable<T>?, forKey key: Key) throws {
        switch value {
        case nil: return
        case .null?: try encodeNil(forKey: key)
        case .value(let wrapped)?: try encode(wrapped, forKey: key)
        }
    }
}

/// A number or Bool that JSON carries as a string (`"2000.5"`, Twitter's `id_str`): `$format: "string"`.
public protocol StringEncodedValue: Sendable {
    /// The value the JSON string holds, or nil (the decoding error then names the field).
    init?(stringEncoded: String)
    /// The value as it is written in the JSON string.
    var stringEncoded: String { get }
}

extension Int: StringEncodedValue {
    /// An integer written as text (`"42"`).
    public init?(stringEncoded text: String) { self.init(text) }
    /// The integer's text.
    public var stringEncoded: String { String(self) }
}

extension Int64: StringEncodedValue {
    /// An integer written as text (Twitter's `id_str`).
    public init?(stringEncoded text: String) { self.init(text) }
    /// The integer's text.
    public var stringEncoded: String { String(self) }
}

extension Double: StringEncodedValue {
    /// A number written as text (`"2000.5"`).
    public init?(stringEncoded text: String) { self.init(text) }
    /// The number's text (`3`, not `3.0`, for a whole number).
    public var stringEncoded: String { WholeNumber.text(self) }
}

extension Decimal: StringEncodedValue {
    /// A decimal written as text (`"2000.50"`), read in the POSIX locale.
    public init?(stringEncoded text: String) {
        self.init(string: text, locale: Foundation.Locale(identifier: "en_US_POSIX"))
    }
    /// The decimal's text, with a period.
    public var stringEncoded: String { description }
}

extension Bool: StringEncodedValue {
    /// `"true"` or `"false"`, and nothing else.
    public init?(stringEncoded text: String) {
        switch text {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
    /// `"true"` or `"false"`.
    public var stringEncoded: String { self ? "true" : "false" }
}

@_spi(Generated)
extension KeyedDecodingContainer {
    public func decodeStringEncoded<T: StringEncodedValue>(_ type: T.Type, forKey key: Key) throws -> T {
        let text = try decode(String.self, forKey: key)
        guard let value = T(stringEncoded: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected \(T.self) written as a string, found \"\(text)\"")
        }
        return value
    }

    public func decodeStringEncodedIfPresent<T: StringEncodedValue>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let value = T(stringEncoded: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "Expected \(T.self) written as a string, found \"\(text)\"")
        }
        return value
    }
}

@_spi(Generated)
extension KeyedEncodingContainer {
    public mutating func encodeStringEncoded<T: StringEncodedValue>(_ value: T, forKey key: Key) throws {
        try encode(value.stringEncoded, forKey: key)
    }

    public mutating func encodeStringEncodedIfPresent<T: StringEncodedValue>(_ value: T?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value.stringEncoded, forKey: key)
    }
}
