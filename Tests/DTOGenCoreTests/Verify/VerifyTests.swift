import Foundation
import Testing
@testable import DTOGenCore

/// `$examples`, `examples` and `dtogen verify`: payload mismatches at the payload's line and
/// column, each with the spec line that declares the shape, every one of them reported.
struct VerifyTests {
    static let spec = """
        {
          "types": {
            "Charge": {
              "id": "String",
              "amount": "Int",
              "created": { "$type": "Date", "$format": "secondsSince1970" },
              "paid_on": { "$type": "Date?", "$format": "yyyy-MM-dd" },
              "status": { "$enum": ["succeeded", "failed"] },
              "source": "Source",
              "refunds": ["Int"],
              "note": "String?"
            },
            "Source": {
              "$oneOf": { "card": "Card", "bank_account": "Bank" },
              "$discriminator": "object"
            },
            "Card": { "object": "String", "exp_month": "Int" },
            "Bank": { "object": "String", "iban": "String" }
          },
          "envelope": { "data": "data", "success": "ok" },
          "endpoints": [{ "name": "charge", "path": "/charge", "response": "Charge" }]
        }
        """

    func verify(_ payload: String, _ target: VerifyTarget = .type("Charge"), spec: String = spec) -> [Diagnostic] {
        Generator.verify([SpecInput(path: "stripe.json", bytes: Array(spec.utf8))], target: target, payloads: [SamplePayload(path: "sample.json", bytes: Array(payload.utf8))])
    }

