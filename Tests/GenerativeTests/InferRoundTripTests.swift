import DTOGenCore
import Foundation
import TestSupport
import Testing

/// The property `infer` promises: for every fixture payload (each file; the elements of a
/// file that is an array), the drafted spec generates Swift that compiles, decodes every
/// sample, and encodes it back to equal JSON (key order and number spelling aside; a `null`
/// under an optional key comes back as a missing key). The drafts name their samples as
/// `$examples`, so generating them also verifies every sample without Swift. One compile.
struct InferRoundTripTests {
    static let payloads = Swiftc.packageRoot.appendingPathComponent("Tests/Fixtures/payloads")

    static func fixtureFiles() throws -> [String] {
        var files: [String] = []
        for folder in ["", "styled/"] {
            let url = payloads.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".json") {
                files.append(folder + name)
            }
        }
        return files
    }

    @Test func inferredSpecsDecodeAndReencodeEverySample() throws {
        var inputs: [SpecInput] = []
        var checks: [String] = []
        for (index, file) in try Self.fixtureFiles().enumerated() {
            let bytes = Array(try Data(contentsOf: Self.payloads.appendingPathComponent(file)))
            let namespace = "Sample\(index)"
            let options = InferOptions(
                name: namespace, typeName: "Root", namespace: namespace, examplePaths: ["payloads/\(file)"])
            let draft = SpecInferrer.infer([SamplePayload(path: file, bytes: bytes)], options: options)
            #expect(!draft.hasErrors, "\(file): \(draft.diagnostics)")
            // Same samples, same bytes.
            #expect(SpecInferrer.infer([SamplePayload(path: file, bytes: bytes)], options: options).spec == draft.spec)
            inputs.append(
                SpecInput(
                    path: "drafts/\(index).json", bytes: Array(draft.spec.utf8),
                    files: ["drafts/payloads/\(file)": bytes]))
            let isArray = (try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) is [Any]
            checks.append(
                "check(\(SwiftLiteral.string(file)), \(isArray ? "[\(namespace).Root]" : "\(namespace).Root").self, \"\(Data(bytes).base64EncodedString())\")"
            )
        }
        let result = Generator.generate(inputs, options: GeneratorOptions(runtimeModule: nil))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.isEmpty,
            "drafts were rejected or their samples did not verify:\n\(errors.prefix(20).map(\.description).joined(separator: "\n"))"
        )
        guard errors.isEmpty else { return }

        let run = try Swiftc.buildAndRun(
            result.files,
            main: Self.driver + checks.map { "results.append(\($0))" }.joined(separator: "\n") + "\n"
                + GenerativeTests.summary, runtime: .sources)
        let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(
            run.status == 0 && failures.isEmpty,
            "\(failures.count) samples failed:\n\(failures.prefix(10).joined(separator: "\n"))\n\(run.output.suffix(2000))"
        )
        #expect(run.output.contains("\(checks.count) payloads, 0 failed"), "\(run.output.suffix(1000))")
    }

    static let driver = #"""
        import Foundation

        /// Drops keys whose value is null: an optional property that was null encodes as no key.
        func normalized(_ value: Any) -> Any {
            if let object = value as? [String: Any] {
                return object.filter { !($0.value is NSNull) }.mapValues(normalized)
            }
            if let array = value as? [Any] { return array.map(normalized) }
            return value
        }

        func same(_ a: Any, _ b: Any) -> Bool {
            switch (a, b) {
            case let (x as [String: Any], y as [String: Any]):
                return x.count == y.count && x.allSatisfy { key, value in y[key].map { same(value, $0) } ?? false }
            case let (x as [Any], y as [Any]):
                return x.count == y.count && zip(x, y).allSatisfy(same)
            case let (x as String, y as String): return x == y
            case let (x as NSNumber, y as NSNumber): return x.doubleValue == y.doubleValue
            case (is NSNull, is NSNull): return true
            default: return false
            }
        }

        func check<T: Codable & Equatable>(_ name: String, _ type: T.Type, _ base64: String) -> String? {
            guard let data = Data(base64Encoded: base64) else { return "FAIL \(name): bad fixture" }
            do {
                let value = try JSONDecoder().decode(T.self, from: data)
                // The generated fast paths give the same value.
                guard try FastDecoder().decodeWithoutFallback(T.self, from: data) == value else { return "FAIL \(name): FastDecoder's fast paths disagree" }
                let encoded = try JSONEncoder().encode(value)
                let original = normalized(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
                let back = normalized(try JSONSerialization.jsonObject(with: encoded, options: [.fragmentsAllowed]))
                guard same(original, back) else {
                    return "FAIL \(name): encodes back differently:\n  \(String(decoding: encoded, as: UTF8.self).prefix(600))"
                }
                return nil
            } catch {
                return "FAIL \(name): \(error)"
            }
        }

        var results: [String?] = []

        """#
}
