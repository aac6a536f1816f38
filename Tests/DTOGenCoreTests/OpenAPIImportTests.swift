import Foundation
import Testing
@testable import DTOGenCore

/// `dtogen import`: every real document in `Tests/Fixtures/openapi` imports, generates and
/// type-checks; the mapping rules of spec-format-2 §12, one by one, on a small document.
struct OpenAPIImportTests {
    static let folder = packageRoot.appendingPathComponent("Tests/Fixtures/openapi")

    static func documents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".yaml") }.sorted()
    }

    /// One document after another: each runs `swiftc`, and in parallel they would starve the
    /// timing-sensitive end-to-end tests on a 2-core machine.
    @Test func realDocumentsImportGenerateAndTypeCheck() throws {
        let documents = try Self.documents()
        #expect(documents.count >= 13)
        for document in documents {
            try check(document)
        }
    }

    func check(_ document: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(document)))
        let imported = OpenAPIImporter.importDocument(bytes: bytes, path: document)
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(OpenAPIImporter.importDocument(bytes: bytes, path: document).spec == imported.spec, "import is not deterministic")
        let result = Generator.generate([SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))], options: GeneratorOptions(runtimeModule: nil))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })\n\(imported.spec)")
        guard !result.hasErrors else { return }
        // Kinds of the app's own (API keys): what a user writes.
        let kinds = imported.customKinds.map { kind in
            "struct \(kind.name): EndpointKind { static func prepare(_ request: inout URLRequest, with data: String) { request.setValue(data, forHTTPHeaderField: \"X-Key\") } }"
        }.joined(separator: "\n")
        let app = "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n" + kinds
        let checked = try Swiftc.typecheck(result.files, with: app, runtime: true)
        #expect(checked.status == 0, "\(document): \(checked.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(10).joined(separator: "\n"))")
    }

    static let document = """
        openapi: 3.1.0
        info: { title: Shop API, version: "1" }
        servers:
          - url: "{scheme}://api.example.com/v1/"
            variables: { scheme: { default: https } }
        security: [{ bearer: [] }]
        paths:
          /items/{itemId}:
            parameters:
              - { name: itemId, in: path, required: true, schema: { type: integer, format: int64 } }
            get:
              operationId: get-item
              summary: One item.
              parameters:
                - { name: expand, in: query, schema: { type: array, items: { type: string, enum: [owner, tags] } } }
                - { name: X-Trace, in: header, required: true, schema: { type: string, format: uuid } }
                - { name: session, in: cookie, schema: { type: string } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Item" } } } }
                default: { description: error, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
          /items:
            post:
              security: [{ key: [] }]
              requestBody:
                content:
                  multipart/form-data:
                    schema:
                      type: object
                      required: [photo]
                      properties: { photo: { type: string, format: binary }, note: { type: string } }
              responses: { "201": { description: created } }
          /ping:
            get:
              security: []
              responses: { "200": { description: ok, content: { text/plain: { schema: { type: string } } } } }
        components:
          securitySchemes:
            bearer: { type: http, scheme: bearer }
            key: { type: apiKey, in: header, name: X-API-Key }
          schemas:
            Id: { type: string, format: uuid }
            Item:
              description: An item.
              allOf:
                - $ref: "#/components/schemas/Base"
                - type: object
                  required: [price]
                  properties:
                    price: { type: number, format: decimal }
                    added: { type: string, format: date }
                    tags: { type: [array, "null"], items: { type: string } }
                    extra: { type: object, additionalProperties: { type: integer } }
                    pet: { $ref: "#/components/schemas/Pet" }
            Base:
              type: object
              required: [id]
              properties: { id: { $ref: "#/components/schemas/Id" }, $kind: { type: string, nullable: true } }
            Pet:
              oneOf: [{ $ref: "#/components/schemas/Cat" }, { $ref: "#/components/schemas/Dog" }]
              discriminator: { propertyName: type, mapping: { cat: "#/components/schemas/Cat" } }
            Cat: { type: object, properties: { type: { type: string }, purrs: { type: boolean } } }
            Dog: { type: object, properties: { type: { type: string }, barks: { type: boolean } } }
            Problem: { type: object, properties: { title: { type: string } } }
            Missing: { $ref: "#/components/schemas/Nope" }
        """

    @Test func mappingRules() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "shop.yaml")
        let spec = imported.spec
        // The unresolvable reference is an error at its line; the rest is still translated.
        #expect(imported.diagnostics.filter { $0.severity == .error }.map(\.description) == [
            "shop.yaml:64:22: error: #/components/schemas/Missing: the reference '#/components/schemas/Nope' does not resolve (no 'Nope')",
        ])
        #expect(imported.diagnostics.contains { $0.description == "shop.yaml:17:11: warning: #/paths/~1items~1{itemId}/get/parameters/2: cookie parameters are not supported; 'session' is left out" })
        for expected in [
            #""baseURL": "https://api.example.com/v1""#,
            // allOf merged, required decides optionality, formats, 3.1 type arrays, additionalProperties, `$` keys.
            #""id": "UUID""#, #""$$kind": "String?""#, #""price": "Decimal""#,
            #""added": { "$type": "Date?", "$format": "yyyy-MM-dd" }"#, #""tags": { "$type": ["String"], "$optional": true }"#,
            #""extra": { "$dict": "Int", "$optional": true }"#, #""pet": "Pet?""#, #""$doc": "An item.""#,
            // A discriminator with a partial mapping: the rest are tagged by schema name.
            #""cat": "Cat""#, #""Dog": "Dog""#, #""$discriminator": "type""#,
            // Operations.
            #""name": "getItem""#, #""kind": "private""#, #""itemId": "Int64""#,
            #""expand": { "$type": [{ "$enum": ["owner", "tags"] }], "$optional": true }"#, #""X-Trace": "UUID""#,
            #""response": "Item""#, #""error": "Problem""#, #""doc": "One item.""#,
            #""kind": "Key""#, #""photo": "File""#, #""note": "String?""#, #""bodyEncoding": "multipart""#,
            #""name": "getPing""#, #""response": "String""#,
        ] {
            #expect(spec.contains(expected), "missing \(expected) in\n\(spec)")
        }
        #expect(!spec.contains(#""Id":"#), "a scalar schema is inlined, not declared")
        #expect(imported.customKinds.map(\.name) == ["Key"])
        #expect(imported.customKinds.first?.detail == "sends the API key in the header 'X-API-Key'")
    }

    @Test func unreadableDocumentsAreLocatedErrors() {
        let yaml = OpenAPIImporter.importDocument(bytes: Array("openapi: 3.0.0\npaths: [\n".utf8), path: "bad.yaml")
        #expect(yaml.diagnostics.map(\.description) == ["bad.yaml:3:1: error: unterminated flow sequence"] || yaml.diagnostics.first?.location.line == 2, "\(yaml.diagnostics)")
        #expect(yaml.spec.isEmpty)
        let swagger1 = OpenAPIImporter.importDocument(bytes: Array(#"{"swagger": "1.2"}"#.utf8), path: "old.json")
        #expect(swagger1.diagnostics.map(\.description) == ["old.json:1:13: error: OpenAPI 1.2 is not supported; dtogen reads 2.0 (Swagger), 3.0 and 3.1"])
        let notOpenAPI = OpenAPIImporter.importDocument(bytes: Array("name: x\n".utf8), path: "x.yaml")
        #expect(notOpenAPI.diagnostics.first?.message == "not an OpenAPI document: no 'openapi' or 'swagger' key")
    }

    /// Found while importing two petstores into one module: the same factory from two specs.
    @Test func twoSpecsWithOneFactoryAreAModuleError() {
        let a = #"{ "endpoints": [{ "name": "deletePet", "method": "DELETE", "path": "/pets/{id}", "params": { "id": "Int" } }] }"#
        let (b, location) = marked(#"{ "endpoints": [{ "name": «"deletePet", "method": "DELETE", "path": "/v2/pets/{id}", "params": { "id": "Int" } }] }"#)
        let result = generate([("a.json", a), ("b.json", b)])
        #expect(result.diagnostics.map(\.description) == ["b.json:\(location!): error: endpoint 'deletePet' gives the same factory as one in a.json:1:27 (same kind, response and arguments); generated factories share one module, so rename one"])
        #expect(result.diagnostics.first?.isModuleWide == true)
        // Other argument types overload, which Swift allows.
        let c = #"{ "endpoints": [{ "name": "deletePet", "method": "DELETE", "path": "/v3/pets/{id}", "params": { "id": "String" } }] }"#
        #expect(!generate([("a.json", a), ("c.json", c)]).hasErrors)
    }
}
