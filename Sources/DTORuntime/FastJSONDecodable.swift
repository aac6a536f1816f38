import Foundation

/// A type with a decoding path that reads `FastDecoder`'s tape directly, with no `Decoder`
/// in between. dtogen generates it for DTOs, enums and one-ofs (unless `--no-fast-decoding`). It must
/// give exactly what `init(from:)` gives under `JSONDecoder`, and fail exactly when that
/// fails; `FastDecoder` then decodes again with `JSONDecoder`, which throws the error.
///
/// A `FastJSONValue` is a view into a tape it does not keep alive: read after its
/// `init(fastJSON:)` returns, it would read freed memory. So everything that reads one is
/// `@_spi(Generated)`: generated files import that SPI; other code can conform, but cannot
/// read a value (or hold a `FastJSONObject`) without asking for the SPI by name.
public protocol FastJSONDecodable: Decodable {
    /// `value` and what it reads are valid only during the call.
    init(fastJSON value: FastJSONValue) throws
}

/// The failure of a fast path; never seen by callers (`FastDecoder` decodes again).
@usableFromInline
struct FastJSONFailure: Error {
    @usableFromInline init() {}
}

/// One value of the tape. Only valid inside `init(fastJSON:)`: it does not keep the tape alive.
public struct FastJSONValue {
    @usableFromInline unowned(unsafe) let tape: FastJSONTape
    @usableFromInline let index: Int

    @usableFromInline
    init(tape: FastJSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    @usableFromInline var entry: FastJSONTape.Entry { tape.entries[index] }

    @_spi(Generated) @inlinable public var isNull: Bool { entry.kind == .null }

    /// `""`: a string with no content.
    @_spi(Generated) @inlinable public var isEmptyString: Bool { entry.kind == .string && entry.start == entry.end }

    @inlinable
    @_spi(Generated) public func object() throws -> FastJSONObject {
        guard entry.kind == .object else { throw FastJSONFailure() }
        return FastJSONObject(tape: tape, object: index)
    }

    @inlinable
    @_spi(Generated) public func string() throws -> String {
        let entry = self.entry
        guard entry.kind == .string, let text = tape.string(at: entry) else { throw FastJSONFailure() }
        return text
    }

    @inlinable
    @_spi(Generated) public func bool() throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: throw FastJSONFailure()
        }
    }

    @inlinable
    @_spi(Generated) public func int() throws -> Int {
        let entry = self.entry
        if entry.kind == .number, let value = tape.integer(entry), let exact = Int(exactly: value) { return exact }
        return try integer(Int.self)
    }

    @inlinable
    @_spi(Generated) public func int64() throws -> Int64 {
        let entry = self.entry
        if entry.kind == .number, let value = tape.integer(entry) { return value }
        return try integer(Int64.self)
    }

    /// Integers as `JSONDecoder` reads them when the digits alone do not say (`1.0`, `1e2`, beyond Int64).
    @usableFromInline
    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try FastJSONDecoder.integer(T.self, tape, entry, [])
    }

    @inlinable
    @_spi(Generated) public func double() throws -> Double {
        let entry = self.entry
        if entry.kind == .number, let value = tape.fastDouble(entry) { return value }
        return try floatingPoint(Double.self)
    }

    @inlinable
    @_spi(Generated) public func float() throws -> Float { try floatingPoint(Float.self) }

    @usableFromInline
    func floatingPoint(_ type: Double.Type) throws -> Double {
        try FastJSONDecoder.floatingPoint(Double.self, tape, entry, [])
    }

    @usableFromInline
    func floatingPoint(_ type: Float.Type) throws -> Float {
        try FastJSONDecoder.floatingPoint(Float.self, tape, entry, [])
    }

    /// A date as the generated `decodeDate` reads it: a number or a string, in `format`.
    @inlinable
    @_spi(Generated) public func date(_ format: DateFormat) throws -> Date {
        let raw: RawDate
        switch entry.kind {
        case .number: raw = .number(try double())
        case .string: raw = .string(try string())
        default: throw FastJSONFailure()
        }
        guard let date = format.date(from: raw) else { throw FastJSONFailure() }
        return date
    }

    /// The elements of an array, each read by `element`.
    @inlinable
    @_spi(Generated) public func array<Element>(_ element: (FastJSONValue) throws -> Element) throws -> [Element] {
        let entry = self.entry
        guard entry.kind == .array else { throw FastJSONFailure() }
        var result: [Element] = []
        result.reserveCapacity(Int(entry.end))
        var position = index + 1
        let end = Int(entry.start)
        while position < end {
            result.append(try element(FastJSONValue(tape: tape, index: position)))
            position = tape.next(after: position)
        }
        return result
    }

    /// The members of an object, each value read by `value`; the first of duplicated keys
    /// wins, as in `JSONDecoder`.
    @inlinable
    @_spi(Generated) public func dictionary<Value>(_ value: (FastJSONValue) throws -> Value) throws -> [String: Value] {
        let entry = self.entry
        guard entry.kind == .object else { throw FastJSONFailure() }
        var result: [String: Value] = [:]
        result.reserveCapacity(Int(entry.end))
        var member = index + 1
        let end = Int(entry.start)
        while member < end {
            guard let key = tape.string(at: tape.entries[member]) else { throw FastJSONFailure() }
            if result[key] == nil {
                result[key] = try value(FastJSONValue(tape: tape, index: member + 1))
            }
            member = tape.next(after: member + 1)
        }
        return result
    }

    /// A type with a fast path, called directly.
    @inlinable
    @_spi(Generated) public func decode<T: FastJSONDecodable>(_ type: T.Type) throws -> T {
        try T(fastJSON: self)
    }

    /// Any other type: its fast path when it has one, else its `init(from:)` on the tape.
    @_spi(Generated) public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let fast = T.self as? any FastJSONDecodable.Type, let value = try fast.init(fastJSON: self) as? T {
            return value
        }
        return try FastJSONDecoder(tape: tape, index: index).decodeDirectly(T.self)
    }
}

