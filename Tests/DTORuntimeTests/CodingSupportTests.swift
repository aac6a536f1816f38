@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct LenientCoercionTests {
    @Test(arguments: [
        (JSONValue.string("42"), 42 as Int?), (.number(42), 42), (.number(4.5), nil), (.string(" 7 "), 7),
        (.string("x"), nil), (.null, nil), (.string("9223372036854775807"), Int.max),
    ])
    func integers(_ value: JSONValue, _ expected: Int?) {
        #expect(Int(lenient: value) == expected)
    }

    @Test(arguments: [
        (JSONValue.string("yes"), true as Bool?), (.string("0"), false), (.number(1), true), (.number(2), nil),
        (.string("maybe"), nil),
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
