import Foundation
import Testing
@testable import DTOGenCore

/// How import says a form body is written: OpenAPI's default for a form field that is an
/// array or object (exploded: the key repeated), brackets where the media type's `encoding`
/// says `deepObject` (Stripe), and Swagger 2.0's `formData` arrays repeated, never in
/// brackets.
struct FormBodyImportTests {
    @Test func formBodiesAreWrittenAsTheDocumentSays() throws {
        let document = """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: pets.example
            consumes: [application/x-www-form-urlencoded]
            paths:
              /pets/{id}:
                post:
                  operationId: updatePet
                  parameters:
                    - { name: id, in: path, required: true, type: string }
                    - { name: name, in: formData, type: string }
                    - { name: tags, in: formData, type: array, items: { type: string }, collectionFormat: multi }
                  responses: { "204": { description: ok } }
                put:
                  operationId: renamePet
                  parameters:
                    - { name: id, in: path, required: true, type: string }
                    - { name: name, in: formData, type: string }
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = imported.spec
        #expect(spec.components(separatedBy: #""bodyEncoding": "formExploded""#).count == 2, "\(spec)")
        #expect(spec.components(separatedBy: #""bodyEncoding": "form""#).count == 2, "\(spec)")
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, Void>.updatePet(
                id: "p1", body: UpdatePetBody(name: "Rex", tags: ["a b", "c"])
            ).makeRequest(baseURL: PetsAPI.baseURL, with: ())
            print(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(spec, main: main)
        #expect(run.output == "name=Rex&tags=a+b&tags=c\n", "\(run.output)")
    }
}
