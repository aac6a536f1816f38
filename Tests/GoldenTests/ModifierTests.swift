import DTORuntime
import Foundation
import Testing

/// Every field modifier of the contract (Tests/Fixtures/golden-specs/modifiers.json).
struct ModifierTests {
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> T {
        try decodeBoth(T.self, from: Data(json.utf8))
    }

    @Test func defaultsApplyWhenMissingOrNull() throws {
        let empty = try decode(Defaults.self, "{}")
        #expect(empty.string == "a \"quoted\" \\(value)\n")
        #expect(empty.int == -7)
        #expect(empty.int64 == 9007199254740993)
        #expect(empty.double == 2500)
        #expect(empty.float == 0.5)
        #expect(empty.bool)
        #expect(empty.decimal == Decimal(string: "0.1"))
        #expect(empty.date == Date(timeIntervalSince1970: 1582977600))
        #expect(empty.seconds == Date(timeIntervalSince1970: 86400))
        #expect(empty.url == URL(string: "https://example.com/a?b=c"))
        #expect(empty.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(empty.level == .high)
        #expect(empty.open == .other("zzz"))
        #expect(empty.list == [1, 2, 3])
        #expect(empty.map == ["k": "v"])
        #expect(empty.json == ["nested": [1, "two", nil, true, 3.5]])
        #expect(empty.optionalWithDefault == "x")

        let nulls = try decode(Defaults.self, #"{"string":null,"int":null,"level":null,"json":null}"#)
        #expect(nulls.string == empty.string && nulls.int == -7 && nulls.level == .high)
        #expect(
            nulls.json == ["nested": [1, "two", nil, true, 3.5]], "null is missing for a JSON field with a default")

        let given = try decode(Defaults.self, #"{"int":1,"level":"low","open":"a","list":[]}"#)
        #expect(given.int == 1 && given.level == .low && given.open == .a && given.list == [])
    }

    @Test func memberwiseInitUsesDefaults() {
        let value = Defaults()
        #expect(value.int == -7)
        #expect(value.level == .high)
    }

    @Test func lenientFieldsCoerceAndNeverFail() throws {
        let coerced = try decode(
            Lenient.self,
            #"""
            {"string":42,"int":"17","int64":"9000000000","double":"2.5","float":1,"bool":"true","decimal":"1.25",
             "list":"nope","map":{"a":1},"optional":"x","withDefault":"oops","date":"not a date","level":"medium",
             "nested":{"id":"wrong"},"lossyLenient":[1,"x",3]}
            """#)
        #expect(coerced.string == "42")
        #expect(coerced.int == 17)
        #expect(coerced.int64 == 9_000_000_000)
        #expect(coerced.double == 2.5)
        #expect(coerced.float == 1)
        #expect(coerced.bool)
        #expect(coerced.decimal == Decimal(string: "1.25"))
        #expect(coerced.list == [])
        #expect(coerced.map == ["a": 1])
        #expect(coerced.optional == nil)
        #expect(coerced.withDefault == 42)
        #expect(coerced.date == nil)
        #expect(coerced.level == .low)
        #expect(coerced.nested == nil)
        #expect(coerced.lossyLenient == [1, 3])

        let empty = try decode(Lenient.self, "{}")
        #expect(
            empty.string == "" && empty.int == 0 && !empty.bool && empty.list == [] && empty.map == [:]
                && empty.withDefault == 42)

        let bools = try decode([Lenient].self, #"[{"bool":1},{"bool":0},{"bool":"false"},{"bool":"yes"}]"#)
        #expect(bools.map(\.bool) == [true, false, false, true])
    }

    @Test func datesDecodeAndEncodeInTheirFormats() throws {
        let json = #"""
            {"iso":"2020-01-02T03:04:05Z","fractional":"2020-01-02T03:04:05.250Z","seconds":1577934245,"millis":1577934245250,
             "day":"2020-01-02","optionalDay":null,"days":["2020-01-02","2021-12-31"],"optionalDays":["02/01/2020"]}
            """#
        let dates = try decode(Dates.self, json)
        let base = Date(timeIntervalSince1970: 1577934245)
        #expect(dates.iso == base)
        #expect(abs(dates.fractional.timeIntervalSince1970 - 1577934245.25) < 0.001)
        #expect(dates.seconds == base)
        #expect(abs(dates.millis.timeIntervalSince1970 - 1577934245.25) < 0.001)
        #expect(dates.day == Date(timeIntervalSince1970: 1577923200))
        #expect(dates.optionalDay == nil)
        #expect(dates.days.count == 2)
        #expect(dates.optionalDays == [Date(timeIntervalSince1970: 1577923200)])

        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(dates)) as? [String: Any] ?? [:]
        #expect(encoded["iso"] as? String == "2020-01-02T03:04:05Z")
        #expect(encoded["fractional"] as? String == "2020-01-02T03:04:05.250Z")
        #expect(encoded["seconds"] as? Int == 1577934245)
        #expect(encoded["millis"] as? Int == 1577934245250)
        #expect(encoded["day"] as? String == "2020-01-02")
        #expect(encoded["days"] as? [String] == ["2020-01-02", "2021-12-31"])
        #expect(encoded["optionalDays"] as? [String] == ["02/01/2020"])
        #expect(try decode(Dates.self, String(decoding: JSONEncoder().encode(dates), as: UTF8.self)) == dates)
    }

    @Test func badDateIsADecodingErrorWithItsPath() throws {
        let json = #"{"iso":"yesterday","fractional":"x","seconds":0,"millis":0,"day":"2020-01-02","days":[]}"#
        do {
            _ = try decode(Dates.self, json)
            Issue.record("a date that does not parse must throw")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["iso"])
            #expect(context.debugDescription.contains("yesterday"), "\(context.debugDescription)")
        }
    }

    @Test func containers() throws {
        let json = #"""
            {"lossy":[1,"two",3,null,4.5,5],"nested":[["a"],[]],"optionalElements":[1,null],"dict":{"a":[1]},
             "dictOfObjects":{"k":{"x":1}},"json":{"any":["thing"]},"jsonList":[1,"a",null],"alias":["t"],"empty":{}}
            """#
        let value = try decode(Containers.self, json)
        #expect(value.lossy == [1, 3, 5])
        #expect(value.optionalLossy == nil)
        #expect(value.nested == [["a"], []])
        #expect(value.optionalElements == [1, nil])
        #expect(value.dict == ["a": [1]])
        #expect(value.dictOfObjects["k"]?.x == 1)
        #expect(value.json["any"]?[0]?.stringValue == "thing")
        #expect(value.jsonList == [1, "a", nil])
        #expect(value.alias == ["t"])
        #expect(try decode(Containers.self, String(decoding: JSONEncoder().encode(value), as: UTF8.self)) == value)
        #expect(throws: DecodingError.self) { try decode(Containers.self, #"{"nested":[]}"#) }
    }
}
