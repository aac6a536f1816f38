import Foundation
import Testing
@testable import DTOGenCore

/// Runs the official Mustache spec suite (../shared/conformance/mustache-spec, copied
/// under Tests/Fixtures/mustache-spec) against our renderer.
struct MustacheSpecTests {
    struct Case: CustomStringConvertible, Sendable {
        let file: String
        let name: String
        let template: String
        let data: MustacheValue
        let partials: [String: String]
        let expected: String
        var description: String { "\(file): \(name)" }
    }

    static func loadCases() throws -> [Case] {
        let folder = Fixtures.url("mustache-spec")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        var cases: [Case] = []
        for file in files {
            let node = try JSONReader.parse(bytes: Array(try Data(contentsOf: folder.appendingPathComponent(file))))
            for test in node["tests"]?.elements ?? [] {
                var partials: [String: String] = [:]
                for member in test["partials"]?.members ?? [] {
                    partials[member.key] = member.value.stringValue ?? ""
                }
                cases.append(
                    Case(
                        file: file,
                        name: test["name"]?.stringValue ?? "?",
                        template: test["template"]?.stringValue ?? "",
                        data: mustacheValue(test["data"]),
                        partials: partials,
                        expected: test["expected"]?.stringValue ?? ""
                    ))
            }
        }
        return cases
    }

    static func mustacheValue(_ node: JSONNode?) -> MustacheValue {
        guard let node else { return .null }
        switch node.value {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .number(let n):
            if let d = Double(n), d == d.rounded(), abs(d) < 1e15 { return .string(String(Int(d))) }
            return .string(Double(n).map { "\($0)" } ?? n)
        case .array(let a): return .list(a.map { mustacheValue($0) })
        case .object(let members):
            var o = MustacheObject()
            for m in members { o[m.key] = mustacheValue(m.value) }
            return .object(o)
        }
    }

    @Test func suiteHasAllCases() throws {
        #expect(try Self.loadCases().count == 136)
    }

    @Test(arguments: try MustacheSpecTests.loadCases())
    func specCase(_ testCase: Case) throws {
        let template = try MustacheTemplate(testCase.template)
        let output = try template.render(testCase.data, partials: testCase.partials, escaping: .html)
        #expect(output == testCase.expected)
    }
}
