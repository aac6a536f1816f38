@_spi(Generated) @_spi(Testing) import DTORuntime
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
        return (
            run { try FastDecoder().decode(T.self, from: data) }, run { try JSONDecoder().decode(T.self, from: data) }
        )
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
        #"{"id": "1"}"#,  // a string for an Int
        #"[1, 2]"#,  // not an object
        #"{"id": 1.5}"#,  // a fraction for an Int
        #"{"id": 1e400}"#,  // out of range
        #"{"id": 1, "ratio": null}"#,  // null for a Double
        #"{"id": 1, "#,  // not JSON
        "{\"id\": 1, \"name\": \"\u{01}\"}",  // a control character
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

    /// A type whose fast path says it ran (as a generated DTO's would).
    struct Marked: Decodable, Equatable, FastJSONDecodable {
        var id: Int
        var viaTape = false
        var count: Int?
        var scores: [Int] = []

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            count = container.decodeLenient(Int.self, forKey: .count)
            scores = try container.decodeLossyArrayIfPresent(Int.self, forKey: .scores) ?? []
        }

        init(fastJSON json: FastJSONValue) throws {
            var container = try json.object()
            id = try container.decode(Int.self, forKey: "id")
            count = container.decodeLenient(Int.self, forKey: "count")
            scores = try container.decodeLossyArrayIfPresent(Int.self, forKey: "scores") ?? []
            viaTape = true
        }

        enum CodingKeys: String, CodingKey { case id, count, scores }

        /// The values, not the path taken.
        static func == (lhs: Marked, rhs: Marked) -> Bool {
            (lhs.id, lhs.count, lhs.scores) == (rhs.id, rhs.count, rhs.scores)
        }
    }

    /// `APIClient` decodes through `FastDecoder`: generated types take their fast paths, inside envelopes too.
    @Test func endpointsDecodeWithTheFastPathsEnvelopesIncluded() throws {
        let plain = Endpoint<EndpointKinds.Public, Marked>(path: "/m")
        #expect(try plain.decode(Data(#"{"id": 1}"#.utf8)).viaTape)
        let wrapped = Endpoint<EndpointKinds.Public, [Marked]>(
            path: "/m", envelope: Envelope(data: "data", success: .key("ok"), path: ["items"]))
        let values = try wrapped.decode(Data(#"{"ok": true, "data": {"items": [{"id": 2}, {"id": 3}]}}"#.utf8))
        #expect(values.map(\.id) == [2, 3])
        #expect(values.allSatisfy { $0.viaTape })
        // A failing envelope still throws its own error.
        #expect(throws: APIError.self) { _ = try wrapped.decode(Data(#"{"ok": false, "data": null}"#.utf8)) }
    }

    /// Lenient coercions and lossy arrays on the tape, against the same calls on a `Decoder`.
    @Test(arguments: [
        #"{"id": 1, "count": "42", "scores": [1, "x", 2.5, 3]}"#,
        #"{"id": 1, "count": 7.0, "scores": null}"#,
        #"{"id": 1, "count": 7.5}"#,
        #"{"id": 1, "count": true, "scores": [null]}"#,
        #"{"id": 1, "count": " 12 ", "scores": [1e2]}"#,
        #"{"id": 1, "count": [1]}"#,
        #"{"id": 1, "scores": {}}"#,
    ])
    func lenientAndLossyFieldsOnTheTape(text: String) throws {
        let data = Data(text.utf8)
        let fromDecoder = try? JSONDecoder().decode(Marked.self, from: data)
        let fromTape = try? FastDecoder().decodeWithoutFallback(Marked.self, from: data)
        #expect(fromTape?.viaTape == (fromDecoder == nil ? nil : true))
        #expect(fromTape == fromDecoder)
        #expect(FastDecoder().disagreement(Marked.self, from: data) == nil)
    }

    /// `JSONDecoder` checks some things in the whole text and others only in values it reads;
    /// the tape must fail and succeed on the same texts (unread escapes, lone surrogates, UTF-8).
    @Test(arguments: [
        (#"{"id": 1, "junk": "\u12"}"#, false),
        (#"{"id": 1, "junk": "\u12G4"}"#, true),
        (#"{"id": 1, "junk": "\u12\"x"}"#, false),
        (#"{"id": 1, "junk": "\u1\\\\"}"#, false),
        (#"{"id": 1, "junk": "\q"}"#, true),
        (#"{"id": 1, "junk": "\ud800"}"#, true),
        (#"{"id": 1, "count": "\ud800"}"#, true),
        (#"{"id": 1, "count": "\q"}"#, true),
        (#"{"id": 1, "junk": 1e5000}"#, true),
    ])
    func textsCheckedWhereJSONDecoderChecksThem(text: String, decodes: Bool) {
        let data = Data(text.utf8)
        #expect(((try? JSONDecoder().decode(Marked.self, from: data)) != nil) == decodes)
        #expect(FastDecoder().disagreement(Marked.self, from: data) == nil)
    }

    @Test func invalidUTF8OutsideTheValuesRead() {
        var data = Data(#"{"id": 1, "junk": "x", "count": "y"}"#.utf8)
        data[19] = 0xFF
        #expect(FastDecoder().disagreement(Marked.self, from: data) == nil)
        data = Data(#"{"id": 1, "junk": "x", "count": "y"}"#.utf8)
        data[33] = 0xFF
        #expect(FastDecoder().disagreement(Marked.self, from: data) == nil)
        #expect((try? FastDecoder().decodeWithoutFallback(Marked.self, from: data))?.count == nil)
    }
}

/// Mutated real payloads: the tape never crashes, never decodes what `JSONDecoder` rejects,
/// and never gives another value. (It may reject text `JSONDecoder` accepts, such as a
/// trailing comma; `FastDecoder` then decodes it with `JSONDecoder`.)
struct FastDecoderMutationTests {
    static let payloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/payloads")

    @Test(arguments: ["github-user.json", "stripe-customer.json", "pokeapi-pokemon-132-ditto.json"])
    func mutantsAgreeWithJSONDecoder(file: String) throws {
        let original = Array(try Data(contentsOf: Self.payloads.appendingPathComponent(file)))
        // Bytes that change how JSON reads.
        let interesting = Array(#"{}[],:"\u0123456789.-+eEtrufalsn "#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xFF]
        var decodedOnTheTape = 0
        // The same 400 mutants on every run: positions spread over the text by a stride prime
        // to its length, each replaced, removed, or given a byte before it.
        for step in 0..<400 {
            var mutant = original
            let position = (step * 7919) % mutant.count
            let byte = interesting[step % interesting.count]
            switch step % 3 {
            case 0: mutant[position] = byte
            case 1: mutant.remove(at: position)
            default: mutant.insert(byte, at: position)
            }
            let data = Data(mutant)
            let expected = try? JSONDecoder().decode(JSONValue.self, from: data)
            let fast = try? FastDecoder().decodeWithoutFallback(JSONValue.self, from: data)
            if let fast {
                #expect(fast == expected, "the tape gave another value for \(String(decoding: mutant, as: UTF8.self))")
                decodedOnTheTape += 1
            }
            #expect((try? FastDecoder().decode(JSONValue.self, from: data)) == expected)
        }
        // Many mutants stay JSON (a changed digit or letter in a string), so the tape is tried on real text.
        #expect(decodedOnTheTape > 100, "\(decodedOnTheTape)")
    }

    /// A type whose fast path is the protocol's default (a generated type nothing decodes):
    /// its `init(from:)` runs once per value on the tape, even where the value does not
    /// decode, not once for the default and again for the `Decoder`'s own retry at every
    /// level (2^depth).
    final class Calls: @unchecked Sendable {
        var count = 0
    }

    struct Level: Decodable, FastJSONDecodable {
        static let calls = Calls()
        let next: [Level]?
        let value: Int

        init(from decoder: any Decoder) throws {
            Self.calls.count += 1
            let container = try decoder.container(keyedBy: CodingKeys.self)
            next = try container.decodeIfPresent([Level].self, forKey: .next)
            value = try container.decode(Int.self, forKey: .value)
        }

        enum CodingKeys: String, CodingKey { case next, value }
    }

    @Test func aDefaultFastPathRunsInitFromOncePerValue() throws {
        let depth = 12
        let bad =
            String(repeating: #"{"value": 1, "next": ["#, count: depth) + #"{"value": "x"}"#
            + String(repeating: "]}", count: depth)
        Level.calls.count = 0
        #expect((try? FastDecoder().decodeWithoutFallback(Level.self, from: Data(bad.utf8))) == nil)
        #expect(Level.calls.count == depth + 1, "\(Level.calls.count) calls for \(depth + 1) levels")
        let good = bad.replacingOccurrences(of: #""x""#, with: "2")
        Level.calls.count = 0
        let level = try FastDecoder().decodeWithoutFallback(Level.self, from: Data(good.utf8))
        #expect(Level.calls.count == depth + 1)
        #expect(level.next?.first?.value == 1)
    }
}
