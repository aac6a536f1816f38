import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `dtogen import`: every real document in `../shared/conformance/openapi` (read in place,
/// when it is there) imports, generates and type-checks; the mapping rules of spec-format-2
/// §12, one by one, on a small document.
struct OpenAPIImportTests {
    static let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/openapi")

    static func documents() throws -> [String] {
        guard FileManager.default.fileExists(atPath: folder.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".json") || $0.hasSuffix(".yaml")
        }.sorted()
    }

    /// One document after another: each runs `swiftc`, and in parallel they would starve the
    /// timing-sensitive end-to-end tests on a 2-core machine.
    @Test func realDocumentsImportGenerateAndTypeCheck() throws {
        let documents = try Self.documents()
        guard !documents.isEmpty else { return }
        #expect(documents.count >= 13)
        for document in documents {
            try check(document)
        }
    }

    func check(_ document: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(document)))
        let imported = OpenAPIImporter.importDocument(bytes: bytes, path: document)
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            OpenAPIImporter.importDocument(bytes: bytes, path: document).spec == imported.spec,
            "import is not deterministic")
        let result = Generator.generate(
            [SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))],
            options: GeneratorOptions(runtimeModule: nil))
        #expect(!result.hasErrors, "\(result.diagnostics.filter { $0.severity == .error })\n\(imported.spec)")
        guard !result.hasErrors else { return }
        let checked = try Swiftc.typecheck(
            result.files, with: Self.app(writing: imported.customKinds, importsRuntime: false), runtime: .sources)
        #expect(checked.status == 0, "\(document): \(Swiftc.errors(checked.output))")
    }

    /// The app's code beside imported output: the kinds the app writes itself (API keys,
    /// basic auth), as `import` tells a user to.
    static func app(writing kinds: [(name: String, detail: String)], importsRuntime: Bool) -> String {
        let declarations = kinds.map { kind in
            "struct \(kind.name): EndpointKind { static func prepare(_ request: inout URLRequest, with data: String) { request.setValue(data, forHTTPHeaderField: \"Authorization\") } }"
        }
        return
            (["import Foundation", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"]
            + (importsRuntime ? ["import DTORuntime"] : []) + declarations).joined(separator: "\n")
    }

    /// An imported spec generated as apps use it, built with `main` (which sees DTORuntime
    /// imported, with the SPI tests use to tell the fast path's result) and run: the generation's diagnostics and what the program printed.
    static func generateAndRun(_ spec: String, main: String) throws -> (diagnostics: [Diagnostic], output: String) {
        let result = Generator.generate([SpecInput(path: "imported.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        guard !result.hasErrors else { return (result.diagnostics, "") }
        let run = try Swiftc.buildAndRun(result.files, main: "@_spi(Testing) import DTORuntime\n" + main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        return (result.diagnostics, run.output)
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
              tags: [health]
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
        // A schema's reference to a schema the document lacks is JSON, with one warning at its
        // line; the rest is translated.
        #expect(imported.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(
            imported.diagnostics.contains {
                $0.description
                    == "shop.yaml:65:22: warning: #/components/schemas/Missing: the reference '#/components/schemas/Nope' does not resolve (no 'Nope'); read as JSON (and wherever else it is used) [DTG4022]"
            })
        #expect(spec.contains(#""Missing": "JSON""#))
        #expect(
            spec.contains(#""cookies": {\#n        "session": "String?"\#n      }"#),
            "a cookie parameter is one of the endpoint's cookies")
        for expected in [
            #""baseURL": "https://api.example.com/v1""#,
            // allOf merged, required decides optionality, formats, 3.1 type arrays, additionalProperties, `$` keys.
            #""id": "UUID""#, #""$$kind": "String?""#, #""price": "Decimal""#,
            #""added": { "$type": "Date?", "$format": "yyyy-MM-dd" }"#,
            #""tags": { "$type": ["String"], "$optional": true }"#,
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
        // An API key in a header is a kind the spec declares: no code of the app's.
        #expect(imported.customKinds.isEmpty)
        #expect(spec.contains(#""Key": {\#n      "apiKey": {\#n        "header": "X-API-Key""#), "\(spec)")
    }

    @Test func unreadableDocumentsAreLocatedErrors() {
        let yaml = OpenAPIImporter.importDocument(bytes: Array("openapi: 3.0.0\npaths: [\n".utf8), path: "bad.yaml")
        #expect(
            yaml.diagnostics.map(\.description) == ["bad.yaml:3:1: error: unterminated flow sequence"]
                || yaml.diagnostics.first?.location.line == 2, "\(yaml.diagnostics)")
        #expect(yaml.spec.isEmpty)
        let swagger1 = OpenAPIImporter.importDocument(bytes: Array(#"{"swagger": "1.2"}"#.utf8), path: "old.json")
        #expect(
            swagger1.diagnostics.map(\.description) == [
                "old.json:1:13: error: OpenAPI 1.2 is not supported; dtogen reads 2.0 (Swagger), 3.0 and 3.1 [DTG4044]"
            ])
        let notOpenAPI = OpenAPIImporter.importDocument(bytes: Array("name: x\n".utf8), path: "x.yaml")
        #expect(notOpenAPI.diagnostics.first?.message == "not an OpenAPI document: no 'openapi' or 'swagger' key")
    }

    /// Found while importing two petstores into one module: the same factory from two specs.
    @Test func twoSpecsWithOneFactoryAreAModuleError() {
        let a =
            #"{ "endpoints": [{ "name": "deletePet", "method": "DELETE", "path": "/pets/{id}", "params": { "id": "Int" } }] }"#
        let (b, location) = marked(
            #"{ "endpoints": [{ "name": «"deletePet", "method": "DELETE", "path": "/v2/pets/{id}", "params": { "id": "Int" } }] }"#
        )
        let result = generate([("a.json", a), ("b.json", b)])
        #expect(
            result.diagnostics.map(\.description) == [
                "b.json:\(location!): error: endpoint 'deletePet' gives the same factory as one in a.json:1:27 (same kind, response and arguments); generated factories share one module, so rename one [DTG3072]"
            ])
        #expect(result.diagnostics.first?.isModuleWide == true)
        // Other argument types overload, which Swift allows.
        let c =
            #"{ "endpoints": [{ "name": "deletePet", "method": "DELETE", "path": "/v3/pets/{id}", "params": { "id": "String" } }] }"#
        #expect(!generate([("a.json", a), ("c.json", c)]).hasErrors)
    }

    /// `"openapi"` in a spec: the document's types and endpoints on every run, a subset by
    /// `operations`, the spec's additions per operation, and located mistakes.
    @Test func aSpecBackedByADocument() throws {
        let document = Array(
            Self.document.replacingOccurrences(of: "    Missing: { $ref: \"#/components/schemas/Nope\" }", with: "")
                .utf8)
        let spec = """
            {
              "openapi": "../docs/shop.yaml",
              "operations": ["get-item", "tag:health"],
              "endpoints": [
                { "name": "getItem", "kind": "public", "doc": "An item, without a token." }
              ]
            }
            """
        var input = SpecInput(path: "specs/shop.json", bytes: Array(spec.utf8), files: ["docs/shop.yaml": document])
        var result = Generator.generate([input])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(
                "extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.Public, Item> {\n    /// An item, without a token."
            ))
        #expect(!endpoints.contains("postItems"), "not selected")
        // Only the types the selected endpoints reach.
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("struct Item:") && dtos.contains("struct Problem:") && !dtos.contains("struct Base:"))

        let (broken, locations) = marks(
            """
            {
              "openapi": "../docs/shop.yaml",
              "operations": ["get-item", «"get-itme", «"tag:nope"],
              "endpoints": [{ "name": «"postItems", "doc": "x" }, { "name": "getItem", «"path": "/x" }]
            }
            """)
        input.bytes = Array(broken.utf8)
        result = Generator.generate([input])
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.location) == locations)
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "../docs/shop.yaml has no operation 'get-itme'; did you mean 'get-item'?",
                "no operation of ../docs/shop.yaml has the tag 'nope'",
                "operation 'postItems' (endpoint 'postItems') is not among the spec's 'operations'; add it there",
                "'path' of 'getItem' comes from ../docs/shop.yaml; an entry for one of its operations sets only 'domain', 'kind', 'envelope', 'response', 'responseHeaders', 'error', 'errors', 'doc', 'examples'",
            ])
        input.files = [:]
        #expect(
            Generator.generate([input]).diagnostics.map(\.message).contains(
                "cannot read the OpenAPI document '../docs/shop.yaml'"))
    }

    /// `dtogen import --operations` / `--tags`: the operations asked for and only the types
    /// they reach; what translating a left-out type reported (here the unresolvable `Missing`)
    /// is left out with it; an operation or tag the document lacks is an error.
    @Test func aPartOfADocument() throws {
        let bytes = Array(Self.document.utf8)
        let item = OpenAPIImporter.importDocument(
            bytes: bytes, path: "shop.yaml", options: ImportOptions(operations: ["get-item"]))
        #expect(!item.hasErrors, "\(item.diagnostics)")
        let root = try JSONReader.parse(bytes: Array(item.spec.utf8))
        #expect(root["endpoints"]?.elements?.compactMap { $0["name"]?.stringValue } == ["getItem"])
        #expect(root["types"]?.members?.map(\.key) == ["Item", "Pet", "Cat", "Dog", "Problem"])
        let generated = Generator.generate([SpecInput(path: "shop.json", bytes: Array(item.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        #expect(!generated.diagnostics.contains { $0.message.contains("not used by any endpoint") })

        let health = OpenAPIImporter.importDocument(
            bytes: bytes, path: "shop.yaml", options: ImportOptions(operations: ["tag:health", "postItems"]))
        #expect(!health.hasErrors, "\(health.diagnostics)")
        let healthRoot = try JSONReader.parse(bytes: Array(health.spec.utf8))
        #expect(healthRoot["endpoints"]?.elements?.compactMap { $0["name"]?.stringValue } == ["postItems", "getPing"])
        #expect(healthRoot["types"] == nil)

        let wrong = OpenAPIImporter.importDocument(
            bytes: bytes, path: "shop.yaml", options: ImportOptions(operations: ["get-itme", "tag:helth"]))
        #expect(wrong.spec.isEmpty)
        #expect(
            wrong.diagnostics.filter { $0.severity == .error }.map(\.message) == [
                "no operation of shop.yaml has the tag 'helth'; did you mean 'health'?",
                "shop.yaml has no operation 'get-itme'; did you mean 'get-item'?",
            ])
        // The whole document still reports the broken schema (a warning: its use is JSON).
        #expect(
            OpenAPIImporter.importDocument(bytes: bytes, path: "shop.yaml").diagnostics.contains {
                $0.message.contains("'#/components/schemas/Nope' does not resolve")
            })
    }

    /// Box's, OpenAI's and Stripe's shapes: nullable component schemas are optional at each
    /// use, a nullable one-of variant makes the one-of optional, a `#fragment` path is an
    /// endpoint of its own, a schema named like a built-in is renamed. What the spec format
    /// still cannot express is left out with a reason at its line, and so is what uses it:
    /// import never writes a spec that generation rejects.
    @Test func documentsTheSpecFormatCannotSayAsWrittenImportAnyway() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Files, version: "1" }
            paths:
              /files/{id}:
                get:
                  operationId: getFile
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/File" } } } }
              /files/{id}#link:
                get:
                  operationId: getLink
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Link" } } } }
              /search?beta=true:
                get:
                  operationId: search
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Link" } } } }
              /times:
                get:
                  operationId: getTimes
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Times" } } } }
            components:
              schemas:
                File: { type: object, nullable: true, properties: { id: { type: string }, kind: { $ref: "#/components/schemas/Kind" } } }
                Kind: { oneOf: [{ type: string }, { type: integer }, { type: "null" }] }
                Link: { type: object, properties: { url: { type: string }, at: { oneOf: [{ type: string }, { type: integer, nullable: true }] } } }
                Times: { type: object, properties: { at: { type: object, additionalProperties: { type: array, items: { type: array, items: { type: string, format: date-time } } } } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "files.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            imported.diagnostics.map(\.description) == [
                "files.yaml:28:11: warning: #/components/schemas/File: 'File' is a built-in type of dtogen specs; this schema is imported as 'FileObject' [DTG4019]",
                "files.yaml:29:11: warning: #/components/schemas/Kind: 'Kind' is a generic parameter of the endpoints' factories; this schema is imported as 'KindObject' [DTG4019]",
            ])
        let spec = imported.spec
        #expect(
            spec.contains(#""FileObject": {"#) && spec.contains(#""response": "FileObject?""#),
            "a nullable schema is optional where it is used")
        #expect(
            spec.contains(#""kind": "KindObject?""#)
                && spec.contains(#""KindObject": { "$oneOf": ["String", "Int"] }"#),
            "a null variant makes the use optional")
        #expect(
            spec.contains(#""at": { "$oneOf": ["String", "Int"], "$optional": true }"#),
            "a nullable variant makes the one-of optional")
        #expect(
            spec.components(separatedBy: #""path": "/files/{id}""#).count == 3,
            "the #link variant is an endpoint of its own, on the path it sends")
        let result = Generator.generate([SpecInput(path: "files.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static func getLink(id: String) -> Self"))
        // Dates in arrays in a dictionary: read through the runtime's `DateNesting`.
        #expect(endpoints.contains("static var getTimes: Self"))
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("let at: [String: [[Date]]]?"))
        #expect(
            endpoints.contains("static var search: Self") && endpoints.contains(#"path: "/search""#)
                && endpoints.contains(#".init("beta", "true")"#), "a path key's query is sent as constant query items")
    }

    /// Which parameters a request can send is the resolver's rule alone: a query or header
    /// parameter it rejects is left out with its reason and the endpoint keeps the rest; a
    /// rejected path parameter leaves the endpoint out (its path names it). On a document
    /// written on one line, each error still leaves out only the part it is in. An object in
    /// the deepObject style is sent in the bracket style, in the form style as items of its own.
    @Test func parametersARequestCannotSendAreLeftOutAlone() throws {
        let document =
            ##"{"openapi":"3.0.0","info":{"title":"Find","version":"1"},"paths":{"/find":{"get":{"operationId":"find","parameters":[{"name":"q","in":"query","schema":{"type":"string"}},{"name":"filter","in":"query","schema":{"type":"object","properties":{"a":{"type":"string"}}}},{"name":"X-Ids","in":"header","schema":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}}],"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"n":{"type":"integer"}}}}}}}}},"/things/{where}":{"get":{"operationId":"thing","parameters":[{"name":"where","in":"path","required":true,"schema":{"$ref":"#/components/schemas/Where"}}],"responses":{"200":{"description":"ok"}}}},"/all":{"get":{"operationId":"all","responses":{"200":{"description":"ok"}}}},"/snapshots/{id}":{"delete":{"operationId":"deleteSnapshot","parameters":[{"name":"id","in":"path","required":true,"schema":{"anyOf":[{"type":"integer"},{"type":"string"}]}}],"responses":{"204":{"description":"gone"}}}},"/ranges":{"get":{"operationId":"ranges","parameters":[{"name":"created","in":"query","style":"deepObject","schema":{"type":"object","properties":{"gte":{"type":"integer"}}}},{"name":"since","in":"query","style":"deepObject","schema":{"anyOf":[{"type":"object","properties":{"gt":{"type":"integer"}}},{"type":"integer"}]}}],"responses":{"204":{"description":"ok"}}}}},"components":{"schemas":{"Where":{"type":"object","properties":{"x":{"type":"number"}}}}}}"##
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "find.json")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            imported.diagnostics.map(\.description) == [
                "find.json:1:305: warning: header 'X-Ids' of endpoint 'find' is left out: header 'X-Ids' must be a scalar, an enum, a Date, or an array of those; found [[Int]]?; any other value can be sent as its JSON text with '$style: \"json\"' [DTG4003]",
                "find.json:1:632: warning: endpoint 'thing' is left out: path parameter 'where' must be a scalar, an enum, a Date, or an array of those; found Where [DTG4002]",
            ])
        let result = Generator.generate([SpecInput(path: "find.json", bytes: Array(imported.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains("static func find(q: String? = nil, filter: FindFilter? = nil) -> Self"), "\(endpoints)")
        #expect(
            endpoints.contains(#".init("filter", object: filter)"#),
            "an object in the form style is sent as items of its own")
        #expect(endpoints.contains("static var all: Self"))
        #expect(!endpoints.contains("thing"))
        #expect(
            endpoints.contains("static func deleteSnapshot(id: String) -> Self"), "a choice of scalars is sent as text")
        #expect(
            endpoints.contains("created: RangesCreated? = nil")
                && endpoints.contains(#".init("created", deepObject: created)"#),
            "a deepObject parameter is sent in the bracket style")
        #expect(endpoints.contains(#".init("since", deepObject: since)"#), "so is Stripe's range-or-number")
    }

    /// A description split over files: operations, parameters, responses and schemas by
    /// relative reference (with and without a JSON pointer, JSON and YAML, a reference inside a
    /// referred file relative to that file). A schema in another file is one type however many
    /// paths reach it; a diagnostic points into the file that says it.
    @Test func documentsInSeveralFiles() throws {
        let files: [String: String] = [
            "api/root.yaml": """
            openapi: 3.0.0
            info: { title: Split, version: "1" }
            paths:
              /droplets:
                get: { $ref: "resources/droplets/list.yml" }
              /droplets/{id}:
                get: { $ref: "resources/droplets/get.yml" }
            components:
              schemas:
                Size: { $ref: "shared/models/size.json#/Size" }
            """,
            "api/resources/droplets/list.yml": """
            operationId: droplets_list
            parameters:
              - $ref: "parameters.yml#/per_page"
            responses:
              "200":
                $ref: "responses/all.yml"
              "401":
                $ref: "../../shared/responses/unauthorized.json"
            """,
            "api/resources/droplets/get.yml": """
            operationId: droplets_get
            parameters:
              - { in: path, name: id, required: true, schema: { type: integer } }
            responses:
              "200":
                description: one
                content:
                  application/json:
                    schema:
                      properties:
                        droplet: { $ref: "./models/droplet.yml" }
            """,
            "api/resources/droplets/parameters.yml": """
            per_page:
              in: query
              name: per_page
              schema: { type: integer }
            """,
            "api/resources/droplets/responses/all.yml": """
            description: all
            content:
              application/json:
                schema:
                  properties:
                    droplets: { type: array, items: { $ref: "../models/droplet.yml" } }
            """,
            "api/resources/droplets/models/droplet.yml": """
            type: object
            required: [id]
            properties:
              id: { type: integer }
              size: { $ref: "../../../shared/models/size.json#/Size" }
            """,
            "api/shared/models/size.json":
                #"{ "Size": { "type": "object", "properties": { "slug": { "type": "string" } } } }"#,
            "api/shared/responses/unauthorized.json":
                #"{ "description": "no", "content": { "application/json": { "schema": { "$ref": "../models/size.json#/Size" } } } }"#,
        ]
        let read: @Sendable (String) -> [UInt8]? = { path in files[path].map { Array($0.utf8) } }
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(try #require(files["api/root.yaml"]).utf8), path: "api/root.yaml", read: read)
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.otherFiles.sorted() == files.keys.filter { $0 != "api/root.yaml" }.sorted())
        let spec = imported.spec
        #expect(spec.contains(#""Droplet": {"#) && spec.contains(#""Size": {"#), "\(spec)")
        #expect(spec.components(separatedBy: #""Droplet": {"#).count == 2, "one type however many paths reach it")
        #expect(
            spec.components(separatedBy: #""Size": {"#).count == 2 && !spec.contains("Size2"),
            "a component that refers to another file is that schema's type")
        #expect(
            spec.contains(#""droplets": { "$type": ["Droplet"], "$optional": true }"#)
                && spec.contains(#""droplet": "Droplet?""#), "\(spec)")
        #expect(spec.contains(#""per_page": "Int?""#), "\(spec)")
        let result = Generator.generate([SpecInput(path: "split.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static func dropletsList(perPage: Int? = nil) -> Self"))
        #expect(endpoints.contains("static func dropletsGet(id: Int) -> Self"))

        // What cannot be followed is an error in the file that holds the reference.
        var broken = files
        broken["api/resources/droplets/get.yml"] = broken["api/resources/droplets/get.yml"]?.replacingOccurrences(
            of: "./models/droplet.yml", with: "./models/dropplet.yml")
        broken["api/resources/droplets/parameters.yml"] = "per_page: [unclosed"
        let brokenFiles = broken
        let reads: @Sendable (String) -> [UInt8]? = { path in brokenFiles[path].map { Array($0.utf8) } }
        let failed = OpenAPIImporter.importDocument(
            bytes: Array(try #require(files["api/root.yaml"]).utf8), path: "api/root.yaml", read: reads)
        let errors = failed.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(
            errors.contains {
                $0.hasPrefix("api/resources/droplets/get.yml:11:30: error: ")
                    && $0.contains("cannot read './models/dropplet.yml' (api/resources/droplets/models/dropplet.yml)")
            }, "\(errors)")
        #expect(
            errors.contains {
                $0.hasPrefix("api/resources/droplets/list.yml:3:11: error: ") && $0.contains("cannot be read")
            }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("api/resources/droplets/parameters.yml:1:") }, "\(errors)")
        // Without a way to read files, a reference to another file says so.
        let alone = OpenAPIImporter.importDocument(
            bytes: Array(try #require(files["api/root.yaml"]).utf8), path: "api/root.yaml")
        #expect(
            alone.diagnostics.map(\.description).first
                == "api/root.yaml:5:18: error: #/paths/~1droplets/get: cannot read 'resources/droplets/list.yml' (api/resources/droplets/list.yml), which the reference 'resources/droplets/list.yml' names [DTG4046]"
        )
    }

    /// A spec backed by a document in several files: the files its references name are read
    /// (here from the inputs, as the loader's reader would), and what one of them says is
    /// reported in it.
    @Test func aBackedSpecFollowsReferencesToOtherFiles() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Shop, version: "1" }
            paths:
              /items:
                get: { $ref: "ops/list.yaml" }
            """
        let list = """
            operationId: listItems
            parameters:
              - { in: query, name: filter, style: pipeDelimited, schema: { type: object, properties: { a: { type: string } } } }
            responses:
              "200":
                description: ok
                content: { application/json: { schema: { type: array, items: { $ref: "../models/item.yaml" } } } }
            """
        let item = "type: object\nrequired: [id]\nproperties: { id: { type: integer }, name: { type: string } }\n"
        let spec = #"{ "openapi": "../docs/shop.yaml" }"#
        let input = SpecInput(
            path: "specs/shop.json", bytes: Array(spec.utf8),
            files: [
                "docs/shop.yaml": Array(document.utf8), "docs/ops/list.yaml": Array(list.utf8),
                "docs/models/item.yaml": Array(item.utf8),
            ])
        let result = Generator.generate([input])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(
            result.diagnostics.map(\.description) == [
                "docs/ops/list.yaml:3:5: warning: #/paths/~1items/get/parameters/0: query parameter 'filter' is an object in the 'pipeDelimited' style; dtogen writes objects in query items only, in the 'form' or 'deepObject' style; left out [DTG4041]"
            ])
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("struct Item: Codable") && dtos.contains("let name: String?"))
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static var listItems: Self"))
    }

    /// OpenAI's one-ofs: variants told apart by a property each fixes to one value (`const`
    /// or a one-value `enum`) are tagged by it with no discriminator and no warning; a variant
    /// that is a one-of itself is replaced by its variants; a reference to an alias is the
    /// object it denotes; with a discriminator, a repeated tag decodes as the first variant
    /// (a warning names them). Generated code decodes each case by its tag.
    @Test func oneOfsTaggedByAPropertyEachVariantFixes() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Items, version: "1" }
            paths:
              /items:
                get:
                  operationId: listItems
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Item" } } } } }
              /inputs:
                post:
                  operationId: send
                  requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/InputItem" } } } }
                  responses: { "204": { description: ok } }
            components:
              schemas:
                Item:
                  oneOf:
                    - $ref: "#/components/schemas/Message"
                    - $ref: "#/components/schemas/Call"
                    - $ref: "#/components/schemas/Tools"
                Tools:
                  oneOf:
                    - $ref: "#/components/schemas/SearchAlias"
                    - { type: object, required: [type, pattern], properties: { type: { type: string, const: shell }, pattern: { type: string } } }
                SearchAlias: { $ref: "#/components/schemas/Search" }
                Message: { type: object, required: [type, text], properties: { type: { type: string, enum: [message] }, text: { type: string } } }
                Call: { type: object, required: [type, name], properties: { type: { type: string, const: function_call }, name: { type: string } } }
                Search: { type: object, required: [type, query], properties: { type: { type: string, const: search }, query: { type: string } } }
                Easy: { type: object, required: [role], properties: { type: { type: string, enum: [message] }, role: { type: string } } }
                InputItem:
                  oneOf:
                    - $ref: "#/components/schemas/Easy"
                    - $ref: "#/components/schemas/Item"
                  discriminator: { propertyName: type }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "items.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            imported.diagnostics.map(\.description) == [
                "items.yaml:34:22: warning: #/components/schemas/InputItem/oneOf: variants with the tag of an earlier one decode as that one: 'Message' (as 'Easy') [DTG4027]"
            ])
        let spec = imported.spec
        #expect(
            spec.contains(
                #""Item": {\#n      "$oneOf": {\#n        "message": "Message",\#n        "function_call": "Call",\#n        "search": "Search",\#n        "shell": "ShellObject"\#n"#
            ), "\(spec)")
        // The inline shell variant is written in Tools and (flattened) in Item: one type.
        #expect(
            spec.contains(
                #""Tools": {\#n      "$oneOf": {\#n        "search": "Search",\#n        "shell": "ShellObject"\#n"#),
            "\(spec)")
        #expect(
            spec.contains(#""ShellObject": {\#n      "type": "String",\#n      "pattern": "String"\#n    }"#), "\(spec)"
        )
        #expect(
            spec.contains(#""$discriminator": "type""#) && spec.contains(#""$unknown": true"#)
                && spec.contains(#""enums": "open""#), "open by default")
        let closed = OpenAPIImporter.importDocument(
            bytes: Array(document.utf8), path: "items.yaml", options: ImportOptions(closedEnums: true)
        ).spec
        #expect(!closed.contains(#""$unknown""#) && !closed.contains(#""enums""#))
        let main = #"""
            import Foundation
            let json = #"[{"type": "function_call", "name": "f"}, {"type": "message", "text": "hi"}, {"type": "shell", "pattern": "*"}, {"type": "search", "query": "q"}, {"type": "added_later"}]"#
            for item in try JSONDecoder().decode([Item].self, from: Data(json.utf8)) {
                switch item {
                case .functionCall(let call): print("call", call.name)
                case .message(let message): print("message", message.text)
                case .search(let search): print("search", search.query)
                case .shell(let shell): print("shell", shell.pattern)
                case .unknown: print("unknown")
                }
            }
            """#
        let run = try Self.generateAndRun(spec, main: main)
        #expect(!run.diagnostics.contains { $0.message.contains("cannot be told apart") }, "\(run.diagnostics)")
        #expect(run.output == "call f\nmessage hi\nshell *\nsearch q\nunknown\n", "\(run.output)")
    }

    /// Stripe's expandable fields with several object types (`BalanceTransaction.source`: an
    /// id, or an object tagged by `object`) and OpenAI's `"auto"` beside tagged objects: the
    /// variants that are no object are chosen by their JSON kind and the objects by their tag,
    /// so a charge is never read as the first object variant whose keys it has. An id beside a
    /// single object stays untagged. Generated code decodes each and nothing warns.
    @Test func oneOfsTaggedBesideAVariantOfAnotherKind() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Balance, version: "1" }
            paths:
              /balance_transactions:
                get:
                  operationId: listBalanceTransactions
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/balance_transaction" } } } } }
            components:
              schemas:
                balance_transaction:
                  type: object
                  required: [id, source, format]
                  properties:
                    id: { type: string }
                    source:
                      anyOf:
                        - { type: string, maxLength: 5000 }
                        - $ref: "#/components/schemas/application_fee"
                        - $ref: "#/components/schemas/charge"
                      nullable: true
                    customer:
                      anyOf: [{ type: string }, { $ref: "#/components/schemas/customer" }]
                    format:
                      oneOf:
                        - { type: string, enum: [auto] }
                        - { type: object, required: [type], properties: { type: { type: string, enum: [text] } } }
                        - { type: object, required: [type, schema], properties: { type: { type: string, enum: [json_schema] }, schema: { type: string } } }
                application_fee:
                  type: object
                  required: [id, object, amount]
                  properties: { id: { type: string }, object: { type: string, enum: [application_fee] }, amount: { type: integer } }
                charge:
                  type: object
                  required: [id, object, amount]
                  properties: { id: { type: string }, object: { type: string, enum: [charge] }, amount: { type: integer }, paid: { type: boolean } }
                customer:
                  type: object
                  required: [id]
                  properties: { id: { type: string }, email: { type: string } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "balance.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = imported.spec
        #expect(
            spec.contains(
                #""$oneOf": {\#n          "string": "String",\#n          "application_fee": "ApplicationFee",\#n          "charge": "Charge"\#n        },\#n        "$discriminator": "object""#
            ), "\(spec)")
        #expect(spec.contains(#""$oneOf": ["String", "Customer"]"#), "\(spec)")
        #expect(spec.contains(#""auto": { "$enum": ["auto"] }"#), "\(spec)")
        let main = #"""
            import Foundation
            let json = #"[{"id": "t1", "source": "ch_1", "customer": "cus_1", "format": "auto"}, {"id": "t2", "source": {"id": "ch_2", "object": "charge", "amount": 5}, "customer": {"id": "cus_2"}, "format": {"type": "json_schema", "schema": "s"}}, {"id": "t3", "source": {"id": "fee_1", "object": "application_fee", "amount": 1}, "format": {"type": "text"}}, {"id": "t4", "source": null, "format": {"type": "later"}}]"#
            for transaction in try JSONDecoder().decode([BalanceTransaction].self, from: Data(json.utf8)) {
                switch transaction.source {
                case .string(let id): print("id", id, terminator: " ")
                case .charge(let charge): print("charge", charge.id, terminator: " ")
                case .applicationFee(let fee): print("fee", fee.id, terminator: " ")
                case .unknown: print("unknown", terminator: " ")
                case nil: print("none", terminator: " ")
                }
                switch transaction.format {
                case .auto: print("auto")
                case .text: print("text")
                case .jsonSchema(let format): print("schema", format.schema)
                case .unknown: print("unknown")
                }
            }
            let again = try JSONDecoder().decode([BalanceTransaction].self, from: JSONEncoder().encode(JSONDecoder().decode([BalanceTransaction].self, from: Data(json.utf8))))
            print(again.count, again[1].source?.charge?.amount ?? -1)
            """#
        let run = try Self.generateAndRun(spec, main: main)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.output == "id ch_1 auto\ncharge ch_2 schema s\nfee fee_1 text\nnone unknown\n4 5\n", "\(run.output)")
    }

    /// What generation would have to decide with a warning, import decides: keys that give
    /// one Swift name get a `$name` (GitHub's `+1`/`-1`, Twilio's `StartTime<`/`StartTime>`,
    /// Kubernetes's path and query `path`), schemas no operation uses are generated quietly,
    /// an untagged object variant whose keys are some of another's is written before it, and
    /// one with another's keys and nothing to tell it apart is left out with one warning at
    /// import. Generating the spec then prints nothing.
    @Test func importDecidesWhatGenerationWouldWarnAbout() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Names, version: "1" }
            paths:
              /calls/{path}:
                get:
                  operationId: listCalls
                  parameters:
                    - { name: path, in: path, required: true, schema: { type: string } }
                    - { name: path, in: query, schema: { type: string } }
                    - { name: StartTime, in: query, schema: { type: string } }
                    - { name: StartTime<, in: query, schema: { type: string } }
                    - { name: StartTime>, in: query, schema: { type: string } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Reactions" } } } }
            components:
              schemas:
                Reactions:
                  type: object
                  properties:
                    "+1": { type: integer }
                    "-1": { type: integer }
                    sink: { oneOf: [{ $ref: "#/components/schemas/Elastic" }, { $ref: "#/components/schemas/Open" }, { $ref: "#/components/schemas/Small" }] }
                Elastic: { type: object, required: [url], properties: { url: { type: string }, index: { type: string } } }
                Open: { type: object, required: [url], properties: { url: { type: string }, index: { type: string } } }
                Small: { type: object, properties: { url: { type: string } } }
                Webhook: { type: object, properties: { event: { type: string } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "names.yaml")
        #expect(!imported.hasErrors)
        #expect(
            imported.diagnostics.map(\.description) == [
                "names.yaml:22:67: warning: #/components/schemas/Reactions/properties/sink/oneOf/1: 'Open' has the keys of 'Elastic' and no value to tell it apart; an object of it decodes as 'Elastic', so the one-of leaves it out [DTG4028]"
            ])
        let spec = imported.spec
        for written in [
            #""path": { "$type": "String?", "$name": "pathQuery" }"#,
            #""StartTime<": { "$type": "String?", "$name": "startTimeBefore" }"#,
            #""StartTime>": { "$type": "String?", "$name": "startTimeAfter" }"#,
            #""-1": { "$type": "Int?", "$name": "minus1" }"#,
            #""$oneOf": ["Small", "Elastic"]"#,
            #""unusedTypes": "generate""#,
        ] {
            #expect(spec.contains(written), "\(written) in \(spec)")
        }
        let result = Generator.generate([SpecInput(path: "names.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors && result.diagnostics.isEmpty, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains("pathQuery: String? = nil") && endpoints.contains("startTimeBefore: String? = nil"),
            "\(endpoints)")
    }

    /// Stripe's shapes: `format: unix-time` is a Date in seconds since 1970 (and a one-of
    /// variant of it the number it is); an empty form body (`properties: {}`) is no body and
    /// no warning; an operation that accepts basic auth or a bearer token sends the token
    /// (the runtime's `private` kind: no code of the app's) and its doc says so.
    @Test func stripeShapes() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Charges, version: "1" }
            security: [{ basicAuth: [] }, { bearerAuth: [] }]
            paths:
              /v1/charges/{id}:
                get:
                  operationId: GetCharge
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  requestBody:
                    content: { application/x-www-form-urlencoded: { schema: { type: object, properties: {}, additionalProperties: false } } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/charge" } } } }
            components:
              securitySchemes:
                basicAuth: { type: http, scheme: basic }
                bearerAuth: { type: http, scheme: bearer }
              schemas:
                charge:
                  type: object
                  required: [created]
                  properties:
                    created: { type: integer, format: unix-time }
                    refunded_at: { anyOf: [{ type: integer, format: unix-time }, { type: string }] }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "charges.yaml")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(
            imported.spec.contains(#""created": { "$type": "Date", "$format": "secondsSince1970" }"#),
            "\(imported.spec)")
        #expect(
            imported.spec.contains(#""refunded_at": { "$oneOf": ["Int", "String"], "$optional": true }"#),
            "\(imported.spec)")
        #expect(!imported.spec.contains(#""body""#))
        #expect(imported.spec.contains(#""kind": "private""#) && imported.customKinds.isEmpty)
        #expect(
            imported.spec.contains(#""doc": "Sends a bearer token; the API also accepts basicAuth.""#),
            "\(imported.spec)")
        let main = #"""
            import Foundation
            let charge = try JSONDecoder().decode(Charge.self, from: Data(#"{"created": 1700000000, "refunded_at": 1700000100}"#.utf8))
            print(charge.created.timeIntervalSince1970, charge.refundedAt == .int(1700000100))
            """#
        #expect(try Self.generateAndRun(imported.spec, main: main).output == "1700000000.0 true\n")
    }

    /// Security schemes an imported spec needs no code of the app's for: an API key in a
    /// header or query item becomes a kind of the spec's `kinds` (generated, so the app passes
    /// only the key), HTTP basic the runtime's `basic`. Only a cookie key still asks for a kind.
    @Test func securitySchemesBecomeKindsTheAppNeedsNoCodeFor() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get: { operationId: listPets, security: [{ PetKey: [] }], responses: { "204": { description: ok } } }
              /owners:
                get: { operationId: listOwners, security: [{ OwnerKey: [] }], responses: { "204": { description: ok } } }
              /me:
                get: { operationId: me, security: [{ Basic: [] }], responses: { "204": { description: ok } } }
              /session:
                get: { operationId: session, security: [{ Cookie: [] }], responses: { "204": { description: ok } } }
            components:
              securitySchemes:
                PetKey: { type: apiKey, in: header, name: X-API-Key }
                OwnerKey: { type: apiKey, in: query, name: api_key }
                Basic: { type: http, scheme: basic }
                Cookie: { type: apiKey, in: cookie, name: sid }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(imported.customKinds.map(\.name) == ["Cookie"])
        #expect(
            imported.spec.contains(#""PetKey": {\#n      "apiKey": {\#n        "header": "X-API-Key""#),
            "\(imported.spec)")
        #expect(imported.spec.contains(#""kind": "basic""#))
        let withoutCookie = imported.spec.replacingOccurrences(of: #""kind": "Cookie""#, with: #""kind": "public""#)
        let main = #"""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            let base = URL(string: "https://h.example")!
            let pets = try Endpoint<PetKey, Void>.listPets.makeRequest(baseURL: base, with: APIKey(rawValue: "k1"))
            print(pets.value(forHTTPHeaderField: "X-API-Key") ?? "none")
            let owners = try Endpoint<OwnerKey, Void>.listOwners.makeRequest(baseURL: base, with: APIKey(rawValue: "k2"))
            print(owners.url?.absoluteString ?? "none")
            let me = try Endpoint<EndpointKinds.Basic, Void>.me.makeRequest(baseURL: base, with: BasicCredentials(username: "u", password: "p"))
            print(me.value(forHTTPHeaderField: "Authorization") ?? "none")
            """#
        #expect(
            try Self.generateAndRun(withoutCookie, main: main).output
                == "k1\nhttps://h.example/owners?api_key=k2\nBasic dTpw\n")
    }

    /// A path segment that other tools read as a parameter (`<upload_url>`, `:id`) is text in
    /// OpenAPI: the operation is left out, with a warning that says so, at the operation.
    @Test func anOperationWhosePathWritesAParameterOtherwiseIsLeftOut() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Files, version: "1" }
            paths:
              /<upload_url>:
                put: { operationId: upload, responses: { "204": { description: ok } } }
              /files:
                get: { operationId: listFiles, responses: { "204": { description: ok } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "files.yaml")
        #expect(!imported.hasErrors && imported.spec.contains(#""listFiles""#) && !imported.spec.contains("upload"))
        #expect(
            imported.diagnostics.map(\.description) == [
                "files.yaml:5:10: warning: #/paths/~1<upload_url>/put: operation 'upload' is left out: its path writes '<upload_url>', which is no parameter in OpenAPI (a parameter is {upload_url}); the request would be sent to that text [DTG4050]"
            ])
        #expect(!generate(imported.spec).hasErrors && generate(imported.spec).diagnostics.isEmpty)
    }

    /// A kind is a type of the app's module, so no type import names later takes its name:
    /// here a shape written in two places whose first name is the key's kind's (`AuthObject`).
    @Test func aKindsNameIsNoOtherTypesName() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  security: [{ auth_object: [] }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Page" } } } } }
            components:
              securitySchemes:
                auth_object: { type: apiKey, in: header, name: X-Key }
              schemas:
                Page:
                  type: object
                  properties:
                    pet: { type: object, properties: { name: { type: string }, auth: { type: object, properties: { token: { type: string } } } } }
                    owner: { type: object, properties: { id: { type: integer }, auth: { type: object, properties: { token: { type: string } } } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(imported.spec.contains(#""AuthObject": {\#n      "apiKey""#), "\(imported.spec)")
        let main = #"""
            import Foundation
            let page = try JSONDecoder().decode(Page.self, from: Data(#"{"pet": {"auth": {"token": "t"}}}"#.utf8))
            let request = try Endpoint<AuthObject, Page>.listPets.makeRequest(baseURL: URL(string: "https://h.example")!, with: APIKey(rawValue: "k"))
            print(page.pet?.auth?.token ?? "-", request.value(forHTTPHeaderField: "X-Key") ?? "-")
            """#
        #expect(try Self.generateAndRun(imported.spec, main: main).output == "t k\n")
    }

    /// An enum is its own type where it is written, even with the values of a component enum
    /// (or two: `Status` and `State`): typed as one of them, a field changed type when that
    /// component gained a value, or when another that sorts first appeared.
    @Test func inlineEnumsAreTheirOwnTypesWhateverComponentsHold() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get:
                  operationId: findPets
                  parameters: [{ name: status, in: query, schema: { type: string, enum: [available, sold] } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Pet" } } } } }
            components:
              schemas:
                Status: { type: string, enum: [available, sold] }
                State: { type: string, enum: [available, sold] }
                Pet:
                  type: object
                  required: [status]
                  properties:
                    status: { type: string, enum: [available, sold] }
                    size: { type: string, enum: [available, sold, large] }
            """
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(document.utf8), path: "pets.yaml", options: ImportOptions(closedEnums: true))
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = imported.spec
        #expect(!spec.contains(#""Status?""#) && !spec.contains(#""status": "Status""#), "\(spec)")
        #expect(spec.contains(#""Status": { "$enum": ["available", "sold"] }"#))
        #expect(spec.contains(#""State": { "$enum": ["available", "sold"] }"#))
        #expect(spec.contains(#""status": { "$enum": ["available", "sold"] }"#))
        #expect(spec.contains(#""size": { "$enum": ["available", "sold", "large"], "$optional": true }"#))
        let result = Generator.generate([SpecInput(path: "pets.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static func findPets(status: FindPetsStatus? = nil) -> Self"), "\(endpoints)")
    }

    /// The big public APIs of `../shared/conformance/bigapis` import, generate with no error
    /// and type-check against DTORuntime as an app's module sees it, their DTOs split over a
    /// file per hundred types (compiling them is the benchmark's, `--big-apis`). Skipped
    /// where the folder is absent.
    @Test(.tags(.heavy), .enabled(if: Tier.heavy)) func bigPublicAPIsImportGenerateAndTypeCheck() throws {
        let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/bigapis")
        guard FileManager.default.fileExists(atPath: folder.path) else { return }
        // DigitalOcean's is 2,907 files: operations, parameters, responses and schemas by reference.
        for name in [
            "box.json", "openai.yaml", "stripe.yaml", "digitalocean/specification/DigitalOcean-public.v2.yaml",
        ] {
            let path = folder.appendingPathComponent(name).path
            let data = try #require(FileManager.default.contents(atPath: path))
            let imported = OpenAPIImporter.importDocument(bytes: Array(data), path: path) {
                FileManager.default.contents(atPath: $0).map { Array($0) }
            }
            #expect(!imported.hasErrors, "\(name): \(imported.diagnostics.filter { $0.severity == .error }.prefix(5))")
            let result = Generator.generate([SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))])
            #expect(!result.hasErrors, "\(name): \(result.diagnostics.filter { $0.severity == .error }.prefix(5))")
            guard !result.hasErrors else { continue }
            let options =
                try #require(try JSONSerialization.jsonObject(with: Data(imported.spec.utf8)) as? [String: Any])[
                    "options"] as? [String: Any]
            let dtoFiles = result.files.filter { $0.path.contains(".DTOs.") }.count
            #expect(dtoFiles == options?["dtoFiles"] as? Int && dtoFiles > 1, "\(name): \(dtoFiles) DTO files")
            let checked = try Swiftc.typecheck(
                result.files, with: Self.app(writing: imported.customKinds, importsRuntime: true), runtime: .module)
            #expect(checked.status == 0, "\(name): \(Swiftc.errors(checked.output))")
        }
    }

    /// A backed spec's values come from two files; a problem in what the document says is
    /// reported in the document, at the node it comes from, not at the spec's `openapi` key
    /// (here a query parameter that is an object, which is left out).
    @Test func problemsInABackingDocumentPointIntoIt() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Shop, version: "1" }
            paths:
              /items/{id}:
                get:
                  operationId: getShort
                  parameters:
                    - { name: id, in: path, required: true, schema: { type: integer } }
                    - { name: filter, in: query, style: pipeDelimited, schema: { type: object, properties: { a: { type: string } } } }
                  responses:
                    "200": { description: ok }
            """
        let spec = #"{ "openapi": "../docs/shop.yaml", "endpoints": [] }"#
        let input = SpecInput(
            path: "specs/shop.json", bytes: Array(spec.utf8), files: ["docs/shop.yaml": Array(document.utf8)])
        let result = Generator.generate([input])
        #expect(!result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "docs/shop.yaml:9:11: warning: #/paths/~1items~1{id}/get/parameters/1: query parameter 'filter' is an object in the 'pipeDelimited' style; dtogen writes objects in query items only, in the 'form' or 'deepObject' style; left out [DTG4041]"
            ])
    }

    /// springdoc's `Result<T>`: most operations answer `{code, msg, data}`, so the spec gets
    /// one envelope and each response is its `data`.
    @Test func aSharedWrapperBecomesTheEnvelope() throws {
        let document = """
            openapi: 3.0.1
            info: { title: Users, version: v1 }
            paths:
              /users:
                get:
                  operationId: listUsers
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/ResultListUser' } } } }
              /users/{id}:
                get:
                  operationId: getUser
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200': { description: ok, content: { '*/*': { schema: { $ref: '#/components/schemas/ResultUser' } } } }
                delete:
                  operationId: deleteUser
                  parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/ResultVoid' } } } }
              /health:
                get:
                  operationId: health
                  responses:
                    '200': { description: ok, content: { application/json: { schema: { type: object, properties: { up: { type: boolean } } } } } }
            components:
              schemas:
                User: { type: object, required: [id], properties: { id: { type: integer }, name: { type: string } } }
                ResultUser: { type: object, properties: { code: { type: integer, enum: [0] }, msg: { type: string }, data: { $ref: '#/components/schemas/User' } } }
                ResultListUser: { type: object, properties: { code: { type: integer, enum: [0] }, msg: { type: string }, data: { type: array, items: { $ref: '#/components/schemas/User' } } } }
                ResultVoid: { type: object, properties: { code: { type: integer, enum: [0] }, msg: { type: string }, data: { type: object } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "users.yaml")
        #expect(!imported.hasErrors)
        let spec = imported.spec
        for expected in [
            #""data": "data""#, #""key": "code""#, #""equals": 0"#, #""message": "msg""#,
            #""response": ["User"]"#, #""response": "User""#, #""response": "JSON""#, #""envelope": null"#,
        ] {
            #expect(spec.contains(expected), "missing \(expected) in\n\(spec)")
        }
        #expect(!spec.contains("ResultUser"), "wrappers are unwrapped, not declared")
        #expect(!generate(spec).hasErrors, "\(generate(spec).diagnostics)")
    }
}
