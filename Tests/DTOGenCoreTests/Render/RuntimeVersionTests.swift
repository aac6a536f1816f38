import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// Output of a newer dtogen compiled against an older runtime must fail with a message
/// that says so, on the line that checks the version, not somewhere inside generated code.
struct RuntimeVersionTests {
    /// Type-checks the generated files of a small spec with a stand-in runtime that
    /// declares `versions`; returns the compiler's exit status and output. Without fast
    /// paths, so the stand-in needs nothing else (the fast paths' version is checked below).
    func typecheck(runtimeVersions versions: [Int]) throws -> (status: Int32, output: String, files: [GeneratedFile]) {
        let result = generate(
            [("s.json", #"{ "types": { "T": { "a": "Int" } }, "endpoints": [] }"#)],
            options: GeneratorOptions(runtimeModule: nil, fastDecoding: false))
        #expect(!result.hasErrors)
        let stub = "enum GeneratedCodeSupport {\n" + versions.map { "    enum Version\($0) {}\n" }.joined() + "}\n"
        let checked = try Swiftc.typecheck(result.files, with: stub)
        return (checked.status, checked.output, result.files)
    }

    @Test func anOlderRuntimeFailsOnTheVersionLine() throws {
        let old = try typecheck(runtimeVersions: [1])
        #expect(old.status != 0)
        let dtos = try #require(old.files.first { $0.path == "S.DTOs.swift" })
        let lines = dtos.contents.split(separator: "\n", omittingEmptySubsequences: false)
        let checkLine = try #require(lines.firstIndex { $0.contains("private typealias RequiredDTORuntime") }) + 1
        #expect(old.output.contains("S.DTOs.swift:\(checkLine):"), "\(old.output)")
        #expect(old.output.contains("Version\(RuntimeVersion.qualifiedNames.rawValue)"), "\(old.output)")
        #expect(lines[checkLine - 3].contains("older than the dtogen that wrote"))
        #expect(lines[checkLine - 2].contains("update the dtogen package"))
        // Nothing else fails: every error is on a version line.
        let errors = old.output.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(!errors.isEmpty)
        #expect(
            errors.allSatisfy {
                $0.contains(":\(checkLine):") && $0.contains("Version\(RuntimeVersion.qualifiedNames.rawValue)")
            }, "\(errors)")
    }

    @Test func theCurrentRuntimeCompiles() throws {
        let current = try typecheck(runtimeVersions: [1, RuntimeVersion.qualifiedNames.rawValue])
        #expect(current.status == 0, "\(current.output)")
    }

    /// Output with fast paths (the default) names the runtime version that has them: the one
    /// whose default `init(fastJSON:)` serves a declared conformance without a fast path.
    @Test func fastPathsNeedTheirRuntimeVersion() {
        let spec = [("s.json", #"{ "types": { "T": { "a": "Int" } }, "endpoints": [] }"#)]
        let fast = generate(spec).files.first { $0.path == "S.DTOs.swift" }?.contents ?? ""
        let plain =
            generate(spec, options: GeneratorOptions(fastDecoding: false)).files.first { $0.path == "S.DTOs.swift" }?
            .contents ?? ""
        #expect(
            fast.contains(
                "private typealias RequiredDTORuntime = DTORuntime.GeneratedCodeSupport.Version\(RuntimeVersion.declaredFastPaths.rawValue)"
            ))
        #expect(fast.contains("struct T: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {"))
        #expect(
            plain.contains(
                "private typealias RequiredDTORuntime = DTORuntime.GeneratedCodeSupport.Version\(RuntimeVersion.qualifiedNames.rawValue)"
            ))
        #expect(!plain.contains("FastJSON"))
    }
}

/// With spec locations, a compiler error in Swift a spec provides points at the spec line.
struct SpecLocationTests {
    /// Type-checks the generated DTOs and mappings of `spec` with `app` as the app's code.
    func typecheck(_ spec: String, app: String) throws -> (status: Int32, errors: [String], mappings: String) {
        let result = generate(
            [("people.json", spec)],
            options: GeneratorOptions(runtimeModule: nil, specLocationFolder: "specs", fastDecoding: false))
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let checked = try Swiftc.typecheck(
            result.files.filter { !$0.path.hasSuffix("Endpoints.swift") },
            with: "enum GeneratedCodeSupport { enum Version2 {} }\n" + app)
        let errors = checked.output.split(separator: "\n").filter { $0.contains(": error:") && !$0.hasPrefix(" ") }.map(
            String.init)
        let mappings = result.files.first { $0.path.hasSuffix("Mappings.swift") }?.contents ?? ""
        return (checked.status, errors, mappings)
    }

    static func spec(name: String, age: String) -> String {
        """
        { "types": { "User": { "name": "String", "age": "Int" } },
          "endpoints": [{ "name": "user", "path": "/u", "response": "User",
            "domain": { "model": "Person", "fields": {
              \(name),
              \(age)
            } } }] }
        """
    }

    static let app = "struct Person { init(name: String, age: Int) {} }\n"

    @Test func correctMappingsCompile() throws {
        let ok = try typecheck(
            Self.spec(name: #""name": { "swift": "dto.name.uppercased()" }"#, age: #""age": "age""#), app: Self.app)
        #expect(ok.status == 0, "\(ok.errors)")
        #expect(
            ok.mappings.contains(
                "#sourceLocation(file: \"specs/people.json\", line: 4)\n        let swift0 = dto.name.uppercased()\n"))
    }

    @Test func errorsInSpecProvidedSwiftPointAtTheSpec() throws {
        let bad = try typecheck(
            Self.spec(name: #""name": { "swift": "dto.nmae.uppercased()" }"#, age: #""agee": "age""#), app: Self.app)
        #expect(bad.status != 0)
        #expect(bad.errors.count == 2, "\(bad.errors)")
        // The Swift expression's own line, and the mapping's line for the init's labels.
        #expect(
            bad.errors.contains { $0.hasPrefix("specs/people.json:4:") && $0.contains("has no member 'nmae'") },
            "\(bad.errors)")
        #expect(
            bad.errors.contains { $0.hasPrefix("specs/people.json:3:") && $0.contains("incorrect argument label") },
            "\(bad.errors)")
    }

    @Test func reviewedOutputHasNoSourceLocations() throws {
        let text = generate(SnippetTests.mappings).files.map(\.contents).joined()
        #expect(!text.contains("#sourceLocation"))
    }
}
