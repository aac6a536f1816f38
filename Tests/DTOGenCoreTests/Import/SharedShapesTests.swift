import Foundation
import Testing
@testable import DTOGenCore

/// Inline schemas written the same way in several places are one type (`SharedShapes`).
struct SharedShapesTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Pay, version: "1" }
        paths:
          /charges/{id}:
            get:
              operationId: getCharge
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
                - { name: created, in: query, schema: { anyOf: [{ type: integer }, { type: object, properties: { gte: { type: integer } } }] } }
                - { name: state, in: query, schema: { type: string, enum: [open, paid] } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Charge" } } } }
          /invoices/{id}:
            get:
              operationId: getInvoice
              parameters:
                - { name: id, in: path, required: true, schema: { type: string } }
                - { name: created, in: query, schema: { anyOf: [{ type: integer }, { type: object, properties: { gte: { type: integer } } }] } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Invoice" } } } }
        components:
          schemas:
            Customer: { type: object, required: [id], properties: { id: { type: string }, name: { type: string } } }
            DeletedCustomer: { type: object, required: [id, deleted], properties: { id: { type: string }, deleted: { type: boolean } } }
            Charge:
              type: object
              required: [id]
              properties:
                id: { type: string }
                state: { type: string, enum: [open, paid] }
                object: { type: string, enum: [charge] }
                customer:
                  description: The customer, or its ID unless expanded.
                  anyOf: [{ type: string }, { $ref: "#/components/schemas/Customer" }]
                payer:
                  anyOf: [{ type: string }, { $ref: "#/components/schemas/Customer" }, { $ref: "#/components/schemas/DeletedCustomer" }]
                refunds:
                  description: The charge's refunds.
                  type: object
                  properties:
                    has_more: { type: boolean }
                    data: { type: array, items: { type: object, properties: { amount: { type: integer } } } }
                address: { type: object, properties: { line1: { type: string } } }
            Invoice:
              type: object
              required: [id]
              properties:
                id: { type: string }
                object: { type: string, enum: [charge] }
                customer:
                  description: Who pays.
                  nullable: true
                  anyOf: [{ type: string }, { $ref: "#/components/schemas/Customer" }]
                owner:
                  anyOf: [{ type: string }, { $ref: "#/components/schemas/Customer" }, { $ref: "#/components/schemas/DeletedCustomer" }]
                refunds:
                  description: Other words, the same shape.
                  type: object
                  properties:
                    has_more: { type: boolean }
                    data: { type: array, items: { type: object, properties: { amount: { type: integer } } } }
                lines:
                  type: object
                  properties:
                    has_more: { type: boolean }
                address: { type: object, properties: { line1: { type: string } } }
            Quote:
              type: object
              properties:
                refunds: { type: object, properties: { total: { type: integer } } }
                lines:
                  type: object
                  properties:
                    has_more: { type: boolean }
            Payout:
              type: object
              properties:
                refunds: { type: object, properties: { total: { type: integer } } }
            Transfer:
              type: object
              properties:
                reversals: { type: object, properties: { total: { type: integer } } }
        """

    static func imported() -> ImportResult {
        OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pay.yaml")
    }

    /// One type per shape, named from what it holds (an ID or an object), from its field,
    /// or with the first type (by name) it is written in when another shape has that name; each place
    /// keeps its own optionality and doc; what a shared shape holds is shared with it, not
    /// again on its own.
    @Test func repeatedInlineShapesAreOneNamedType() throws {
        let result = Self.imported()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let spec = try #require(try? JSONSerialization.jsonObject(with: Data(result.spec.utf8)) as? [String: Any])
        let types = try #require(spec["types"] as? [String: Any])
        #expect(
            types.keys.sorted() == [
                "AddressObject", "Charge", "CreatedChoice", "Customer", "DeletedCustomer",
                "ExpandableCustomer",
                "ExpandableCustomerOrDeletedCustomer", "Invoice", "LinesObject", "Payout", "PayoutRefunds", "Quote",
                "RefundsObject", "Transfer",
            ])
        #expect(types["ExpandableCustomer"] as? [String: [String]] == ["$oneOf": ["String", "Customer"]])
        let charge = try #require(types["Charge"] as? [String: Any])
        let invoice = try #require(types["Invoice"] as? [String: Any])
        #expect(
            charge["customer"] as? [String: String] == [
                "$type": "ExpandableCustomer?", "$doc": "The customer, or its ID unless expanded.",
            ])
        #expect(invoice["customer"] as? [String: String] == ["$type": "ExpandableCustomer?", "$doc": "Who pays."])
        #expect(charge["payer"] as? String == "ExpandableCustomerOrDeletedCustomer?")
        #expect(invoice["owner"] as? String == "ExpandableCustomerOrDeletedCustomer?")
        // Shapes equal but for their docs are one; the refund elements inside them are not
        // declared again on their own.
        #expect((charge["refunds"] as? [String: String])?["$type"] == "RefundsObject?")
        #expect((invoice["refunds"] as? [String: String])?["$type"] == "RefundsObject?")
        #expect(!types.keys.contains { $0.hasPrefix("Data") })
        // Quote's and Payout's refunds (and Transfer's reversals) are another shape: named
        // with the first type by name that writes it (not the document's first), as
        // 'RefundsObject' is taken.
        let quote = try #require(types["Quote"] as? [String: Any])
        #expect(quote["refunds"] as? String == "PayoutRefunds?")
        #expect((types["Transfer"] as? [String: Any])?["reversals"] as? String == "PayoutRefunds?")
        #expect(quote["lines"] as? String == "LinesObject?")
        // Both endpoints' `created` filter: one one-of, its object variant inside it.
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        #expect(
            endpoints.map { ($0["query"] as? [String: Any])?["created"] as? String } == [
                "CreatedChoice?", "CreatedChoice?",
            ])
        // An enum written in a field and a query item stays in each (its name is where it is
        // written, whatever else writes the same values), and so does a one-value enum (a tag).
        #expect((charge["state"] as? [String: Any])?["$enum"] as? [String] == ["open", "paid"])
        let query = try #require(endpoints.first?["query"] as? [String: Any])
        #expect((query["state"] as? [String: Any])?["$enum"] as? [String] == ["open", "paid"])
        #expect(charge["object"] is [String: Any] && invoice["object"] is [String: Any])
        // Every use and the declaration import, generate, compile and decode.
        let main = #"""
            import Foundation
            let charge = try JSONDecoder().decode(Charge.self, from: Data(#"{"id": "ch", "customer": {"id": "cus", "name": "Ann"}, "payer": "cus_2", "refunds": {"has_more": false, "data": [{"amount": 5}]}}"#.utf8))
            let invoice = try JSONDecoder().decode(Invoice.self, from: Data(#"{"id": "in", "customer": "cus", "owner": {"id": "cus_3", "deleted": true}, "refunds": {"data": []}}"#.utf8))
            let same: [ExpandableCustomer?] = [charge.customer, invoice.customer]
            // A deleted customer (its `deleted` key) is one, though every key of Customer's is optional.
            print(same.map { $0?.customer?.name ?? $0?.string ?? "-" }, charge.payer?.string ?? "-", invoice.owner?.deletedCustomer?.id ?? "-", invoice.owner?.customer == nil)
            let refunds: [RefundsObject?] = [charge.refunds, invoice.refunds]
            print(refunds.map { $0?.data?.count ?? -1 }, charge.refunds?.data?.first?.amount ?? 0)
            """#
        let run = try OpenAPIImportTests.generateAndRun(result.spec, main: main)
        #expect(run.output == "[\"Ann\", \"cus\"] cus_2 cus_3 true\n[1, 0] 5\n", "\(run.output)")
    }

    /// The spec import writes for `document` with `--update` over `earlier`, as JSON.
    static func updated(_ document: String = document, over earlier: String) throws -> [String: Any] {
        let result = OpenAPIImporter.importDocument(
            bytes: Array(document.utf8), path: "pay.yaml",
            options: ImportOptions(previous: PreviousImport(spec: Array(earlier.utf8))))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return try #require(try? JSONSerialization.jsonObject(with: Data(result.spec.utf8)) as? [String: Any])
    }

    /// An enum an earlier import shared (a spec written before enums stayed where they are
    /// written) stays one type under its name with `--update`, while its values are the same.
    @Test func anEnumAnEarlierImportSharedKeepsItsName() throws {
        let earlier = """
            { "name": "Pay", "types": { "ChargeState": { "$enum": ["open", "paid"] } }, "endpoints": [] }
            """
        let spec = try Self.updated(over: earlier)
        let types = try #require(spec["types"] as? [String: Any])
        #expect(types["ChargeState"] as? [String: [String]] == ["$enum": ["open", "paid"]])
        #expect((types["Charge"] as? [String: Any])?["state"] as? String == "ChargeState?")
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        #expect((endpoints.first?["query"] as? [String: String])?["state"] == "ChargeState?")
        // Values changed: the enum is written where it is used again.
        let changed = Self.document.replacingOccurrences(of: "enum: [open, paid]", with: "enum: [open, paid, void]")
        let later = try Self.updated(changed, over: earlier)
        #expect((later["types"] as? [String: Any])?["ChargeState"] == nil)
        #expect(((later["types"] as? [String: Any])?["Charge"] as? [String: Any])?["state"] is [String: Any])
    }

    /// An earlier spec is read as the spec reader reads it: a shared shape it declared keeps
    /// its name though a person rewrote it in the long form (`{ "$type": "Int", "$optional":
    /// true }` for `"Int?"`) or in another key order.
    @Test func aSharedShapeRewrittenInTheLongFormKeepsItsName() throws {
        let earlier = """
            { "name": "Pay", "endpoints": [], "types": {
              "ChargeCreated": { "$oneOf": ["Int", {
                "$typeName": "CreatedVariant2", "gte": { "$optional": true, "$type": "Int" } }] } } }
            """
        let spec = try Self.updated(over: earlier)
        let types = try #require(spec["types"] as? [String: Any])
        #expect(types["ChargeCreated"] != nil && types["CreatedChoice"] == nil, "\(types.keys.sorted())")
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        #expect(
            endpoints.map { ($0["query"] as? [String: Any])?["created"] as? String } == [
                "ChargeCreated?", "ChargeCreated?",
            ])
    }

    /// A document with each inline shape written once imports as it did: nothing shared.
    @Test func shapesWrittenOnceStayWhereTheyAre() {
        func property(_ key: String, _ kind: ShapeSpec.Kind) -> PropertySpec {
            PropertySpec(key: key, keyLocation: .unplaced, shape: ShapeSpec(kind))
        }
        let variants = [ShapeSpec(.reference("String")), ShapeSpec(.reference("B"))].map {
            OneOfVariantSpec(shape: $0)
        }
        let types: [(String, ShapeSpec)] = [
            ("A", ShapeSpec(.object([property("x", .oneOf(variants))]))),
            ("B", ShapeSpec(.object([property("y", .object([property("z", .reference("Int"))]))]))),
        ]
        let shared = SharedShapes.shared(types: types, endpoints: [], taken: ["A", "B"])
        #expect(shared.types.map(\.0) == ["A", "B"])
        #expect(shared.types.map { SpecWriter.shape($0.1).document } == types.map { SpecWriter.shape($0.1).document })
    }
}