    func specLocation(of key: String, in spec: String = spec) -> DTOGenCore.SourceLocation {
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "\"\(key)\":") {
                return DTOGenCore.SourceLocation(line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return DTOGenCore.SourceLocation(line: 0, column: 0)
    }

    @Test func aFittingPayloadPasses() {
        let payload = #"{"id": "ch_1", "amount": 250, "created": 1700000000, "paid_on": "2024-02-29", "status": "failed", "source": {"object": "card", "exp_month": 4}, "refunds": [1, 2.0], "extra": true}"#
        #expect(verify(payload).isEmpty)
        // An array of them, checked element by element.
        #expect(verify("[\(payload), \(payload)]").isEmpty)
    }

    @Test func everyMismatchIsReportedAtThePayloadWithTheSpecLine() {
        let (payload, locations) = marks("""
            «{
              "amount": «"250",
              "created": «"yesterday",
              "paid_on": «"2024-02-30",
              "status": «"pending",
              "source": { "object": «"wallet" },
              "refunds": [1, «2.5],
              "note": «7
            }
            """)
        let found = verify(payload)
        #expect(found.allSatisfy { $0.severity == .error && $0.file == "sample.json" })
        #expect(found.map(\.location) == locations, "\(found.map(\.description).joined(separator: "\n"))")
        let messages = found.map(\.description)
        #expect(messages[0] == "sample.json:1:1: error: the payload has no key 'id'; Charge.id is String, which is required (stripe.json:\(specLocation(of: "id")))")
        #expect(messages[1] == "sample.json:2:13: error: 'amount' is a string (\"250\"); Charge.amount is Int (stripe.json:\(specLocation(of: "amount")))")
        #expect(messages[2].contains("'created' is a string (\"yesterday\"), not a date in format 'secondsSince1970'"))
        #expect(messages[3].contains("'paid_on' is a string (\"2024-02-30\"), not a date in format 'yyyy-MM-dd'"))
        #expect(messages[4].contains("'status' is a string (\"pending\"), which is not a case of Charge.Status (succeeded, failed)"))
        #expect(messages[5].contains("'source.object' is a string (\"wallet\"), which is not a tag of Source (card, bank_account) (stripe.json:\(specLocation(of: "Source")))"))
        #expect(messages[6].contains("'refunds[1]' is 2.5, not a whole number that fits Int"))
        #expect(messages[7].contains("'note' is a number (7); Charge.note is String"))
    }

    @Test func aVariantIsCheckedByItsTag() {
        let (payload, locations) = marks(#"{"id": "ch_1", "amount": 1, "created": 1, "status": "failed", "refunds": [], "source": {"object": "bank_account", "iban": «4}}"#)
        let found = verify(payload)
        #expect(found.map(\.location) == locations)
        #expect(found.first?.message == "'source.iban' is a number (4); Bank.iban is String")
        #expect(found.first?.related?.location == specLocation(of: "iban"))
    }

    @Test func anEndpointExampleIsReadThroughItsEnvelope() {
        let (payload, locations) = marks(#"{"ok": «false, "data": {"id": "ch_1", "amount": «"1", "created": 1, "status": "failed", "refunds": [], "source": {"object": "card", "exp_month": 1}}}"#)
        let found = verify(payload, .endpoint("charge"))
        #expect(found.map(\.location) == locations, "\(found)")
        #expect(found.first?.message == "'ok' is false; the envelope's success key must be true for the payload to decode")
        #expect(found.last?.message == "'data.amount' is a string (\"1\"); Charge.amount is Int")
        let unknown = verify("{}", .type("Charj"))
        #expect(unknown.first?.message.hasPrefix("no type named 'Charj' in this spec; did you mean 'Charge'?") == true)
    }

    @Test func examplesAreVerifiedOnEveryRunAndStopIt() throws {
        let spec = """
            {
              "types": { "Point": { "x": "Int", "y": "Int", "$examples": ["samples/point.json", «"samples/missing.json"] } },
              "endpoints": [{ "name": "point", "path": "/p", "response": "Point", "examples": ["samples/point.json"] }]
            }
            """
        let (text, location) = marked(spec)
        let good = Array(#"{"x": 1, "y": 2}"#.utf8)
        let bad = Array("{\"x\": 1,\n \"y\": null}".utf8)
        var input = SpecInput(path: "api/points.json", bytes: Array(text.utf8), files: ["api/samples/point.json": good])
        var result = Generator.generate([input])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map(\.description) == ["api/points.json:\(location!): error: cannot read example 'samples/missing.json' (api/samples/missing.json from the specs folder)"])

        input.files["api/samples/missing.json"] = good
        result = Generator.generate([input])
        #expect(!result.hasErrors && !result.files.isEmpty)

        input.files["api/samples/point.json"] = bad
        result = Generator.generate([input])
        #expect(result.files.isEmpty)
        // Once for the type, once for the endpoint.
        #expect(result.diagnostics.map(\.description) == [String](repeating: "api/samples/point.json:2:7: error: 'y' is null; Point.y is Int, which is not optional (api/points.json:2:35)", count: 2).map { $0.replacingOccurrences(of: "2:35", with: "2:37") })
    }

    @Test func examplesAreOnlyAllowedWhereTheyMeanSomething() {
        let (text, location) = marked(#"{ "types": { "A": { "b": { "c": "Int", «"$examples": ["x.json"] } } }, "endpoints": [] }"#)
        let result = generate(text)
        #expect(result.diagnostics.map(\.description) == ["spec.json:\(location!): error: '$examples' belongs on a type in 'types' (or 'examples' on an endpoint)"])
        #expect(SpecPaths.example("../payloads/a.json", from: "specs/b.json") == "payloads/a.json")
        #expect(SpecPaths.example("../../payloads/a.json", from: "specs/b.json") == "../payloads/a.json")
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
        let draft = SpecInferrer.infer([SamplePayload(path: "todos.json", bytes: Array(sample.utf8))], options: InferOptions(typeName: "Todo"))
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
        #expect(verify(sample, .type("Todo"), spec: draft.spec).isEmpty)

        let (mutated, locations) = marks("""
            [
              {"id": «"1", "title": "a", "done": false, "due": «"2024-05-01", "tags": [«3], "owner": «{"url": "https://example.com/ann"}}
            ]
            """)
        let found = verify(mutated, .type("Todo"), spec: draft.spec)
        #expect(found.map(\.location) == locations, "\(found.map(\.description).joined(separator: "\n"))")
        #expect(found.map(\.message) == [
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
        let draft = SpecInferrer.infer(samples.enumerated().map { SamplePayload(path: "s\($0.offset).json", bytes: Array($0.element.utf8)) }, options: InferOptions(typeName: "Thing"))
        let spec = draft.spec
        for expected in [
            #""id": "Double""#, #""kind": "String""#, #""at": { "$type": "Date", "$format": "yyyy-MM-dd" }"#,
            #""created_at": { "$type": "Date", "$format": "secondsSince1970" }"#, #""ref": "UUID""#,
            #""$type": ["JSON"]"#, #""$type": "JSON?""#, #""by_id": {"#, #""$dict": {"#, #""mixed": [{ "$oneOf": ["Int", "String"] }]"#,
            #""$oneOf": {"#, #""open": "Open""#, #""close": "Close""#, #""$discriminator": "type""#,
        ] {
            #expect(spec.contains(expected), "missing \(expected) in\n\(spec)")
        }
        let column = { (key: String) in samples[0].distance(from: samples[0].startIndex, to: samples[0].range(of: "\"\(key)\": ")!.upperBound) + 1 }
        #expect(draft.diagnostics.map(\.description) == [
            "s0.json:1:\(column("items")): warning: 'items' is an empty array in every sample; the draft declares [JSON]",
            "s0.json:1:\(column("gone")): warning: 'gone' is null in every sample; the draft declares it JSON",
        ])
        // The draft is a valid spec.
        #expect(!generate(spec).hasErrors, "\(generate(spec).diagnostics)")
        let broken = SpecInferrer.infer([SamplePayload(path: "bad.json", bytes: Array("{\"a\": }".utf8))])
        #expect(broken.diagnostics.map(\.description) == ["bad.json:1:7: error: unexpected '}'; expected a value"])
    }
}
