import Foundation
import Testing
@testable import DTOGenCore

/// `dtogen infer`: what samples show becomes the draft (types, dates, one-ofs, dictionaries),
/// what they do not is marked; each draft is a valid spec that accepts its samples.
struct InferTests {
    func verify(_ payload: String, spec: String) -> [Diagnostic] {
        Generator.verify(
            [SpecInput(path: "todos.json", bytes: Array(spec.utf8))], target: .type("Todo"),
            payloads: [SamplePayload(path: "sample.json", bytes: Array(payload.utf8))])
    }

    /// `verify` accepts each sample against the spec `infer` drafted from it, and finds hand-made
    /// mutations of it where they are.
    @Test func inferredSpecsAcceptTheirSamplesAndCatchMutations() throws {
        let sample = """
            [
              {"id": 1, "title": "a", "done": false, "due": "2024-05-01T10:00:00Z", "tags": ["x"], "owner": {"name": "ann", "url": "https://example.com/ann"}},
              {"id": 2, "title": "b", "done": true, "due": null, "tags": [], "owner": {"name": "bob", "url": "https://example.com/bob"}, "score": 2.5}
            ]
            """
        let draft = SpecInferrer.infer(
            [SamplePayload(path: "todos.json", bytes: Array(sample.utf8))], options: InferOptions(typeName: "Todo"))
        #expect(!draft.hasErrors)
        let types = """
            "Todo": {
                  "id": "Int",
                  "title": "String",
                  "done": "Bool",
                  "due": "Date?",
                  "tags": ["String"],
                  "owner": {
                    "name": "String",
                    "url": "URL"
                  },
                  "score": "Double?"
                }
            """
        #expect(draft.spec.contains(types), "\(draft.spec)")
        #expect(verify(sample, spec: draft.spec).isEmpty)

        let (mutated, locations) = marks(
            """
            [
              {"id": «"1", "title": "a", "done": false, "due": «"2024-05-01", "tags": [«3], "owner": «{"url": "https://example.com/ann"}}
            ]
            """)
        let found = verify(mutated, spec: draft.spec)
        #expect(found.map(\.location) == locations, "\(found.map(\.description).joined(separator: "\n"))")
        #expect(
            found.map(\.message) == [
                "'[0].id' is a string (\"1\"); Todo.id is Int",
                "'[0].due' is a string (\"2024-05-01\"), not a date in format 'iso8601' (a string); Todo.due is Date",
                "'[0].tags[0]' is a number (3); Todo.tags[] is String",
                "'[0].owner' has no key 'name'; Todo.Owner.name is String, which is required",
            ])
    }

    @Test func inferDecidesWhatSamplesShowAndMarksWhatTheyDoNot() {
        let samples = [
            #"{"id": 7, "kind": "a", "at": "2024-01-02", "created_at": 1700000000, "ref": "3b241101-e2bb-4255-8caf-4136c566a962", "items": [], "gone": null, "by_id": {"12": {"n": 1}, "13": {"n": 2}}, "mixed": [1, "x"], "events": [{"type": "open", "by": "a"}, {"type": "close", "reason": "done"}]}"#,
            #"{"id": 8.5, "kind": "b", "at": "2024-01-03", "created_at": 1700000001, "ref": "3b241101-e2bb-4255-8caf-4136c566a963", "items": [], "gone": null, "by_id": {}, "mixed": [], "events": []}"#,
        ]
        let draft = SpecInferrer.infer(
            samples.enumerated().map { SamplePayload(path: "s\($0.offset).json", bytes: Array($0.element.utf8)) },
            options: InferOptions(typeName: "Thing"))
        let spec = draft.spec
        for expected in [
            #""id": "Double""#, #""kind": "String""#, #""at": { "$type": "Date", "$format": "yyyy-MM-dd" }"#,
            #""created_at": { "$type": "Date", "$format": "secondsSince1970" }"#, #""ref": "UUID""#,
            #""$type": ["JSON"]"#, #""$type": "JSON?""#, #""by_id": {"#, #""$dict": {"#,
            #""mixed": [{ "$oneOf": ["Int", "String"] }]"#,
            #""$oneOf": {"#, #""open": "Open""#, #""close": "Close""#, #""$discriminator": "type""#,
        ] {
            #expect(spec.contains(expected), "missing \(expected) in\n\(spec)")
        }
        let column = { (key: String) in
            samples[0].distance(from: samples[0].startIndex, to: samples[0].range(of: "\"\(key)\": ")!.upperBound) + 1
        }
        #expect(
            draft.diagnostics.map(\.description) == [
                "s0.json:1:\(column("items")): warning: 'items' is an empty array in every sample; the draft declares [JSON] [DTG6004]",
                "s0.json:1:\(column("gone")): warning: 'gone' is null in every sample; the draft declares it JSON [DTG6003]",
            ])
        // The draft is a valid spec.
        #expect(!generate(spec).hasErrors, "\(generate(spec).diagnostics)")
        let broken = SpecInferrer.infer([SamplePayload(path: "bad.json", bytes: Array("{\"a\": }".utf8))])
        #expect(
            broken.diagnostics.map(\.description) == ["bad.json:1:7: error: unexpected '}'; expected a value [DTG6001]"]
        )
    }
}
