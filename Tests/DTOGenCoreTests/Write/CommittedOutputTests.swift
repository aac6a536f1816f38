import Foundation
import Testing
@testable import DTOGenCore

/// The committed generated folders must be exactly what dtogen generates now: they are the
/// golden files reviewed in PRs and the code the other test targets compile.
/// Set DTOGEN_RECORD=1 to rewrite them after an intended change.
struct CommittedOutputTests {
    static let pairs = [
        ("specs", "Generated"),
        ("Tests/Fixtures/conformance-specs", "Tests/ConformanceTests/Generated"),
        ("Tests/Fixtures/golden-specs", "Tests/GoldenTests/Generated"),
        ("Tests/Fixtures/contract-specs", "Tests/RuntimeContractTests/Generated"),
    ]

    @Test(arguments: pairs)
    func committedOutputIsCurrent(specs: String, output: String) throws {
        let inputs = try SpecLoader.load(packageRoot.appendingPathComponent(specs).path)
        let result = Generator.generate(inputs)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let writer = OutputWriter(outputFolder: packageRoot.appendingPathComponent(output).path)
        if ProcessInfo.processInfo.environment["DTOGEN_RECORD"] == "1" {
            try writer.write(result.files)
            return
        }
        let changes = try writer.plan(result.files)
        var diffs: [String] = []
        for file in result.files where changes.contains(.changed(file.path)) {
            let committed = try String(
                contentsOf: packageRoot.appendingPathComponent(output).appendingPathComponent(file.path),
                encoding: .utf8)
            diffs.append(unifiedDiff(committed, file.contents, name: "\(output)/\(file.path)"))
        }
        #expect(
            changes.isEmpty,
            "\(output) is stale (\(changes)); run: swift run dtogen \(specs) -o \(output)\n\(diffs.joined(separator: "\n"))"
        )
    }
}

struct TemplateTests {
    /// Templates/ is what users read and copy; the binary carries embedded copies.
    @Test func embeddedTemplatesMatchTemplatesFolder() throws {
        let folder = packageRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".mustache")
        }
        var onDisk: [String: String] = [:]
        for file in files {
            onDisk[String(file.dropLast(".mustache".count))] = try String(
                contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        #expect(onDisk.keys.sorted() == DefaultTemplates.all.keys.sorted())
        for (name, text) in onDisk {
            #expect(
                DefaultTemplates.all[name] == text,
                "Templates/\(name).mustache differs from its embedded copy; run Scripts/embed-templates.sh")
        }
    }

    @Test func overrideReplacesOneTemplateByName() throws {
        let spec = #"{ "types": { "Point": { "x": "Int" } }, "endpoints": [] }"#
        let custom =
            "{{#doc}}\n{{{.}}}\n{{/doc}}\n/// Custom!\n{{{access}}}struct {{{name}}}: Codable, Sendable, Hashable {\n{{#properties}}\n    {{{access}}}var {{{name}}}: {{{type}}}\n{{/properties}}\n}\n"
        let result = generate(
            [("p.json", spec)], options: GeneratorOptions(templates: TemplateSet(overrides: ["struct": custom])))
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") })
        #expect(dtos.contents.contains("/// Custom!\nstruct Point: Codable, Sendable, Hashable {\n    var x: Int\n}"))
    }

    @Test func templateSyntaxErrorIsReported() {
        let result = generate(
            [("p.json", #"{ "types": { "T": { "a": "Int" } }, "endpoints": [] }"#)],
            options: GeneratorOptions(templates: TemplateSet(overrides: ["dtos.swift": "{{#open}}never closed"])))
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message == "section 'open' is never closed")
    }

    @Test func publicAccessReachesEveryDeclaration() throws {
        let spec =
            #"{ "options": { "access": "public" }, "types": { "P": { "x": "Int", "e": { "$enum": ["a"] } } }, "endpoints": [] }"#
        let dtos = try #require(generate(spec).files.first?.contents)
        #expect(dtos.contains("public nonisolated struct P"))
        #expect(dtos.contains("    public let x: Int"))
        #expect(dtos.contains("    public init("))
        #expect(dtos.contains("    public enum E: String"))
        let overridden = try #require(
            generate([("p.json", spec)], options: GeneratorOptions(access: .internal)).files.first?.contents)
        #expect(!overridden.contains("public"))
    }
}

