import Foundation

/// An OpenAPI 3.0 document of a synthetic API: `resources` resources of five operations each
/// (a list with paging and filters, create, get, update, delete), each resource an object
/// with a nested object, an enum, a date, a dictionary and an array, a bearer scheme and a
/// shared error type. The benchmark imports it (24 resources: 120 operations).
enum SyntheticOpenAPI {
    static func yaml(resources: Int) -> String {
        var document =
            "openapi: 3.0.3\ninfo:\n  title: Synthetic\n  version: '1.0'\nservers:\n  - url: https://api.example.com/v1\nsecurity:\n  - bearer: []\npaths:\n"
        var components =
            "components:\n  securitySchemes:\n    bearer:\n      type: http\n      scheme: bearer\n  schemas:\n"
        for index in 0..<resources {
            let name = "Resource\(index)"
            let path = "/resources\(index)"
            document += """
                  \(path):
                    get:
                      operationId: list\(name)s
                      parameters:
                        - { name: page, in: query, schema: { type: integer } }
                        - { name: per_page, in: query, schema: { type: integer } }
                        - { name: status, in: query, schema: { type: string, enum: [active, archived] } }
                        - { name: since, in: query, schema: { type: string, format: date-time } }
                      responses:
                        '200':
                          description: A page.
                          content:
                            application/json:
                              schema: { type: array, items: { $ref: '#/components/schemas/\(name)' } }
                        default:
                          description: An error.
                          content: { application/json: { schema: { $ref: '#/components/schemas/Problem' } } }
                    post:
                      operationId: create\(name)
                      requestBody:
                        content: { application/json: { schema: { $ref: '#/components/schemas/\(name)' } } }
                      responses:
                        '201': { description: Created., content: { application/json: { schema: { $ref: '#/components/schemas/\(name)' } } } }
                  \(path)/{id}:
                    parameters:
                      - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }
                    get:
                      operationId: get\(name)
                      responses:
                        '200': { description: One., content: { application/json: { schema: { $ref: '#/components/schemas/\(name)' } } } }
                    put:
                      operationId: update\(name)
                      requestBody:
                        content: { application/json: { schema: { $ref: '#/components/schemas/\(name)' } } }
                      responses:
                        '200': { description: Updated., content: { application/json: { schema: { $ref: '#/components/schemas/\(name)' } } } }
                    delete:
                      operationId: delete\(name)
                      responses:
                        '204': { description: Deleted. }

                """
            components += """
                    \(name):
                      type: object
                      required: [id, name, created_at]
                      properties:
                        id: { type: integer, format: int64 }
                        name: { type: string, description: The name. }
                        status: { type: string, enum: [active, archived] }
                        created_at: { type: string, format: date-time }
                        owner:
                          type: object
                          properties:
                            login: { type: string }
                            url: { type: string, format: uri }
                        labels: { type: object, additionalProperties: { type: string } }
                        tags: { type: array, items: { type: string } }

                """
        }
        components +=
            "    Problem:\n      type: object\n      properties:\n        title: { type: string }\n        status: { type: integer }\n"
        return document + components
    }
}

extension SyntheticOpenAPI {
    /// The synthetic API of `SyntheticAPI.write` (the specs `--app-size` and `--release-compile`
    /// generate) as an OpenAPI 3.0 document, so that both generators read the same API:
    /// `get` public, the other operations behind a bearer token, a page type per resource,
    /// an input type and a status enum.
    static func mirroringSpecs(resources: Int) -> String {
        var paths = ""
        var schemas = ""
        for index in 0..<resources {
            let name = "Resource\(index)"
            let json = "content: { application/json: { schema: { $ref: '#/components/schemas/"
            paths += """
                  /resources\(index):
                    get:
                      operationId: list\(name)
                      description: Lists \(name) values, a page at a time.
                      parameters:
                        - { name: page, in: query, schema: { type: integer, default: 1 } }
                        - { name: per_page, in: query, schema: { type: integer } }
                        - { name: status, in: query, schema: { $ref: '#/components/schemas/\(name)Status' } }
                        - { name: q, in: query, schema: { type: string } }
                      responses:
                        '200': { description: A page., \(json)\(name)Page' } } } }
                    post:
                      operationId: create\(name)
                      requestBody: { required: true, \(json)\(name)Input' } } } }
                      responses:
                        '200': { description: Created., \(json)\(name)' } } } }
                  /resources\(index)/{id}:
                    parameters:
                      - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }
                    get:
                      operationId: get\(name)
                      security: []
                      responses:
                        '200': { description: One., \(json)\(name)' } } } }
                    put:
                      operationId: update\(name)
                      requestBody: { required: true, \(json)\(name)Input' } } } }
                      responses:
                        '200': { description: Updated., \(json)\(name)' } } } }
                    delete:
                      operationId: delete\(name)
                      responses:
                        '204': { description: Deleted. }

                """
            schemas += """
                    \(name):
                      type: object
                      description: A resource of the synthetic API.
                      required: [id, name, status, created_at, tags, owner]
                      properties:
                        id: { type: integer, format: int64 }
                        name: { type: string }
                        status: { type: string, enum: [draft, active, archived, unknown] }
                        created_at: { type: string, format: date-time }
                        updated_at: { type: string, format: date-time }
                        tags: { type: array, items: { type: string } }
                        owner:
                          type: object
                          required: [id, login]
                          properties:
                            id: { type: integer, format: int64 }
                            login: { type: string }
                            avatar_url: { type: string, format: uri }
                        metadata: { type: object, additionalProperties: { type: string } }
                        price: { type: number }
                        count: { type: integer, default: 0 }
                    \(name)Page:
                      type: object
                      required: [items, total]
                      properties:
                        items: { type: array, items: { $ref: '#/components/schemas/\(name)' } }
                        total: { type: integer }
                        next_cursor: { type: string }
                    \(name)Input:
                      type: object
                      required: [name, status, tags]
                      properties:
                        name: { type: string }
                        status: { $ref: '#/components/schemas/\(name)Status' }
                        tags: { type: array, items: { type: string } }
                        price: { type: number }
                    \(name)Status: { type: string, enum: [draft, active, archived] }

                """
        }
        return """
            openapi: 3.0.3
            info: { title: Synthetic, version: '1.0' }
            servers: [{ url: 'https://api.example.com/v1' }]
            security: [{ bearer: [] }]
            paths:
            \(paths)components:
              securitySchemes: { bearer: { type: http, scheme: bearer } }
              schemas:
            \(schemas)
            """
    }
}
