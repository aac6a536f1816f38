import Foundation

/// Decodes like `JSONDecoder()` (its default strategies), faster: the text is read once
/// into a flat tape (`FastJSONTape`), which generated types read through their
/// `init(fastJSON:)` and other types through `init(from:)`, keys and numbers straight from
/// the bytes, without building dictionaries or `Any` values. It gives the same values;
/// when decoding fails it lets `JSONDecoder` decode again, so the error thrown is exactly
/// `JSONDecoder`'s (same case, same coding path). `APIClient` decodes responses with it.
public struct FastDecoder: Sendable {
    /// Passed to every `init(from:)`, as `JSONDecoder.userInfo` is.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// A decoder with no `userInfo`.
    public init() {}

    /// Decodes `type` from JSON text; throws exactly what `JSONDecoder` would.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        if let value = try? decodeWithoutFallback(T.self, from: data) { return value }
        let fallback = JSONDecoder()
        fallback.userInfo = userInfo
        return try fallback.decode(T.self, from: data)
    }

    /// The tape alone: a generated fast path when the type has one, else `init(from:)` on
    /// the tape; no `JSONDecoder` after a failure. Tests use it to tell that the fast paths
    /// themselves gave a value.
    @_spi(Testing)
    public func decodeWithoutFallback<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let tape = FastJSONTape(data) else { throw FastJSONFailure() }
        tape.userInfo = userInfo
        return try withExtendedLifetime(tape) { try FastJSONValue(tape: tape, index: 0).decode(T.self) }
    }
}

extension FastDecoder {
    /// How `JSONDecoder` and the tape alone (`decodeWithoutFallback`) disagree on `data`, or
    /// nil when they agree: equal values, or both fail. The differential check behind
    /// dtogen's tests, for any payload.
    @_spi(Testing)
    public func disagreement<T: Decodable & Equatable>(_ type: T.Type, from data: Data) -> String? {
        let decoder = JSONDecoder()
        decoder.userInfo = userInfo
        let expected = Result { try decoder.decode(T.self, from: data) }
        let fast = Result { try decodeWithoutFallback(T.self, from: data) }
        switch (expected, fast) {
        case (.success(let value), .success(let fastValue)):
            return value == fastValue ? nil : "values differ: JSONDecoder gave \(value), the tape \(fastValue)"
        case (.success, .failure(let error)):
            return "the tape failed (\(error)) where JSONDecoder did not"
        case (.failure(let error), .success(let fastValue)):
            return "the tape gave \(fastValue) where JSONDecoder threw \(error)"
        case (.failure, .failure):
            return nil
        }
    }
}

/// The `Decoder` over one tape entry.
final class FastJSONDecoder: Decoder {
    let tape: FastJSONTape
    let index: Int
    /// The coding path is built only when asked for (errors, and `init(from:)`s that read it).
    let parent: FastJSONDecoder?
    let key: (any CodingKey)?
    /// The `FastDecoder`'s, kept once on the tape.
    var userInfo: [CodingUserInfoKey: Any] { tape.userInfo }

    var codingPath: [any CodingKey] {
        var path: [any CodingKey] = []
        var node: FastJSONDecoder? = self
        while let current = node, let key = current.key {
            path.append(key)
            node = current.parent
        }
        return path.reversed()
    }

    init(tape: FastJSONTape, index: Int, parent: FastJSONDecoder? = nil, key: (any CodingKey)? = nil) {
        self.tape = tape
        self.index = index
        self.parent = parent
        self.key = key
    }

