import Foundation
import Testing
@testable import DTOGenCore

/// OpenAPI's `additionalProperties` beside `properties`: the keys a schema allows beside the
/// ones it declares are kept (`$additionalProperties`), not dropped with a warning.
struct AdditionalPropertiesImportTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Apps, version: "1" }
        paths:
          /apps/{id}:
            get:
              operationId: getApp
              parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/App" } } } }
          /installations:
            get:
              operationId: getInstallation
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          permissions: { type: object, properties: { issues: { type: string } }, additionalProperties: { type: string } }
        components:
          schemas:
            App:
              type: object
              additionalProperties: true
              properties:
                id: { type: integer }
                additional_properties: { type: string }
                permissions: { type: object, properties: { issues: { type: string } }, additionalProperties: { type: string } }
                limits: { type: object, properties: { default: { type: integer } }, additionalProperties: { type: object, properties: { max: { type: integer } } } }
                closed: { type: object, properties: { a: { type: string } }, additionalProperties: false }
        """

    @Test func keysBesideTheDeclaredOnesAreKept() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "apps.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = imported.spec
        let json = try #require(JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
        let types = try #require(json["types"] as? [String: [String: Any]])
        let app = try #require(types["App"])
        // `true`: any JSON, under a name no declared key takes.
        #expect(
            app["$additionalProperties"] as? [String: String]
                == ["$type": "JSON", "$name": "additionalProperties2"], "\(spec)")
        // A schema: its shape; the shape two places write is one shared type, extras and all.
        #expect(app["permissions"] as? String == "PermissionsObject?")
        #expect(types["PermissionsObject"]?["$additionalProperties"] as? String == "String")
        let limits = try #require(app["limits"] as? [String: Any])
        #expect(limits["$additionalProperties"] as? [String: String] == ["max": "Int?"])
        // `false` keeps nothing beside the declared keys.
        let closed = try #require(app["closed"] as? [String: Any])
        #expect(closed["$additionalProperties"] == nil)

        let result = Generator.generate([SpecInput(path: "apps.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("let additionalProperties2: [String: DTORuntime.JSONValue]"))
        #expect(dtos.contains("let additionalProperties: [String: String]"))
        #expect(dtos.contains("enum CodingKeys: String, CodingKey, CaseIterable {"))
    }

    /// `allOf`: other keys are kept when a part allows them and none forbids them (GitHub's
    /// app from a manifest: the app's schema and a part with its secrets).
    @Test func allOfPartsThatAllowOtherKeys() throws {
        func imported(_ second: String) -> String {
            let document = """
                openapi: 3.0.0
                info: { title: Apps, version: "1" }
                paths:
                  /apps:
                    post:
                      operationId: createApp
                      responses:
                        "201":
                          description: ok
                          content:
                            application/json:
                              schema:
                                allOf:
                                  - { type: object, properties: { id: { type: integer } } }
                                  - { type: object, properties: { pem: { type: string } }, \(second) }
                """
            return OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "apps.yaml").spec
        }
        #expect(imported("additionalProperties: true").contains(#""$additionalProperties": "JSON""#))
        #expect(imported("additionalProperties: { type: integer }").contains(#""$additionalProperties": "Int""#))
        #expect(!imported("additionalProperties: false").contains("$additionalProperties"))
        #expect(!imported("description: secrets").contains("$additionalProperties"))
    }
}
