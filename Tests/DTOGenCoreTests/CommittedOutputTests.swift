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
        #expect(changes.isEmpty, "\(output) is stale (\(changes)); run: swift run dtogen \(specs) -o \(output)")
    }
}

struct TemplateTests {
    /// Templates/ is what users read and copy; the binary carries embedded copies.
    @Test func embeddedTemplatesMatchTemplatesFolder() throws {
        let folder = packageRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
        var onDisk: [String: String] = [:]
        for file in files {
            onDisk[String(file.dropLast(".mustache".count))] = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        }
        #expect(onDisk.keys.sorted() == DefaultTemplates.all.keys.sorted())
        for (name, text) in onDisk {
            #expect(DefaultTemplates.all[name] == text, "Templates/\(name).mustache differs from its embedded copy; run Scripts/embed-templates.sh")
        }
    }

    @Test func overrideReplacesOneTemplateByName() throws {
        let spec = #"{ "types": { "Point": { "x": "Int" } }, "endpoints": [] }"#
        let custom = "{{#doc}}\n{{{.}}}\n{{/doc}}\n/// Custom!\n{{{access}}}struct {{{name}}}: Codable, Sendable, Hashable {\n{{#properties}}\n    {{{access}}}var {{{name}}}: {{{type}}}\n{{/properties}}\n}\n"
        let result = generate([("p.json", spec)], options: GeneratorOptions(templates: TemplateSet(overrides: ["struct": custom])))
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") })
        #expect(dtos.contents.contains("/// Custom!\nstruct Point: Codable, Sendable, Hashable {\n    var x: Int\n}"))
    }

    @Test func templateSyntaxErrorIsReported() {
        let result = generate([("p.json", #"{ "endpoints": [] }"#)], options: GeneratorOptions(templates: TemplateSet(overrides: ["dtos.swift": "{{#open}}never closed"])))
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message == "section 'open' is never closed")
    }

    @Test func publicAccessReachesEveryDeclaration() throws {
        let spec = #"{ "options": { "access": "public" }, "types": { "P": { "x": "Int", "e": { "$enum": ["a"] } } }, "endpoints": [] }"#
        let dtos = try #require(generate(spec).files.first?.contents)
        #expect(dtos.contains("public struct P"))
        #expect(dtos.contains("    public let x: Int"))
        #expect(dtos.contains("    public init("))
        #expect(dtos.contains("    public enum E: String"))
        let overridden = try #require(generate([("p.json", spec)], options: GeneratorOptions(access: "internal")).files.first?.contents)
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

    @Test func outputDoesNotDependOnLocaleOrTimeZone() throws {
        let inputs = try Self.inputs() + [SpecInput(path: "dates.json", bytes: Array(#"{ "types": { "D": { "d": { "$type": "Date", "$format": "yyyy-MM-dd", "$default": "2020-03-01" } } }, "endpoints": [] }"#.utf8))]
        let before = Generator.generate(inputs).files
        setenv("TZ", "Pacific/Kiritimati", 1)
        setenv("LANG", "tr_TR.UTF-8", 1)
        defer {
            unsetenv("TZ")
            unsetenv("LANG")
        }
        NSTimeZone.resetSystemTimeZone()
        let after = Generator.generate(inputs).files
        #expect(before == after)
        let dates = try #require(after.first { $0.path == "Dates.DTOs.swift" })
        #expect(dates.contents.contains("Date(timeIntervalSince1970: 1583020800)"))
    }

    @Test func addingAFieldChangesOnlyItsLines() throws {
        let before = generate(#"{ "types": { "P": { "a": "Int", "b": "String" } }, "endpoints": [] }"#).files[0].contents
        let after = generate(#"{ "types": { "P": { "a": "Int", "c": "Bool", "b": "String" } }, "endpoints": [] }"#).files[0].contents
        let removed = Set(before.split(separator: "\n")).subtracting(after.split(separator: "\n"))
        let added = Set(after.split(separator: "\n")).subtracting(before.split(separator: "\n"))
        #expect(removed.isEmpty)
        #expect(added == ["    let c: Bool", "        c: Bool,", "        self.c = c"])
    }
}