    var entry: FastJSONTape.Entry { tape.entries[index] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard entry.kind == .object else { throw FastJSONDecoder.mismatch([String: Any].self, entry, codingPath) }
        return KeyedDecodingContainer(FastKeyedContainer<Key>(decoder: self, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard entry.kind == .array else { throw FastJSONDecoder.mismatch([Any].self, entry, codingPath) }
        return FastUnkeyedContainer(decoder: self, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        FastSingleValueContainer(decoder: self)
    }

    /// `T(from:)`, with the types `JSONDecoder` reads its own way (URL, Data, Decimal) read the
    /// same way. A type with a fast path takes it; when that fails, `init(from:)` runs, so
    /// the error is a `DecodingError` for `init(from:)`s that catch one, unless what failed
    /// was an `init(from:)` already (a fast path that is the protocol's default), whose error
    /// is thrown as it is.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if let fast = T.self as? any FastJSONDecodable.Type {
            do {
                if let value = try fast.init(fastJSON: FastJSONValue(tape: tape, index: index)) as? T { return value }
            } catch let failure as FastJSONInitFromFailure {
                throw failure.error
            } catch {}
        }
        return try decodeDirectly(T.self)
    }

    func decodeDirectly<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == URL.self {
            let text = try FastJSONDecoder.string(tape, entry, codingPath)
            guard let url = URL(string: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Invalid URL string."))
            }
            return url as! T
        }
        if T.self == Data.self {
            let text = try FastJSONDecoder.string(tape, entry, codingPath)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data as! T
        }
        if T.self == Decimal.self {
            guard entry.kind == .number,
                let decimal = Decimal(
                    string: String(tape.text(of: entry)), locale: Foundation.Locale(identifier: "en_US_POSIX"))
            else {
                throw FastJSONDecoder.mismatch(Decimal.self, entry, codingPath)
            }
            return decimal as! T
        }
        return try T(from: self)
    }

    func child(_ index: Int, key: any CodingKey) -> FastJSONDecoder {
        FastJSONDecoder(tape: tape, index: index, parent: self, key: key)
    }

    // MARK: scalars, as JSONDecoder reads them

    static func mismatch(_ type: Any.Type, _ entry: FastJSONTape.Entry, _ path: [any CodingKey]) -> DecodingError {
        if entry.kind == .null {
            return .valueNotFound(
                type,
                .init(
                    codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(
            type,
            .init(codingPath: path, debugDescription: "Expected to decode \(type) but found \(entry.kind) instead."))
    }

    static func string(_ tape: FastJSONTape, _ entry: FastJSONTape.Entry, _ path: @autoclosure () -> [any CodingKey])
        throws -> String
    {
        guard entry.kind == .string else { throw mismatch(String.self, entry, path()) }
        guard let text = tape.string(at: entry) else {
            throw DecodingError.dataCorrupted(.init(codingPath: path(), debugDescription: "Invalid string."))
        }
        return text
    }

    static func bool(_ entry: FastJSONTape.Entry, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, entry, path())
        }
    }

    /// Integers: digits read directly; a fraction or exponent only when the value is whole
    /// and fits, as `JSONDecoder` allows (`1.0`, `1e2`).
    static func integer<T: FixedWidthInteger>(
        _ type: T.Type, _ tape: FastJSONTape, _ entry: FastJSONTape.Entry, _ path: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        guard entry.kind == .number else { throw mismatch(T.self, entry, path()) }
        if let value = tape.integer(entry), let exact = T(exactly: value) { return exact }
        let text = tape.text(of: entry)
        if T.self == UInt64.self || T.self == UInt.self, let value = T(text) { return value }
        if let double = Double(text), double.isFinite, double == double.rounded(), let exact = T(exactly: double),
            text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        {
            return exact
        }
        throw DecodingError.dataCorrupted(
            .init(codingPath: path(), debugDescription: "Number \(text) is not representable in Swift."))
    }

    static func floatingPoint<T: FastFloatingPoint>(
        _ type: T.Type, _ tape: FastJSONTape, _ entry: FastJSONTape.Entry, _ path: @autoclosure () -> [any CodingKey]
    ) throws -> T {
        guard entry.kind == .number else { throw mismatch(T.self, entry, path()) }
        let text = tape.text(of: entry)
        guard let value = T.parse(text), value.isFinite else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path(), debugDescription: "Number \(text) is not representable in Swift."))
        }
        return value
    }
}

