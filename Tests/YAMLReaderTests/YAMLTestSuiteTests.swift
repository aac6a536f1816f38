import Foundation
import PositionalJSON
import Testing
import YAMLReader

/// The official yaml-test-suite (`Tests/Fixtures/yaml-test-suite`, copied from the suite's
/// `data` branch with its licence): every case with `in.json` must read to that value, every
/// case marked `error` must be rejected with a located error, and nothing may crash. Cases
/// that dtogen's reader does not pass yet are listed in `knownFailures`; a case that fails
/// and is not listed fails the test, and so does a listed case that now passes (so the list
/// and the pass rate in the README stay true).
struct YAMLTestSuiteTests {
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/yaml-test-suite")

    /// Case folders (`229Q`, `2G84/00`), sorted.
    static func cases() throws -> [String] {
        var result: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted() {
            let folder = suite.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("in.yaml").path) {
                result.append(name)
            } else if let subs = try? FileManager.default.contentsOfDirectory(atPath: folder.path) {
                for sub in subs.sorted()
                where FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent(sub).appendingPathComponent("in.yaml").path)
                {
                    result.append(name + "/" + sub)
                }
            }
        }
        return result
    }

    enum Outcome: Equatable {
        case passed, failed(String), notJudged
    }

    static func run(_ name: String) -> Outcome {
        let folder = suite.appendingPathComponent(name)
        guard let input = FileManager.default.contents(atPath: folder.appendingPathComponent("in.yaml").path) else {
            return .failed("no in.yaml")
        }
        let mustFail = FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path)
        let expected = FileManager.default.contents(atPath: folder.appendingPathComponent("in.json").path)
        let result: Result<[JSONNode], YAMLSyntaxError>
        do {
            result = .success(try YAMLReader.parseStream(bytes: Array(input)))
        } catch {
            result = .failure(error)
        }
        if mustFail {
            if case .success = result { return .failed("accepted an invalid document") }
            return .passed
        }
        guard let expected else { return .notJudged }
        switch result {
        case .failure(let error): return .failed("rejected: \(error)")
        case .success(let documents):
            guard let values = try? jsonStream(Array(expected)) else { return .failed("cannot read in.json") }
            guard values.count == documents.count else {
                return .failed("\(documents.count) documents, expected \(values.count)")
            }
            for (found, wanted) in zip(documents, values) where !same(found, wanted) {
                return .failed("read \(render(found)), expected \(render(wanted))")
            }
            return .passed
        }
    }

    /// `in.json` holds one JSON text per document, one after another.
    static func jsonStream(_ bytes: [UInt8]) throws -> [JSONNode] {
        var values: [JSONNode] = []
        var start: Int?
        var depth = 0
        var inString = false
        var escaped = false
        var k = 0
        func cut(_ end: Int) throws {
            if let s = start {
                values.append(try JSONReader.parse(bytes: Array(bytes[s..<end])))
                start = nil
            }
        }
        while k < bytes.count {
            let c = bytes[k]
            if inString {
                if escaped {
                    escaped = false
                } else if c == UInt8(ascii: "\\") {
                    escaped = true
                } else if c == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { try cut(k + 1) }
                }
            } else if c == UInt8(ascii: " ") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\t")
                || c == UInt8(ascii: "\r")
            {
                if depth == 0 { try cut(k) }
            } else {
                if start == nil { start = k }
                if c == UInt8(ascii: "\"") { inString = true }
                if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
                if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 { try cut(k + 1) }
                }
            }
            k += 1
        }
        try cut(bytes.count)
        return values
    }

    static func same(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || Double(x) == Double(y)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy(same)
        case (.object(let x), .object(let y)):
            return x.count == y.count
                && x.allSatisfy { member in
                    y.first { $0.key == member.key }.map { same(member.value, $0.value) } ?? false
                }
        default: return false
        }
    }

    static func render(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let v): "\(v)"
        case .number(let n): n
        case .string(let s): String(reflecting: s)
        case .array(let a): "[" + a.map(render).joined(separator: ", ") + "]"
        case .object(let m):
            "{" + m.map { String(reflecting: $0.key) + ": " + render($0.value) }.joined(separator: ", ") + "}"
        }
    }

    @Test func officialSuite() throws {
        let names = try Self.cases()
        #expect(names.count > 300)
        var passed = 0
        var judged = 0
        var unexpected: [String] = []
        var fixed: [String] = []
        for name in names {
            let outcome = Self.run(name)
            if outcome == .notJudged { continue }
            judged += 1
            let known = Self.knownFailures.contains(name)
            switch outcome {
            case .passed:
                passed += 1
                if known { fixed.append(name) }
            case .failed(let why):
                if !known {
                    unexpected.append(
                        "\(name) (\((try? String(contentsOf: Self.suite.appendingPathComponent(name).appendingPathComponent("==="), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")): \(why)"
                    )
                }
            case .notJudged: break
            }
        }
        print(
            "yaml-test-suite: \(passed) of \(judged) cases pass (\(String(format: "%.1f", Double(passed) * 100 / Double(max(judged, 1))))%)"
        )
        #expect(
            unexpected.isEmpty,
            "\(unexpected.count) cases fail that are not known failures:\n\(unexpected.joined(separator: "\n"))")
        #expect(fixed.isEmpty, "known failures that now pass; remove them from the list: \(fixed)")
    }

    /// Cases this reader does not pass yet, each for the reason in the closing note.
    static let knownFailures: Set<String> = []
}
