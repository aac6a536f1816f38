import Testing
@testable import DTOGenCore

/// Generated code is reviewed in PRs: a small change to a spec must give a small diff.
struct DiffStabilityTests {
    /// The lines a unified diff of two generations removes and adds.
    func change(_ before: String, _ after: String, file: Int) -> (removed: [String], added: [String]) {
        let suffix = ["DTOs", "Endpoints", "Mappings"][file] + ".swift"
        guard let old = generate(before).files.first(where: { $0.path.hasSuffix(suffix) }),
            let new = generate(after).files.first(where: { $0.path.hasSuffix(suffix) })
        else {
            Issue.record("generation failed")
            return ([], [])
        }
        let lines = unifiedDiff(old.contents, new.contents, name: "x").split(separator: "\n").dropFirst(2)
        return (
            lines.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) },
            lines.filter { $0.hasPrefix("+") }.map { String($0.dropFirst()) }
        )
    }

    func spec(fields: String) -> String {
        #"{ "types": { "T": { "a": "Int", "b": { "$type": "Int", "$lenient": true }, "c": \#(fields) } }, "endpoints": [] }"#
    }

    /// One line in `init(from:)`, and its twin in the fast path.
    @Test func togglingAModifierInACustomCodedStructChangesOneLine() {
        let (removed, added) = change(
            spec(fields: #""Int""#), spec(fields: #"{ "$type": "Int", "$lenient": true }"#), file: 0)
        #expect(
            removed == [
                "        self.c = try container.decode(Int.self, forKey: .c)",
                #"        self.c = try container.decode(Int.self, forKey: "c")"#,
            ])
        #expect(
            added == [
                "        self.c = container.decodeLenient(Int.self, forKey: .c) ?? 0",
                #"        self.c = container.decodeLenient(Int.self, forKey: "c") ?? 0"#,
            ])
    }

    /// The first custom field adds `CodingKeys` and `init(from:)`, never `encode(to:)` (the
    /// synthesized one still fits), and changes no existing line but the field's in the fast path.
    @Test func theFirstCustomFieldOnlyAddsLines() {
        let plain = #"{ "types": { "T": { "a": "Int", "b": "Int", "c": "Int" } }, "endpoints": [] }"#
        let lenient =
            #"{ "types": { "T": { "a": "Int", "b": "Int", "c": { "$type": "Int", "$lenient": true } } }, "endpoints": [] }"#
        let (removed, added) = change(plain, lenient, file: 0)
        #expect(removed == [#"        self.c = try container.decode(Int.self, forKey: "c")"#])
        #expect(added.count == 14, "\(added)")
        #expect(added.contains(#"        self.c = container.decodeLenient(Int.self, forKey: "c") ?? 0"#))
        #expect(!added.contains { $0.contains("encode(to") })
    }

    static func endpoints(query: String, secondResponse: String = "T") -> String {
        #"""
        { "types": { "T": { "a": "Int" }, "U": { "b": "Int" } }, "endpoints": [
          { "name": "first", "path": "/1", "response": "T" },
          { "name": "second", "path": "/2", "response": "\#(secondResponse)" },
          { "name": "third", "path": "/3", "query": \#(query), "response": "T" }
        ] }
        """#
    }

    @Test func addingAQueryItemOnlyAddsItsLines() {
        let before = Self.endpoints(query: #"{ "a": "Int", "b": "Int?", "c": "String?" }"#)
        let after = Self.endpoints(query: #"{ "a": "Int", "b": "Int?", "c": "String?", "d": "Bool?" }"#)
        let (removed, added) = change(before, after, file: 1)
        #expect(removed.isEmpty)
        #expect(added == ["        d: Bool? = nil,", "                .init(\"d\", d),"])
    }

    @Test func factoriesStayInSpecOrderWhenAResponseTypeChanges() throws {
        let text = try #require(
            generate(Self.endpoints(query: "{}", secondResponse: "U")).files.first {
                $0.path.hasSuffix("Endpoints.swift")
            }
        ).contents
        let first = try #require(text.range(of: "static var first"))
        let second = try #require(text.range(of: "static var second"))
        let third = try #require(text.range(of: "static var third"))
        #expect(first.lowerBound < second.lowerBound && second.lowerBound < third.lowerBound)
        let (removed, added) = change(
            Self.endpoints(query: "{}"), Self.endpoints(query: "{}", secondResponse: "U"), file: 1)
        #expect(removed.count <= 1 && added.count <= 6, "\(removed) \(added)")
    }
}
