import Foundation
import Testing
@testable import DTOGenCore

/// `dtogen diff`: each rule as a pair of specs and the exact report. `«` marks where a change
/// is reported; `@old0`, `@new1`, ... in the expected report stand for those places
/// (`shop.json:line:col`) in the old and the new spec.
struct APIDiffTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let old: String
        let new: String
        let report: String
        var description: String { name }
    }

    static func types(_ types: String, endpoints: String = "[]", more: String = "") -> String {
        "{ \(more)\"types\": { \(types) },\n  \"endpoints\": \(endpoints) }"
    }

    static let getCharge = #"[{ "name": "charge", "path": "/charges", "response": "Charge" }]"#
    static let postCharge = #"[{ "name": "createCharge", "method": "POST", "path": "/charges", "body": "NewCharge" }]"#

    static let cases: [Case] = [
        Case(
            name: "a response field removed",
            old: types(#""Charge": { "id": "String", «"amount": "Int" }"#, endpoints: getCharge),
            new: types(#""Charge": { "id": "String" }"#, endpoints: getCharge),
            report: "breaking (1):\n  @old0: Charge.amount: field 'amount' removed [source, wire]\n"
        ),
        Case(
            name: "an optional response field removed",
            old: types(#""Charge": { "id": "String", «"note": "String?" }"#, endpoints: getCharge),
            new: types(#""Charge": { "id": "String" }"#, endpoints: getCharge),
            report: "breaking (1):\n  @old0: Charge.note: field 'note' removed [source]\n"
        ),
        Case(
            name: "a Swift name changed, the JSON key kept",
            old: types(#""Charge": { «"amount_captured": "Int" }"#, endpoints: getCharge),
            new: types(
                #""Charge": { "amount_captured": { "$type": "Int", "$name": "captured" } }"#, endpoints: getCharge),
            report:
                "breaking (1):\n  @old0: Charge.amountCaptured: renamed (its JSON key 'amount_captured' stays) [source]\n"
        ),
        Case(
            name: "a JSON key changed, the Swift name kept",
            old: types(#""Charge": { "amount": "Int" }"#, endpoints: getCharge),
            new: types(#""Charge": { «"amount_total": { "$type": "Int", "$name": "amount" } }"#, endpoints: getCharge),
            report: "non-breaking (1):\n  @new0: Charge.amount: JSON key 'amount' is now 'amount_total'\n"
        ),
        Case(
            name: "keys beside the declared ones kept",
            old: types(#""Charge": { "id": "String" }"#, endpoints: getCharge),
            new: types(#""Charge": { "id": "String", «"$additionalProperties": "String" }"#, endpoints: getCharge),
            report:
                "non-breaking (1):\n  @new0: Charge.additionalProperties: keys the type does not declare are kept ([String: String])\n"
        ),
        Case(
            name: "keys beside the declared ones no longer kept",
            old: types(#""Charge": { "id": "String", «"$additionalProperties": "String" }"#, endpoints: getCharge),
            new: types(#""Charge": { "id": "String" }"#, endpoints: getCharge),
            report:
                "breaking (1):\n  @old0: Charge.additionalProperties: keys the type does not declare are no longer kept [source]\n"
        ),
        Case(
            name: "keys beside the declared ones retyped",
            old: types(#""Charge": { "id": "String", "$additionalProperties": "String" }"#, endpoints: getCharge),
            new: types(#""Charge": { "id": "String", «"$additionalProperties": "Int" }"#, endpoints: getCharge),
            report:
                "breaking (1):\n  @new0: Charge.additionalProperties: keys the type does not declare are now [String: Int] (was [String: String]) [source, wire]\n"
        ),
        Case(
            name: "a form field written as one value",
            old: types(
                "",
                endpoints:
                    #"[{ "name": "tag", "method": "POST", "path": "/tags", "body": { "tags": ["String"] }, "bodyEncoding": "formExploded" }]"#
            ),
            new: types(
                "",
                endpoints:
                    #"[{ "name": «"tag", "method": "POST", "path": "/tags", "body": { "tags": ["String"] }, "bodyEncoding": "formExploded", "bodyStyles": { "tags": { "$style": "form", "$explode": false } } }]"#
            ),
            report:
                "breaking (1):\n  @new0: Endpoint.tag: writes form fields 'tags' joined by ',' (was as its body encoding does) [wire]\n"
        ),
        Case(
            name: "a response field made optional",
            old: types(#""Charge": { "id": "String" }"#, endpoints: getCharge),
            new: types(#""Charge": { «"id": "String?" }"#, endpoints: getCharge),
            report: "breaking (1):\n  @new0: Charge.id: required field 'id' is now optional [source, wire]\n"
        ),
        Case(
            name: "a response field made required",
            old: types(#""Charge": { "note": "String?" }"#, endpoints: getCharge),
            new: types(#""Charge": { «"note": "String" }"#, endpoints: getCharge),
            report: "non-breaking (1):\n  @new0: Charge.note: optional field 'note' is now required\n"
        ),
        Case(
            name: "a status added to a response by status, and another's body changed",
            old: types(
                #""Job": { "id": "Int" }, "Ticket": { "t": "String" }"#,
                endpoints:
                    #"[{ "name": "create", "method": "POST", "path": "/jobs", "responses": { "200": "Job", "202": "Ticket" } }]"#
            ),
            new: types(
                #""Job": { "id": "Int" }, "Ticket": { "t": "String" }"#,
                endpoints:
                    #"[{ "name": "create", "method": "POST", "path": "/jobs", "responses": { «"200": "Ticket", "202": "Ticket", "204": null } }]"#
            ),
            report:
                "breaking (2):\n  @new0: CreateResponse.noContent: status 204 added (a switch must handle it) [source]\n  @new0: CreateResponse.ok: status 200 answers Ticket (was Job) [source, wire]\n"
        ),
        Case(
            name: "response headers added, retyped, made required and removed",
            old: types(
                #""Job": { "id": "Int" }"#,
                endpoints:
                    #"[{ "name": "create", "method": "POST", "path": "/jobs", "response": "Job", "responseHeaders": { "ETag": "String?", "X-Count": "Int?", "Location": "String?", "X-Old": "Int?" } }]"#
            ),
            new: types(
                #""Job": { "id": "Int" }"#,
                endpoints:
                    #"[{ "name": "create", "method": "POST", "path": "/jobs", "response": "Job", "responseHeaders": { «"etag": "String?", "X-Count": "Double?", "Location": "String", "Retry-After": "Int?", "X-Id": "String" } }]"#
            ),
            report:
                "breaking (5):\n  @new0: CreateResponseHeaders.count: header 'X-Count' is read as Double? (was Int?) [source, wire]\n  @new0: CreateResponseHeaders.eTag: header 'etag' is now read into 'etag' [source]\n  @new0: CreateResponseHeaders.id: required header 'X-Id' added [source, wire]\n  @new0: CreateResponseHeaders.location: header 'Location' is read as String (was String?) [source, wire]\n  @new0: CreateResponseHeaders.old: header 'X-Old' removed [source]\nnon-breaking (1):\n  @new0: CreateResponseHeaders.retryAfter: header 'Retry-After' added\n"
        ),
        Case(
            name: "error types by status added, changed and removed",
            old: types(
                #""Charge": { "id": "String" }, "NotFound": { "m": "String" }, "Gone": { "g": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/charges", "response": "Charge", "errors": { "404": "NotFound", "410": "Gone" } }]"#
            ),
            new: types(
                #""Charge": { "id": "String" }, "NotFound": { "m": "String" }, "Gone": { "g": "String" }"#,
                endpoints:
                    #"[{ "name": «"charge", "path": "/charges", "response": "Charge", "errors": { "404": "Gone", "5XX": "NotFound" } }]"#
            ),
            report:
                "non-breaking (3):\n  @new0: Endpoint.charge: decodes 404 error bodies as Gone\n  @new0: Endpoint.charge: decodes 5XX error bodies as NotFound\n  @new0: Endpoint.charge: no longer decodes 410 error bodies as Gone\n"
        ),
        Case(
            name: "a body field made required",
            old: types(#""NewCharge": { "memo": "String?" }"#, endpoints: postCharge),
            new: types(#""NewCharge": { «"memo": "String" }"#, endpoints: postCharge),
            report: "breaking (1):\n  @new0: NewCharge.memo: optional field 'memo' is now required [source, wire]\n"
        ),
        Case(
            name: "fields added to a body",
            old: types(#""NewCharge": { "amount": "Int" }"#, endpoints: postCharge),
            new: types(
                #""NewCharge": { "amount": "Int", «"currency": "String", «"memo": "String?" }"#, endpoints: postCharge),
            report:
                "breaking (1):\n  @new0: NewCharge.currency: required field 'currency' added (a new argument of the memberwise init) [source, wire]\nnon-breaking (1):\n  @new1: NewCharge.memo: optional field 'memo' added\n"
        ),
        Case(
            name: "a field's type changed",
            old: types(#""Charge": { "amount": "Int" }"#, endpoints: getCharge),
            new: types(#""Charge": { «"amount": "Double" }"#, endpoints: getCharge),
            report: "breaking (1):\n  @new0: Charge.amount: type Int is now Double [source, wire]\n"
        ),
        Case(
            name: "a value added to a closed enum an app decodes",
            old: types(#""Charge": { "status": "Status" }, "Status": { "$enum": ["paid"] }"#, endpoints: getCharge),
            new: types(
                #""Charge": { "status": "Status" }, «"Status": { "$enum": ["paid", "disputed"] }"#, endpoints: getCharge
            ),
            report:
                "breaking (1):\n  @new0: Status.disputed: case 'disputed' added (no unknown case decodes it in apps already shipped) [wire]\n"
        ),
        Case(
            name: "a value added to an open enum",
            old: types(
                #""Charge": { "status": "Status" }, "Status": { "$enum": ["paid"], "$unknown": "unknown" }"#,
                endpoints: getCharge),
            new: types(
                #""Charge": { "status": "Status" }, «"Status": { "$enum": ["paid", "disputed"], "$unknown": "unknown" }"#,
                endpoints: getCharge),
            report: "non-breaking (1):\n  @new0: Status.disputed: case 'disputed' added\n"
        ),
        Case(
            name: "an enum case removed from what a request sends",
            old: types(
                #""NewCharge": { "mode": "Mode" }, "Mode": { "$enum": ["fast", "slow"] }"#, endpoints: postCharge),
            new: types(#""NewCharge": { "mode": "Mode" }, «"Mode": { "$enum": ["fast"] }"#, endpoints: postCharge),
            report: "breaking (1):\n  @new0: Mode.slow: case 'slow' removed [source, wire]\n"
        ),
        Case(
            name: "a one-of case added without an unknown case",
            old: types(
                #""Charge": { "source": "Source" }, "Source": { "$oneOf": { "card": "Card" }, "$discriminator": "object" }, "Card": { "object": "String" }, "Bank": { "object": "String" }"#,
                endpoints: getCharge),
            new: types(
                #""Charge": { "source": "Source" }, «"Source": { "$oneOf": { "card": "Card", "bank": "Bank" }, "$discriminator": "object" }, "Card": { "object": "String" }, "Bank": { "object": "String" }"#,
                endpoints: getCharge),
            report:
                "breaking (1):\n  @new0: Source.bank: case added (no unknown case decodes it in apps already shipped) [wire]\n"
        ),
        Case(
            name: "a type removed and one added",
            old: types(
                #""Charge": { "id": "String" }, «"Refund": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/c", "response": "Charge" }, { "name": "refund", "path": "/r", "response": "Refund" }]"#
            ),
            new: types(
                #""Charge": { "id": "String" }, «"Dispute": { "reason": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/c", "response": "Charge" }, { "name": «"refund", "path": "/r", "response": "Dispute" }]"#
            ),
            report:
                "breaking (2):\n  @old0: Refund: type removed [source]\n  @new1: Endpoint.refund: returns Dispute (was Refund) [source, wire]\nnon-breaking (1):\n  @new0: Dispute: type added\n"
        ),
        Case(
            name: "an endpoint moved, its query item removed",
            old: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/charges", "query": { "expand": "String?" }, "response": "Charge" }]"#
            ),
            new: types(
                #""Charge": { "id": "String" }"#,
                endpoints: #"[{ "name": «"charge", "path": "/v2/charges", "response": "Charge" }]"#),
            report:
                "breaking (3):\n  @new0: Endpoint.charge: argument 'expand' removed [source]\n  @new0: Endpoint.charge: no longer sends 'expand' [wire]\n  @new0: Endpoint.charge: sends GET /v2/charges (was GET /charges) [wire]\n"
        ),
        Case(
            name: "arguments added, a label changed",
            old: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "search", "path": "/charges", "query": { "q": "String" }, "response": ["Charge"] }]"#),
            new: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": «"search", "path": "/charges", "query": { "q": { "$type": "String", "$label": "for" }, "limit": "Int", "page": "Int?" }, "response": ["Charge"] }]"#
            ),
            report:
                "breaking (2):\n  @new0: Endpoint.search: argument label 'q' is now 'for' [source]\n  @new0: Endpoint.search: new argument 'limit' without a default [source]\nnon-breaking (1):\n  @new0: Endpoint.search: new argument 'page' with a default\n"
        ),
        Case(
            name: "an endpoint removed and one added",
            old: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/c", "response": "Charge" }, { "name": «"refund", "path": "/r", "method": "POST" }]"#
            ),
            new: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/c", "response": "Charge" }, { "name": «"capture", "path": "/cap", "method": "POST" }]"#
            ),
            report:
                "breaking (1):\n  @old0: Endpoint.refund: factory removed (POST /r) [source]\nnon-breaking (1):\n  @new0: Endpoint.capture: factory added (POST /cap)\n"
        ),
        Case(
            name: "a domain mapping removed",
            old: types(
                #""Charge": { "id": "String" }"#,
                endpoints:
                    #"[{ "name": "charge", "path": "/c", "response": "Charge", "domain": { "model": «"Payment", "fields": { "id": "id" } } }]"#
            ),
            new: types(
                #""Charge": { "id": "String" }"#,
                endpoints: #"[{ "name": "charge", "path": "/c", "response": "Charge" }]"#),
            report: "breaking (1):\n  @old0: Payment.init(from:): domain mapping Payment from Charge removed [source]\n"
        ),
        Case(
            name: "a type renamed with the same JSON is one entry, at the type",
            old: types(
                #""Charge": { "card": "Card", "backup": "Card?" }, "Card": { "last4": "String" }"#, endpoints: getCharge
            ),
            new: types(
                #""Charge": { "card": "PaymentCard", "backup": "PaymentCard?" }, «"PaymentCard": { "last4": "String" }"#,
                endpoints: getCharge),
            report: "breaking (1):\n  @new0: Card: renamed PaymentCard (the same JSON) [source]\n"
        ),
        Case(
            name: "a field's enum that gained values",
            old: types(#""Charge": { "status": «{ "$enum": ["paid", "failed"] } }"#, endpoints: getCharge),
            new: types(
                #""Charge": { «"status": "ChargeStatus" }, «"ChargeStatus": { "$enum": ["paid", "failed", "pending"] }"#,
                endpoints: getCharge),
            report:
                "breaking (2):\n  @new0: Charge.status: type Charge.Status is now ChargeStatus (its values and more) [source]\n  @old0: Charge.Status: type removed [source]\nnon-breaking (1):\n  @new1: ChargeStatus: type added\n"
        ),
        Case(
            name: "an ID that may now be its object reads all it read",
            old: types(#""Charge": { "customer": "String" }, "Customer": { "id": "String" }"#, endpoints: getCharge),
            new: types(
                #""Charge": { «"customer": "ExpandableCustomer" }, "Customer": { "id": "String" }, «"ExpandableCustomer": { "$oneOf": { "string": "String", "customer": "Customer" }, "$discriminator": "object" }"#,
                endpoints: getCharge),
            report:
                "breaking (1):\n  @new0: Charge.customer: type String is now ExpandableCustomer (all it read, and more) [source]\nnon-breaking (1):\n  @new1: ExpandableCustomer: type added\n"
        ),
        Case(
            name: "a struct with more optional fields reads all it read; one with a new required field does not",
            old: types(
                #""Charge": { "card": "Card", "bank": "Bank" }, "Card": { "last4": "String" }, "Bank": { "last4": "String" }"#,
                endpoints: getCharge),
            new: types(
                #""Charge": { «"card": "PaymentCard", «"bank": "BankAccount" }, «"PaymentCard": { "last4": "String", "brand": "String?" }, «"BankAccount": { "last4": "String", "routing": "String" }, "Card": { "last4": "String" }, "Bank": { "last4": "String" }"#,
                endpoints: getCharge),
            report:
                "breaking (2):\n  @new0: Charge.card: type Card is now PaymentCard (all it read, and more) [source]\n  @new1: Charge.bank: type Bank is now BankAccount [source, wire]\nnon-breaking (2):\n  @new2: PaymentCard: type added\n  @new3: BankAccount: type added\n"
        ),
        Case(
            name: "docs, order and formatting are not changes",
            old: types(
                #""Charge": { "id": "String", "note": "String?" }, "Card": { "last4": "String" }"#, endpoints: getCharge
            ),
            new: types(
                #""Card": { "last4": { "$type": "String", "$doc": "The last four digits." } },   "Charge": { "note": "String?", "id": "String" }"#,
                endpoints: #"[{ "name": "charge", "path": "/charges", "response": "Charge", "doc": "One charge." }]"#),
            report: "No API changes.\n"
        ),
    ]

    static func expected(_ report: String, old: [DTOGenCore.SourceLocation], new: [DTOGenCore.SourceLocation]) -> String
    {
        var text = report
        for (side, locations) in [("old", old), ("new", new)] {
            for (index, location) in locations.enumerated().reversed() {
                text = text.replacingOccurrences(
                    of: "@\(side)\(index)", with: "shop.json:\(location.line):\(location.column)")
            }
        }
        return text
    }

    @Test(arguments: cases)
    func reportedExactly(_ testCase: Case) {
        let (old, oldMarks) = marks(testCase.old)
        let (new, newMarks) = marks(testCase.new)
        let result = APIDiff.compare(
            old: [SpecInput(path: "shop.json", bytes: Array(old.utf8))],
            new: [SpecInput(path: "shop.json", bytes: Array(new.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(
            APIDiffReport.render(result.changes, as: .text)
                == Self.expected(testCase.report, old: oldMarks, new: newMarks))
    }

    /// Either side may be broken; each error says which.
    @Test func errorsSayWhichSide() {
        let good = Self.types(#""Charge": { "id": "String" }"#)
        let bad = Self.types(#""Charge": { "id": "Strng" }"#)
        let result = APIDiff.compare(
            old: [SpecInput(path: "shop.json", bytes: Array(bad.utf8))],
            new: [SpecInput(path: "shop.json", bytes: Array(good.utf8))])
        #expect(result.changes.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "shop.json:1:32: error: (old side) unknown type 'Strng'; did you mean 'String'? [DTG3106]"
            ])
    }

    /// The formats: a table for a pull request, objects with exactly the issue's keys,
    /// workflow commands with their escapes.
    @Test func formats() throws {
        let change = APIChange(
            breaks: [.source, .wire], symbol: "Charge.amount", message: "field 'amount' removed",
            file: "specs/shop.json", location: DTOGenCore.SourceLocation(line: 3, column: 7))
        let added = APIChange(
            breaks: [], symbol: "Refund", message: "type added | new", file: "specs/shop.json",
            location: DTOGenCore.SourceLocation(line: 9, column: 5))
        #expect(
            APIDiffReport.render([change, added], as: .markdown) == """
                **1 breaking, 1 non-breaking**

                | severity | breaks | symbol | change | location |
                |---|---|---|---|---|
                | breaking | source, wire | `Charge.amount` | field 'amount' removed | `specs/shop.json:3:7` |
                | non-breaking |  | `Refund` | type added \\| new | `specs/shop.json:9:5` |

                """)
        let json = APIDiffReport.render([change, added], as: .json)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(
            objects.map { Set($0.keys) }
                == Array(repeating: ["severity", "breaks", "symbol", "message", "location"], count: 2))
        #expect(
            objects[0]["breaks"] as? [String] == ["source", "wire"]
                && objects[0]["location"] as? String == "specs/shop.json:3:7")
        #expect(
            objects[1]["severity"] as? String == "non-breaking" && (objects[1]["breaks"] as? [String])?.isEmpty == true)
        #expect(
            APIDiffReport.render([change, added], as: .github) == """
                ::error file=specs/shop.json,line=3,col=7::Charge.amount: field 'amount' removed (breaks source, wire)
                ::notice file=specs/shop.json,line=9,col=5::Refund: type added | new

                """)
        #expect(APIDiffReport.workflowProperty("a:b,c%") == "a%3Ab%2Cc%25")
        #expect(APIDiffReport.render([], as: .json) == "[]\n")
    }

    /// Real history: the seed specs as first committed (7708981) and as of 2026-11-25 (both
    /// kept in Tests/Fixtures/diff-history), with the report checked by hand once.
    @Test func theSeedSpecsHistory() throws {
        let folder = packageRoot.appendingPathComponent("Tests/Fixtures/diff-history")
        let old = try SpecLoader.load(folder.appendingPathComponent("before").path)
        let new = try SpecLoader.load(folder.appendingPathComponent("after").path)
        let result = APIDiff.compare(old: old, new: new)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let report = APIDiffReport.render(result.changes, as: .text)
        let reference = folder.appendingPathComponent("report.txt")
        if ProcessInfo.processInfo.environment["DTOGEN_RECORD"] != nil {
            try report.write(to: reference, atomically: true, encoding: .utf8)
        }
        #expect(
            report == (try String(contentsOf: reference, encoding: .utf8)),
            "\(unifiedDiff((try? String(contentsOf: reference, encoding: .utf8)) ?? "", report, name: "report.txt"))")
    }
}
