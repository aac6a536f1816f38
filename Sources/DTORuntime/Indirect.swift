/// A value stored out of line, so a generated struct can contain itself through an
/// optional field (an invoice's subscription's latest invoice). Immutable, so it keeps
/// value semantics; equality, hashing and coding are the value's.
public struct Indirect<Value> {
    private final class Storage: @unchecked Sendable {
        // Never mutated after init: sharing it between threads is safe when Value is Sendable.
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let storage: Storage

    /// Stores `value` out of line.
    public init(_ value: Value) {
        storage = Storage(value)
    }

    /// The stored value.
    public var value: Value { storage.value }
}

extension Indirect: Sendable where Value: Sendable {}

extension Indirect: Equatable where Value: Equatable {
    public static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
}

extension Indirect: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

extension Indirect: Codable where Value: Codable {
    public init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
