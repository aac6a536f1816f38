import Foundation
import Testing
@testable import DTOGenCore

/// `readOnly` and `writeOnly` (Jira has 38 properties both `readOnly` and `required`, Square
/// 15): one type, whose such properties are optional, so a caller building a request body
/// need not supply what only the server sets, and a response without the password it never
/// returns still decodes. A `readOnly` property is never sent: marked `$readOnly` in a type
/// that is both sent and read, not declared in one that is only sent.
struct ReadWriteOnlyTests {
    @Test func readOnlyAndWriteOnlyAreNeverRequired() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Users, version: "1" }
            servers: [{ url: "https://users.example" }]
            paths:
              /users:
                post:
                  operationId: createUser
                  requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/User" } } } }
                  responses:
                    "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/User" } } } }
            components:
              schemas:
                Id: { type: string, readOnly: true }
                User:
                  type: object
                  required: [id, created, name, password]
                  properties:
                    id: { $ref: "#/components/schemas/Id" }
                    created: { type: string, format: date-time, readOnly: true }
                    name: { type: string }
                    password: { type: string, writeOnly: true }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "users.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(
            imported.spec.contains(
                #""User": {\#n      "id": { "$type": "String?", "$readOnly": true },\#n      "created": { "$type": "Date?", "$readOnly": true },\#n      "name": "String",\#n      "password": "String?"\#n    }"#
            ), "\(imported.spec)")
        let main = #"""
            import Foundation
            let endpoint = Endpoint<EndpointKinds.Public, User>.createUser(body: User(name: "Ann", password: "s3cret"))
            let request = try endpoint.makeRequest(baseURL: UsersAPI.baseURL, with: ())
            let sent = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: String] ?? [:]
            print(sent.keys.sorted())
            let answer = try JSONDecoder().decode(
                User.self, from: Data(#"{"id": "u1", "created": "2026-11-27T10:00:00Z", "name": "Ann"}"#.utf8))
            print(answer.id ?? "-", answer.password ?? "no password")
            // Sent back as it was read: what only the server sets stays out of the request ...
            let again = try Endpoint<EndpointKinds.Public, User>.createUser(body: answer)
                .makeRequest(baseURL: UsersAPI.baseURL, with: ())
            print(String(decoding: again.httpBody ?? Data(), as: UTF8.self))
            // ... and in the JSON the app writes for itself (a cache).
            let cached = try JSONSerialization.jsonObject(with: JSONEncoder().encode(answer)) as? [String: String] ?? [:]
            print(cached.keys.sorted())
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(
            run.output
                == "[\"name\", \"password\"]\nu1 no password\n{\"name\":\"Ann\"}\n[\"created\", \"id\", \"name\"]\n",
            "\(run.output)")
    }

    /// A request body's own type (inline in the operation, as Linode writes them): the
    /// requirements written beside its `allOf` parts hold, a `writeOnly` password stays
    /// required (the request must send it), a required, nullable key is sent as `null`, and
    /// a `readOnly` id is not declared.
    @Test func aRequestBodysOwnTypeKeepsWhatTheRequestMustSend() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Servers, version: "1" }
            servers: [{ url: "https://servers.example" }]
            paths:
              /servers:
                post:
                  operationId: createServer
                  requestBody:
                    content:
                      application/json:
                        schema:
                          allOf:
                            - type: object
                              additionalProperties: false
                              properties:
                                id: { type: integer, readOnly: true }
                                label: { type: string }
                                root_pass: { type: string, writeOnly: true }
                                rdns: { type: string, nullable: true }
                                tags: { type: array, items: { type: string } }
                          properties:
                            region: { type: string }
                          required: [id, label, root_pass, rdns, region]
                  responses: { "204": { description: ok } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "servers.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        // What only the server sets is no field of a type that is only sent.
        #expect(!imported.spec.contains(#""id""#), "\(imported.spec)")
        for expected in [
            #""label": "String""#, #""root_pass": "String""#,
            #""rdns": { "$type": "String?", "$writeNull": true }"#, #""region": "String""#, #""tags": {"#,
        ] {
            #expect(imported.spec.contains(expected), "\(expected) in \(imported.spec)")
        }
        let main = #"""
            import Foundation
            let body = CreateServerBody(label: "web", rootPass: "s3cret", region: "eu")
            let endpoint = Endpoint<EndpointKinds.Public, Void>.createServer(body: body)
            let request = try endpoint.makeRequest(baseURL: ServersAPI.baseURL, with: ())
            let sent = try JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? [String: Any] ?? [:]
            print(sent.keys.sorted(), sent["rdns"] is NSNull)
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(run.output == "[\"label\", \"rdns\", \"region\", \"root_pass\"] true\n", "\(run.output)")
    }

    /// A schema that no response holds is only ever sent (Jira's request schemas, every field
    /// `writeOnly`): its required `writeOnly` properties stay required. One that a response
    /// holds, through another schema, keeps them optional.
    @Test func aSchemaNoResponseHoldsKeepsItsWriteOnlyRequirements() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Fields, version: "1" }
            paths:
              /fields:
                post:
                  operationId: createField
                  requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/FieldDetails" } } } }
                  responses:
                    "201": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Page" } } } }
            components:
              schemas:
                FieldDetails:
                  type: object
                  required: [name]
                  properties: { name: { type: string, writeOnly: true } }
                Page:
                  type: object
                  properties: { values: { type: array, items: { $ref: "#/components/schemas/Field" } } }
                Field:
                  type: object
                  required: [name, secret]
                  properties: { name: { type: string }, secret: { type: string, writeOnly: true } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "fields.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        #expect(imported.spec.contains(#""FieldDetails": {\#n      "name": "String"\#n    }"#), "\(imported.spec)")
        let field = #""Field": {\#n      "name": "String",\#n      "secret": "String?"\#n    }"#
        #expect(imported.spec.contains(field), "\(imported.spec)")
    }

    /// Swagger 2.0: a schema a body parameter sends and a response holds marks its `readOnly`
    /// property; one only sent leaves it out; one only read keeps it, plain.
    @Test func readOnlyFollowsWhereASchemaGoes() throws {
        let document = """
            swagger: "2.0"
            info: { title: Pets, version: "1" }
            host: pets.example
            paths:
              /pets:
                post:
                  operationId: addPet
                  parameters: [{ in: body, name: body, required: true, schema: { $ref: "#/definitions/NewPet" } }]
                  responses: { "200": { description: ok, schema: { $ref: "#/definitions/PetList" } } }
                put:
                  operationId: updatePet
                  parameters: [{ in: body, name: body, required: true, schema: { $ref: "#/definitions/Pet" } }]
                  responses: { "200": { description: ok, schema: { $ref: "#/definitions/Pet" } } }
            definitions:
              NewPet:
                type: object
                required: [id, name]
                properties: { id: { type: integer, readOnly: true }, name: { type: string } }
              Pet:
                type: object
                required: [id, name]
                properties: { id: { type: integer, readOnly: true }, name: { type: string } }
              PetList:
                type: object
                properties:
                  total: { type: integer, readOnly: true }
                  pets: { type: array, items: { $ref: "#/definitions/Pet" } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pets.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for expected in [
            #""NewPet": {\#n      "name": "String"\#n    }"#,
            #""Pet": {\#n      "id": { "$type": "Int?", "$readOnly": true },\#n      "name": "String"\#n    }"#,
            #""total": "Int?""#,
        ] {
            #expect(imported.spec.contains(expected), "\(expected) in \(imported.spec)")
        }
    }
}
