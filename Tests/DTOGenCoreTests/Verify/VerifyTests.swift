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
        Generator.verify(
            [SpecInput(path: "stripe.json", bytes: Array(spec.utf8))], target: target,
            payloads: [SamplePayload(path: "sample.json", bytes: Array(payload.utf8))])
    }

    func specLocation(of key: String, in spec: String = spec) -> DTOGenCore.SourceLocation {
        let lines = spec.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "\"\(key)\":") {
                return DTOGenCore.SourceLocation(
                    line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return DTOGenCore.SourceLocation(line: 0, column: 0)
    }

    @Test func aFittingPayloadPasses() {
        let payload =
            #"{"id": "ch_1", "amount": 250, "created": 1700000000, "paid_on": "2024-02-29", "status": "failed", "source": {"object": "card", "exp_month": 4}, "refunds": [1, 2.0], "extra": true}"#
        #expect(verify(payload).isEmpty)
        // An array of them, checked element by element.
        #expect(verify("[\(payload), \(payload)]").isEmpty)
    }

    /// A `$nullable` date takes `null`, nothing, or a date in its format.
    @Test func aNullableDateIsNullAbsentOrADateInItsFormat() {
        let spec = #"""
            { "types": { "Patch": { "due": { "$type": "Date?", "$format": "yyyy-MM-dd", "$nullable": true } } },
              "endpoints": [] }
            """#
        for payload in [#"{"due": null}"#, "{}", #"{"due": "2026-11-27"}"#] {
            #expect(verify(payload, .type("Patch"), spec: spec).isEmpty, "\(payload)")
        }
        let wrong = verify(#"{"due": 1700000000}"#, .type("Patch"), spec: spec)
        #expect(wrong.map(\.code) == ["DTG5025"], "\(wrong)")
    }

    @Test func everyMismatchIsReportedAtThePayloadWithTheSpecLine() {
        let (payload, locations) = marks(
            """
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
        #expect(
            messages[0]
                == "sample.json:1:1: error: the payload has no key 'id'; Charge.id is String, which is required (stripe.json:\(specLocation(of: "id"))) [DTG5013]"
        )
        #expect(
            messages[1]
                == "sample.json:2:13: error: 'amount' is a string (\"250\"); Charge.amount is Int (stripe.json:\(specLocation(of: "amount"))) [DTG5026]"
        )
        #expect(messages[2].contains("'created' is a string (\"yesterday\"), not a date in format 'secondsSince1970'"))
        #expect(messages[3].contains("'paid_on' is a string (\"2024-02-30\"), not a date in format 'yyyy-MM-dd'"))
        #expect(
            messages[4].contains(
                "'status' is a string (\"pending\"), which is not a case of Charge.Status (succeeded, failed)"))
        #expect(
            messages[5].contains(
                "'source.object' is a string (\"wallet\"), which is not a tag of Source (card, bank_account) (stripe.json:\(specLocation(of: "Source")))"
            ))
        #expect(messages[6].contains("'refunds[1]' is 2.5, not a whole number that fits Int"))
        #expect(messages[7].contains("'note' is a number (7); Charge.note is String"))
    }

    /// Dates nested deeper than an array are checked at each date, in the field's format.
    @Test func nestedDatesAreCheckedAtEachDate() {
        let spec =
            #"{ "types": { "Log": { "days": { "$dict": [["Date?"]], "$format": "yyyy-MM-dd" } } }, "endpoints": [] }"#
        #expect(verify(#"{"days": {"a": [["2024-02-29", null], []]}}"#, .type("Log"), spec: spec).isEmpty)
        let found = verify(#"{"days": {"a": [["2024-02-30"]]}}"#, .type("Log"), spec: spec)
        #expect(found.map(\.description).count == 1)
        #expect(
            found.first?.description.contains(
                "'days.a[0][0]' is a string (\"2024-02-30\"), not a date in format 'yyyy-MM-dd'")
                == true, "\(found)")
    }

    /// `$additionalProperties`: each key the type does not declare holds a value of its shape.
    @Test func additionalPropertiesAreCheckedAtEachKey() {
        let spec =
            #"{ "types": { "Permissions": { "issues": "String?", "$additionalProperties": { "level": "Int" } } }, "endpoints": [] }"#
        #expect(verify(#"{"issues": "read", "pages": {"level": 2}}"#, .type("Permissions"), spec: spec).isEmpty)
        let found = verify(#"{"issues": "read", "pages": {"level": "2"}}"#, .type("Permissions"), spec: spec)
        #expect(
            found.map(\.message) == [
                "'pages.level' is a string (\"2\"); Permissions.AdditionalProperty.level is Int"
            ], "\(found)")
        // A declared key is checked as its field, never as an additional property.
        let declared = verify(#"{"issues": 1}"#, .type("Permissions"), spec: spec)
        #expect(declared.map(\.message) == ["'issues' is a number (1); Permissions.issues is String"], "\(declared)")
    }

    @Test func aVariantIsCheckedByItsTag() {
        let (payload, locations) = marks(
            #"{"id": "ch_1", "amount": 1, "created": 1, "status": "failed", "refunds": [], "source": {"object": "bank_account", "iban": «4}}"#
        )
        let found = verify(payload)
        #expect(found.map(\.location) == locations)
        #expect(found.first?.message == "'source.iban' is a number (4); Bank.iban is String")
        #expect(found.first?.related?.location == specLocation(of: "iban"))
    }

    @Test func anEndpointExampleIsReadThroughItsEnvelope() {
        let (payload, locations) = marks(
            #"{"ok": «false, "data": {"id": "ch_1", "amount": «"1", "created": 1, "status": "failed", "refunds": [], "source": {"object": "card", "exp_month": 1}}}"#
        )
        let found = verify(payload, .endpoint("charge"))
        #expect(found.map(\.location) == locations, "\(found)")
        #expect(
            found.first?.message == "'ok' is false; the envelope's success key must be true for the payload to decode")
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
        #expect(
            result.diagnostics.map(\.description) == [
                "api/points.json:\(location!): error: cannot read example 'samples/missing.json' (api/samples/missing.json from the specs folder) [DTG5001]"
            ])

        input.files["api/samples/missing.json"] = good
        result = Generator.generate([input])
        #expect(!result.hasErrors && !result.files.isEmpty)

        input.files["api/samples/point.json"] = bad
        result = Generator.generate([input])
        #expect(result.files.isEmpty)
        // Once for the type, once for the endpoint.
        #expect(
            result.diagnostics.map(\.description)
                == [String](
                    repeating:
                        "api/samples/point.json:2:7: error: 'y' is null; Point.y is Int, which is not optional (api/points.json:2:35) [DTG5011]",
                    count: 2
                ).map { $0.replacingOccurrences(of: "2:35", with: "2:37") })
    }

    @Test func examplesAreOnlyAllowedWhereTheyMeanSomething() {
        let (text, location) = marked(
            #"{ "types": { "A": { "b": { "c": "Int", «"$examples": ["x.json"] } } }, "endpoints": [] }"#)
        let result = generate(text)
        #expect(
            result.diagnostics.map(\.description) == [
                "spec.json:\(location!): error: '$examples' belongs on a type in 'types' (or 'examples' on an endpoint) [DTG1035]"
            ])
        #expect(SpecPaths.example("../payloads/a.json", from: "specs/b.json") == "payloads/a.json")
        #expect(SpecPaths.example("../../payloads/a.json", from: "specs/b.json") == "../payloads/a.json")
    }
}
