import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// A struct with a property `id` that is never nil conforms to Swift's `Identifiable`, so
/// SwiftUI's lists take it as it is; `options.identifiable: false` turns it off.
struct IdentifiableTests {
    static func spec(options: String = "") -> String {
        #"""
        {
          "name": "Todos", \#(options)
          "types": {
            "Todo": { "id": "Int", "title": "String" },
            "Draft": { "id": "String?", "title": "String" },
            "Tag": { "ID": { "$type": "UUID", "$name": "id" }, "label": "String" },
            "State": { "$enum": ["open", "done"] },
            "Either": { "$oneOf": ["Todo", "Tag"] },
            "Page": { "items": ["Todo"] }
          },
          "endpoints": []
        }
        """#
    }

    static func declarationLines(_ result: GenerationResult) -> [String] {
        result.files.flatMap { $0.contents.split(separator: "\n").map(String.init) }.filter {
            $0.contains(" struct ") || $0.contains(" enum ")
        }
    }

    @Test func structsWithAnIDConform() throws {
        let result = generate(Self.spec())
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let lines = Self.declarationLines(result)
        for name in ["Todo", "Tag"] {
            #expect(
                lines.contains {
                    $0.contains(
                        "struct \(name): Codable, Sendable, Hashable, Swift.Identifiable, DTORuntime.FastJSONDecodable {"
                    )
                })
        }
        // An optional id, no id, an enum, a one-of: no conformance.
        for name in ["Draft", "Page", "State", "Either"] {
            #expect(lines.contains { $0.contains(" \(name):") && !$0.contains("Identifiable") }, "\(name): \(lines)")
        }
        let main = #"""
            import Foundation
            func ids<Item: Swift.Identifiable>(_ items: [Item]) -> [Item.ID] { items.map(\.id) }
            let todos = try JSONDecoder().decode([Todo].self, from: Data(#"[{"id": 1, "title": "a"}, {"id": 2, "title": "b"}]"#.utf8))
            let tag = try FastDecoder().decode(Tag.self, from: Data(#"{"ID": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "label": "x"}"#.utf8))
            print(ids(todos), ids([tag]).map(\.uuidString))
            """#
        let run = try Swiftc.buildAndRun(result.files, main: "import DTORuntime\n" + main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(run.output == "[1, 2] [\"E621E1F8-C36C-495A-93FC-0C247A3E6E5F\"]\n", "\(run.output)")
    }

    @Test func theOptionTurnsItOff() {
        let result = generate(Self.spec(options: #""options": { "identifiable": false },"#))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(!result.files.contains { $0.contents.contains("Identifiable") })
        let wrong = generate(Self.spec(options: #""options": { "identifiable": "no" },"#))
        #expect(
            wrong.diagnostics.map(\.description) == [
                "spec.json:2:49: error: 'options.identifiable' must be true or false, found a string [DTG1004]"
            ])
    }
}
