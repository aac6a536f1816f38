import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// A `domain` without `fields` reuses the mapping another endpoint's domain or a `mappings`
/// entry writes for the same model and DTO type, for one object as for `each`, so a get-by-id
/// endpoint returns the model the list endpoint maps, in the repository too.
struct MappingReuseTests {
    static let spec = #"""
        {
          "name": "Todos", "baseURL": "https://todos.example", "repository": true,
          "types": {
            "Todo": { "id": "Int", "title": "String", "owner": "Owner" },
            "Owner": { "name": "String" },
            "Page": { "items": ["Todo"] }
          },
          "mappings": [{ "dto": "Owner", "model": "Person", "fields": { "name": "name" } }],
          "endpoints": [
            { "name": "listTodos", "path": "/todos", "response": "Page",
              "domain": { "model": "TodoItem", "each": "items",
                          "fields": { "id": "id", "title": "title", "owner": { "from": "owner", "convert": "model:Person" } } } },
            { "name": "getTodo", "path": "/todos/{id}", "response": "Todo", "domain": { "model": "TodoItem" } },
            { "name": "allTodos", "path": "/todos/all", "response": ["Todo"], "domain": { "model": "TodoItem" } },
            { "name": "owner", "path": "/owner", "response": "Owner", "domain": { "model": "Person" } }
          ]
        }
        """#

    static let models = """
        struct Person: Equatable { var name: String }
        struct TodoItem: Equatable { var id: Int; var title: String; var owner: Person }
        """

    @Test func anEndpointWithoutFieldsReusesTheMapping() throws {
        let result = generate(Self.spec, path: "todos.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let endpoints = result.files.first { $0.path == "Todos.Endpoints.swift" }?.contents ?? ""
        for method in [
            "func getTodo(id: String) async throws -> TodoItem", "func allTodos() async throws -> [TodoItem]",
            "func owner() async throws -> Person",
        ] {
            #expect(endpoints.contains(method), "\(method)")
        }
        let mappings = result.files.first { $0.path == "Todos.Mappings.swift" }?.contents ?? ""
        // One init per (model, DTO) pair; reusing it on one object adds nothing.
        #expect(mappings.components(separatedBy: "init(from dto: Todo)").count == 2)
        #expect(mappings.components(separatedBy: "extension TodoItem {").count == 2, "\(mappings)")
        #expect(mappings.components(separatedBy: "extension Person {").count == 2, "\(mappings)")

        let main = #"""
            import Foundation
            #if canImport(FoundationNetworking)
            import FoundationNetworking
            #endif
            struct Canned: HTTPTransport {
                func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
                    let todo = #"{"id": 7, "title": "Write", "owner": {"name": "Ana"}}"#
                    let body: String
                    switch request.url?.path {
                    case "/todos/7": body = todo
                    case "/todos/all": body = "[\(todo)]"
                    default: body = #"{"name": "Bo"}"#
                    }
                    let response = HTTPURLResponse(url: request.url!, statusCode: 200, httpVersion: nil, headerFields: nil)!
                    return (Data(body.utf8), response)
                }
            }
            let repository = TodosRepositoryLive(client: APIClient(baseURL: TodosAPI.baseURL, transport: Canned()))
            let one = try await repository.getTodo(id: "7")
            let all = try await repository.allTodos()
            let owner = try await repository.owner()
            print(one == TodoItem(id: 7, title: "Write", owner: Person(name: "Ana")), all == [one], owner.name)
            """#
        let run = try Swiftc.buildAndRun(
            result.files, main: "import DTORuntime\n" + Self.models + "\n" + main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(run.output == "true true Bo\n", "\(run.output)")
    }

    @Test func withoutAMappingToReuseTheErrorSaysSo() {
        let spec = #"""
            { "types": { "Todo": { "id": "Int" } },
              "endpoints": [{ "name": "getTodo", "path": "/todos/{id}", "response": "Todo", "domain": { "model": "TodoItem" } }] }
            """#
        #expect(
            generate(spec).diagnostics.map(\.description) == [
                "spec.json:2:91: error: 'domain' needs 'fields': the arguments of TodoItem's init and where each comes from; no other mapping of TodoItem from Todo (an endpoint's domain or a 'mappings' entry) is there to reuse [DTG3066]"
            ])
    }
}
