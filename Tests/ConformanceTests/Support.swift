import DTORuntime
@_spi(Testing) import DTORuntime
import Foundation
import Testing

enum Payloads {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent("payloads").appendingPathComponent(name))
    }

    /// Decodes a payload with a plain `JSONDecoder()`: generated DTOs need no configuration.
    /// `FastDecoder`'s tape alone (its fast paths, no fallback) must give the same value: a
    /// differential check on every real payload.
    static func decode<T: Decodable & Equatable>(
        _ type: T.Type, from name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        try bothDecoders(T.self, data(name), sourceLocation: sourceLocation)
    }

    /// The value under one key of a payload (for envelopes, before the runtime unwraps them).
    static func decode<T: Decodable & Equatable>(
        _ type: T.Type, from name: String, key: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> T {
        let object = try JSONSerialization.jsonObject(with: data(name)) as? [String: Any] ?? [:]
        let inner = try JSONSerialization.data(withJSONObject: object[key] ?? NSNull(), options: [.fragmentsAllowed])
        return try bothDecoders(T.self, inner, sourceLocation: sourceLocation)
    }

    static func bothDecoders<T: Decodable & Equatable>(_ type: T.Type, _ data: Data, sourceLocation: SourceLocation)
        throws -> T
    {
        let disagreement = FastDecoder().disagreement(T.self, from: data)
        #expect(disagreement == nil, "\(disagreement ?? "")", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(T.self, from: data)
    }
}

/// Encodes with a plain `JSONEncoder()` and decodes again: the value must survive unchanged.
func expectRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let encoded = try JSONEncoder().encode(value)
    let decoded = try JSONDecoder().decode(T.self, from: encoded)
    #expect(decoded == value, sourceLocation: sourceLocation)
}

func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar.date(
        from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        ?? .distantPast
}
