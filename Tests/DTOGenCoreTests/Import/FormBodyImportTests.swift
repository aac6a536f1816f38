import Foundation
import Testing
@testable import DTOGenCore

/// How import says a form body is written: OpenAPI's default for a form field that is an
/// array or object (exploded: the key repeated), brackets where the media type's `encoding`
/// says `deepObject` (Stripe), its `form` unexploded, `spaceDelimited` and `pipeDelimited`
/// arrays as one value, and Swagger 2.0's `formData` arrays as their `collectionFormat` says
/// (`multi` repeated; `csv`, the default, `ssv` and `pipes` one delimited value), never in
/// brackets.
struct FormBodyImportTests {
    /// A Swagger 2.0 document's start, up to its paths, for form bodies.
    static let swaggerForms = """
        swagger: "2.0"
        info: { title: Pets, version: "1" }
        host: pets.example
        consumes: [application/x-www-form-urlencoded]
        paths:
        """

    @Test func formBodiesAreWrittenAsTheDocumentSays() throws {
        let document = """
            \(Self.swaggerForms)
              /pets/{id}:
                post:
                  operationId: updatePet
                  parameters:
                    - { name: id, in: path, required: true, type: string }
                    - { name: name, in: formData, type: string }
                    - { name: tags, in: formData, type: array, items: { type: string }, collectionFormat: multi }
                    - { name: colors, in: formData, type: array, items: { type: string } }
                    - { name: sizes, in: formData, type: array, items: { type: integer }, collectionFormat: pipes }
                    - { name: moods, in: formData, type: array, items: { type: string }, collectionFormat: ssv }
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
        // `$explode: false` only where it is not the style's default.
        #expect(spec.contains(#""colors": { "$style": "form", "$explode": false }"#), "\(spec)")
        #expect(spec.contains(#""moods": { "$style": "spaceDelimited" }"#), "\(spec)")
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, Void>.updatePet(
                id: "p1", body: UpdatePetBody(name: "Rex", tags: ["a b", "c"], colors: ["red", "blue"], sizes: [1, 2], moods: ["calm"])
            ).makeRequest(baseURL: PetsAPI.baseURL, with: ())
            print(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            // An empty array is left out, as it is repeated.
            let empty = try Endpoint<EndpointKinds.Public, Void>.updatePet(
                id: "p1", body: UpdatePetBody(name: "Rex", colors: [])
            ).makeRequest(baseURL: PetsAPI.baseURL, with: ())
            print(String(decoding: empty.httpBody ?? Data(), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(spec, main: main)
        #expect(
            run.output == "colors=red%2Cblue&moods=calm&name=Rex&sizes=1%7C2&tags=a+b&tags=c\nname=Rex\n",
            "\(run.output)")
    }

    /// A form field whose name starts with `$` (`$filter`) is a field like the others: the
    /// spec escapes it (`$$filter`), where it was read as a modifier (the endpoint left out).
    @Test func aFormFieldNamedWithADollarIsAField() throws {
        let document = """
            \(Self.swaggerForms)
              /pets:
                post:
                  operationId: findPets
                  parameters:
                    - { name: $filter, in: formData, type: string, required: true }
                    - { name: $type, in: formData, type: string }
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.spec.contains(#""$$filter": "String""#), "\(imported.spec)")
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, Void>.findPets(
                body: FindPetsBody(filter: "a b", type: "cat")
            ).makeRequest(baseURL: PetsAPI.baseURL, with: ())
            print(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "%24filter=a+b&%24type=cat\n", "\(run.output)")
    }

    /// OpenAPI 3: a form body's `encoding` says an array field is one value.
    @Test func anEncodingStyleWritesAnArrayAsOneValue() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Search, version: "1" }
            servers: [{ url: "https://search.example" }]
            paths:
              /search:
                post:
                  operationId: search
                  requestBody:
                    content:
                      application/x-www-form-urlencoded:
                        schema:
                          type: object
                          properties:
                            ids: { type: array, items: { type: integer } }
                            words: { type: array, items: { type: string } }
                            kinds: { type: array, items: { type: string } }
                        encoding:
                          ids: { style: form, explode: false }
                          words: { style: spaceDelimited }
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "search.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, Void>.search(
                body: SearchBody(ids: [1, 2], words: ["a", "b"], kinds: ["x", "y"])
            ).makeRequest(baseURL: SearchAPI.baseURL, with: ())
            print(String(decoding: request.httpBody ?? Data(), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "ids=1%2C2&kinds=x&kinds=y&words=a+b\n", "\(run.output)")
    }
}
