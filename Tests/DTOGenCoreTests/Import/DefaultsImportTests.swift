import Foundation
import Testing
@testable import DTOGenCore

/// The document's `default`s: a property a response may leave out decodes as its default
/// (`$default`, so it is not optional); a default that does not fit its schema is a warning
/// and the property stays optional; a parameter's default is said in the factory's doc
/// comment (the server applies it when the argument is left out).
struct DefaultsImportTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Jobs, version: "1" }
        servers: [{ url: "https://jobs.example" }]
        paths:
          /jobs:
            get:
              operationId: listJobs
              parameters:
                - { name: limit, in: query, description: How many jobs., schema: { type: integer, default: 20 } }
                - { name: order, in: query, schema: { type: string, enum: [asc, desc], default: desc } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { type: array, items: { $ref: "#/components/schemas/Job" } } } } }
            post:
              operationId: createJob
              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/NewJob" } } } }
              responses:
                "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Job" } } } }
        components:
          schemas:
            State: { type: string, enum: [queued, running, done], default: queued }
            Job:
              type: object
              required: [id]
              properties:
                id: { type: string }
                priority: { type: integer, default: 5 }
                retries: { type: integer, default: "three" }
                size: { type: integer, enum: [1, 3], default: 2 }
                public: { type: boolean, default: false }
                state: { $ref: "#/components/schemas/State" }
                label: { type: string, default: null }
            NewJob:
              type: object
              properties:
                priority: { type: integer, default: 5 }
        """

    @Test func aResponsePropertyThatMayBeMissingDecodesAsItsDefault() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "jobs.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            imported.diagnostics.map(\.description) == [
                #"jobs.yaml:27:44: warning: #/components/schemas/Job/properties/retries: default "three" is not an Int; the property stays optional [DTG4051]"#,
                #"jobs.yaml:28:55: warning: #/components/schemas/Job/properties/size: default 2 is not one of the values its 'enum' lists; the property stays optional [DTG4051]"#,
            ])
        for line in [
            #""priority": { "$type": "Int", "$default": 5 }"#, #""retries": "Int?""#, #""size": "Int?""#,
            #""public": { "$type": "Bool", "$default": false }"#,
            #""state": { "$type": "State", "$default": "queued" }"#, #""label": "String?""#,
            // A type a request sends keeps its optional: nil is left out and the server applies its default.
            #""NewJob": {\#n      "priority": "Int?"\#n    }"#,
            #""$doc": "How many jobs. Default: `20`.""#, #""$doc": "Default: `\"desc\"`.""#,
        ] {
            #expect(imported.spec.contains(line), "\(line)\n\(imported.spec)")
        }
        let main = #"""
            import Foundation
            let job = try FastDecoder().decode(Job.self, from: Data(#"{"id": "j1"}"#.utf8))
            let plain = try JSONDecoder().decode(Job.self, from: Data(#"{"id": "j1", "priority": 1, "public": true, "state": "done"}"#.utf8))
            print(job.priority, job.public, job.state, job.retries as Any, plain.priority, plain.public, plain.state)
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "5 false queued nil 1 true done\n", "\(run.output)")
    }

    @Test func theFactorySaysAParametersDefault() {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "jobs.yaml")
        let result = generate(imported.spec, path: "jobs.json")
        let endpoints = result.files.first { $0.path == "Jobs.Endpoints.swift" }?.contents ?? ""
        #expect(
            endpoints.contains(
                """
                    /// `GET /jobs`
                    ///
                    /// - Parameters:
                    ///   - limit: How many jobs. Default: `20`.
                    ///   - order: Default: `"desc"`.
                """), "\(endpoints)")
    }
}
