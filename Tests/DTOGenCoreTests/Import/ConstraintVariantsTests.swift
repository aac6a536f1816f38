import Foundation
import Testing
@testable import DTOGenCore

/// A `oneOf` or `anyOf` whose variants only say which keys must be present (GitHub's gist
/// update) is a rule about the object the schema declares, not a choice of types: the body
/// is that object, not a one-of of two JSON values.
struct ConstraintVariantsTests {
    @Test func variantsThatOnlyRequireKeysAreRulesNotChoices() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Gists, version: "1" }
            servers: [{ url: "https://gists.example" }]
            paths:
              /gists/{id}:
                patch:
                  operationId: updateGist
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content:
                      application/json:
                        schema:
                          type: object
                          nullable: true
                          properties:
                            description: { type: string }
                            files: { type: object, additionalProperties: { type: object, properties: { content: { type: string } } } }
                          anyOf: [{ required: [description] }, { required: [files] }]
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "gists.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(!imported.spec.contains("$oneOf"), "\(imported.spec)")
        let main = #"""
            import Foundation
            let endpoint = Endpoint<EndpointKinds.Public, Void>.updateGist(
                id: "g1", body: UpdateGistBody(description: "Notes"))
            let request = try endpoint.makeRequest(baseURL: GistsAPI.baseURL, with: ())
            print(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "{\"description\":\"Notes\"}\n", "\(run.output)")
    }
}
