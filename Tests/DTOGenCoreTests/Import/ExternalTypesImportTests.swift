import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `dtogen import --external-type NAME=SwiftType`, and `externalTypes` in a spec backed by a
/// document: a component schema of that name (or whose type would be named so) is not
/// declared, and every use of it spells the app's type.
struct ExternalTypesImportTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Orders, version: "1" }
        servers: [{ url: "https://shop.example" }]
        paths:
          /orders/{id}:
            get:
              operationId: getOrder
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Order" } } } }
        components:
          schemas:
            UserId: { type: string }
            Currency: { type: string, enum: [usd, eur], default: usd }
            Money: { type: object, required: [amount, currency], properties: { amount: { type: string }, currency: { type: string } } }
            Order:
              type: object
              required: [id, owner, total]
              properties:
                id: { type: string }
                owner: { $ref: "#/components/schemas/UserId" }
                total: { $ref: "#/components/schemas/Money" }
                lines: { type: array, items: { $ref: "#/components/schemas/Money" } }
                currency: { $ref: "#/components/schemas/Currency" }
        """

    @Test func theAppsTypesReplaceTheirSchemas() throws {
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(Self.document.utf8), path: "orders.yaml",
            options: ImportOptions(externalTypes: ["Money": "Shop.Money", "UserID": "UserID", "Currency": "Currency"]))
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for line in [
            // Each with the schema it replaces, for `verify`.
            #""Money": {\#n      "type": "Shop.Money",\#n      "schema": {\#n        "amount": "String",\#n        "currency": "String"\#n      }\#n    }"#,
            #""UserID": {\#n      "type": "UserID",\#n      "schema": "String"\#n    }"#,
            // The app's type reads what it reads: no `$default` from the schema it replaces.
            #""Order": {\#n      "id": "String",\#n      "owner": "UserID",\#n      "total": "Money",\#n      "lines": { "$type": ["Money"], "$optional": true },\#n      "currency": "Currency?"\#n    }"#,
        ] {
            #expect(imported.spec.contains(line), "\(line)\n\(imported.spec)")
        }
        #expect(!imported.spec.contains(#""Money": {\#n      "amount""#))
        let result = generate(imported.spec, path: "orders.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = result.files.first { $0.path == "Orders.DTOs.swift" }?.contents ?? ""
        #expect(dtos.contains("    let owner: UserID\n    let total: Shop.Money\n"), "\(dtos)")
    }

    @Test func aBackedSpecsExternalTypesReplaceTheirSchemas() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-backed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.document.write(to: folder.appendingPathComponent("orders.yaml"), atomically: true, encoding: .utf8)
        let spec = #"{ "openapi": "orders.yaml", "externalTypes": { "Money": "Shop.Money" }, "endpoints": [] }"#
        try spec.write(to: folder.appendingPathComponent("orders.json"), atomically: true, encoding: .utf8)
        let result = Generator.generate(try SpecLoader.load(folder.path))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = result.files.first { $0.path == "Orders.DTOs.swift" }?.contents ?? ""
        #expect(dtos.contains("    let total: Shop.Money\n") && !dtos.contains("struct Money"), "\(dtos)")
        #expect(dtos.contains("requireCodableSendableHashable(Shop.Money.self)"))
        // `verify` checks the app's type against the schema it replaces.
        func verify(_ payload: String) throws -> [String] {
            Generator.verify(
                try SpecLoader.load(folder.path), target: .type("Order"),
                payloads: [SamplePayload(path: "order.json", bytes: Array(payload.utf8))]
            ).map(\.description)
        }
        #expect(try verify(#"{"id": "o1", "owner": "u1", "total": {"amount": "1.00", "currency": "EUR"}}"#) == [])
        let wrong = try verify(#"{"id": "o1", "owner": "u1", "total": {"amount": 1, "currency": "EUR"}}"#)
        #expect(wrong.count == 1 && wrong[0].contains("'total.amount' is a number (1)"), "\(wrong)")
    }
}
