@_spi(Generated) @_spi(Testing) import DTORuntime
import Foundation
import Testing

/// `OneOf.ranking(_:in:)` (any decoder) and `FastJSONValue.oneOfRanking(_:)` (the tape) give
/// one order for one value, and the order the rules say: contradicted last, most keys named,
/// most other keys kept, fewest unknown values, then the order of the list.
@Suite(.serialized)
struct OneOfRankingTests {
    /// The shapes a probe ranks by, set before each decode (the suite's cases run one at a time).
    struct Probe: FastJSONDecodable, Equatable {
        var ranking: [Int]
        static let shapes = Mutex<[OneOf.Shape]>([])

        init(from decoder: any Decoder) throws { ranking = OneOf.ranking(Self.shapes.value, in: decoder) }
        init(fastJSON value: FastJSONValue) throws { ranking = value.oneOfRanking(Self.shapes.value) }
    }

    /// A value guarded by a lock, for the probe's shapes.
    final class Mutex<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        var value: Value {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    static func rankings(_ json: String, _ shapes: [OneOf.Shape]) throws -> (decoder: [Int], tape: [Int]) {
        Probe.shapes.value = shapes
        let data = Data(json.utf8)
        return (
            try JSONDecoder().decode(Probe.self, from: data).ranking,
            try FastDecoder().decodeWithoutFallback(Probe.self, from: data).ranking
        )
    }

    static let cases: [(json: String, shapes: [OneOf.Shape], expected: [Int])] = [
        // More keys named.
        (#"{"a": 1, "b": 2}"#, [.object(["a"]), .object(["a", "b"])], [1, 0]),
        // The first of duplicated keys, as both decoders read it.
        (
            #"{"t": "x", "t": "y"}"#,
            [
                .object(["t"], nested: [("t", .values(["y"], open: false))]),
                .object(["t"], nested: [("t", .values(["x"], open: false))]),
            ], [1, 0]
        ),
        // A null contradicts nothing; an unknown value of an open enum ranks after a known one.
        (
            #"{"t": null}"#,
            [.object(["t"], nested: [("t", .values(["y"], open: false))]), .object(["t"])], [0, 1]
        ),
        (
            #"{"t": "z"}"#,
            [
                .object(["t"], nested: [("t", .values(["x", "y"], open: true))]),
                .object(["t"], nested: [("t", .values(["z", "w"], open: true))]),
            ], [1, 0]
        ),
        // A one-value enum is a constant even when open.
        (
            #"{"t": "b"}"#,
            [
                .object(["t"], nested: [("t", .values(["a"], open: true))]),
                .object(["t"], nested: [("t", .values(["b"], open: true))]),
            ], [1, 0]
        ),
        // Escaped and non-ASCII keys and values.
        (
            #"{"\u0061": 1, "é": "\u00e9"}"#,
            [.object(["b"]), .object(["a", "é"], nested: [("é", .values(["é"], open: false))])], [1, 0]
        ),
        // Arrays: the elements' keys add up (the first 16).
        (
            "[" + Array(repeating: #"{"b": 1}"#, count: 20).joined(separator: ",") + "]",
            [.array(.object(["a"])), .array(.object(["b"]))], [1, 0]
        ),
        // A key named outranks one kept among others; with as many named, more kept wins.
        (#"{"a": 1, "z": 2}"#, [.object([], others: .any), .object(["a"])], [1, 0]),
        (#"{"z": 1}"#, [.object(["a"]), .object([], others: .any)], [1, 0]),
        (
            #"{"z": {"k": "q"}}"#,
            [.object([], others: .object(["k"], nested: [("k", .values(["p"], open: false))])), .object(["y"])],
            [1, 0]
        ),
        // Equal evidence keeps the order written; no object, no evidence.
        (#"{"a": 1}"#, [.object(["a"]), .object(["a"]), .object(["a"])], [0, 1, 2]),
        (#"[1, 2]"#, [.object(["a"]), .object(["b"])], [0, 1]),
    ]

    @Test(arguments: 0..<cases.count)
    func bothReadersRankAlike(_ index: Int) throws {
        let (json, shapes, expected) = Self.cases[index]
        let (decoder, tape) = try Self.rankings(json, shapes)
        #expect(decoder == expected, "\(json)")
        #expect(tape == expected, "\(json)")
    }
}
