import Foundation
import Testing
@testable import DTOGenCore

/// Parameters as documents write them: OpenAPI 3's `style` and `explode` on path, query and
/// header parameters, Swagger 2.0's `collectionFormat` (csv unless it says otherwise), read
/// by import into `$style`/`$explode` and sent by the generated factories as the OpenAPI
/// table writes them.
struct ParameterStyleTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Styles, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /colors/{ids}/{labels}/{matrix}/{exploded}:
            get:
              operationId: colors
              parameters:
                - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } } }
                - { name: labels, in: path, required: true, style: label, schema: { type: array, items: { type: string } } }
                - { name: matrix, in: path, required: true, style: matrix, schema: { type: array, items: { type: string } } }
                - { name: exploded, in: path, required: true, style: matrix, explode: true, schema: { type: array, items: { type: string } } }
                - { name: form, in: query, schema: { type: array, items: { type: string } } }
                - { name: csv, in: query, explode: false, schema: { type: array, items: { type: string } } }
                - { name: space, in: query, style: spaceDelimited, schema: { type: array, items: { type: string } } }
                - { name: pipe, in: query, style: pipeDelimited, schema: { type: array, items: { type: string } } }
                - { name: color, in: query, schema: { $ref: "#/components/schemas/Color" } }
                - { name: flat, in: query, explode: false, schema: { $ref: "#/components/schemas/Color" } }
                - { name: deep, in: query, style: deepObject, schema: { $ref: "#/components/schemas/Color" } }
                - { name: expand, in: query, style: deepObject, explode: true, schema: { type: array, items: { type: string } } }
                - { name: X-Tags, in: header, schema: { type: array, items: { type: string } } }
              responses: { "204": { description: ok } }
        components:
          schemas:
            Color: { type: object, properties: { R: { type: integer }, G: { type: integer } } }
        """

    @Test func importedStylesAreSentAsTheDocumentSays() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "styles.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for written in [
            #""labels": { "$type": ["String"], "$style": "label" }"#,
            #""exploded": { "$type": ["String"], "$style": "matrix", "$explode": true }"#,
            #""form": { "$type": ["String"], "$optional": true }"#,
            #""csv": { "$type": ["String"], "$optional": true, "$explode": false }"#,
            #""color": { "$type": "Color?", "$style": "form" }"#,
            #""deep": "Color?""#,
            // Stripe's `expand`: an array in the deepObject style, sent as `expand[]=...`.
            #""expand": { "$type": ["String"], "$optional": true, "$style": "deepObject" }"#,
        ] {
            #expect(imported.spec.contains(written), "\(written) in \(imported.spec)")
        }
        let main = #"""
            import Foundation
            let endpoint = Endpoint<EndpointKinds.Public, Void>.colors(
                ids: [3, 4], labels: ["a", "b"], matrix: ["c", "d"], exploded: ["e", "f"],
                form: ["g", "h"], csv: ["i", "j"], space: ["k", "l"], pipe: ["m", "n"],
                color: Color(r: 1, g: 2), flat: Color(r: 3, g: 4), deep: Color(r: 5, g: nil), expand: ["q", "r"], xTags: ["o", "p"]
            )
            let request = try endpoint.makeRequest(baseURL: StylesAPI.baseURL, with: ())
            print(request.url?.absoluteString ?? "-")
            print(request.value(forHTTPHeaderField: "X-Tags") ?? "-")
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == """
            https://api.example.com/colors/3,4/.a.b/;matrix=c,d/;exploded=e;exploded=f?form=g&form=h&csv=i,j&space=k%20l&pipe=m%7Cn&G=2&R=1&flat=G,4,R,3&deep%5BR%5D=5&expand%5B%5D=q&expand%5B%5D=r
            o,p

            """, "\(run.output)")
    }

    /// Swagger 2.0's `collectionFormat`: `csv` by default (Petstore's `findPets` sends
    /// `tags=a,b`, which a server reads as two tags), `multi` repeats, `tsv` is left out.
    @Test func swaggerCollectionFormats() throws {
        let document = ##"""
            {"swagger":"2.0","info":{"title":"Pets","version":"1"},"host":"pets.example","paths":{"/pets":{"get":{"operationId":"findPets","parameters":[
              {"name":"tags","in":"query","type":"array","items":{"type":"string"}},
              {"name":"ids","in":"query","type":"array","items":{"type":"integer"},"collectionFormat":"multi"},
              {"name":"words","in":"query","type":"array","items":{"type":"string"},"collectionFormat":"ssv"},
              {"name":"tabs","in":"query","type":"array","items":{"type":"string"},"collectionFormat":"tsv"}],
              "responses":{"200":{"description":"ok"}}}}}}
            """##
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.json")
        #expect(!imported.hasErrors)
        #expect(imported.diagnostics.map(\.message) == ["#/paths/~1pets/get/parameters/3: query parameter 'tabs' is an array in the 'tsv' collection format, which dtogen does not write; left out"])
        #expect(imported.spec.contains(#""tags": { "$type": ["String"], "$optional": true, "$explode": false }"#), "\(imported.spec)")
        #expect(imported.spec.contains(#""ids": { "$type": ["Int"], "$optional": true }"#), "\(imported.spec)")
        #expect(imported.spec.contains(#""words": { "$type": ["String"], "$optional": true, "$style": "spaceDelimited" }"#), "\(imported.spec)")
    }

    /// A path key with a query template (`/search?term={term}`): each `{name}` is the query
    /// item of the parameter it names (declared `in: path`, so required), a fixed value is
    /// sent on every request, and a template no parameter declares is a String of its own.
    @Test func pathKeysWithAQueryTemplate() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Q, version: "1" }
            paths:
              /search?term={term}&amount={amount}&v=2&page={page}:
                get:
                  operationId: search
                  parameters:
                    - { name: term, in: path, required: true, schema: { type: string } }
                    - { name: amount, in: query, schema: { type: integer } }
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "q.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.spec.contains(#""query": {\#n        "v": { "$value": "2" },\#n        "term": "String",\#n        "amount": "Int?",\#n        "page": "String"\#n      }"#), "\(imported.spec)")
    }

    /// Cookie parameters (`in: cookie`) are the endpoint's `cookies`, sent together in one
    /// `Cookie` header, values escaped where a cookie cannot hold them, nil ones left out.
    @Test func cookieParametersAreSentInTheCookieHeader() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Cookies, version: "1" }
            servers: [{ url: "https://c.example" }]
            paths:
              /items:
                get:
                  operationId: items
                  parameters:
                    - { name: session, in: cookie, required: true, schema: { type: string } }
                    - { name: theme, in: cookie, schema: { type: string } }
                    - { name: ids, in: cookie, schema: { type: array, items: { type: integer } } }
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "cookies.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.spec.contains(#""cookies": {\#n        "session": "String",\#n        "theme": "String?",\#n        "ids": { "$type": ["Int"], "$optional": true }\#n      }"#), "\(imported.spec)")
        let main = #"""
            import Foundation
            for endpoint in [Endpoint<EndpointKinds.Public, Void>.items(session: "a b;c", ids: [3, 4]), .items(session: "x")] {
                let request = try endpoint.makeRequest(baseURL: CookiesAPI.baseURL, with: ())
                print(request.value(forHTTPHeaderField: "Cookie") ?? "-")
            }
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "session=a%20b%3Bc; ids=3,4\nsession=x\n", "\(run.output)")
    }

    /// The real Petstore (2.0, expanded): `findPets` sends its tags as one csv item.
    @Test func petstoreExpandedSendsTagsAsCSV() throws {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/openapi/oai-v2.0-petstore-expanded.yaml").path
        guard let bytes = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path)
        #expect(imported.spec.contains(#""tags": {"#) && imported.spec.contains(#""$explode": false"#), "\(imported.spec)")
    }
}
