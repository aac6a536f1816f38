import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// Import writes `responseHeaders` from the headers the success responses declare: every
/// 2xx response's, once per name, required only when each of them requires it, typed from
/// the schema (an enum as text, a date-time in ISO 8601), `Content-Type` and error
/// responses' headers left out, two headers that give one property told apart with `$name`.
/// Swagger 2.0's header objects are schemas themselves.
struct ResponseHeadersImportTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Jobs, version: "1" }
        servers: [{ url: https://jobs.example.com }]
        paths:
          /jobs:
            post:
              operationId: createJob
              responses:
                "201":
                  description: created
                  headers:
                    Location: { required: true, schema: { type: string } }
                    X-RateLimit-Remaining: { $ref: "#/components/headers/Remaining" }
                    Content-Type: { schema: { type: string } }
                    X-Expires-After: { description: when it expires, schema: { type: string, format: date-time } }
                    X-Mode: { schema: { type: string, enum: [fast, slow] } }
                    X-Tags: { schema: { type: array, items: { type: integer } } }
                    X-Limit: { schema: { type: integer, format: int64 } }
                    Last-Modified: { schema: { type: string, format: date-time } }
                    Limit: { deprecated: true, schema: { type: boolean } }
                  content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } }
                "202":
                  description: queued
                  headers:
                    location: { required: true, schema: { type: string } }
                  content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } }
                "429":
                  description: slow down
                  headers: { Retry-After: { schema: { type: integer } } }
            get:
              operationId: listJobs
              responses:
                "200": { description: jobs, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Job" } } } } }
        components:
          headers:
            Remaining: { required: true, schema: { type: integer } }
          schemas:
            Job: { type: object, required: [id], properties: { id: { type: integer } } }
        """

    @Test func theSuccessResponsesHeadersAreWritten() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "jobs.yaml")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = try #require(imported.built)
        let create = try #require(spec.endpoints.first { $0.name.value == "createJob" })
        #expect(
            create.responseHeaders.map(\.key) == [
                "Location", "X-RateLimit-Remaining", "X-Expires-After", "X-Mode", "X-Tags", "X-Limit", "Last-Modified",
                "Limit",
            ])
        #expect(
            create.responseHeaders.map { SharedShapes.key($0.shape) } == [
                #""String""#, #""Int?""#, #"{"$type":"Date?","$format":"iso8601",}"#, #""String?""#,
                #"{"$type":["Int",],"$optional":true,}"#, #""Int64?""#, #""Date?""#,
                #"{"$type":"Bool?","$deprecated":true,"$name":"limit2",}"#,
            ], "only Location is required by both statuses")
        #expect(spec.endpoints.first { $0.name.value == "listJobs" }?.responseHeaders.isEmpty == true)
        #expect(imported.spec.contains(#""responseHeaders": {"#), "\(imported.spec)")

        let generated = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors && generated.diagnostics.isEmpty, "\(generated.diagnostics)")
        let dtos = try #require(generated.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains(#"self.location = try headers.requiredValue("Location", as: String.self)"#), "\(dtos)")
        #expect(dtos.contains(#"self.expiresAfter = headers.date("X-Expires-After", format: .iso8601)"#), "\(dtos)")
        #expect(dtos.contains(#"self._limit2 = headers.value("Limit", as: Bool.self)"#), "\(dtos)")
    }

    @Test func swagger2HeadersAreSchemas() throws {
        let document = """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: pets.example.com
            paths:
              /pets:
                get:
                  operationId: listPets
                  responses:
                    "200":
                      description: pets
                      headers:
                        x-next: { type: string, description: the next page }
                        X-Total: { type: integer }
                        X-Ids: { type: array, items: { type: integer }, collectionFormat: pipes }
                      schema: { type: array, items: { type: string } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let list = try #require(imported.built?.endpoints.first)
        #expect(
            list.responseHeaders.map { "\($0.key) \(SharedShapes.key($0.shape))" } == [
                #"x-next {"$type":"String?",}"#, #"X-Total "Int?""#, #"X-Ids "String?""#,
            ], "a list of another delimiter than a comma is text")
        #expect(list.responseHeaders.first?.shape.doc?.value == "the next page")
    }

    /// A backed spec's entry for an operation may give its own `responseHeaders` in place
    /// of the document's (a header the document calls required that the server leaves out).
    @Test func aBackedSpecsEntryReplacesTheHeaders() throws {
        let spec = #"""
            { "openapi": "jobs.yaml",
              "endpoints": [{ "name": "createJob", "responseHeaders": { "Location": "String?" } }] }
            """#
        let result = Generator.generate([
            SpecInput(path: "jobs.json", bytes: Array(spec.utf8), files: ["jobs.yaml": Array(Self.document.utf8)])
        ])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains(#"self.location = headers.value("Location", as: String.self)"#), "\(dtos)")
        #expect(!dtos.contains("rateLimitRemaining"), "\(dtos)")
    }
}
