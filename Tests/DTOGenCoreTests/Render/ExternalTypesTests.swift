import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `externalTypes`: a name the spec uses for a type the app declares. Generated code spells
/// the app's type wherever the name is used (fields, arrays, dictionaries, one-of variants,
/// bodies, responses), both decoders read it through its `Decodable` conformance, and a
/// missing conformance is an error on one line that names the type.
struct ExternalTypesTests {
    static let spec = #"""
        {
          "name": "Orders",
          "externalTypes": { "Money": "Shop.Money", "UserID": "UserID" },
          "types": {
            "Order": {
              "id": "UserID", "total": "Money", "lines": ["Money"], "byTax": { "$dict": "Money" }, "tip": "Money?",
              "payment": { "$oneOf": ["Money", "String"], "$optional": true }
            }
          },
          "endpoints": [
            { "name": "order", "path": "/orders/{id}", "response": "Order" },
            { "name": "balance", "path": "/balance", "response": "Money" },
            { "name": "pay", "method": "POST", "path": "/pay", "body": "Money", "response": "Order" }
          ]
        }
        """#

    /// The app's types: `Money` reads `"12.50 EUR"`, `UserID` a number. `nonisolated`, as
    /// the generated types are, so they decode off the main actor in a target whose default
    /// isolation is the main actor.
    static let appTypes = #"""
        import Foundation
        nonisolated enum Shop {
            nonisolated struct Money: Codable, Sendable, Hashable {
                var cents: Int
                var currency: String
                init(cents: Int, currency: String) { self.cents = cents; self.currency = currency }
                init(from decoder: any Decoder) throws {
                    let text = try decoder.singleValueContainer().decode(String.self)
                    let parts = text.split(separator: " ")
                    guard parts.count == 2, let amount = Decimal(string: String(parts[0])) else {
                        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not money"))
                    }
                    cents = NSDecimalNumber(decimal: amount * 100).intValue
                    currency = String(parts[1])
                }
                func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    try container.encode("\(cents / 100).\(String(format: "%02d", cents % 100)) \(currency)")
                }
            }
        }
        nonisolated struct UserID: Codable, Sendable, Hashable { var value: Int
            init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Int.self) }
            func encode(to encoder: any Encoder) throws { var c = encoder.singleValueContainer(); try c.encode(value) }
        }
        """#

    @Test func generatedCodeSpellsTheAppsTypesAndBothDecodersReadThem() throws {
        let result = generate(Self.spec, path: "orders.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = result.files.first { $0.path == "Orders.DTOs.swift" }?.contents ?? ""
        #expect(dtos.contains("    let total: Shop.Money\n"))
        #expect(!dtos.contains("struct Money"))
        let main =
            Self.appTypes + "\n" + #"""
                import DTORuntime
                let json = #"{"id": 7, "total": "12.50 EUR", "lines": ["10.00 EUR", "2.50 EUR"], "byTax": {"vat": "2.00 EUR"}, "payment": "0.50 EUR"}"#
                let fast = try FastDecoder().decode(Order.self, from: Data(json.utf8))
                let plain = try JSONDecoder().decode(Order.self, from: Data(json.utf8))
                let again = try JSONDecoder().decode(Order.self, from: JSONEncoder().encode(fast))
                let balance = try FastDecoder().decode(Shop.Money.self, from: Data(#""3.00 USD""#.utf8))
                let request = try Endpoint<EndpointKinds.Public, Order>.pay(body: balance)
                    .makeRequest(baseURL: URL(string: "https://shop.example")!, with: ())
                print(fast == plain, again == fast, fast.id.value, fast.total.cents, fast.lines.count, fast.byTax["vat"]?.cents ?? 0,
                      fast.payment?.money?.cents ?? 0, String(decoding: request.httpBody ?? Data(), as: UTF8.self))
                """#
        let run = try Swiftc.buildAndRun(result.files, main: main)
        #expect(run.output == "true true 7 1250 2 200 50 \"3.00 USD\"\n", "\(run.output)")
    }

    @Test func aMissingConformanceIsAnErrorThatNamesTheType() throws {
        let result = generate(Self.spec, path: "orders.json")
        let app = Self.appTypes.replacingOccurrences(
            of: "struct UserID: Codable, Sendable, Hashable {", with: "struct UserID: Codable, Sendable {")
        let run = try Swiftc.typecheck(result.files, with: app, runtime: .module)
        let errors = run.output.split(separator: "\n").filter { $0.contains("error:") && !$0.hasPrefix(" ") }
        // One error (besides Identifiable's, which also needs a Hashable id), on the line that names the type.
        let check = errors.filter { $0.contains("Orders.DTOs.swift:17:") }
        #expect(
            check.count == 1 && check[0].contains("'UserID' conform to 'Hashable'"), "\(errors.joined(separator: "\n"))"
        )
    }

    @Test func samplesOfTheAppsTypesAreAnyJSON() {
        let diagnostics = Generator.verify(
            [SpecInput(path: "orders.json", bytes: Array(Self.spec.utf8))], target: .type("Order"),
            payloads: [
                SamplePayload(
                    path: "order.json",
                    bytes: Array(#"{"id": "u-7", "total": {"amount": 1}, "lines": [1, "x"], "byTax": {}}"#.utf8))
            ])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    /// `{ "type": ..., "schema": <shape> }`: samples are checked against the schema, which
    /// nothing generates.
    @Test func aSchemaIsWhatVerifyChecks() throws {
        let spec = Self.spec.replacingOccurrences(
            of: #""Money": "Shop.Money""#,
            with: #""Money": { "type": "Shop.Money", "schema": { "amount": "String", "parts": { "cents": "Int" } } }"#)
        let result = generate(spec, path: "orders.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(!result.files.contains { $0.contents.contains("Schema") }, "\(result.files.map(\.contents))")
        let run = try Swiftc.buildAndRun(result.files, main: Self.appTypes + "\nprint(\"ok\")\n")
        #expect(run.output == "ok\n", "\(Swiftc.errors(run.output))")
        func verify(_ payload: String) -> [String] {
            Generator.verify(
                [SpecInput(path: "orders.json", bytes: Array(spec.utf8))], target: .type("Order"),
                payloads: [SamplePayload(path: "order.json", bytes: Array(payload.utf8))]
            ).map(\.description)
        }
        let fitting = #"{"id": 7, "total": {"amount": "1", "parts": {"cents": 100}}, "lines": [], "byTax": {}}"#
        #expect(verify(fitting) == [])
        let wrong = verify(#"{"id": 7, "total": {"amount": "1", "parts": {"cents": "x"}}, "lines": [], "byTax": {}}"#)
        #expect(wrong.count == 1 && wrong[0].contains("'total.parts.cents' is a string"), "\(wrong)")
        let missing = generate(#"{ "externalTypes": { "Money": { "schema": "String", "kind": 1 } }, "endpoints": [] }"#)
        #expect(
            missing.diagnostics.map(\.description) == [
                "spec.json:1:31: error: 'externalTypes.Money' needs 'type', the Swift type your app declares [DTG1064]",
                "spec.json:1:53: error: unknown key 'kind' in an external type; allowed keys are 'type', 'schema' [DTG1006]",
            ], "\(missing.diagnostics)")
    }

    @Test func diffReportsAnotherSwiftTypeOnce() {
        let after = Self.spec.replacingOccurrences(of: #""Money": "Shop.Money""#, with: #""Money": "Shop.Amount""#)
        let diff = APIDiff.compare(
            old: [SpecInput(path: "orders.json", bytes: Array(Self.spec.utf8))],
            new: [SpecInput(path: "orders.json", bytes: Array(after.utf8))])
        #expect(
            diff.changes.map { "\($0.severity) \($0.symbol): \($0.message) \($0.breaks)" } == [
                "breaking Money: external type is Shop.Amount (was Shop.Money) [DTOGenCore.APIBreak.source]"
            ], "\(diff.changes)")
    }

    @Test func misuseIsALocatedError() {
        let spec = #"""
            { "externalTypes": { "String": "MyString", "Order": "Order", "Bad Name": "X", "Money": "Shop..Money", "Tag": 1,
                                 "Geo": "Order.Geo" },
              "types": { "Order": { "id": "Int" } }, "endpoints": [] }
            """#
        #expect(
            generate(spec).diagnostics.map(\.description) == [
                "spec.json:1:22: error: 'String' is a built-in type; an external type needs a name of its own, such as 'StringValue' [DTG3147]",
                "spec.json:1:44: error: 'Order' is also a type in 'types'; an external type stands for your own, so remove one of them [DTG3149]",
                "spec.json:1:62: error: 'Bad Name' is not a valid type name; use letters, digits and '_', starting with a letter [DTG3148]",
                #"spec.json:1:88: error: 'Shop..Money' is not a Swift type name; write your type's name, qualified if need be ("Shop.Money") [DTG3150]"#,
                "spec.json:1:110: error: 'externalTypes.Tag' must be a string, found a number [DTG1003]",
                "spec.json:2:29: error: generated code spells 'Order.Geo' from 'Order', which is also a type in 'types'; rename one of them [DTG3151]",
            ], "\(generate(spec).diagnostics)")
    }

    /// A type generated in a struct never takes the name the app's type is spelled with, and
    /// an app type spelled `Response` is the endpoint's generic parameter inside a factory.
    @Test func generatedNamesKeepOutOfTheAppsWay() {
        let result = generate(
            #"""
            { "externalTypes": { "Cash": "Money" },
              "types": { "Order": { "price": "Cash", "money": { "a": "Int" } } },
              "endpoints": [{ "name": "order", "path": "/o", "response": "Order" }] }
            """#)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = result.files.first { $0.path == "Spec.DTOs.swift" }?.contents ?? ""
        #expect(dtos.contains("    let price: Money\n") && !dtos.contains("struct Money "), "\(dtos)")
        let generic = generate(
            #"""
            { "externalTypes": { "Payload": "Response" },
              "endpoints": [{ "name": "send", "method": "POST", "path": "/s", "body": "Payload" }] }
            """#)
        #expect(generic.diagnostics.map(\.code) == ["DTG3020"], "\(generic.diagnostics)")
    }
}
