import DTORuntime
import Foundation
import Testing

/// Regressions from generating random specs (issue 17): each spec row compiles (this target
/// builds `Tests/Fixtures/golden-specs/roundtrip.json`) and survives decode → encode → decode.
struct RoundTripRegressionTests {
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> T {
        try decodeBoth(T.self, from: Data(json.utf8))
    }

    func reencoded<T: Codable & Equatable>(_ value: T) throws -> T {
        try decodeBoth(T.self, from: JSONEncoder().encode(value))
    }

    func json<T: Encodable>(_ value: T) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
    }

    static let minimal = #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [1, 2]}"#

    /// Rows 1–3: a property and a nested type of the same name, and `hash`, which became
    /// `hashValue` and encoded the hash instead of the array.
    @Test func collidingMemberNamesCompileAndKeepTheirValues() throws {
        let value = try decode(
            Collide.self,
            #"{"2fa": {"code": 7}, "thing": "t", "item": {"x": 1}, "status": "s", "state": "b", "hash": [1, 2]}"#)
        #expect(value._2fa.code == 7)
        #expect(value.Item == "t")
        #expect(value.item.x == 1)
        #expect(value.state == .b)
        #expect(value.hashField == [1, 2])
        let encoded = try json(value)
        #expect(encoded["hash"] as? [Int] == [1, 2])
        #expect(try reencoded(value) == value)
    }

    /// Row 4: a Decimal default with 20 significant digits compiles and is exact.
    @Test func longDecimalDefaultsAreExact() throws {
        let value = try decode(Collide.self, Self.minimal)
        #expect(value.d == Decimal(string: "0.12345678901234567890", locale: Locale(identifier: "en_US_POSIX")))
        #expect(value.d.description == "0.1234567890123456789")
    }

    /// Row 5: every millisecond value is written back as it arrived.
    @Test func fractionalDatesKeepTheirMilliseconds() throws {
        for millis in [1, 2, 3, 5, 7, 9, 10, 99, 100, 123, 500, 998, 999] {
            let text = String(format: "2020-01-01T00:00:00.%03dZ", millis)
            let value = try decode(
                Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "fractional": "\#(text)"}"#)
            #expect(try json(value)["fractional"] as? String == text)
            #expect(try reencoded(value) == value)
        }
    }

    /// Row 6: `iso8601` keeps a fraction that arrived instead of dropping it.
    @Test func iso8601KeepsAFractionThatArrived() throws {
        let value = try decode(
            Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "iso": "2020-01-01T00:00:00.5Z"}"#)
        #expect(try json(value)["iso"] as? String == "2020-01-01T00:00:00.500Z")
        #expect(try reencoded(value) == value)
        let whole = try decode(
            Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "iso": "2020-01-01T00:00:00Z"}"#)
        #expect(try json(whole)["iso"] as? String == "2020-01-01T00:00:00Z")
    }

    /// Row 7: a boolean is not a number; a lenient field falls back to its default.
    @Test func lenientNumbersDoNotCoerceBooleans() throws {
        let value = try decode(Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "lenient": true}"#)
        #expect(value.lenient == 5)
        #expect(
            try decode(Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "lenient": "8"}"#).lenient
                == 8)
    }

    /// Rows 8–11: fields whose types (an enum, a Date alias, an array alias) are declared
    /// later in `types` get their default, their date handling, their format and `$lossy`.
    @Test func typesDeclaredLaterAreFullyKnown() throws {
        let value = try decode(
            Collide.self,
            #"""
            {"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "when": "2020-01-01T00:00:00Z", "day": "2020-03-01", "list": [1, "x", 3]}
            """#)
        #expect(value.level == .high)
        #expect(value.when == Date(timeIntervalSince1970: 1_577_836_800))
        #expect(value.day == Date(timeIntervalSince1970: 1_583_020_800))
        #expect(value.list == [1, 3])
        let encoded = try json(value)
        #expect(encoded["when"] as? String == "2020-01-01T00:00:00Z")
        #expect(encoded["day"] as? String == "2020-03-01")
        #expect(try reencoded(value) == value)
        #expect(throws: DecodingError.self) {
            try decode(Collide.self, #"{"2fa": {"code": 7}, "item": {"x": 1}, "hash": [], "when": 1577836800}"#)
        }
    }

    /// Issue 22: `$lossy` on an alias to an array whose elements are the struct using it
    /// (`Forest = [Tree]`, `Tree.children: Forest`), declared before the struct.
    @Test func lossyWorksOnARecursiveArrayAlias() throws {
        let tree = try decode(
            Tree.self, #"{"name": "root", "children": [{"name": "a", "children": []}, {"children": []}, 3]}"#)
        #expect(tree.children.map(\.name) == ["a"])
        #expect(try reencoded(tree) == tree)
    }

    /// Issue 22: date defaults in arrays are the instants the runtime decodes (no float noise
    /// from the generator's arithmetic), and numbers Swift cannot hold as written are
    /// generated as the values it holds (no compiler warning: CI builds with none).
    @Test func defaultsAreTheValuesTheRuntimeHolds() throws {
        let value = Exact()
        #expect(try reencoded(value) == value)
        let written = try decode(
            Exact.self,
            #"{"when": ["1969-09-20T05:42:56.196Z", "2020-01-01T00:00:00.002Z"], "seconds": [-8796623.804, 1700000000]}"#
        )
        #expect(written.when == value.when)
        #expect(written.seconds == value.seconds)
        #expect(value.big == 9_007_199_254_740_992)
        #expect(value.tiny == Double.leastNonzeroMagnitude)
        #expect(value.small == Float.leastNormalMagnitude)
        #expect(value.whole == 16_777_216)
    }

    /// Row 12: a type named `Envelope` in a spec with an envelope.
    @Test func aTypeNamedEnvelopeDoesNotShadowTheRuntime() throws {
        let endpoint: DTORuntime.Endpoint<EndpointKinds.Public, Envelope> = .letter
        #expect(try endpoint.decode(Data(#"{"data": {"letter": "hi"}}"#.utf8)).letter == "hi")
    }
}