/// One object of the tape, read like a keyed container: keys are matched on bytes, from
/// where the last key was found (DTOs read keys in the order the JSON usually writes them).
@_spi(Generated)
public struct FastJSONObject {
    @usableFromInline unowned(unsafe) let tape: FastJSONTape
    @usableFromInline let object: Int
    @usableFromInline var cursor: Int

    @usableFromInline
    init(tape: FastJSONTape, object: Int) {
        self.tape = tape
        self.object = object
        cursor = object + 1
    }

    /// The tape index of the value under `key`.
    @inlinable
    mutating func find(_ key: StaticString) -> Int? {
        if key.hasPointerRepresentation {
            return tape.member(
                UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), in: object, cursor: &cursor)
        }
        return key.withUTF8Buffer { tape.member($0, in: object, cursor: &cursor) }
    }

    /// The value under `key`; a missing key fails (as a non-optional property does).
    @inlinable
    @_spi(Generated) public mutating func value(_ key: StaticString) throws -> FastJSONValue {
        guard let index = find(key) else { throw FastJSONFailure() }
        return FastJSONValue(tape: tape, index: index)
    }

    /// The value under `key`, nil when it is missing or null (as `decodeIfPresent`).
    @inlinable
    @_spi(Generated) public mutating func valueIfPresent(_ key: StaticString) -> FastJSONValue? {
        guard let index = find(key), tape.entries[index].kind != .null else { return nil }
        return FastJSONValue(tape: tape, index: index)
    }

    @inlinable
    @_spi(Generated) public mutating func decode<T: FastJSONDecodable>(_ type: T.Type, forKey key: StaticString) throws
        -> T
    {
        try T(fastJSON: value(key))
    }

    @inlinable
    @_spi(Generated) public mutating func decode<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        try value(key).decode(T.self)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeIfPresent<T: FastJSONDecodable>(
        _ type: T.Type, forKey key: StaticString
    ) throws -> T? {
        guard let value = valueIfPresent(key) else { return nil }
        return try T(fastJSON: value)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws
        -> T?
    {
        guard let value = valueIfPresent(key) else { return nil }
        return try value.decode(T.self)
    }

    /// An optional URL: `""` is `nil`, as `KeyedDecodingContainer.decodeIfPresent(_:forKey:)`
    /// reads it for generated files.
    @inlinable
    @_spi(Generated) public mutating func decodeIfPresent(_ type: URL.Type, forKey key: StaticString) throws -> URL? {
        guard let value = valueIfPresent(key), !value.isEmptyString else { return nil }
        return try URL(fastJSON: value)
    }
}

/// The generated fast paths' plumbing: the same calls as the generated `init(from:)`'s,
/// with the same meaning (`KeyedDecodingContainer.decodeLenient` and the others).
@_spi(Generated)
extension FastJSONObject {
    // MARK: Dates

