import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// A value of every variant of every one-of whose variants are ranked by evidence, drawn
/// from the variant's Swift type (optional keys filled as deep as the ranking looks), is
/// read as that variant by both decoders, alike, and encoded again with every key kept: for
/// the big documents the wire test does not run (it checks its own the same way).
@Suite(.tags(.heavy), .enabled(if: Tier.heavy))
struct OneOfVariantTests {
    static let documents: [String] = ConformanceDocumentsTests.documents.filter {
        ($0.hasPrefix("bigapis/") || $0.hasPrefix("bigapis2/")) && !WireTests.documents.contains($0)
    }

    /// Variants read as another, or that lose a key, for a reason of the document's own.
    static let known: [String: Int] = [:]

    @Test func everyVariantIsReadAsItselfWithNothingDropped() throws {
        var lines: [String] = []
        for name in Self.documents { lines.append(try check(name)) }
        print("One-of variants:\n" + lines.joined(separator: "\n"))
    }

    func check(_ name: String) throws -> String {
        let path = ConformanceDocumentsTests.conformance.appendingPathComponent(name).path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let imported = OpenAPIImporter.importDocument(bytes: Array(bytes), path: path)
        let inputs = [SpecInput(path: "imported.json", bytes: Array(imported.spec.utf8))]
        let options = GeneratorOptions(runtimeModule: nil)
        let (irs, _) = Generator.resolve(inputs, options: options)
        guard let ir = irs.first else { return "  \(name): not resolved" }
        let printer = SwiftPrinter(table: ir.types, runtime: RuntimeSymbols(module: nil))
        let calls = VariantChecks.calls(ir.types, printer: printer)
        guard !calls.isEmpty else { return "  \(name): no one-of ranks its variants" }
        let generated = Generator.generate(inputs, options: options)
        #expect(!generated.hasErrors, "\(name): \(generated.diagnostics.prefix(5))")
        let main =
            "import Foundation\n\n\(VariantChecks.support)\n\n\(calls.joined(separator: "\n"))\n\(VariantChecks.report)\n"
        let run = try Swiftc.buildAndRun(generated.files, main: main, runtime: .sources)
        #expect(run.status == 0, "\(name): \(Swiftc.errors(run.output))")
        let (checked, problems) = VariantChecks.results(run.output)
        #expect(
            problems.count <= Self.known[name, default: 0],
            "\(name): \(problems.count) one-of variants not read as themselves:\n\(problems.prefix(10).joined(separator: "\n"))"
        )
        return
            "  \(name): \(checked - problems.count) of \(checked) one-of variants read as themselves with every key kept"
    }
}

/// The part of a test program that checks one-of variants: a call per variant, the
/// function it calls, and the line that reports them.
enum VariantChecks {
    /// For every variant of a one-of whose variants are ranked by evidence, a value drawn
    /// from the variant's type, which the program decodes as the one-of.
    static func calls(_ table: TypeTable, printer: SwiftPrinter) -> [String] {
        let sampler = TypeSampler(table: table, optionalDepth: TypeTable.evidenceDepth)
        var checks: [String] = []
        for index in table.decls.indices {
            let id = DeclID(index: index)
            guard !table[id].external, table[id].genericParameters.isEmpty, case .oneOf(let info) = table[id].kind
            else { continue }
            let type = printer.qualifiedType(.named(id))
            for member in table.evidenceGroups(info).joined() {
                let variant = info.variants[member]
                guard let json = sampler.sample(variant.type) else { continue }
                let label = SwiftLiteral.string(table[id].qualifiedName + "." + variant.name)
                let isVariant = "{ $0.\(SwiftName.escaped(variant.name)) != nil }"
                checks.append(
                    "variantResults.append(variantCheck(\(type).self, \(label), \(WireProgram.raw(json))) \(isVariant))"
                )
            }
        }
        return checks
    }

    static let support = #"""
        /// Every key path of a JSON text (`a.b`, `a[].c`).
        func keyPaths(_ data: Data) -> Set<String> {
            var paths: Set<String> = []
            func walk(_ value: Any, _ path: String) {
                if let object = value as? [String: Any] {
                    for (key, member) in object { paths.insert(path + "." + key); walk(member, path + "." + key) }
                } else if let array = value as? [Any] {
                    for element in array { walk(element, path + "[]") }
                }
            }
            if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) { walk(value, "") }
            return paths
        }

        /// A one-of's value drawn from one variant: both decoders read it as that variant,
        /// alike, and encoding it again keeps every key; the problem, if any.
        func variantCheck<T: Codable & Hashable>(_ type: T.Type, _ label: String, _ json: String, _ isVariant: (T) -> Bool) -> String? {
            let data = Data(json.utf8)
            do {
                let value = try JSONDecoder().decode(T.self, from: data)
                guard try FastDecoder().decodeWithoutFallback(T.self, from: data) == value else { return "\(label): the decoders disagree" }
                guard isVariant(value) else {
                    return "\(label): read as .\(Mirror(reflecting: value).children.first?.label ?? "?")"
                }
                let dropped = keyPaths(data).subtracting(keyPaths(try JSONEncoder().encode(value)))
                return dropped.isEmpty ? nil : "\(label): dropped \(dropped.sorted().prefix(3))"
            } catch {
                return "\(label): \(error)"
            }
        }

        var variantResults: [String?] = []
        """#

    /// Prints how many variants were checked, then each problem, on a line of its own.
    static let report = #"""
        print("variants: " + String(decoding: try JSONEncoder().encode([String(variantResults.count)] + variantResults.compactMap { $0 }), as: UTF8.self))
        """#

    /// The count and the problems a program printed on its line that starts with `prefix`.
    static func results(_ output: String, prefix: String = "variants: ") -> (checked: Int, problems: [String]) {
        let line = output.split(separator: "\n").last { $0.hasPrefix(prefix) } ?? ""
        let report =
            (try? JSONDecoder().decode([String].self, from: Data(line.dropFirst(prefix.count).utf8))) ?? []
        return (report.first.flatMap { Int($0) } ?? 0, Array(report.dropFirst()))
    }
}