struct DeterminismTests {
    static func inputs() throws -> [SpecInput] {
        try SpecLoader.load(packageRoot.appendingPathComponent("Tests/Fixtures/conformance-specs").path)
    }

    @Test func outputDoesNotDependOnInputOrderOrRuns() throws {
        let inputs = try Self.inputs()
        let first = Generator.generate(inputs).files
        let reversed = Generator.generate(inputs.reversed()).files
        let again = Generator.generate(inputs.shuffled()).files
        #expect(first == reversed)
        #expect(first == again)
    }

    /// The CLI in processes with another time zone and locale writes the same bytes. (A
    /// process reads TZ and the locale when it starts, so changing them in this process
    /// would test nothing.)
    @Test func outputDoesNotDependOnLocaleOrTimeZone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-locale-\(UUID().uuidString)")
        let specs = folder.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for input in try Self.inputs() {
            let url = specs.appendingPathComponent(input.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(input.bytes).write(to: url)
            // The samples the specs name, where the specs look for them (verified in each locale too).
            for (path, bytes) in input.files {
                let sample = specs.appendingPathComponent(path).standardizedFileURL
                try FileManager.default.createDirectory(
                    at: sample.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: sample)
            }
        }
        let dates =
            #"{ "types": { "D": { "d": { "$type": "Date", "$format": "yyyy-MM-dd", "$default": "2020-03-01" }, "x": { "$type": "Double", "$default": 1.5 } } }, "endpoints": [] }"#
        try dates.write(to: specs.appendingPathComponent("dates.json"), atomically: true, encoding: .utf8)
        let environments = [
            ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"],
            ["TZ": "Pacific/Kiritimati", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"],
            ["TZ": "America/St_Johns", "LANG": "de_DE.UTF-8", "LC_ALL": "de_DE.UTF-8"],
        ]
        var outputs: [[String: String]] = []
        for (index, environment) in environments.enumerated() {
            let output = folder.appendingPathComponent("out\(index)")
            let run = try CommandLineTests().run(
                [specs.path, "-o", output.path, "--quiet"], in: folder, environment: environment)
            #expect(run.status == 0, "\(run.stderr)")
            var files: [String: String] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: output.path) {
                files[name] = try String(contentsOf: output.appendingPathComponent(name), encoding: .utf8)
            }
            outputs.append(files)
        }
        #expect(outputs[0].count > 3)
        #expect(outputs[1] == outputs[0])
        #expect(outputs[2] == outputs[0])
        let generated = try #require(outputs[2]["Dates.DTOs.swift"])
        #expect(generated.contains("Date(timeIntervalSince1970: 1583020800)"))
        #expect(generated.contains("x: Double = 1.5,"))
    }

    @Test func addingAFieldChangesOnlyItsLines() throws {
        let before = generate(#"{ "types": { "P": { "a": "Int", "b": "String" } }, "endpoints": [] }"#).files[0]
            .contents
        let after = generate(#"{ "types": { "P": { "a": "Int", "c": "Bool", "b": "String" } }, "endpoints": [] }"#)
            .files[0].contents
        let removed = Set(before.split(separator: "\n")).subtracting(after.split(separator: "\n"))
        let added = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
        #expect(removed.isEmpty)
        #expect(
            added == [
                "    let c: Bool", "        c: Bool,", "        self.c = c",
                #"        self.c = try container.decode(Bool.self, forKey: "c")"#,
            ])
    }
}

struct UnifiedDiffTests {
    @Test func showsChangedLinesWithContextAndLineNumbers() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n")
        let new = old.replacingOccurrences(of: "line 5", with: "line five")
        #expect(
            unifiedDiff(old, new, name: "f.swift") == """
                --- a/f.swift
                +++ b/f.swift
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8
                """)
    }
}
