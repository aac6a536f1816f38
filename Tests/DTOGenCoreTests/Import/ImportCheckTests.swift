import Foundation
import PositionalJSON
import Testing
import TestSupport

@testable import DTOGenCore

/// Import's check runs the stages once on what the translator built and leaves out the parts
/// they reject, then what uses a type left out, through the type graph: no second run.
struct ImportCheckTests {
    /// A draft whose nodes are all on line `n` of `doc.yaml` at the column of their order.
    private static func at(_ column: Int, _ value: DraftJSON) -> DraftJSON {
        .located(value, SourceLocation(line: 1, column: column))
    }

    /// The spec a located draft says, as the translator builds it: a shape or path where its
    /// holder is has no node of its own (`unplaced`).
    static func translated(_ draft: DraftJSON) throws -> Spec {
        let (read, diagnostics) = SpecReader.read(root: draft.node(at: ImportedLocations.top), path: "import.json")
        var spec = try #require(read, "\(diagnostics)")
        spec.types = spec.types.map { type in
            var type = type
            type.shape = unplacing(type.shape, holder: ImportedLocations.top)
            return type
        }
        spec.endpoints = spec.endpoints.map { endpoint in
            var endpoint = endpoint
            if endpoint.path.location == endpoint.location { endpoint.path = .unplaced(endpoint.path.value) }
            func arguments(_ list: [PropertySpec]) -> [PropertySpec] {
                list.map {
                    PropertySpec(
                        key: $0.key, keyLocation: .unplaced, shape: unplacing($0.shape, holder: endpoint.location))
                }
            }
            (endpoint.params, endpoint.query, endpoint.headers) = (
                arguments(endpoint.params), arguments(endpoint.query), arguments(endpoint.headers)
            )
            endpoint.body = endpoint.body.map { unplacing($0, holder: endpoint.location) }
            endpoint.response = endpoint.response.map { unplacing($0, holder: endpoint.location) }
            return endpoint
        }
        return spec
    }

    private static func unplacing(_ shape: ShapeSpec, holder: PositionalJSON.SourceLocation) -> ShapeSpec {
        var shape = shape
        let here = shape.location
        if here == holder { shape.location = .unplaced }
        switch shape.kind {
        case .array(let element): shape.kind = .array(unplacing(element, holder: here))
        case .dictionary(let value): shape.kind = .dictionary(unplacing(value, holder: here))
        case .object(let properties):
            shape.kind = .object(
                properties.map {
                    PropertySpec(key: $0.key, keyLocation: .unplaced, shape: unplacing($0.shape, holder: here))
                })
        default: break
        }
        return shape
    }

