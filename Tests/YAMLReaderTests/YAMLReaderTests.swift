import Foundation
import PositionalJSON
import Testing
import YAMLReader

/// What the suite does not cover: positions, the bounds against hostile input, and input
/// mangled at random (never a crash).
struct YAMLReaderTests {
    @Test func locationsCarryTheirFile() throws {
        let node = try YAMLReader.parse(bytes: Array("a:\n  - 1\n  - { b: c }\n".utf8), file: 5)
        #expect(node.location.file == 5)
        #expect(node["a"]?.elements?.allSatisfy { $0.location.file == 5 } == true)
        #expect(node.members?.first?.keyLocation == PositionalJSON.SourceLocation(line: 1, column: 1, file: 5))
    }

    @Test func valuesKeepTheirPositionsAndCoreSchemaTypes() throws {
        let yaml = """
            openapi: 3.0.0   # a comment
            info:
              title: "Pet \\u00e9"
              version: 0x1F
            paths:
              /pets:
                get:
                  tags: [pets, 'store']
                  deprecated: false
                  ratio: .5
                  nothing: ~
            description: |
              Two
              lines
            """
        let root = try YAMLReader.parse(yaml)
        let info = try #require(root["info"])
        #expect(info.location == PositionalJSON.SourceLocation(line: 3, column: 3))
        #expect(info["title"]?.value == .string("Pet é"))
        #expect(info["title"]?.location == PositionalJSON.SourceLocation(line: 3, column: 10))
        #expect(info["version"]?.value == .number("31"))
        #expect(root["openapi"]?.value == .string("3.0.0"))
        let get = try #require(root["paths"]?["/pets"]?["get"])
        #expect(get["tags"]?.elements?.map(\.value) == [.string("pets"), .string("store")])
        #expect(get["tags"]?.elements?[1].location == PositionalJSON.SourceLocation(line: 8, column: 20))
        #expect(get["deprecated"]?.value == .bool(false))
        #expect(get["ratio"]?.value == .number("0.5"))
        #expect(get["nothing"]?.value == .null)
        #expect(root["description"]?.value == .string("Two\nlines\n"))
        #expect(
            root.members?.first { $0.key == "paths" }?.keyLocation == PositionalJSON.SourceLocation(line: 5, column: 1))
    }

    @Test(arguments: [
        ("a: 1\na: 2", 2, 1, "duplicate key 'a'"),
        ("a: \"open", 1, 4, "unterminated"),
        ("a:\n  - 1\n - 2", 3, 2, "indentation"),
        ("*nope", 1, 1, "unknown alias"),
        ("a: [1, 2", 1, 9, "found end of input"),
        ("key: \"\\q\"", 1, 8, "invalid escape"),
    ])
    func errorsAreLocated(yaml: String, line: Int, column: Int, fragment: String) {
        do {
            _ = try YAMLReader.parseStream(bytes: Array(yaml.utf8))
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect(error.location == PositionalJSON.SourceLocation(line: line, column: column), "\(yaml): \(error)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    /// Where dtogen reads what libyaml reads and YAML 1.2's letter does not allow: a flow
    /// collection closed at its key's indentation (Docker Engine's `example: {` ... `}`).
    /// A flow entry at that indentation stays an error.
    @Test func aFlowCollectionMayCloseAtItsKeysIndentation() throws {
        let yaml = "a:\n  example: {\n    \"80/tcp\": {}\n  }\n  b: [1,\n    2\n  ]\n"
        let root = try #require(try YAMLReader.parseStream(bytes: Array(yaml.utf8)).first)
        #expect(root["a"]?["example"]?["80/tcp"]?.members?.isEmpty == true)
        #expect(root["a"]?["b"]?.elements?.count == 2)
        #expect(throws: (any Error).self) { try YAMLReader.parseStream(bytes: Array("a:\n  b: [1,\n  2]\n".utf8)) }
    }

    @Test func aliasExpansionAndNestingAreBounded() {
        // A "billion laughs": each level doubles ten times.
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1..<9 {
            bomb +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        #expect(throws: YAMLSyntaxError.self) { try YAMLReader.parseStream(bytes: Array(bomb.utf8)) }
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: YAMLSyntaxError.self) { try YAMLReader.parseStream(bytes: Array(deep.utf8)) }
        let deepBlock = (0..<2_000).map { String(repeating: " ", count: $0) + "- " }.joined(separator: "\n")
        #expect(throws: YAMLSyntaxError.self) { try YAMLReader.parseStream(bytes: Array(deepBlock.utf8)) }
    }

    /// Every suite input, cut, spliced and bit-flipped: the reader returns or throws.
    @Test func mangledInputNeverCrashes() throws {
        var rng = SystemRandomNumberGenerator()
        var inputs: [[UInt8]] = []
        for name in try YAMLTestSuiteTests.cases() {
            if let data = FileManager.default.contents(
                atPath: YAMLTestSuiteTests.suite.appendingPathComponent(name).appendingPathComponent("in.yaml").path)
            {
                inputs.append(Array(data))
            }
        }
        let pieces: [[UInt8]] = [
            "- ", ": ", "? ", "&a ", "*a", "!!str ", "|+", ">-", "\t", "\n", "[", "]", "{", "}", ",", "\"", "'", "#",
            "---\n", "...\n", "%YAML 1.2\n", "\\u12",
        ].map { Array($0.utf8) }
        var runs = 0
        for input in inputs {
            for _ in 0..<8 {
                var bytes = input
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &rng)
                    switch Int.random(in: 0..<3, using: &rng) {
                    case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
                    case 1 where !bytes.isEmpty:
                        bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &rng)))
                    default: bytes.insert(contentsOf: pieces[Int.random(in: 0..<pieces.count, using: &rng)], at: at)
                    }
                }
                _ = try? YAMLReader.parseStream(bytes: bytes)
                runs += 1
            }
        }
        #expect(runs > 3000)
    }
}
