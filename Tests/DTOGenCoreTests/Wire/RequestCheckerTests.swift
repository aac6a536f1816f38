import Foundation
import Testing
@testable import DTOGenCore
import PositionalJSON

/// The wire test's judge finds what is wrong with a request, so a clean wire test means
/// something: each request below breaks one rule of the document.
struct RequestCheckerTests {
    static let document = """
        openapi: 3.0.0
        info: { title: T, version: "1" }
        paths:
          /pets/{id}:
            post:
              parameters:
                - { name: id, in: path, required: true, schema: { type: integer } }
                - { name: tags, in: query, explode: false, schema: { type: array, items: { type: string } } }
                - { name: status, in: query, required: true, schema: { type: string, enum: [available, sold] } }
                - { name: X-Trace, in: header, required: true, schema: { type: string } }
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      required: [name, id]
                      properties:
                        id: { type: integer, readOnly: true }
                        name: { type: string }
                        born: { type: string, format: date }
              responses: { "204": { description: ok } }
        """

    func problems(
        url: String, headers: [String: String] = ["X-Trace": "t", "Content-Type": "application/json"],
        body: String? = #"{"name":"Rex"}"#
    ) throws -> [String] {
        let document = WireDocument(root: try OpenAPIImporter.read(Array(Self.document.utf8)))
        let operation = try #require(document.operation(method: "POST", path: "/pets/{id}"))
        let request = RecordedRequest(
            name: "x", method: "POST", url: url, headers: headers,
            body: body.map { Data($0.utf8).base64EncodedString() })
        return RequestChecker(document: document).problems(request, operation)
    }

    @Test func aValidRequestHasNoProblem() throws {
        #expect(try problems(url: "https://h/pets/3?tags=a,b&status=sold") == [])
    }

    @Test func eachBrokenRuleIsFound() throws {
        #expect(
            try problems(url: "https://h/pets/three?status=sold") == ["path parameter 'id' is 'three', not an integer"])
        #expect(
            try problems(url: "https://h/pets/3?status=lost") == [
                "query item 'status' is 'lost', not one of its values"
            ])
        #expect(try problems(url: "https://h/pets/3") == ["required query item 'status' is missing"])
        #expect(
            try problems(url: "https://h/pets/3?status=sold&tags=a&tags=b") == [
                "query item 'tags' is repeated; its style writes one item"
            ])
        #expect(try problems(url: "https://h/pets/3?status=sold&page=2") == ["query item 'page' is not declared"])
        #expect(
            try problems(url: "https://h/pets/3?status=sold", headers: ["Content-Type": "application/json"]) == [
                "required header 'X-Trace' is missing"
            ])
        #expect(
            try problems(url: "https://h/pets/3?status=sold", body: #"{"id":1,"name":"Rex"}"#) == [
                "body.id is readOnly and sent"
            ])
        #expect(
            try problems(url: "https://h/pets/3?status=sold", body: #"{"born":"yesterday"}"#) == [
                "body.name is required and missing", "body.born is 'yesterday', not a date",
            ])
        #expect(try problems(url: "https://h/pets/3?status=sold", body: nil) == ["the required body is missing"])
        #expect(try problems(url: "https://h/cats/3?status=sold") == ["path /cats/3 does not match /pets/{id}"])
    }

    /// Linode closes each `allOf` part of its bodies and writes more properties (and a
    /// restated `rules`) beside them: the check reads the merged object, and still finds a
    /// key that nothing declares and a requirement written beside the parts.
    @Test func closedAllOfPartsMeanTheMergedObject() throws {
        let root = try OpenAPIImporter.read(
            Array(
                """
                {"openapi": "3.0.0", "paths": {}, "components": {"schemas": {"Body": {
                  "allOf": [{"type": "object", "additionalProperties": false, "properties": {
                    "a": {"type": "string"},
                    "rules": {"type": "object", "additionalProperties": false, "properties": {"p": {"type": "string"}}}}}],
                  "properties": {"b": {"type": "string"},
                    "rules": {"additionalProperties": false, "properties": {"q": {"type": "string"}}}},
                  "required": ["a", "b"]}}}}
                """.utf8))
        let checker = RequestChecker(document: WireDocument(root: root))
        let schema = try #require(root["components"]?["schemas"]?["Body"])
        func problems(_ json: String) throws -> [String] {
            checker.validate(try OpenAPIImporter.read(Array(json.utf8)), schema, "body", request: true)
        }
        #expect(try problems(#"{"a": "x", "b": "y", "rules": {"p": "1", "q": "2"}}"#) == [])
        #expect(try problems(#"{"a": "x", "b": "y", "c": 1}"#) == ["body.c is not declared"])
        #expect(try problems(#"{"a": "x"}"#) == ["body.b is required and missing"])
    }

    /// A form body's array in the `form` style (OpenAPI's default) repeats its name; in
    /// brackets only where the `encoding` says `deepObject`. An object's fields in the form
    /// style are names of their own.
    @Test func formFieldsAreInTheirEncodingsStyle() throws {
        let root = try OpenAPIImporter.read(
            Array(
                """
                {"openapi": "3.0.0", "paths": {"/calls": {"post": {"requestBody": {"content": {
                  "application/x-www-form-urlencoded": {
                    "schema": {"type": "object", "properties": {
                      "Event": {"type": "array", "items": {"type": "string"}},
                      "expand": {"type": "array", "items": {"type": "string"}},
                      "Detection": {"type": "object", "properties": {"Mode": {"type": "string"}}}}},
                    "encoding": {"expand": {"style": "deepObject", "explode": true}}}}},
                  "responses": {"204": {"description": "ok"}}}}}}
                """.utf8))
        let document = WireDocument(root: root)
        let operation = try #require(document.operation(method: "POST", path: "/calls"))
        func problems(_ body: String) -> [String] {
            let request = RecordedRequest(
                name: "x", method: "POST", url: "https://h/calls",
                headers: ["Content-Type": "application/x-www-form-urlencoded"],
                body: Data(body.utf8).base64EncodedString())
            return RequestChecker(document: document).problems(request, operation)
        }
        #expect(problems("Event=a&Event=b&Mode=x&expand%5B%5D=c") == [])
        #expect(
            problems("Event%5B%5D=a") == ["form field 'Event' is written in brackets; the document's style is 'form'"])
        #expect(problems("Other=1") == ["form field 'Other' is not declared"])
    }
}
