import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// The response examples OpenAI publishes in its document (`x-oaiMeta.examples[].response`)
/// decode with the generated response types, through `JSONDecoder` and `FastDecoder`: the
/// importer's shapes checked against payloads written by the API's authors. Compiling
/// OpenAI's output takes about two minutes here. Skipped where `../shared/conformance/bigapis`
/// is absent.
@Suite(.tags(.heavy), .enabled(if: Tier.heavy))
struct PublishedPayloadTests {
    struct Example {
        var endpoint: String
        var index: Int
        var json: String
    }

    /// Every example response that is JSON, with the endpoint of its operation: the endpoint
    /// with the operation's path (its `?query` sent as constants) and method, in order.
    static func examples(in document: JSONNode, endpoints: [(name: String, path: String, method: String)]) -> [Example]
    {
        var byOperation: [String: [String]] = [:]
        for endpoint in endpoints {
            byOperation[endpoint.method + " " + endpoint.path, default: []].append(endpoint.name)
        }
        var result: [Example] = []
        for path in document["paths"]?.members ?? [] {
            for member in path.value.members ?? [] where OpenAPITranslator.methods.contains(member.key) {
                let key = member.key.uppercased() + " " + OpenAPITranslator.split(pathKey: path.key).path
                guard let endpoint = byOperation[key]?.first else { continue }
                byOperation[key]?.removeFirst()
                let meta = member.value["x-oaiMeta"]?["examples"]
                let entries = meta?.elements ?? meta.map { [$0] } ?? []
                for (index, entry) in entries.enumerated() {
                    guard let text = entry["response"]?.stringValue else { continue }
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard trimmed.hasPrefix("{") || trimmed.hasPrefix("["),
                        (try? JSONReader.parse(bytes: Array(trimmed.utf8))) != nil
                    else { continue }
                    result.append(Example(endpoint: endpoint, index: index, json: trimmed))
                }
            }
        }
        return result
    }

    @Test func openAIsPublishedResponsesDecode() throws {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent(
            "shared/conformance/bigapis/openai.yaml"
        ).path
        guard let data = FileManager.default.contents(atPath: path) else { return }
        let imported = OpenAPIImporter.importDocument(bytes: Array(data), path: "openai.yaml")
        #expect(!imported.hasErrors)
        var options = GeneratorOptions()
        options.runtimeModule = nil
        options.fastDecoding = true
        let input = SpecInput(path: "openai.json", bytes: Array(imported.spec.utf8))
        // Each endpoint's response type, from the resolved model (raw String/Data bodies have none to decode).
        let ir = try #require(Generator.resolve([input], options: options).0.first)
        let printer = SwiftPrinter(table: ir.types, runtime: RuntimeSymbols(module: nil))
        var responseTypes: [String: String] = [:]
        for endpoint in ir.endpoints where endpoint.rawResponse == nil {
            responseTypes[endpoint.name] = endpoint.response.map(printer.qualifiedType)
        }
        let endpoints = ir.endpoints.map { (name: $0.name, path: $0.pathTemplate, method: $0.method.rawValue) }
        let result = Generator.generate([input], options: options)
        #expect(!result.hasErrors)
        let examples = Self.examples(in: try OpenAPIImporter.read(Array(data)), endpoints: endpoints)
        let decodable = examples.filter { responseTypes[$0.endpoint] != nil }
        var main = """
            import Foundation
            func attempt<T: Decodable & Sendable>(_ type: T.Type, _ label: String, _ json: String) {
                let data = Data(json.utf8)
                do { _ = try JSONDecoder().decode(T.self, from: data) } catch { print("json \\(label): \\(error)") ; return }
                do { _ = try FastDecoder().decode(T.self, from: data) } catch { print("fast \\(label): \\(error)") ; return }
                print("ok \\(label)")
            }

            """
        for example in decodable {
            main +=
                "attempt(\(responseTypes[example.endpoint] ?? "JSONValue").self, \(SwiftLiteral.string("\(example.endpoint)#\(example.index)")), \(SwiftLiteral.string(example.json)))\n"
        }
        let run = try Swiftc.buildAndRun(
            result.files.filter { !$0.path.hasSuffix("Endpoints.swift") } + [], main: main, runtime: .sources)
        #expect(run.status == 0, "\(Self.firstErrors(run.output))")
        let lines = run.output.split(separator: "\n")
        let decoded = lines.filter { $0.hasPrefix("ok ") }.count
        let failures = lines.filter { !$0.hasPrefix("ok ") }
        print(
            "OpenAI examples: \(decoded) of \(decodable.count) decode (\(examples.count) JSON examples, \(examples.count - decodable.count) for raw or empty responses)"
        )
        for failure in failures { print("  " + failure.prefix(300)) }
        // Measured 2026-11-24: 180 of 240. Every example that fails contradicts the document:
        // it leaves out a property the document requires (44), has null where the document
        // allows none (14), or another type (2). A failure of any other kind (an unknown enum
        // value or tag, a one-of that picks the wrong case) is the generator's.
        #expect(decoded >= 180, "\(decoded) of \(decodable.count)")
        let contradictions = ["DecodingError.keyNotFound", "DecodingError.valueNotFound", "DecodingError.typeMismatch"]
        for failure in failures {
            #expect(contradictions.contains { failure.contains($0) }, "\(failure)")
        }
    }

    static func firstErrors(_ output: String) -> String {
        output.split(separator: "\n").filter { $0.contains("error:") }.prefix(10).joined(separator: "\n")
    }
}
