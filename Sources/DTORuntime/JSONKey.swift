/// The coding key of generated `init(from:)` and `encode(to:)`: a JSON key as written
/// (`forKey: "amount_off"`). One type for every DTO instead of a `CodingKeys` enum per
/// type, whose synthesized conformances cost the compiler as much as the coding itself.
public struct JSONKey: CodingKey, ExpressibleByStringLiteral, Sendable, Hashable {
    public let stringValue: String

    public init(stringLiteral value: String) {
        stringValue = value
    }

    public init?(stringValue: String) {
        self.stringValue = stringValue
    }

    public var intValue: Int? { nil }

    public init?(intValue: Int) {
        nil
    }
}