/// Reads one object's members; keys are compared with the bytes of the text.
struct FastKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: FastJSONDecoder
    let object: Int
    /// Where the last key was found: `init(from:)`s read keys in the order the JSON writes
    /// them, so the next search starts there and usually succeeds at once.
    private let cursor: Cursor

    /// A class: containers are copied around. It stays on the member found, as
    /// `init(from:)`s ask for one key several times (contains, decodeNil, decode).
    private final class Cursor {
        var member: Int
        init(_ member: Int) { self.member = member }
    }

    init(decoder: FastJSONDecoder, object: Int) {
        self.decoder = decoder
        self.object = object
        cursor = Cursor(object + 1)
    }

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] {
        var keys: [Key] = []
        var member = object + 1
        let end = decoder.tape.next(after: object)
        while member < end {
            let entry = decoder.tape.entries[member]
            if let text = decoder.tape.string(at: entry), let key = Key(stringValue: text) { keys.append(key) }
            member = decoder.tape.next(after: member + 1)
        }
        return keys
    }

    /// The tape index of the value under `key`.
    func find(_ key: Key) -> Int? {
        var text = key.stringValue
        return text.withUTF8 { decoder.tape.member($0, in: object, cursor: &cursor.member) }
    }

    func value(_ key: Key) throws -> FastJSONTape.Entry {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return decoder.tape.entries[index]
    }

    func contains(_ key: Key) -> Bool { find(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try FastJSONDecoder.bool(value(key), codingPath + [key])
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try FastJSONDecoder.string(decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try FastJSONDecoder.floatingPoint(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try FastJSONDecoder.floatingPoint(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try FastJSONDecoder.integer(type, decoder.tape, value(key), codingPath + [key])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return try decoder.child(index, key: key).decodeValue(T.self)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return try decoder.child(index, key: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return try decoder.child(index, key: key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(
            forKey: Key(stringValue: "super")
                ?? {
                    throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "no super key"))
                }())
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let index = find(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key)."))
        }
        return decoder.child(index, key: key)
    }
}

/// The coding key of an array element (`Index 3`), as `JSONDecoder` writes it in paths.
struct FastIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Reads one array's elements in order.
struct FastUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: FastJSONDecoder
    let array: Int
    /// The tape index of the next element.
    private var position: Int
    private(set) var currentIndex = 0

    init(decoder: FastJSONDecoder, array: Int) {
        self.decoder = decoder
        self.array = array
        position = array + 1
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { Int(decoder.tape.entries[array].end) }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func next(_ type: Any.Type) throws -> (FastJSONTape.Entry, [any CodingKey]) {
        let path = codingPath + [FastIndexKey(currentIndex)]
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
        }
        return (decoder.tape.entries[position], path)
    }

    private mutating func advance() {
        position = decoder.tape.next(after: position)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let (entry, _) = try next(Never.self)
        if entry.kind == .null {
            advance()
            return true
        }
        return false
    }

    private mutating func read<T>(_ type: T.Type, _ body: (FastJSONTape.Entry, [any CodingKey]) throws -> T) throws -> T
    {
        let (entry, path) = try next(type)
        let value = try body(entry, path)
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try read(type) { try FastJSONDecoder.bool($0, $1) } }
    mutating func decode(_ type: String.Type) throws -> String {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.string(tape, $0, $1) }
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.floatingPoint(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.floatingPoint(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Int.Type) throws -> Int {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        let tape = decoder.tape; return try read(type) { try FastJSONDecoder.integer(type, tape, $0, $1) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        _ = try next(type)
        let value = try decoder.child(position, key: FastIndexKey(currentIndex)).decodeValue(T.self)
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        _ = try next(type)
        let container = try decoder.child(position, key: FastIndexKey(currentIndex)).container(keyedBy: type)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        _ = try next([Any].self)
        let container = try decoder.child(position, key: FastIndexKey(currentIndex)).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        _ = try next(Any.self)
        let child = decoder.child(position, key: FastIndexKey(currentIndex))
        advance()
        return child
    }
}

/// Reads the decoder's own value.
struct FastSingleValueContainer: SingleValueDecodingContainer {
    let decoder: FastJSONDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var entry: FastJSONTape.Entry { decoder.entry }
    private var tape: FastJSONTape { decoder.tape }

    func decodeNil() -> Bool { entry.kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try FastJSONDecoder.bool(entry, codingPath) }
    func decode(_ type: String.Type) throws -> String { try FastJSONDecoder.string(tape, entry, codingPath) }
    func decode(_ type: Double.Type) throws -> Double {
        try FastJSONDecoder.floatingPoint(type, tape, entry, codingPath)
    }
    func decode(_ type: Float.Type) throws -> Float { try FastJSONDecoder.floatingPoint(type, tape, entry, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try FastJSONDecoder.integer(type, tape, entry, codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(T.self) }
}

/// Floating-point types read from a number's text without making a String.
protocol FastFloatingPoint: BinaryFloatingPoint {
    static func parse(_ text: Substring) -> Self?
}

extension Double: FastFloatingPoint {
    static func parse(_ text: Substring) -> Double? { Double(text) }
}

extension Float: FastFloatingPoint {
    static func parse(_ text: Substring) -> Float? { Float(text) }
}
