import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// Import writes an operation's 4xx, 5xx, `4XX` and `default` responses as `errors` when they
/// name different types, as `error` when they name one, and leaves out an entry whose type a
/// less specific entry already gives; an `application/problem+json` body without a schema is
/// DTORuntime's `ProblemDetails`. The spec it writes generates.
struct ErrorResponsesImportTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Jobs, version: "1" }
        servers: [{ url: https://jobs.example.com }]
        paths:
          /jobs/{id}:
            get:
              operationId: getJob
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } } }
                "404": { description: gone, content: { application/json: { schema: { $ref: "#/components/schemas/NotFound" } } } }
                "409": { description: busy, content: { application/json: { schema: { $ref: "#/components/schemas/ClientError" } } } }
                "4xx": { description: client, content: { application/json: { schema: { $ref: "#/components/schemas/ClientError" } } } }
                "503": { description: down, content: { text/plain: { schema: { type: string } } } }
                default: { description: other, content: { application/problem+json: { schema: { $ref: "#/components/schemas/Problem" } } } }
          /jobs:
            get:
              operationId: listJobs
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Job" } } } } }
                "400": { description: bad, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
                "500": { description: down, content: { application/json: { schema: { $ref: "#/components/schemas/Problem" } } } }
          /docs:
            get:
              operationId: getDocs
              responses:
                "204": { description: none }
                "403": { description: no credit, content: { application/problem+json: {} } }
        components:
          schemas:
            Job: { type: object, required: [id], properties: { id: { type: integer } } }
            NotFound: { type: object, required: [missing], properties: { missing: { type: string } } }
            ClientError: { type: object, required: [reason], properties: { reason: { type: string } } }
            Problem: { type: object, required: [title], properties: { title: { type: string } } }
        """

    @Test func differentTypesAreErrorsByStatusAndOneTypeIsError() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "jobs.yaml")
        #expect(imported.diagnostics.filter { $0.severity == .error }.isEmpty, "\(imported.diagnostics)")
        let spec = try #require(imported.built)
        let getJob = try #require(spec.endpoints.first { $0.name.value == "getJob" })
        // `409` gives what `4XX` gives, so it is left out; `503` has no object type.
        #expect(getJob.error == nil)
        #expect(
            getJob.errors.map { "\($0.status.value.written) \($0.type.value)" } == [
                "404 NotFound", "4XX ClientError", "default Problem",
            ])
        let listJobs = try #require(spec.endpoints.first { $0.name.value == "listJobs" })
        #expect(listJobs.error?.value == "Problem" && listJobs.errors.isEmpty)
        // An RFC 9457 body without a schema is DTORuntime's `ProblemDetails`.
        let getDocs = try #require(spec.endpoints.first { $0.name.value == "getDocs" })
        #expect(getDocs.error?.value == "ProblemDetails")
        #expect(
            imported.spec.contains(
                #""errors": {\#n        "404": "NotFound",\#n        "4XX": "ClientError",\#n        "default": "Problem"\#n      }"#
            ), "\(imported.spec)")

        // What import wrote generates; each status's body decodes as its type.
        let generated = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let endpoints = try #require(generated.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(
                ".decodingErrors(as: NotFound.self, for: .code(404)).decodingErrors(as: ClientError.self, for: .statusClass(4)).decodingErrors(as: Problem.self)"
            ), "\(endpoints)")
        #expect(endpoints.contains(".decodingErrors(as: DTORuntime.ProblemDetails.self)"), "\(endpoints)")
    }

    /// A selection of operations keeps the types their `errors` name, and so does a spec
    /// backed by the document.
    @Test func aSelectionKeepsTheErrorTypesByStatus() throws {
        var options = ImportOptions()
        options.operations = ["getJob"]
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(Self.document.utf8), path: "jobs.yaml", options: options)
        let spec = try #require(imported.built)
        #expect(spec.types.map(\.name) == ["Job", "NotFound", "ClientError", "Problem"])
        #expect(!spec.types.contains { $0.name == "ProblemDetails" })
        let backed = Generator.generate([
            SpecInput(
                path: "jobs.json", bytes: Array(#"{ "openapi": "jobs.yaml", "operations": ["getJob"] }"#.utf8),
                files: ["jobs.yaml": Array(Self.document.utf8)])
        ])
        #expect(!backed.hasErrors, "\(backed.diagnostics)")
        let endpoints = try #require(backed.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains(".decodingErrors(as: NotFound.self, for: .code(404))"), "\(endpoints)")
    }

    /// A backed spec's entry for an operation sets its `errors`, and the type it names is
    /// kept though the operation's own responses do not name it.
    @Test func aBackedSpecSetsAnOperationsErrors() throws {
        let spec = #"""
            { "openapi": "jobs.yaml", "operations": ["listJobs"],
              "endpoints": [{ "name": "listJobs", "errors": { "404": "NotFound" } }] }
            """#
        let backed = Generator.generate([
            SpecInput(path: "jobs.json", bytes: Array(spec.utf8), files: ["jobs.yaml": Array(Self.document.utf8)])
        ])
        #expect(!backed.hasErrors, "\(backed.diagnostics)")
        let endpoints = try #require(backed.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            endpoints.contains(".decodingErrors(as: NotFound.self, for: .code(404)).decodingErrors(as: Problem.self)"),
            "\(endpoints)")
    }
}
