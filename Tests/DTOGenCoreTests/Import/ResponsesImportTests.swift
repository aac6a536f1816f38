import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// Import writes `responses` when an operation's success statuses answer different bodies
/// (a job, a ticket, none), and keeps one `response` when they answer the same (as
/// Kubernetes's `200`, `201` and `202` do) or when a detected envelope wraps them. What it
/// writes generates, and the enum decodes each status's body.
struct ResponsesImportTests {
    static let document = """
        openapi: 3.0.3
        info: { title: Jobs, version: "1" }
        servers: [{ url: https://jobs.example.com }]
        paths:
          /jobs:
            post:
              operationId: createJob
              responses:
                "200": { description: done, content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } } }
                "202":
                  description: queued
                  content:
                    application/json:
                      schema: { type: object, required: [ticket], properties: { ticket: { type: string } } }
                "204": { description: nothing to do }
            put:
              operationId: upsertJob
              responses:
                "200": { description: updated, content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } } }
                "201": { description: created, content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } } }
        components:
          schemas:
            Job: { type: object, required: [id], properties: { id: { type: integer } } }
        """

    @Test func differentBodiesAreResponsesByStatus() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "jobs.yaml")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = try #require(imported.built)
        let create = try #require(spec.endpoints.first { $0.name.value == "createJob" })
        #expect(create.response == nil)
        #expect(create.responses.map(\.status.value) == [200, 202, 204])
        #expect(create.responses.map { $0.shape.map(SharedShapes.key) } == [#""Job""#, #"{"ticket":"String",}"#, nil])
        let upsert = try #require(spec.endpoints.first { $0.name.value == "upsertJob" })
        #expect(upsert.responses.isEmpty && upsert.response.map(SharedShapes.key) == #""Job""#)

        let generated = Generator.generate([SpecInput(path: "jobs.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let dtos = try #require(generated.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("enum CreateJobResponse: Sendable, Hashable, DTORuntime.StatusResponse {"), "\(dtos)")
        #expect(dtos.contains("case accepted(CreateJobAccepted)"), "\(dtos)")
    }

    /// A backed spec's entry for an operation may give it one `response` in place of the
    /// document's bodies by status, so the operation can take a domain mapping.
    @Test func aBackedSpecsEntryGivesOneResponse() throws {
        let spec = #"""
            { "openapi": "jobs.yaml",
              "endpoints": [{ "name": "createJob", "response": "Job", "domain": { "model": "JobModel", "fields": { "number": "id" } } }] }
            """#
        let result = Generator.generate([
            SpecInput(path: "jobs.json", bytes: Array(spec.utf8), files: ["jobs.yaml": Array(Self.document.utf8)])
        ])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("Endpoint<DTORuntime.EndpointKinds.Public, Job>"), "\(endpoints)")
        #expect(!endpoints.contains("CreateJobResponse"))
    }
}
