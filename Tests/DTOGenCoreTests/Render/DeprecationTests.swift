import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `$deprecated` on types, properties and parameters, `deprecated` on endpoints: the
/// compiler warns where the app uses what the API retires, and nowhere in generated code,
/// which deprecates whatever spells a deprecated type (a property, a one-of case, an alias, a
/// factory, a mapping, a repository method) and keeps a deprecated property's storage apart.
struct DeprecationTests {
    static let spec = #"""
        {
          "name": "Shop", "repository": true,
          "types": {
            "Old": { "$deprecated": "Use Item.", "a": "Int" },
            "OldState": { "$enum": ["x", "y"], "$deprecated": true },
            "OldList": { "$type": ["Old"] },
            "Node": { "value": "Int", "next": { "$type": "Node?", "$deprecated": "Gone in v3." } },
            "Item": {
              "id": "Int",
              "legacy": { "$type": "String?", "$deprecated": "Use title." },
              "title": "String",
              "old": "Old?",
              "olds": { "$type": "OldList", "$optional": true },
              "state": "OldState?",
              "when": { "$type": "Date?", "$deprecated": true },
              "choice": { "$oneOf": ["Old", "Int"], "$optional": true },
              "node": "Node?"
            },
            "Either": { "$oneOf": ["Item", "String"] },
            "Draft": { "title": "String", "legacy": { "$type": "String?", "$deprecated": true } },
            "Page": { "items": ["Item"] }
          },
          "mappings": [{ "dto": "Old", "model": "OldModel", "fields": { "a": "a" } }],
          "endpoints": [
            { "name": "items", "path": "/items", "response": "Page",
              "query": { "q": { "$type": "String?", "$deprecated": true, "$doc": "Search." },
                         "r": { "$type": "String?", "$deprecated": "Use q." } },
              "domain": { "model": "Product", "each": "items", "fields": { "id": "id", "title": "title" } } },
            { "name": "legacyItems", "path": "/legacy", "response": "Page",
              "domain": { "model": "LegacyProduct", "each": "items", "fields": { "id": "id", "legacy": "legacy" } } },
            { "name": "oldItems", "path": "/old", "response": ["Item"], "deprecated": "Use items." },
            { "name": "old", "path": "/old/one", "response": "Old", "domain": { "model": "OldModel" } },
            { "name": "either", "path": "/either", "response": "Either" },
            { "name": "create", "method": "POST", "path": "/items", "body": "Draft", "response": "Item",
              "bodyFrom": { "model": "NewItem", "fields": { "title": "title" } } }
          ]
        }
        """#

    /// The app: its models, and a use of each deprecated member (the warnings expected, by
    /// line) beside uses of what is not deprecated (no warning).
    static let app = #"""
        import Foundation
        import DTORuntime
        struct Product { var id: Int; var title: String }
        struct LegacyProduct { var id: Int; var legacy: String? }
        struct OldModel { var a: Int }
        struct NewItem { var title: String }
        func use(_ item: Item, _ node: Node) async throws -> [String] {
            let repository = ShopRepositoryStub()
            _ = try await repository.items(q: nil, r: nil)
            _ = Endpoint<EndpointKinds.Public, Item>.create(from: NewItem(title: "x"))
            _ = Draft(title: "t", legacy: "l")
            return [item.title, item.legacy ?? "-", "\(node.next?.value ?? 0)", "\(item.when == nil)"]
        }
        func retired() async throws {
            _ = try await ShopRepositoryStub().oldItems()
            _ = try await ShopRepositoryStub().old()
        }
        """#

    /// What else reaches a deprecation (a review found each warning in generated code): a
    /// pagination path through a deprecated field or type, a one-of whose variant aliases a
    /// struct with a deprecated type, a query object's deprecated property, and an `each`
    /// path through a deprecated field (which deprecates `from(_ response:)` alone, not the
    /// init another endpoint reuses).
    static let reaches = #"""
        {
          "name": "Reach", "repository": true,
          "types": {
            "Old": { "$deprecated": "gone", "v": "Int" },
            "Item": { "id": "Int" },
            "Page": { "items": { "$type": ["Item"], "$deprecated": "use data" }, "data": ["Item"],
                      "next_cursor": { "$type": "String?", "$deprecated": "use cursor" } },
            "Meta": { "cursor": "Old?" },
            "Page2": { "data": ["Item"], "meta": "Meta" },
            "Wrap": { "o": "Old?", "d": "Date" },
            "W2": { "$type": "Wrap" },
            "Choice": { "$oneOf": ["W2", "Int"] }
          },
          "endpoints": [
            { "name": "page", "path": "/p", "response": "Page",
              "paginate": { "style": "next", "param": "cursor", "from": "next_cursor" },
              "domain": { "model": "Product", "each": "items", "fields": { "id": "id" } } },
            { "name": "page2", "path": "/p2", "response": "Page2",
              "paginate": { "style": "next", "param": "cursor", "from": "meta.cursor.v" } },
            { "name": "one", "path": "/i", "response": "Item", "domain": { "model": "Product" } },
            { "name": "choice", "path": "/c", "response": "Choice",
              "query": { "filter": { "$optional": true, "created": { "$type": "Int?", "$deprecated": true }, "s": "String?" } } }
          ]
        }
        """#

    @Test func whatReachesADeprecationIsDeprecatedWithIt() throws {
        let result = generate(Self.reaches, path: "reach.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let app = #"""
            import DTORuntime
            struct Product { var id: Int }
            func use(_ item: Item) async throws {
                _ = Product(from: item)
                _ = try await ReachRepositoryStub().one()
                _ = Endpoint<EndpointKinds.Public, Choice>.choice(filter: ChoiceFilter(s: "x"))
                _ = try await ReachRepositoryStub().page()
            }
            """#
        let run = try Swiftc.typecheck(result.files, with: app, runtime: .module)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            Self.warnings(run.output).map(Self.appWarning) == [
                "7: 'page()' is deprecated: Page.nextCursor is deprecated: use cursor"
            ], "\(run.output)")
    }

    /// The warnings the app gets, `line: message`, and none elsewhere.
    static let expected = [
        "12: 'legacy' is deprecated: Use title.", "12: 'next' is deprecated: Gone in v3.", "12: 'when' is deprecated",
        "15: 'oldItems()' is deprecated: Use items.", "16: 'old()' is deprecated: Old is deprecated: Use Item.",
    ]

    static func warnings(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.contains("warning:") && !$0.hasPrefix(" ") }.map(String.init)
    }

    /// `App.swift:12:…: warning: message [group]` → `12: message`; anything else as it is.
    static func appWarning(_ line: String) -> String {
        guard let match = line.firstMatch(of: /App\.swift:(\d+):\d+: warning: (.*) \[#\w+\]$/) else { return line }
        return "\(match.1): \(match.2)"
    }

    @Test func onlyTheAppsUsesWarn() throws {
        let result = generate(Self.spec, path: "shop.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let run = try Swiftc.typecheck(result.files, with: Self.app, runtime: .module)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(Self.warnings(run.output).map(Self.appWarning).sorted() == Self.expected.sorted(), "\(run.output)")
    }

    @Test func deprecatedMembersDecodeAndEncodeAsBefore() throws {
        let result = generate(Self.spec, path: "shop.json")
        let main = #"""
            import DTORuntime
            import Foundation
            struct Product { var id: Int; var title: String }
            struct LegacyProduct { var id: Int; var legacy: String? }
            struct OldModel { var a: Int }
            struct NewItem { var title: String }
            let json = #"{"id": 1, "legacy": "L", "title": "T", "when": "2026-11-27T10:00:00Z", "old": {"a": 2}, "state": "y", "node": {"value": 1, "next": {"value": 2}}}"#
            @available(*, deprecated)
            func read() throws -> String {
                let fast = try FastDecoder().decode(Item.self, from: Data(json.utf8))
                let plain = try JSONDecoder().decode(Item.self, from: Data(json.utf8))
                let again = try JSONDecoder().decode(Item.self, from: JSONEncoder().encode(fast))
                return "\(fast == plain) \(again == fast) \(fast.legacy ?? "-") \(fast.old?.a ?? 0) \(fast.node?.next?.value ?? 0) \(fast.when != nil)"
            }
            print(try read())
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main)
        #expect(run.output == "true true L 2 2 true\n", "\(run.output)")
    }

    @Test func theFactoryDocSaysWhichArgumentsAreDeprecated() {
        let result = generate(Self.spec, path: "shop.json")
        let endpoints = result.files.first { $0.path == "Shop.Endpoints.swift" }?.contents ?? ""
        #expect(
            endpoints.contains(
                """
                    /// - Parameters:
                    ///   - q: Search. Deprecated.
                    ///   - r: Deprecated: Use q.
                """), "\(endpoints)")
    }

    @Test func misuseIsALocatedError() {
        let wrong = generate(
            #"""
            { "types": { "T": { "a": { "$type": "Int", "$deprecated": 1 }, "b": [{ "$type": "Int", "$deprecated": true }] } },
              "endpoints": [{ "name": "t", "path": "/t", "response": "T", "deprecated": "yes", "query": { "x": { "$type": "Int?", "$deprecated": [] } } }] }
            """#)
        #expect(
            wrong.diagnostics.map(\.description) == [
                "spec.json:1:59: error: '$deprecated' must be true, false or the message of the deprecation, found a number [DTG1061]",
                "spec.json:1:88: error: '$deprecated' marks a type in 'types', a property or a parameter; it is not allowed here [DTG1062]",
                "spec.json:2:134: error: '$deprecated' must be true, false or the message of the deprecation, found an array [DTG1061]",
            ], "\(wrong.diagnostics)")
    }
}
