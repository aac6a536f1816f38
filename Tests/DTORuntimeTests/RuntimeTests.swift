@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The runtime on its own, without generated code: what every generated file relies on.
struct PathAndQueryEncodingTests {
    enum Color: String, ParameterValue { case red, lightBlue = "light blue" }

    @Test func pathValuesAreOneSegmentEach() {
        let id = "a/b?c#d%e"
        let path: EndpointPath = "/users/\(id)/repos"
        #expect(path.percentEncoded == "/users/a%2Fb%3Fc%23d%25e/repos")
        let dots: EndpointPath = "/x/\("..")/\(".")"
        #expect(dots.percentEncoded == "/x/%2E%2E/%2E")
        let day: EndpointPath = "/d/\(Date(timeIntervalSince1970: 86_400), format: .pattern("yyyy-MM-dd"))"
        #expect(day.percentEncoded == "/d/1970-01-02")
    }

    @Test func queryItemsAreEscapedRepeatedAndLeftOutWhenNil() throws {
        let none: Int? = nil
        let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(
            path: "/s",
            query: [.init("q", "a b&c=d+e"), .init("tag", ["x", "y"]), .init("page", none), .init("color", Color.lightBlue), .init("at", Date(timeIntervalSince1970: 0), format: .millisecondsSince1970)]
        )
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://h.example/v1/")!, with: ())
        #expect(request.url?.absoluteString == "https://h.example/v1/s?q=a%20b%26c%3Dd%2Be&tag=x&tag=y&color=light%20blue&at=0")
    }

    @Test func numbersAreWrittenAsJSONWritesThem() {
        #expect(1548873165000.0.parameterValues == ["1548873165000"])
        #expect(2.5.parameterValues == ["2.5"])
        #expect(Decimal(string: "0.1")?.parameterValues == ["0.1"])
    }
}

struct LenientCoercionTests {
    @Test(arguments: [
        (JSONValue.string("42"), 42 as Int?), (.number(42), 42), (.number(4.5), nil), (.string(" 7 "), 7),
        (.string("x"), nil), (.null, nil), (.string("9223372036854775807"), Int.max),
    ])
    func integers(_ value: JSONValue, _ expected: Int?) {
        #expect(Int(lenient: value) == expected)
    }

    @Test(arguments: [
        (JSONValue.string("yes"), true as Bool?), (.string("0"), false), (.number(1), true), (.number(2), nil), (.string("maybe"), nil),
    ])
    func booleans(_ value: JSONValue, _ expected: Bool?) {
        #expect(Bool(lenient: value) == expected)
    }

    @Test func stringsFromNumbersKeepWholeNumbersWhole() {
        #expect(String(lenient: .number(3)) == "3")
        #expect(String(lenient: .number(3.25)) == "3.25")
        #expect(String(lenient: .bool(true)) == "true")
        #expect(String(lenient: .array([])) == nil)
    }

    struct Box: Decodable {
        let n: Int?
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            n = container.decodeLenient(Int.self, forKey: .n)
        }
        enum CodingKeys: String, CodingKey { case n }
    }

    @Test func lenientFieldsNeverThrow() throws {
        for json in [#"{"n": "12"}"#, #"{"n": [1]}"#, #"{"n": null}"#, "{}"] {
            let box = try JSONDecoder().decode(Box.self, from: Data(json.utf8))
            #expect(box.n == (json.contains("12") ? 12 : nil), "\(json)")
        }
    }
}

struct MappingHelperTests {
    let source = (model: "M", field: "f", source: "a[2]")

    @Test func elementsAreCheckedNotTrapped() throws {
        #expect(try Mapping.element([1, 2, 3], 2, model: "M", field: "f", source: "a[2]") == 3)
        #expect(throws: MappingError(model: "M", field: "f", source: "a[2]", reason: "index 2 is out of range (the array has 1 elements)")) {
            try Mapping.element([1], 2, model: "M", field: "f", source: "a[2]")
        }
        #expect(try Mapping.optionalElement(nil as [Int]?, 0, model: "M", field: "f", source: "a[0]") == nil)
        #expect(Mapping.elementIfPresent([1], 5) == nil)
        #expect(throws: MappingError.self) { try Mapping.require(nil as Int?, model: "M", field: "f", source: "s", reason: "r") }
    }

    @Test func conversions() {
        #expect(Mapping.date(secondsSince1970: 10) == Date(timeIntervalSince1970: 10))
        #expect(Mapping.date(millisecondsSince1970: "1500") == Date(timeIntervalSince1970: 1.5))
        #expect(Mapping.date(iso8601: "1970-01-01T00:00:01Z") == Date(timeIntervalSince1970: 1))
        #expect(Mapping.date(iso8601: "1970-01-01T00:00:01.250Z") == Date(timeIntervalSince1970: 1.25))
        #expect(Mapping.url("") == nil)
        #expect(Mapping.int("12.0") == 12)
        #expect(Mapping.int(3.9) == 3)
        #expect(Mapping.int("x") == nil)
        #expect(Mapping.string(2.0) == "2")
        #expect(Mapping.double(" 2.5 ") == 2.5)
    }
}

struct DateFormatTests {
    @Test(arguments: [
        (DateFormat.iso8601, RawDate.string("2020-02-29T12:00:00Z")),
        (.iso8601Fractional, .string("2020-02-29T12:00:00.250Z")),
        (.secondsSince1970, .number(1_582_977_600)),
        (.millisecondsSince1970, .number(1_582_977_600_250)),
        (.pattern("yyyy-MM-dd HH:mm"), .string("2020-02-29 12:00")),
    ])
    func parseAndWriteBack(_ format: DateFormat, _ raw: RawDate) throws {
        let date = try #require(format.date(from: raw))
        #expect(format.raw(from: date) == raw)
    }

    /// Patterns read in the Gregorian calendar, POSIX locale and UTC, whatever the device's settings.
    @Test func patternsIgnoreTheDeviceCalendar() throws {
        let date = try #require(DateFormat.pattern("yyyy-MM-dd").date(from: .string("2020-03-01")))
        #expect(date == Date(timeIntervalSince1970: 1_583_020_800))
    }

    @Test func wrongKindsDoNotParse() {
        #expect(DateFormat.iso8601.date(from: .number(1)) == nil)
        #expect(DateFormat.iso8601.date(from: .string("yesterday")) == nil)
        #expect(DateFormat.secondsSince1970.date(from: .string("x")) == nil)
    }
}

struct JSONValueTests {
    /// Integers keep every digit in the whole Int64/UInt64 range (a Double would round them).
    @Test func integersStayExact() throws {
        let text = "[9007199254740993,-9223372036854775808,18446744073709551615,9007199254740992,3,1.5,-0.25]"
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value[0] == .integer(9_007_199_254_740_993))
        #expect(value[1] == .integer(Int64.min))
        #expect(value[2] == .unsignedInteger(UInt64.max))
        #expect(value[3] == .number(9_007_199_254_740_992))
        #expect(value[4] == 3)
        #expect(value[0]?.int64Value == 9_007_199_254_740_993)
        #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == text)
        #expect(Mapping.string(value[0]!) == "9007199254740993")
        #expect(Int(lenient: value[0]!) == 9_007_199_254_740_993)
    }
}
