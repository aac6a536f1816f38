import Foundation
import Testing
@testable import DTOGenCore

/// A deterministic mutation fuzzer: mutants of every spec in the repository go through the
/// whole pipeline (reader, validator, resolver, renderer). A crash kills the test run; a
/// mutant that takes too long, an error run that produced files, or a diagnostic without a
/// position is recorded as a failure. DTOGEN_FUZZ_COUNT sets how many mutants (default
/// 3000), DTOGEN_FUZZ_SEED the seed; DTOGEN_FUZZ_SAVE=path keeps the current mutant there.
struct FuzzTests {
    struct SplitMix64: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let tokens: [String] = [
        "{", "}", "[", "]", "\"", ",", ":", "\\", "\\u", "\\uD800", "null", "true", "false", "-0.0e+", "1e999", "0",
        "\"$type\"", "\"$enum\"", "\"$dict\"", "\"$default\"", "\"$lenient\"", "\"$lossy\"", "\"$optional\"",
        "\"$format\"",
        "\"$name\"", "\"$label\"", "\"$typeName\"", "\"$unknown\"", "\"$$x\"", "\"?\"", "[0]", "{}", "[]", "\"Date\"",
        "\"JSON\"", "\"String?\"", "\"domain\"", "\"each\"", "\"fields\"", "\"model:X\"", "\"rawValue:Y\"",
        "\"convert\"",
        "\"{id}\"", "\"/{}\"", "\"envelope\"", "\"success\"", "\"equals\"", "\"self\"", "\"init\"", "\"Type\"",
        "\"class\"",
        "\"\\\\(x)\"", "\"*/\"", "\"\u{202E}\"", "\"🙂\"", "\"a.b[0].c\"", "\"yyyy-MM-dd\"", "\"secondsSince1970\"",
    ]

    static let strings: [String] = [
        "", "_", "self", "init", "Type", "default", "class", "String", "Int?", "Date", "JSON", "Data", "Error", "[Int]",
        "a.b", "a[0]", "a[", "x\"y", "\\(evil)", "*/", "🙂", "名前", "2fa", "+1", "-1", "$type", "{id}", "/x/{id}/{id}",
        "model:Quake", "rawValue:Status", "int", "url", "secondsSince1970", "yyyy", "public", "private", "GET", "HEAD",
        "features", "properties.mag", "geometry.coordinates[9]", "https://example.com/v1", "Feature",
        "GeoFeatureCollection",
    ]

    static func seeds() throws -> [(String, [UInt8])] {
        var seeds: [(String, [UInt8])] = []
        for folder in ["specs", "Tests/Fixtures/conformance-specs", "Tests/Fixtures/golden-specs"] {
            for input in try SpecLoader.load(packageRoot.appendingPathComponent(folder).path) {
                seeds.append((input.path, input.bytes))
            }
        }
        return seeds
    }

    // MARK: Mutations

