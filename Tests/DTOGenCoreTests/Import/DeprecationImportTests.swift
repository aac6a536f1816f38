import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// OpenAPI's `deprecated: true` on operations, parameters, schemas and properties is
/// imported as `deprecated` and `$deprecated`; the generated code compiles without a warning
/// and the app's uses warn. `dtogen diff` reports what a new version deprecates as a notice.
struct DeprecationImportTests {
    static func document(deprecating: Bool) -> String {
        let flag = deprecating ? "true" : "false"
        return """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            servers: [{ url: "https://pets.example" }]
            paths:
              /pets:
                get:
                  operationId: listPets
                  deprecated: \(flag)
                  parameters:
                    - { name: tag, in: query, deprecated: \(flag), schema: { type: string } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Pet" } } } } }
              /owners:
                get:
                  operationId: listOwners
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Owner" } } } }
            components:
              schemas:
                Owner:
                  type: object
                  deprecated: \(flag)
                  properties: { name: { type: string } }
                Pet:
                  type: object
                  required: [id]
                  properties:
                    id: { type: integer }
                    nickname: { type: string, deprecated: \(flag) }
                    owner: { $ref: "#/components/schemas/Owner" }
            """
    }

    @Test func deprecatedPartsAreImportedAndOnlyTheAppWarns() throws {
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(Self.document(deprecating: true).utf8), path: "pets.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for line in [
            #""deprecated": true"#, #""tag": { "$type": "String?", "$deprecated": true }"#,
            #""nickname": { "$type": "String?", "$deprecated": true }"#,
            #""Owner": {\#n      "name": "String?",\#n      "$deprecated": true\#n    }"#,
        ] {
            #expect(imported.spec.contains(line), "\(line)\n\(imported.spec)")
        }
        let result = generate(imported.spec, path: "pets.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let app = """
            import DTORuntime
            func use(_ pet: Pet) {
                _ = Endpoint<EndpointKinds.Public, [Pet]>.listPets(tag: nil)
                _ = pet.nickname
                _ = pet.id
            }
            """
        let run = try Swiftc.typecheck(result.files, with: app, runtime: .module)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            DeprecationTests.warnings(run.output).map(DeprecationTests.appWarning) == [
                "3: 'listPets(tag:)' is deprecated", "4: 'nickname' is deprecated",
            ], "\(run.output)")
    }

    @Test func diffSaysWhatANewVersionDeprecates() {
        func inputs(_ deprecating: Bool) -> [SpecInput] {
            let imported = OpenAPIImporter.importDocument(
                bytes: Array(Self.document(deprecating: deprecating).utf8), path: "pets.yaml")
            return [SpecInput(path: "pets.json", bytes: Array(imported.spec.utf8))]
        }
        let diff = APIDiff.compare(old: inputs(false), new: inputs(true))
        #expect(!diff.hasErrors, "\(diff.diagnostics)")
        let deprecations = diff.changes.filter { $0.message.hasPrefix("deprecated now") }
        #expect(
            deprecations.map { "\($0.severity) \($0.symbol)" }.sorted() == [
                "non-breaking Endpoint.listPets", "non-breaking Endpoint.listPets(tag:)", "non-breaking Owner",
                "non-breaking Pet.nickname",
            ], "\(diff.changes)")
    }
}
