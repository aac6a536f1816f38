import Testing
@testable import DTOGenCore

/// The one reader of value paths (mappings, `each`, pagination).
struct ValuePathTests {
    @Test(arguments: [
        ("properties.mag", [ValuePath.Step.key("properties", offset: 0), .key("mag", offset: 11)]),
        ("data[-1].id", [.key("data", offset: 0), .index(-1, offset: 4), .key("id", offset: 9)]),
        (#"metadata["order.id"]"#, [.key("metadata", offset: 0), .key("order.id", offset: 8)]),
        ("[0].x", [.index(0, offset: 0), .key("x", offset: 4)]),
    ])
    func stepsAndTheirOffsets(_ text: String, _ steps: [ValuePath.Step]) throws {
        #expect(try ValuePath.parse(text).get().steps == steps)
    }

    @Test(arguments: [
        ("a..b", 2, "empty key in path 'a..b'; write keys separated by '.', such as \"properties.mag\""),
        ("a[x]", 1, "invalid index in path 'a[x]'; write an element as \"list[0]\""),
        (#"a["b"#, 1, #"unclosed quoted key in path 'a["b'; write it as ["key"]"#),
        ("a.b[0]x", 6, "unexpected 'x' in path 'a.b[0]x'"),
    ])
    func malformedPathsSayWhere(_ text: String, _ offset: Int, _ message: String) {
        guard case .failure(let error) = ValuePath.parse(text) else { Issue.record("\(text) must not parse"); return }
        #expect(error.offset == offset)
        #expect(error.message == message)
    }
}
