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
        #expect(
            run.output == """
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
        #expect(
            imported.diagnostics.map(\.message) == [
                "#/paths/~1pets/get/parameters/3: query parameter 'tabs' is an array in the 'tsv' collection format, which dtogen does not write; left out"
            ])
        #expect(
            imported.spec.contains(#""tags": { "$type": ["String"], "$optional": true, "$explode": false }"#),
            "\(imported.spec)")
        #expect(imported.spec.contains(#""ids": { "$type": ["Int"], "$optional": true }"#), "\(imported.spec)")
        #expect(
            imported.spec.contains(#""words": { "$type": ["String"], "$optional": true, "$style": "spaceDelimited" }"#),
            "\(imported.spec)")
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
        #expect(
            imported.spec.contains(
                #""query": {\#n        "v": { "$value": "2" },\#n        "term": "String",\#n        "amount": "Int?",\#n        "page": "String"\#n      }"#
            ), "\(imported.spec)")
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
        #expect(
            imported.spec.contains(
                #""cookies": {\#n        "session": "String",\#n        "theme": "String?",\#n        "ids": { "$type": ["Int"], "$optional": true }\#n      }"#
            ), "\(imported.spec)")
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

    /// What the issue found left out of real documents, now sent as the document says:
    /// `content: application/json` parameters (Linode's `X-Filter`) as JSON text, values
    /// typed only as JSON (`JSONValue`, an array of Kubernetes's `IntOrString`) as their
    /// scalars, `allowReserved`, `OPTIONS`, bytes under `*/*`, and dates in a dictionary
    /// (Kubernetes's `disruptedPods`), read by both decoders.
    @Test func jsonParametersOptionsAndDateDictionaries() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Devices, version: "1" }
            servers: [{ url: "https://api.example.com" }]
            paths:
              /devices/{id}:
                parameters:
                  - { name: id, in: path, required: true, schema: { $ref: "#/components/schemas/DeviceID" } }
                get:
                  operationId: getDevice
                  parameters:
                    - { name: ports, in: query, schema: { type: array, items: { $ref: "#/components/schemas/IntOrString" } } }
                    - { name: csv, in: query, explode: false, schema: { type: array, items: { $ref: "#/components/schemas/IntOrString" } } }
                    - { name: anything, in: query, schema: {} }
                    - { name: filter, in: query, content: { application/json: { schema: { type: object, properties: { status: { type: string }, tags: { type: array, items: { type: string } } } } } } }
                    - { name: path, in: query, allowReserved: true, schema: { type: string } }
                    - { name: X-Filter, in: header, content: { application/json: { schema: { type: object, properties: { "+order": { type: string } } } } } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Device" } } } }
                options:
                  operationId: deviceOptions
                  responses: { "204": { description: ok } }
              /upload:
                put:
                  operationId: upload
                  requestBody: { content: { "*/*": { schema: { type: string, format: binary } } } }
                  responses: { "204": { description: ok } }
            components:
              schemas:
                DeviceID: { type: string }
                IntOrString: { oneOf: [{ type: integer }, { type: string }] }
                Device:
                  type: object
                  required: [id, seen]
                  properties:
                    id: { $ref: "#/components/schemas/DeviceID" }
                    seen: { type: object, additionalProperties: { type: string, format: date-time } }
                    lastSeen: { type: object, additionalProperties: { type: string, format: date-time } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "devices.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for written in [
            #""$style": "json""#, #""$allowReserved": true"#, #""method": "OPTIONS""#,
            #""contentType": "application/octet-stream""#,
        ] {
            #expect(imported.spec.contains(written), "\(written) in \(imported.spec)")
        }
        let main = #"""
            import Foundation
            let endpoint = Endpoint<EndpointKinds.Public, Device>.getDevice(
                id: "d 1", ports: [.int(80), .string("http")], csv: [.int(1), .string("a,b")], anything: .array([.integer(1), .string("x y")]),
                filter: GetDeviceFilter(status: "active", tags: ["a/b"]), path: "/a/b:c&d=e", xFilter: GetDeviceXFilter(order: "name")
            )
            let request = try endpoint.makeRequest(baseURL: DevicesAPI.baseURL, with: ())
            print(request.url?.absoluteString ?? "-")
            print(request.value(forHTTPHeaderField: "X-Filter") ?? "-")
            print(try Endpoint<EndpointKinds.Public, Void>.deviceOptions(id: "d1").makeRequest(baseURL: DevicesAPI.baseURL, with: ()).httpMethod ?? "-")
            let upload = try Endpoint<EndpointKinds.Public, Void>.upload(body: Data([1, 2])).makeRequest(baseURL: DevicesAPI.baseURL, with: ())
            print(upload.value(forHTTPHeaderField: "Content-Type") ?? "-")
            let json = Data(#"{"id": "d1", "seen": {"a": "2020-01-01T00:00:00Z", "b": "2020-01-01T00:00:01.5+01:00"}, "lastSeen": null}"#.utf8)
            for device in [try JSONDecoder().decode(Device.self, from: json), try FastDecoder().decodeWithoutFallback(Device.self, from: json)] {
                print(device.seen.keys.sorted().map { "\($0)=\(device.seen[$0]!.timeIntervalSince1970)" }, device.lastSeen == nil)
            }
            let encoded = try JSONEncoder().encode(Device(id: "d2", seen: ["c": Date(timeIntervalSince1970: 0)]))
            print(try JSONDecoder().decode(Device.self, from: encoded).seen["c"]!.timeIntervalSince1970)
            do {
                _ = try JSONDecoder().decode(Device.self, from: Data(#"{"id": "d1", "seen": {"a": "yesterday"}}"#.utf8))
                print("decoded a wrong date")
            } catch {
                print("wrong date refused")
            }
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(
            run.output == """
                https://api.example.com/devices/d%201?ports=80&ports=http&csv=1,a%2Cb&anything=1&anything=x%20y&filter=%7B%22status%22%3A%22active%22%2C%22tags%22%3A%5B%22a%2Fb%22%5D%7D&path=/a/b:c%26d%3De
                {"+order":"name"}
                OPTIONS
                application/octet-stream
                ["a=1577836800.0", "b=1577833201.5"] true
                ["a=1577836800.0", "b=1577833201.5"] true
                0.0
                wrong date refused

                """, "\(run.output)")
    }

    /// The real Petstore (2.0, expanded): `findPets` sends its tags as one csv item.
    @Test func petstoreExpandedSendsTagsAsCSV() throws {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/conformance/openapi/oai-v2.0-petstore-expanded.yaml"
        ).path
        guard let bytes = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path)
        #expect(
            imported.spec.contains(#""tags": {"#) && imported.spec.contains(#""$explode": false"#), "\(imported.spec)")
    }
}
