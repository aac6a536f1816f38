import DTORuntime
import Foundation
import Testing

/// The app's models for `precision.json`.
struct PriceSummary: Equatable {
    var orderID: String?
    var amount: Decimal
    var nickname: String?
    var card: CardInfo
}

struct CardInfo: Equatable {
    var brand: String
    var last4: String
}

/// Numbers written as strings (`$format: "string"`), `$nullable`, quoted keys in mapping
/// paths, and a top-level mapping of a nested object (spec-format-2 §5, §6).
struct PrecisionTests {
    static let json = #"""
        {"id": "price_1", "unit_amount_decimal": "2000.5", "id_str": "9007199254740993", "ratio": "0.25",
         "metadata": {"order.id": "A1"}, "nickname": null, "card": {"brand": "visa", "last4": "4242"}}
        """#

    func object(_ value: some Encodable) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
    }

    @Test func numbersWrittenAsStringsDecodeAndEncodeBackAsStrings() throws {
        let price = try decodeBoth(Price.self, from: Data(Self.json.utf8))
        #expect(price.unitAmountDecimal == Decimal(string: "2000.5"))
        #expect(price.idStr == 9_007_199_254_740_993)
        #expect(price.ratio == 0.25)
        #expect(price.active == true)
        let encoded = try object(price)
        #expect(encoded["unit_amount_decimal"] as? String == "2000.5")
        #expect(encoded["id_str"] as? String == "9007199254740993")
        #expect(encoded["ratio"] as? String == "0.25")
        #expect(encoded["active"] as? String == "true")
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(price)) == price)
        #expect(throws: DecodingError.self) {
            try decodeBoth(
                Price.self, from: Data(Self.json.replacingOccurrences(of: #""2000.5""#, with: "2000.5").utf8))
        }
    }

    @Test func nullableKeepsNullApartFromAbsent() throws {
        let explicitNull = try decodeBoth(Price.self, from: Data(Self.json.utf8))
        #expect(explicitNull.nickname == .null)
        #expect(try object(explicitNull)["nickname"] is NSNull)
        let absent = try decodeBoth(
            Price.self, from: Data(Self.json.replacingOccurrences(of: #""nickname": null, "#, with: "").utf8))
        #expect(absent.nickname == nil)
        #expect(try object(absent)["nickname"] == nil)
        let value = try decodeBoth(
            Price.self,
            from: Data(Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""nickname": "Gold""#).utf8))
        #expect(value.nickname == .value("Gold"))
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(value)) == value)
        // A PATCH body that clears the nickname sends an explicit null.
        let endpoint: Endpoint<EndpointKinds.Public, Price> = .updatePrice(id: "price_1", body: explicitNull)
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://api.example.com")!, with: ())
        let sent = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(sent?["nickname"] is NSNull)
    }

    /// `$writeNull`: a key a request must send (OpenAPI's required and nullable) is sent as
    /// `null` when nil, where a plain optional is left out.
    @Test func writeNullSendsTheKeyAsNull() throws {
        let price = try decodeBoth(Price.self, from: Data(Self.json.utf8))
        #expect(price.taxCode == nil)
        #expect(try object(price)["tax_code"] is NSNull)
        let endpoint: Endpoint<EndpointKinds.Public, Price> = .updatePrice(id: "price_1", body: price)
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://api.example.com")!, with: ())
        let sent = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(sent?["tax_code"] is NSNull)
        let coded = try decodeBoth(
            Price.self,
            from: Data(Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""tax_code": "txcd_1""#).utf8))
        #expect(coded.taxCode == "txcd_1")
        #expect(try object(coded)["tax_code"] as? String == "txcd_1")
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(coded)) == coded)
    }

    /// `$nullable` and `$writeNull` on dates: a PATCH body clears a date with `null`, written
    /// and read in the date's format by both decoders.
    @Test func patchBodiesClearDates() throws {
        let cleared = Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""canceled_at": null"#)
        let price = try decodeBoth(Price.self, from: Data(cleared.utf8))
        #expect(price.canceledAt == .null && price.dueOn == nil)
        let endpoint: Endpoint<EndpointKinds.Public, Price> = .updatePrice(id: "price_1", body: price)
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://api.example.com")!, with: ())
        let sent = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(sent?["canceled_at"] is NSNull)
        #expect(sent?["due_on"] is NSNull)

        let absent = try decodeBoth(Price.self, from: Data(Self.json.utf8))
        #expect(absent.canceledAt == nil)
        #expect(try object(absent)["canceled_at"] == nil)

        let dated = Self.json.replacingOccurrences(
            of: #""nickname": null"#, with: #""canceled_at": 1700000000, "due_on": "2026-11-27""#)
        let set = try decodeBoth(Price.self, from: Data(dated.utf8))
        #expect(set.canceledAt == .value(Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(set.dueOn != nil)
        let written = try object(set)
        #expect(written["canceled_at"] as? Int == 1_700_000_000)
        #expect(written["due_on"] as? String == "2026-11-27")
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(set)) == set)
        // A date in another format is an error, as it is without `$nullable`.
        #expect(throws: DecodingError.self) {
            try decodeBoth(
                Price.self,
                from: Data(Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""canceled_at": "x""#).utf8))
        }
    }

    /// `$readOnly`: what only the server sets is read and kept in JSON the app writes for
    /// itself, but a request body that sends the value back leaves it out.
    @Test func readOnlyIsReadButNeverSent() throws {
        let json = Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""created": 1700000000"#)
        let price = try decodeBoth(Price.self, from: Data(json.utf8))
        #expect(price.created == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try object(price)["created"] as? Int == 1_700_000_000)
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(price)) == price)
        let endpoint: Endpoint<EndpointKinds.Public, Price> = .updatePrice(id: "price_1", body: price)
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://api.example.com")!, with: ())
        let sent = try JSONSerialization.jsonObject(with: try #require(request.httpBody)) as? [String: Any]
        #expect(sent?["created"] == nil)
        #expect(sent?["id"] as? String == "price_1")
        // An encoder of the app's own that writes a request body says so the same way.
        let body = try RequestBodyEncoding.encoder().encode(price)
        let written = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect(written?["created"] == nil && written?["id"] != nil)
    }

    /// `$additionalProperties`: the keys an object does not declare are kept, by both
    /// decoders, and written back beside the declared ones; a declared key never lands there.
    @Test func keysAnObjectDoesNotDeclareAreKept() throws {
        let json = Self.json.replacingOccurrences(
            of: #""nickname": null"#,
            with:
                #""permissions": {"issues": "read", "contents": "write", "metadata": "read"}, "limits": {"default": 5, "pro": {"max": 10}, "team": {"max": 50}}"#
        )
        let price = try decodeBoth(Price.self, from: Data(json.utf8))
        #expect(price.permissions?.issues == "read")
        #expect(price.permissions?.additionalProperties == ["contents": "write", "metadata": "read"])
        #expect(price.limits?.default == 5)
        #expect(price.limits?.byPlan.mapValues(\.max) == ["pro": 10, "team": 50])
        let encoded = try object(price)
        #expect(
            encoded["permissions"] as? [String: String] == ["issues": "read", "contents": "write", "metadata": "read"])
        #expect((encoded["limits"] as? [String: Any])?["team"] as? [String: Int] == ["max": 50])
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(price)) == price)
        // Built in code: an entry under a declared key is not written over the declared value.
        let built = Price.Permissions(issues: "read", additionalProperties: ["issues": "admin", "pages": "write"])
        #expect(try object(built) as? [String: String] == ["issues": "read", "pages": "write"])
        // Every other key must be of the declared shape.
        let wrong = json.replacingOccurrences(of: #""metadata": "read""#, with: #""metadata": 1"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Price.self, from: Data(wrong.utf8)) }
        #expect(throws: (any Error).self) { try FastDecoder().decode(Price.self, from: Data(wrong.utf8)) }
    }

    /// Dates deeper than an array or a dictionary (an array of arrays, a dictionary of arrays,
    /// optional elements) in the field's format, read the same by both decoders.
    @Test func datesNestedAtAnyDepth() throws {
        let json = Self.json.replacingOccurrences(
            of: #""nickname": null"#,
            with:
                #""history": [["2020-01-01T00:00:00Z"], [], ["2020-01-01T00:00:01.5+01:00", "2020-01-02T00:00:00Z"]], "by_day": {"mon": [0, 1.5]}, "checks": ["2020-01-01T00:00:00Z", null]"#
        )
        let price = try decodeBoth(Price.self, from: Data(json.utf8))
        let day = Date(timeIntervalSince1970: 1_577_836_800)
        #expect(
            price.history == [
                [day], [], [Date(timeIntervalSince1970: 1_577_833_201.5), day.addingTimeInterval(86_400)],
            ])
        #expect(price.byDay == ["mon": [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1.5)]])
        #expect(price.checks == [day, nil])
        let encoded = try object(price)
        #expect((encoded["by_day"] as? [String: [Double]]) == ["mon": [0, 1.5]])
        #expect((encoded["history"] as? [[String]])?.first == ["2020-01-01T00:00:00Z"])
        #expect(try decodeBoth(Price.self, from: JSONEncoder().encode(price)) == price)
        let wrong = Self.json.replacingOccurrences(of: #""nickname": null"#, with: #""history": [["yesterday"]]"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Price.self, from: Data(wrong.utf8)) }
        #expect(throws: (any Error).self) { try FastDecoder().decode(Price.self, from: Data(wrong.utf8)) }
    }

    @Test func quotedKeysAndStandaloneMappings() throws {
        let price = try decodeBoth(Price.self, from: Data(Self.json.utf8))
        #expect(
            PriceSummary(from: price)
                == PriceSummary(
                    orderID: "A1", amount: Decimal(string: "2000.5")!, nickname: nil,
                    card: CardInfo(brand: "visa", last4: "4242")))
        #expect(CardInfo(from: price.card) == CardInfo(brand: "visa", last4: "4242"))
        #expect(CardInfo.from([price.card]).count == 1)
    }
}
