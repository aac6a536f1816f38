import DTOGenCore
import Foundation
import TestSupport
import Testing

/// Random valid specs, generated, compiled and run: every conforming payload must decode,
/// re-encode, decode to an equal value with an equal hash, and encode to the same bytes
/// again; every non-conforming payload must throw. One compile per run.
///
/// CI runs the fixed seeds below. More: `DTOGEN_SEEDS=200 DTOGEN_SEED_START=1000 swift test --filter GenerativeTests`.
struct GenerativeTests {
    var seeds: Range<UInt64> {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["DTOGEN_SEEDS"].flatMap { UInt64($0) } ?? 40
        let start = environment["DTOGEN_SEED_START"].flatMap { UInt64($0) } ?? 1
        return start..<(start + count)
    }

    @Test func randomSpecsRoundTrip() throws {
        var inputs: [SpecInput] = []
        var checks: [String] = []
        var payloadCount = 0
        for seed in seeds {
            var spec = RandomSpec(seed: seed)
            let json = spec.specJSON
            inputs.append(SpecInput(path: "s\(seed).json", bytes: Array(json.utf8)))
            for index in 0..<4 {
                let payload = spec.payload()
                checks.append(
                    "check(\"seed \(seed) payload \(index)\", \(spec.prefix)Root.self, \"\(Data(payload.utf8).base64EncodedString())\", valid: true)"
                )
                payloadCount += 1
            }
            for index in 0..<2 {
                guard let payload = spec.invalidPayload() else { continue }
                checks.append(
                    "check(\"seed \(seed) invalid \(index)\", \(spec.prefix)Root.self, \"\(Data(payload.utf8).base64EncodedString())\", valid: false)"
                )
                payloadCount += 1
            }
        }
        // Generated with fast paths (the default), which FastDecoder must agree with (the driver checks).
        let result = Generator.generate(inputs, options: GeneratorOptions(runtimeModule: nil))
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.isEmpty,
            "valid random specs were rejected:\n\(errors.map(\.description).joined(separator: "\n"))\n\(inputs.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n"))"
        )
        guard errors.isEmpty else { return }

        let run = try Swiftc.buildAndRun(
            result.files,
            main: Self.driver + checks.map { "results.append(\($0))" }.joined(separator: "\n") + "\n" + Self.summary,
            runtime: .sources)
        #expect(!run.output.contains(": error:"), "generated code does not compile:\n\(Swiftc.errors(run.output))")
        let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(
            run.status == 0 && failures.isEmpty,
            "\(failures.count) payloads failed:\n\(failures.prefix(20).joined(separator: "\n"))")
        #expect(run.output.contains("\(payloadCount) payloads, 0 failed"), "\(run.output.suffix(500))")
        let texts = inputs.map { String(decoding: $0.bytes, as: UTF8.self) }
        let open = texts.filter { $0.contains("$additionalProperties") }.count
        let cleared = texts.filter { $0.contains(#""Date", "$optional": true, "$nullable""#) }.count
        print(
            "generative: \(inputs.count) specs (\(open) with $additionalProperties, \(cleared) with $nullable dates), \(payloadCount) payloads, seeds \(seeds.lowerBound)..<\(seeds.upperBound)"
        )
    }

    static let driver = #"""
        import Foundation

        /// Decodes, re-encodes and decodes again; nil when all is well, else what went wrong.
        func check<T: Codable & Hashable>(_ name: String, _ type: T.Type, _ base64: String, valid: Bool) -> String? {
            guard let data = Data(base64Encoded: base64) else { return "FAIL \(name): bad fixture" }
            let payload = String(decoding: data, as: UTF8.self)
            let first: T
            do {
                first = try JSONDecoder().decode(T.self, from: data)
            } catch {
                // The tape alone must fail too, and FastDecoder the same way: same error case, same coding path.
                if (try? FastDecoder().decodeWithoutFallback(T.self, from: data)) != nil {
                    return "FAIL \(name): the fast paths decoded what JSONDecoder rejects\n  \(payload)"
                }
                do {
                    _ = try FastDecoder().decode(T.self, from: data)
                    return "FAIL \(name): FastDecoder decoded what JSONDecoder rejects\n  \(payload)"
                } catch let fastError {
                    if "\(fastError)" != "\(error)" { return "FAIL \(name): FastDecoder threw \(fastError), JSONDecoder \(error)" }
                }
                return valid ? "FAIL \(name): does not decode: \(error)\n  \(payload)" : nil
            }
            // The fast paths alone (no fallback to JSONDecoder) give the same value.
            guard (try? FastDecoder().decodeWithoutFallback(T.self, from: data)) == first else {
                return "FAIL \(name): FastDecoder's fast paths give another value than JSONDecoder\n  \(payload)"
            }
            guard valid else { return "FAIL \(name): a non-conforming payload decoded\n  \(payload)" }
            do {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                let encoded = try encoder.encode(first)
                let second = try JSONDecoder().decode(T.self, from: encoded)
                let text = String(decoding: encoded, as: UTF8.self)
                guard second == first else { return "FAIL \(name): decode(encode(x)) != x\n  in:  \(payload)\n  out: \(text)" }
                guard second.hashValue == first.hashValue else { return "FAIL \(name): hash changed\n  \(text)" }
                guard try encoder.encode(second) == encoded else { return "FAIL \(name): encoding is not stable\n  \(text)" }
                return nil
            } catch {
                return "FAIL \(name): re-encoding failed: \(error)\n  \(payload)"
            }
        }

        var results: [String?] = []

        """#

    static let summary = #"""
        let failures = results.compactMap { $0 }
        for failure in failures { print(failure) }
        print("\(results.count) payloads, \(failures.count) failed")
        """#
}
