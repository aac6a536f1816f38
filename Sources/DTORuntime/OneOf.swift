/// Plumbing for generated `$oneOf` enums: reading and writing the discriminator, telling
/// JSON kinds apart, and the errors that name what was expected.
@_spi(Generated)
public enum OneOf {
    /// The kind of JSON value a decoder holds.
    public enum Kind: Sendable, Equatable {
        case null, bool, number, string, array, object
    }

    public static func kind(of decoder: any Decoder) -> Kind {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { return .null }
            if (try? container.decode(Bool.self)) != nil { return .bool }
            if (try? container.decode(Double.self)) != nil { return .number }
            if (try? container.decode(String.self)) != nil { return .string }
        }
        return (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil ? .object : .array
    }

    /// The discriminator's string value; nil when the value is no object, or the key is
    /// missing or not a string.
    public static func tag(of decoder: any Decoder, key: String) -> String? {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
        return (try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(key))) ?? nil
    }

    /// Whether the object holds any of these keys. An untagged one-of passes over an object
    /// variant when the object has a key that only a variant after it declares, so a deleted
    /// invoice (`deleted: true`) is not read as the invoice listed first.
    public static func hasAnyKey(_ keys: [String], in decoder: any Decoder) -> Bool {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return false }
        return keys.contains { container.contains(AnyCodingKey($0)) }
    }

    /// Whether the object holds, under one of these keys, a string other than the value the
    /// variant fixes it to: an untagged one-of passes over a deleted bank account for an
    /// object whose `object` is `"card"`.
    public static func holdsOtherValues(_ fixed: [(key: String, value: String)], in decoder: any Decoder) -> Bool {
        guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return false }
        return fixed.contains { pair in
            guard let found = (try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(pair.key))) ?? nil
            else { return false }
            return found != pair.value
        }
    }

    /// Writes the discriminator beside the fields the variant has just encoded.
    public static func writeTag(_ tag: String, key: String, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(tag, forKey: AnyCodingKey(key))
    }

    public static func unknownTag(in decoder: any Decoder, key: String, accepted: [String]) -> DecodingError {
        let found = tag(of: decoder, key: key).map { "'\($0)'" } ?? "no tag"
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath + [AnyCodingKey(key)],
                debugDescription:
                    "found \(found) in '\(key)'; expected one of \(accepted.map { "'\($0)'" }.joined(separator: ", "))"
            ))
    }

    public static func noVariant(in decoder: any Decoder, type: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "a \(kind(of: decoder)) that no variant of \(type) decodes"
            ))
    }
}