    @inlinable
    @_spi(Generated) public mutating func decodeDate(forKey key: StaticString, format: DateFormat) throws -> Date {
        try value(key).date(format)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeDateIfPresent(forKey key: StaticString, format: DateFormat) throws
        -> Date?
    {
        try valueIfPresent(key)?.date(format)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeDates(forKey key: StaticString, format: DateFormat) throws -> [Date] {
        try value(key).array { try $0.date(format) }
    }

    @inlinable
    @_spi(Generated) public mutating func decodeDatesIfPresent(forKey key: StaticString, format: DateFormat) throws
        -> [Date]?
    {
        try valueIfPresent(key)?.array { try $0.date(format) }
    }

    @inlinable
    @_spi(Generated) public mutating func decodeDateDictionary(forKey key: StaticString, format: DateFormat) throws
        -> [String: Date]
    {
        try value(key).dictionary { try $0.date(format) }
    }

    @inlinable
    @_spi(Generated) public mutating func decodeDateDictionaryIfPresent(forKey key: StaticString, format: DateFormat)
        throws -> [String: Date]?
    {
        try valueIfPresent(key)?.dictionary { try $0.date(format) }
    }

    // MARK: Lenient fields

    /// A lenient scalar: the value if it reads as is, else a coerced value (`"42"` → 42), else `nil`.
    @inlinable
    @_spi(Generated) public mutating func decodeLenient<T: LenientCoercible>(_ type: T.Type, forKey key: StaticString)
        -> T?
    {
        guard let value = valueIfPresent(key) else { return nil }
        if let exact = try? T(fastJSON: value) { return exact }
        return value.coerced(T.self)
    }

    /// A lenient value of any other type: the value if it decodes, else `nil`.
    @inlinable
    @_spi(Generated) public mutating func decodeLenient<T: FastJSONDecodable>(_ type: T.Type, forKey key: StaticString)
        -> T?
    {
        guard let value = valueIfPresent(key) else { return nil }
        return try? T(fastJSON: value)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeLenient<T: Decodable>(_ type: T.Type, forKey key: StaticString) -> T? {
        guard let value = valueIfPresent(key) else { return nil }
        return try? value.decode(T.self)
    }

    // MARK: Lossy arrays

    /// An array whose elements that fail to decode are skipped.
    @inlinable
    @_spi(Generated) public mutating func decodeLossyArray<T: Decodable>(_ type: T.Type, forKey key: StaticString)
        throws -> [T]
    {
        try value(key).lossyArray(T.self)
    }

    @inlinable
    @_spi(Generated) public mutating func decodeLossyArrayIfPresent<T: Decodable>(
        _ type: T.Type, forKey key: StaticString
    ) throws -> [T]? {
        try valueIfPresent(key)?.lossyArray(T.self)
    }

    // MARK: Numbers written as strings, and explicit nulls

    @inlinable
    @_spi(Generated) public mutating func decodeStringEncoded<T: StringEncodedValue>(
        _ type: T.Type, forKey key: StaticString
    ) throws -> T {
        guard let value = T(stringEncoded: try self.value(key).string()) else { throw FastJSONFailure() }
        return value
    }

    @inlinable
    @_spi(Generated) public mutating func decodeStringEncodedIfPresent<T: StringEncodedValue>(
        _ type: T.Type, forKey key: StaticString
    ) throws -> T? {
        guard let text = try valueIfPresent(key)?.string() else { return nil }
        guard let value = T(stringEncoded: text) else { throw FastJSONFailure() }
        return value
    }

    @inlinable
    @_spi(Generated) public mutating func decodeNullable<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws
        -> Nullable<T>?
    {
        guard let index = find(key) else { return nil }
        let value = FastJSONValue(tape: tape, index: index)
        if value.isNull { return .null }
        return .value(try value.decode(T.self))
    }

    @inlinable
    @_spi(Generated) public mutating func decodeNullableDate(forKey key: StaticString, format: DateFormat) throws
        -> Nullable<Date>?
    {
        guard let index = find(key) else { return nil }
        let value = FastJSONValue(tape: tape, index: index)
        if value.isNull { return .null }
        return .value(try value.date(format))
    }
}

@_spi(Generated)
extension FastJSONValue {
    /// What a lenient field coerces a value of another kind to (`LenientCoercible.init(lenient:)`).
    @usableFromInline
    func coerced<T: LenientCoercible>(_ type: T.Type) -> T? {
        guard let raw = try? JSONValue(fastJSON: self) else { return nil }
        return T(lenient: raw)
    }

    /// The elements that decode; the others are skipped.
    @usableFromInline
    func lossyArray<T: Decodable>(_ type: T.Type) throws -> [T] {
        try array { try? $0.decode(T.self) }.compactMap { $0 }
    }

    /// A one-of's discriminator: nil when this is no object, or the key is missing or not a string.
    @_spi(Generated) public func tag(_ key: StaticString) -> String? {
        guard var object = try? object() else { return nil }
        return try? object.decodeIfPresent(String.self, forKey: key)
    }

    /// Whether this object holds any of these keys, as `OneOf.hasAnyKey(_:in:)` tells it.
    @_spi(Generated) public func hasAnyKey(_ keys: [StaticString]) -> Bool {
        guard var object = try? object() else { return false }
        return keys.contains { object.find($0) != nil }
    }

    /// Whether this object holds another string than a fixed value, as
    /// `OneOf.holdsOtherValues(_:in:)` tells it.
    @_spi(Generated) public func holdsOtherValues(_ fixed: [(key: StaticString, value: String)]) -> Bool {
        guard var object = try? object() else { return false }
        return fixed.contains { pair in
            guard let found = try? object.decodeIfPresent(String.self, forKey: pair.key) else { return false }
            return found != pair.value
        }
    }

    /// The kind of value, as `OneOf.kind(of:)` tells it (a number no Double holds is no number there).
    @_spi(Generated) public var oneOfKind: OneOf.Kind {
        switch entry.kind {
        case .null: return .null
        case .true, .false: return .bool
        case .number: return (try? double()) != nil ? .number : .array
        case .string: return (try? string()) != nil ? .string : .array
        case .array: return .array
        case .object: return .object
        }
    }

    /// A one-of's value that no variant matched.
    @_spi(Generated) public func noVariant() -> any Error { FastJSONFailure() }
}

extension String: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.string() }
}

extension Int: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.int() }
}