    @Test func whatUsesATypeLeftOutGoesWithItThroughTheTypeGraph() throws {
        // `Broken` has a shape the format does not allow (a one-of of no variant); `Holder`
        // uses it, `Outer` uses `Holder`; an endpoint's response, a query item and a paged
        // endpoint's page item use them.
        let draft = DraftJSON.object([
            ("name", .string("Shop")),
            (
                "types",
                .object([
                    ("Broken", Self.at(10, .object([("n", .object([("$oneOf", .array([]))]))]))),
                    ("Holder", Self.at(20, .object([("broken", Self.at(21, .string("Broken?")))]))),
                    ("Outer", Self.at(30, .object([("items", Self.at(31, .array([.string("Holder")])))]))),
                    ("Fine", Self.at(40, .object([("id", .string("Int")), ("last", .string("String?"))]))),
                ])
            ),
            (
                "endpoints",
                .array([
                    Self.at(
                        50,
                        .object([
                            ("name", .string("getOuter")), ("path", .string("/outer")),
                            ("response", Self.at(51, .string("Outer"))),
                        ])),
                    Self.at(
                        60,
                        .object([
                            ("name", .string("find")), ("path", .string("/find")),
                            (
                                "query",
                                Self.at(
                                    61,
                                    .object([
                                        ("q", Self.at(62, .string("String?"))),
                                        ("holder", Self.at(63, .string("Holder?"))),
                                    ]))
                            ),
                            ("response", Self.at(64, .string("Fine"))),
                        ])),
                    Self.at(
                        70,
                        .object([
                            ("name", .string("list")), ("path", .string("/list")),
                            ("query", Self.at(71, .object([("after", Self.at(72, .string("Holder?")))]))),
                            (
                                "paginate",
                                Self.at(
                                    73,
                                    .object([
                                        ("style", .string("cursor")), ("param", .string("after")),
                                        ("from", .string("last")),
                                    ]))
                            ),
                            ("response", Self.at(74, .string("Fine"))),
                        ])),
                ])
            ),
        ])
        let (built, warnings) = ImportCheck.accepted(try Self.translated(draft)) { _ in "doc.yaml" }
        let messages = warnings.sorted().map(\.description)
        #expect(messages.count == 6, "\(messages)")
        #expect(
            messages.first
                == "doc.yaml:1:10: warning: type 'Broken' is left out: '$oneOf' needs at least one variant [DTG4001]",
            "\(messages)")
        #expect(
            Array(messages.dropFirst()) == [
                "doc.yaml:1:21: warning: type 'Holder' is left out: it uses type 'Broken', which is left out [DTG4001]",
                "doc.yaml:1:31: warning: type 'Outer' is left out: it uses type 'Holder', which is left out [DTG4001]",
                "doc.yaml:1:51: warning: endpoint 'getOuter' is left out: it uses type 'Outer', which is left out [DTG4002]",
                "doc.yaml:1:63: warning: query item 'holder' of endpoint 'find' is left out: it uses type 'Holder', which is left out [DTG4003]",
                "doc.yaml:1:72: warning: endpoint 'list' is left out: its query item 'after' is left out: it uses type 'Holder', which is left out [DTG4002]",
            ])
        // What is kept is a spec every stage accepts, and it keeps the rest of `find`.
        let (_, errors) = ImportCheck.check(built)
        #expect(errors.isEmpty, "\(errors)")
        let text = SpecWriter.text(built)
        #expect(text.contains(#""q": "String?""#) && text.contains(#""Fine""#))
        #expect(!text.contains("Holder") && !text.contains("getOuter"))
    }

    @Test func aCleanSpecIsKeptWhole() throws {
        let draft = DraftJSON.object([
            ("name", .string("Shop")),
            ("types", .object([("Fine", Self.at(1, .object([("id", .string("Int"))])))])),
            (
                "endpoints",
                .array([
                    Self.at(
                        2, .object([("name", .string("get")), ("path", .string("/")), ("response", .string("Fine"))]))
                ])
            ),
        ])
        let (built, warnings) = ImportCheck.accepted(try Self.translated(draft)) { _ in "doc.yaml" }
        #expect(warnings.isEmpty)
        #expect(SpecWriter.text(built) == draft.document)
    }

    /// A security scheme whose name gives no kind the format can name (`2fa`: no Swift type
    /// starts with a digit) leaves out the operations it guards, with the reason; the spec
    /// import writes is one `dtogen` generates.
    @Test func aKindTheFormatCannotNameLeavesItsEndpointsOut() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Codes, version: "1" }
            components:
              securitySchemes:
                2fa: { type: apiKey, in: header, name: X-Code }
            paths:
              /guarded:
                get:
                  operationId: guarded
                  security: [{ 2fa: [] }]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: string } } } } }
              /open:
                get:
                  operationId: open
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: string } } } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "codes.yaml")
        let leftOut = imported.diagnostics.filter { $0.code == "DTG4002" }.map(\.message)
        #expect(
            leftOut.count == 1 && leftOut[0].hasPrefix("endpoint 'guarded' is left out: unknown endpoint kind"),
            "\(imported.diagnostics)")
        let generated = Generator.generate([SpecInput(path: "codes.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        #expect(imported.spec.contains(#""open""#) && !imported.spec.contains("guarded"), "\(imported.spec)")
    }

    /// A query item and a path parameter the stages reject.
    static let findDocument = """
        openapi: 3.0.0
        info: { title: Find, version: "1" }
        paths:
          /find:
            get:
              operationId: find
              parameters:
                - { name: q, in: query, schema: { type: string } }
                - { name: X-Ids, in: header, schema: { type: array, items: { type: array, items: { type: integer } } } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Hit" } } } }
          /things/{where}:
            get:
              operationId: thing
              parameters: [{ name: where, in: path, required: true, schema: { $ref: "#/components/schemas/Where" } }]
              responses:
                "200": { description: ok }
        components:
          schemas:
            Hit: { type: object, properties: { n: { type: integer } } }
            Where: { type: object, properties: { x: { type: number } } }
        """

    /// An error type left out leaves out its entry, not the endpoint: that status's body is
    /// then not decoded, and the rest of the endpoint is kept.
    @Test func anErrorTypeLeftOutLeavesOutItsEntry() throws {
        let draft = DraftJSON.object([
            (
                "types",
                .object([
                    ("Broken", Self.at(10, .object([("n", .object([("$oneOf", .array([]))]))]))),
                    ("Fine", Self.at(20, .object([("id", .string("Int"))]))),
                ])
            ),
            (
                "endpoints",
                .array([
                    Self.at(
                        30,
                        .object([
                            ("name", .string("get")), ("path", .string("/x")),
                            ("response", Self.at(31, .string("Fine"))),
                            ("errors", Self.at(32, .object([("404", Self.at(33, .string("Broken")))]))),
                        ])),
                    Self.at(
                        40,
                        .object([
                            ("name", .string("other")), ("path", .string("/y")),
                            ("error", Self.at(41, .string("Broken"))),
                        ])),
                ])
            ),
        ])
        let (built, warnings) = ImportCheck.accepted(try Self.translated(draft)) { _ in "doc.yaml" }
        #expect(
            warnings.sorted().map(\.description) == [
                "doc.yaml:1:10: warning: type 'Broken' is left out: '$oneOf' needs at least one variant [DTG4001]",
                "doc.yaml:1:30: warning: the error type of status '404' of endpoint 'get' is left out: it uses type 'Broken', which is left out [DTG4052]",
                "doc.yaml:1:40: warning: the error type of status 'default' of endpoint 'other' is left out: it uses type 'Broken', which is left out [DTG4052]",
            ])
        #expect(built.endpoints.map(\.name.value) == ["get", "other"])
        #expect(built.endpoints.allSatisfy { $0.errors.isEmpty && $0.error == nil })
        let (_, errors) = ImportCheck.check(built)
        #expect(errors.isEmpty, "\(errors)")
    }

    /// The same in a backed spec: its document's error type that the reader rejects leaves
    /// out that status's entry of the operation, which is generated.
    @Test func aBackedSpecLeavesOutAnErrorTypeItsDocumentCannotSay() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
                    "404": { description: gone, content: { application/json: { schema: { $ref: "#/components/schemas/Gone" } } } }
                    "500": { description: down, content: { application/json: { schema: { $ref: "#/components/schemas/Down" } } } }
            components:
              schemas:
                Gone: { type: object, properties: { kind: { oneOf: [] } } }
                Down: { type: object, properties: { reason: { type: string } } }
            """
        let input = SpecInput(
            path: "pets.json", bytes: Array(#"{ "openapi": "pets.yaml" }"#.utf8),
            files: ["pets.yaml": Array(document.utf8)])
        let result = Generator.generate([input])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let warnings = result.diagnostics.map(\.description).filter { $0.contains("left out") }
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.contains {
                $0.contains("the error type of status '404' of endpoint 'listPets' is left out")
                    && $0.contains("DTG4052")
            }, "\(warnings)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains(".decodingErrors(as: Down.self, for: .code(500))"), "\(endpoints)")
        #expect(!endpoints.contains("Gone"))
    }

    /// A spec backed by a document is read and resolved once; what its document says that
    /// the stages reject is left out of that one run's spec with the warnings `dtogen import`
    /// gives, at the document's lines, and the rest is generated.
    @Test func aBackedSpecLeavesOutWhatItsDocumentCannotSay() throws {
        let document = Self.findDocument
        let spec =
            #"{ "openapi": "../docs/find.yaml", "endpoints": [{ "name": "thing", "doc": "Where a thing is." }] }"#
        let input = SpecInput(
            path: "specs/find.json", bytes: Array(spec.utf8), files: ["docs/find.yaml": Array(document.utf8)])
        let result = Generator.generate([input])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let warnings = result.diagnostics.map(\.description).filter { $0.contains("left out") }
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.first?.hasPrefix("docs/find.yaml:9:") == true, "\(warnings)")
        #expect(warnings.first?.contains("header 'X-Ids' of endpoint 'find' is left out") == true)
        #expect(warnings.last?.hasPrefix("docs/find.yaml:") == true, "\(warnings)")
        #expect(warnings.last?.contains("endpoint 'thing' is left out: path parameter 'where'") == true)
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static func find(q: String? = nil) -> Self"), "\(endpoints)")
        #expect(!endpoints.contains("thing") && !endpoints.contains("X-Ids"))
    }

    /// The spec's own parts are never left out for what its document loses: a document
    /// schema the reader rejects (a one-of of no variant) is left out with the operation that
    /// uses it, and the spec's own type that uses it is an error in the spec.
    @Test func aBackedSpecsOwnPartsAreNotLeftOut() {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets/{id}:
                get:
                  operationId: getPet
                  parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Pet" } } } }
              /owners:
                get:
                  operationId: listOwners
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
            components:
              schemas:
                Pet: { type: object, properties: { kind: { oneOf: [] } } }
            """
        let files = ["docs/pets.yaml": Array(document.utf8)]
        let plain = Generator.generate([
            SpecInput(path: "specs/pets.json", bytes: Array(#"{ "openapi": "../docs/pets.yaml" }"#.utf8), files: files)
        ])
        #expect(!plain.hasErrors, "\(plain.diagnostics)")
        let leftOut = plain.diagnostics.filter { $0.message.contains("left out") }.map(\.description)
        #expect(leftOut.count == 2 && leftOut.allSatisfy { $0.hasPrefix("docs/pets.yaml:") }, "\(leftOut)")
        #expect(leftOut.contains { $0.contains("type 'Pet' is left out") })
        #expect(leftOut.contains { $0.contains("endpoint 'getPet' is left out: it uses type 'Pet'") })

        let spec = #"""
            { "openapi": "../docs/pets.yaml",
              "endpoints": [{ "name": "mine", "path": "/mine", "response": "Holder" }],
              "types": { "Holder": { "pet": "Pet" } } }
            """#
        let result = Generator.generate([SpecInput(path: "specs/pets.json", bytes: Array(spec.utf8), files: files)])
        #expect(result.hasErrors)
        #expect(
            result.diagnostics.contains {
                $0.severity == .error && $0.file == "specs/pets.json" && $0.subject == "Pet"
            },
            "\(result.diagnostics)")
        #expect(
            !result.diagnostics.contains { $0.message.contains("type 'Holder' is left out") }, "\(result.diagnostics)")
        #expect(
            result.diagnostics.filter { $0.severity == .error }.count == 1,
            "the first read's errors are not said twice: \(result.diagnostics)")
    }

    /// What holds across specs is no part of one document: two specs backed by one document
    /// that both declare its `Pet` are an error, not a reason to leave `Pet` out of either.
    @Test func anErrorAcrossSpecsLeavesNothingOut() {
        let document = """
            openapi: 3.0.0
            info: { title: Pets, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Pet" } } } } }
              /owners:
                get:
                  operationId: listOwners
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Owner" } } } } }
            components:
              schemas:
                Pet: { type: object, properties: { name: { type: string } } }
                Owner: { type: object, properties: { pet: { $ref: "#/components/schemas/Pet" } } }
            """
        let files = ["docs/pets.yaml": Array(document.utf8)]
        let inputs = [("a", "listPets"), ("b", "listOwners")].map { name, operation in
            SpecInput(
                path: "specs/\(name).json",
                bytes: Array(
                    #"{ "name": "\#(name.uppercased())", "openapi": "../docs/pets.yaml", "operations": ["\#(operation)"] }"#
                        .utf8),
                files: files)
        }
        let result = Generator.generate(inputs)
        #expect(result.hasErrors, "\(result.diagnostics)")
        #expect(!result.diagnostics.contains { $0.message.contains("left out") }, "\(result.diagnostics)")
    }

    /// Reading what import wrote gives back the spec import built (where each value was
    /// written aside): the text loses nothing the stages read.
    static func expectReadsBack(_ imported: ImportResult) throws {
        let built = try #require(imported.built, "\(imported.diagnostics.prefix(3))")
        let (read, diagnostics) = SpecReader.read(imported.spec, path: "spec.json")
        var written = try #require(read, "\(diagnostics.prefix(3))")
        var expected = built
        (written.path, written.otherFiles, expected.path, expected.otherFiles) = ("", [], "", [])
        let (writtenText, expectedText) = (structure(of: written), structure(of: expected))
        guard writtenText != expectedText else { return }
        let at = zip(writtenText, expectedText).prefix { $0 == $1 }.count
        Issue.record(
            """
            read back: …\(writtenText.dropFirst(max(0, at - 150)).prefix(300))
            built:     …\(expectedText.dropFirst(max(0, at - 150)).prefix(300))
            """)
    }

    /// What import writes reads back as what it built: a document of the fast tier, and one
    /// with parts left out.
    @Test func whatImportWritesReadsBackAsTheSpecItBuilt() throws {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/openapi/swagger-petstore-v3-openapi.yaml")
        let bytes = try #require(FileManager.default.contents(atPath: url.path))
        try Self.expectReadsBack(OpenAPIImporter.importDocument(bytes: Array(bytes), path: "petstore.yaml"))
        let leftOut = OpenAPIImporter.importDocument(bytes: Array(Self.findDocument.utf8), path: "find.yaml")
        #expect(leftOut.diagnostics.filter { $0.message.contains("left out") }.count == 2)
        try Self.expectReadsBack(leftOut)
    }
}
