import DTORuntime
import Foundation
import Testing

/// `FastDecoder` must give what `JSONDecoder()` gives: the same values, and on failure the
/// same error (case and coding path). Differential checks on every real payload and on the
/// generative test's random specs live in ConformanceTests and GenerativeTests.
struct FastDecoderTests {
    struct Sample: Codable, Equatable {
        var id: Int
        var ratio: Double
        var small: Float
        var big: UInt64
        var name: String
        var on: Bool
        var link: URL
        var bytes: Data
        var amount: Decimal
        var when: Date
        var tags: [String]
        var nested: [String: [Int?]]
        var missing: String?
    }

    static let text = #"""
    {"id": 1.0, "ratio": 0.1, "small": 3.4028234e38, "big": 18446744073709551615, "name": "caf\u00e9 \ud83d\ude00 \"q\" \/",
     "on": true, "link": "https://example.com/a?b=c", "bytes": "AQID", "amount": 12.345678901234567890,
     "when": 722000000.5, "tags": [], "nested": {"a": [1, null, -0], "b": []}, "extra": {"x": [1, {"y": 2}]}}
    """#

    /// A decode's outcome, comparable: the value, or the error as text (case and coding path).
    enum Outcome<T: Equatable>: Equatable {
        case value(T)
        case error(String)

        func get() throws -> T {
            guard case .value(let value) = self else { throw CancellationError() }
            return value
        }
    }

    func both<T: Decodable & Equatable>(_ type: T.Type, _ text: String) -> (fast: Outcome<T>, json: Outcome<T>) {
        let data = Data(text.utf8)
        func run(_ body: () throws -> T) -> Outcome<T> {
            do { return .value(try body()) } catch { return .error("\(error)") }
        }
        return (run { try FastDecoder().decode(T.self, from: data) }, run { try JSONDecoder().decode(T.self, from: data) })
    }

    @Test func sameValuesAsJSONDecoder() throws {
        let (fast, json) = both(Sample.self, Self.text)
        #expect(fast == json)
        let sample = try fast.get()
        #expect(sample.name == "café 😀 \"q\" /")
        #expect(sample.id == 1)
        #expect(sample.big == UInt64.max)
        #expect(sample.bytes == Data([1, 2, 3]))
        #expect(sample.nested["a"] == [1, nil, 0])
    }

    @Test(arguments: [
        #"{"id": "1"}"#,                                   // a string for an Int
        #"[1, 2]"#,                                        // not an object
        #"{"id": 1.5}"#,                                   // a fraction for an Int
        #"{"id": 1e400}"#,                                 // out of range
        #"{"id": 1, "ratio": null}"#,                      // null for a Double
        #"{"id": 1, "#,                                    // not JSON
        "{\"id\": 1, \"name\": \"\u{01}\"}",               // a control character
        #"{"id": 1, "ratio": 1, "small": 1, "big": -1}"#,  // a negative UInt64
    ])
    func sameErrorsAsJSONDecoder(text: String) {
        let (fast, json) = both(Sample.self, text)
        #expect(fast == json)
        #expect((try? fast.get()) == nil)
    }

    @Test func userInfoReachesInitFromDecoder() throws {
        struct ReadsUserInfo: Decodable, Equatable {
            static let key = CodingUserInfoKey(rawValue: "test")!
            var value: String
            init(from decoder: any Decoder) throws {
                value = decoder.userInfo[Self.key] as? String ?? "none"
            }
        }
        var decoder = FastDecoder()
        decoder.userInfo[ReadsUserInfo.key] = "given"
        #expect(try decoder.decode(ReadsUserInfo.self, from: Data("{}".utf8)).value == "given")
    }
}
