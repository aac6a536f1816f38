import Foundation

/// An object that declares some keys and holds any others too (OpenAPI's `properties` beside
/// `additionalProperties`: GitHub's `permissions`, a map with a few well-known entries) keeps
/// the others in one dictionary. Generated `init(from:)` and `encode(to:)` read and write them
/// with these calls, next to the declared keys, which `Keys` lists: a key the type declares
/// is never also an additional property.
@_spi(Generated)
extension Decoder {
    /// Every key of the object that `Keys` does not list, with its value decoded as `T`.
    public func decodeAdditionalProperties<T: Decodable, Keys: CodingKey & CaseIterable>(
        _ type: T.Type, declaredBy keys: Keys.Type
    ) throws -> [String: T] {
        let declared = Set(Keys.allCases.map(\.stringValue))
        let container = try self.container(keyedBy: AnyCodingKey.self)
        var values: [String: T] = [:]
        for key in container.allKeys where !declared.contains(key.stringValue) {
            values[key.stringValue] = try container.decode(T.self, forKey: key)
        }
        return values
    }
}

@_spi(Generated)
extension Encoder {
    /// Writes each entry beside the declared keys; an entry under a key `Keys` lists is left
    /// out (the declared property is the key's value).
    public func encodeAdditionalProperties<T: Encodable, Keys: CodingKey & CaseIterable>(
        _ values: [String: T], declaredBy keys: Keys.Type
    ) throws {
        guard !values.isEmpty else { return }
        let declared = Set(Keys.allCases.map(\.stringValue))
        var container = self.container(keyedBy: AnyCodingKey.self)
        // In key order, so the same value always gives the same bytes.
        for key in values.keys.sorted() where !declared.contains(key) {
            if let value = values[key] { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }
}

extension FastJSONValue {
    /// The fast path's `decodeAdditionalProperties`: every member `Keys` does not list, the
    /// first of duplicated keys winning as in `dictionary(_:)`.
    @_spi(Generated) public func additionalProperties<T: Decodable, Keys: CodingKey & CaseIterable>(
        _ type: T.Type, declaredBy keys: Keys.Type
    ) throws -> [String: T] {
        let declared = Set(Keys.allCases.map(\.stringValue))
        var values: [String: T] = [:]
        let all = try dictionary { $0 }
        for (key, value) in all where !declared.contains(key) {
            values[key] = try value.decode(T.self)
        }
        return values
    }
}
