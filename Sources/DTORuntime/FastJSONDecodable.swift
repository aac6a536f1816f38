import Foundation

/// A type with a decoding path that reads `FastDecoder`'s tape directly, with no `Decoder`
/// in between (public, not SPI: public DTOs conform to it). dtogen generates it (`--fast-decoding`) for DTOs whose fields need no
/// custom coding; it must give exactly what `init(from:)` gives, and any failure makes
/// `FastDecoder` decode again with `JSONDecoder`, which then throws the error.
public protocol FastJSONDecodable: Decodable {
    init(fastJSON value: FastJSONValue) throws
}

/// The failure of a fast path; never seen by callers (`FastDecoder` decodes again).
struct FastJSONFailure: Error {}

/// One value of the tape.
public struct FastJSONValue {
    let tape: FastJSONTape
    let index: Int

    init(tape: FastJSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    var entry: FastJSONTape.Entry { tape.entries[index] }

    public var isNull: Bool { entry.kind == .null }

    public func object() throws -> FastJSONObject {
        guard entry.kind == .object else { throw FastJSONFailure() }
        return FastJSONObject(value: self)
    }

    public func string() throws -> String {
        let entry = self.entry
        guard entry.kind == .string, let text = tape.string(at: entry) else { throw FastJSONFailure() }
        return text
    }

    public func bool() throws -> Bool {
        switch entry.kind {
        case .true: return true
        case .false: return false
        default: throw FastJSONFailure()
        }
    }

    public func int() throws -> Int { try FastJSONDecoder.integer(Int.self, tape, entry, []) }
    public func int64() throws -> Int64 { try FastJSONDecoder.integer(Int64.self, tape, entry, []) }

    public func double() throws -> Double {
        let entry = self.entry
        guard entry.kind == .number else { throw FastJSONFailure() }
        if let value = tape.fastDouble(entry) { return value }
        return try FastJSONDecoder.floatingPoint(Double.self, tape, entry, [])
    }

    public func float() throws -> Float { try FastJSONDecoder.floatingPoint(Float.self, tape, entry, []) }

    /// A date as the generated `decodeDate` reads it: a number or a string, in `format`.
    public func date(_ format: DateFormat) throws -> Date {
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
    public func array<Element>(_ element: (FastJSONValue) throws -> Element) throws -> [Element] {
        let entry = self.entry
        guard entry.kind == .array else { throw FastJSONFailure() }
        var result: [Element] = []
        result.reserveCapacity(Int(entry.flag))
        var position = index + 1
        for _ in 0..<Int(entry.flag) {
            result.append(try element(FastJSONValue(tape: tape, index: position)))
            position = Int(tape.entries[position].next)
        }
        return result
    }

    /// Any other type: its own fast path, else its `init(from:)` on the tape.
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let fast = T.self as? any FastJSONDecodable.Type, let value = try fast.init(fastJSON: self) as? T { return value }
        return try FastJSONDecoder(tape: tape, index: index).decodeValue(T.self)
    }
}

/// One object of the tape: its values by key, found by comparing bytes from where the last
/// key was found (DTOs read keys in the order the JSON usually writes them).
public struct FastJSONObject {
    let value: FastJSONValue
    private let cursor: FastJSONTape.Cursor

    init(value: FastJSONValue) {
        self.value = value
        cursor = FastJSONTape.Cursor(value.index + 1)
    }

    func find(_ key: String) -> Int? {
        value.tape.member(key, in: value.index, cursor: &cursor.member)
    }

    /// The value under `key`; a missing key fails (as a non-optional property does).
    public func value(_ key: String) throws -> FastJSONValue {
        guard let index = find(key) else { throw FastJSONFailure() }
        return FastJSONValue(tape: value.tape, index: index)
    }

    /// The value under `key`, nil when it is missing or null (as `decodeIfPresent`).
    public func valueIfPresent(_ key: String) -> FastJSONValue? {
        guard let index = find(key), value.tape.entries[index].kind != .null else { return nil }
        return FastJSONValue(tape: value.tape, index: index)
    }
}

struct FastStringKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension String: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.string() }
}

extension Int: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.int() }
}

extension Int64: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.int64() }
}

extension Double: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.double() }
}

extension Float: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.float() }
}

extension Bool: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.bool() }
}

extension Array: FastJSONDecodable where Element: FastJSONDecodable {
    public init(fastJSON value: FastJSONValue) throws { self = try value.array { try Element(fastJSON: $0) } }
}