    static func byteMutant(_ bytes: [UInt8], using rng: inout SplitMix64) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !out.isEmpty else { return Array((tokens.randomElement(using: &rng) ?? "{").utf8) }
            let i = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: out[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: out.removeSubrange(i..<min(out.count, i + Int.random(in: 1...40, using: &rng)))
            case 2: out.insert(contentsOf: Array((tokens.randomElement(using: &rng) ?? "").utf8), at: i)
            case 3:
                let end = min(out.count, i + Int.random(in: 1...200, using: &rng))
                out.insert(contentsOf: out[i..<end], at: Int.random(in: 0...out.count, using: &rng))
            case 4: out = Array(out.prefix(i))
            case 5: out.insert(contentsOf: [0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80].shuffled(using: &rng).prefix(2), at: i)
            default:
                let j = Int.random(in: 0..<out.count, using: &rng)
                out.swapAt(i, j)
            }
        }
        return out
    }

    /// Valid JSON, wrong spec: replaces, deletes or splices nodes so later stages see odd input.
    static func treeMutant(_ node: JSONNode, donors: [JSONNode], using rng: inout SplitMix64) -> JSONNode {
        var nodes: [JSONNode] = []
        func collect(_ n: JSONNode) {
            nodes.append(n)
            switch n.value {
            case .array(let a): a.forEach(collect)
            case .object(let o): o.forEach { collect($0.value) }
            default: break
            }
        }
        donors.forEach(collect)
        var budget = Int.random(in: 1...3, using: &rng)
        func mutate(_ n: JSONNode, depth: Int) -> JSONNode {
            var n = n
            if budget > 0, Int.random(in: 0..<12, using: &rng) == 0 {
                budget -= 1
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: return nodes.randomElement(using: &rng) ?? n
                case 1: n.value = .string(strings.randomElement(using: &rng) ?? "")
                case 2:
                    n.value =
                        [.null, .bool(true), .number("-1"), .number("1e308"), .array([]), .object([])].randomElement(
                            using: &rng) ?? .null
                case 3:
                    if case .object(var members) = n.value, !members.isEmpty {
                        members.remove(at: Int.random(in: 0..<members.count, using: &rng))
                        n.value = .object(members)
                    }
                default:
                    if case .object(var members) = n.value {
                        let key = strings.randomElement(using: &rng) ?? "k"
                        if !members.contains(where: { $0.key == key }) {
                            members.insert(
                                .init(key: key, keyLocation: n.location, value: nodes.randomElement(using: &rng) ?? n),
                                at: Int.random(in: 0...members.count, using: &rng))
                            n.value = .object(members)
                        }
                    }
                }
                return n
            }
            switch n.value {
            case .array(let a): n.value = .array(a.map { mutate($0, depth: depth + 1) })
            case .object(let o):
                n.value = .object(
                    o.map { .init(key: $0.key, keyLocation: $0.keyLocation, value: mutate($0.value, depth: depth + 1)) }
                )
            default: break
            }
            return n
        }
        return mutate(node, depth: 0)
    }

    static func serialize(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return quote(s)
        case .array(let a): return "[" + a.map(serialize).joined(separator: ",\n") + "]"
        case .object(let o):
            return "{" + o.map { quote($0.key) + ": " + serialize($0.value) }.joined(separator: ",\n") + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    // MARK: The run

    @Test func mutantsNeverCrashOrHang() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = Int(environment["DTOGEN_FUZZ_COUNT"] ?? "") ?? 3000
        var rng = SplitMix64(state: UInt64(environment["DTOGEN_FUZZ_SEED"] ?? "") ?? 20261121)
        let savePath = environment["DTOGEN_FUZZ_SAVE"]
        let seeds = try Self.seeds()
        let trees = seeds.compactMap { try? JSONReader.parse(bytes: $0.1) }
        var slowest = 0.0
        var withErrors = 0
        for index in 0..<count {
            let (path, bytes) = seeds[Int.random(in: 0..<seeds.count, using: &rng)]
            let mutant: [UInt8]
            if index % 2 == 0, let tree = try? JSONReader.parse(bytes: bytes) {
                mutant = Array(Self.serialize(Self.treeMutant(tree, donors: trees, using: &rng)).utf8)
            } else {
                mutant = Self.byteMutant(bytes, using: &rng)
            }
            if let savePath { _ = FileManager.default.createFile(atPath: savePath, contents: Data(mutant)) }
            let start = Date()
            let result = Generator.generate([SpecInput(path: path, bytes: mutant)])
            let seconds = Date().timeIntervalSince(start)
            slowest = max(slowest, seconds)
            if seconds > 5 { Issue.record("mutant \(index) of \(path) took \(seconds) s") }
            if result.hasErrors {
                withErrors += 1
                if !result.files.isEmpty { Issue.record("mutant \(index): errors but files were produced") }
            }
            for diagnostic in result.diagnostics where diagnostic.location.line < 1 || diagnostic.location.column < 1 {
                Issue.record("mutant \(index): diagnostic without a position: \(diagnostic)")
            }
        }
        print("fuzz: \(count) mutants, \(withErrors) with errors, slowest \(String(format: "%.3f", slowest)) s")
    }

    @Test func hugeSpecIsReadInBoundedTime() throws {
        // About 5 MB here (50 MB in the benchmark): many fields and a long enum.
        let fields = (0..<40_000).map { "\"field_\($0)\": \"String?\"" }.joined(separator: ",\n")
        let values = (0..<40_000).map { "\"value-\($0)\"" }.joined(separator: ",")
        let text = "{ \"types\": { \"Big\": { \(fields), \"kind\": { \"$enum\": [\(values)] } } }, \"endpoints\": [] }"
        let start = Date()
        let result = generate(text)
        #expect(!result.hasErrors)
        #expect(Date().timeIntervalSince(start) < 60)
    }
}
