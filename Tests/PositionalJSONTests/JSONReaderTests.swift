import PositionalJSON
import Testing

/// The JSON reader on its own: positions, strictness and its bounds.
struct JSONReaderTests {
    /// A caller reading several files gives each an index; every location carries it, in
    /// twelve bytes (every value and key has one).
    @Test func locationsCarryTheirFile() throws {
        func locations(_ node: JSONNode) -> [PositionalJSON.SourceLocation] {
            var result = [node.location]
            for member in node.members ?? [] { result += [member.keyLocation] + locations(member.value) }
            for element in node.elements ?? [] { result += locations(element) }
            return result
        }
        let node = try JSONReader.parse(bytes: Array(#"{ "a": [1, {"b": null}], "c": "d" }"#.utf8), file: 3)
        #expect(locations(node).count == 9)
        #expect(locations(node).allSatisfy { $0.file == 3 })
        #expect(try JSONReader.parse("[1]").location.file == 0)
        #expect(MemoryLayout<PositionalJSON.SourceLocation>.size == 12)
        do {
            _ = try JSONReader.parse(bytes: Array("[1,]".utf8), file: 2)
            Issue.record("expected a syntax error")
        } catch {
            #expect(error.location == PositionalJSON.SourceLocation(line: 1, column: 4, file: 2))
        }
    }

    @Test func everyValueAndKeyHasItsPosition() throws {
        let node = try JSONReader.parse("{\n  \"a\": [1, 2.50, \"x\\u00e9\"],\n  \"é\": {\"b\": null, \"c\": true}\n}")
        #expect(node.location == PositionalJSON.SourceLocation(line: 1, column: 1))
        let members = try #require(node.members)
        #expect(members.map(\.key) == ["a", "é"])
        #expect(members[0].keyLocation == PositionalJSON.SourceLocation(line: 2, column: 3))
        let array = try #require(members[0].value.elements)
        #expect(array.map(\.value) == [.number("1"), .number("2.50"), .string("xé")])
        #expect(array[2].location == PositionalJSON.SourceLocation(line: 2, column: 18))
        // Columns count Unicode scalars: "é" is one.
        #expect(members[1].value["c"]?.location == PositionalJSON.SourceLocation(line: 3, column: 25))
        #expect(members[1].value["b"]?.value == .null)
    }

    @Test(arguments: [
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate key"),
        ("[1, 2,]", 1, 7, "']'"),
        ("{\"a\" 1}", 1, 6, "':'"),
        ("01", 1, 1, "leading zeros"),
        ("\"\\q\"", 1, 2, "escape"),
        ("[1] x", 1, 5, ""),
    ])
    func syntaxErrorsAreLocated(text: String, line: Int, column: Int, fragment: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(text) }
        do {
            _ = try JSONReader.parse(text)
        } catch {
            #expect(error.location == PositionalJSON.SourceLocation(line: line, column: column), "\(text): \(error)")
            #expect(fragment.isEmpty || error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test func nestingIsBounded() {
        let deep =
            String(repeating: "[", count: JSONReader.maximumDepth + 10)
            + String(repeating: "]", count: JSONReader.maximumDepth + 10)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.parse(deep) }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect((try? JSONReader.parse(fine)) != nil)
    }
}