extension Int64: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.int64() }
}

extension Double: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.double() }
}

extension Float: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.float() }
}

extension Bool: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws { self = try value.bool() }
}

/// Types `JSONDecoder` reads its own way: the `Decoder` path knows them.
extension Decimal: FastJSONDecodable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        self = try FastJSONDecoder(tape: value.tape, index: value.index).decodeDirectly(Decimal.self)
    }
}

extension URL: FastJSONDecodable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        self = try FastJSONDecoder(tape: value.tape, index: value.index).decodeDirectly(URL.self)
    }
}

extension UUID: FastJSONDecodable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        guard let uuid = UUID(uuidString: try value.string()) else { throw FastJSONFailure() }
        self = uuid
    }
}

extension Array: FastJSONDecodable where Element: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws {
        self = try value.array { try Element(fastJSON: $0) }
    }
}

extension Optional: FastJSONDecodable where Wrapped: FastJSONDecodable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws {
        self = value.isNull ? nil : try Wrapped(fastJSON: value)
    }
}

/// The first of duplicated keys wins, as in `JSONDecoder`.
extension Dictionary: FastJSONDecodable where Key == String, Value: FastJSONDecodable {
    @inlinable
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        self = try value.dictionary { try Value(fastJSON: $0) }
    }
}

extension Indirect: FastJSONDecodable where Value: FastJSONDecodable & Codable {
    @_spi(Generated) @inlinable public init(fastJSON value: FastJSONValue) throws {
        self.init(try Value(fastJSON: value))
    }
}

extension Nullable: FastJSONDecodable where Wrapped: FastJSONDecodable & Codable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        self = value.isNull ? .null : .value(try Wrapped(fastJSON: value))
    }
}

/// Any other type: its `init(from:)`, reading the tape through `FastDecoder`'s `Decoder`.
/// Generated types that nothing decodes take it, so that each declares the conformance
/// with the type (a conformance an extension adds keeps the type in a release binary).
extension FastJSONDecodable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        do {
            self = try FastJSONDecoder(tape: value.tape, index: value.index).decodeDirectly(Self.self)
        } catch {
            throw FastJSONInitFromFailure(error: error)
        }
    }
}

/// The failure of a type's `init(from:)` run as its fast path (the protocol's default): the
/// `Decoder` does not run it again (at every level of nesting, that would be 2^depth runs on
/// a value that does not decode), it throws what `init(from:)` threw.
struct FastJSONInitFromFailure: Error {
    let error: any Error
}

/// String-backed enums: the raw value, as `RawRepresentable`'s `init(from:)` reads it.
extension FastJSONDecodable where Self: RawRepresentable, RawValue == String {
    @inlinable
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        guard let decoded = Self(rawValue: try value.string()) else { throw FastJSONFailure() }
        self = decoded
    }
}

/// In the order `JSONValue.init(from:)` tries: null, Bool, Int64, UInt64, Double, String, array, object.
extension JSONValue: FastJSONDecodable {
    @_spi(Generated) public init(fastJSON value: FastJSONValue) throws {
        switch value.entry.kind {
        case .null: self = .null
        case .true: self = .bool(true)
        case .false: self = .bool(false)
        case .number:
            if let integer = try? value.int64() {
                self = JSONValue(exactly: integer)
            } else if let unsigned = try? value.integer(UInt64.self) {
                self = .unsignedInteger(unsigned)
            } else {
                self = .number(try value.double())
            }
        case .string: self = .string(try value.string())
        case .array: self = .array(try value.array { try JSONValue(fastJSON: $0) })
        case .object: self = .object(try [String: JSONValue](fastJSON: value))
        }
    }
}
