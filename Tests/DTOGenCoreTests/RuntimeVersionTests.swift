import Foundation
import Testing
@testable import DTOGenCore

/// Output of a newer dtogen compiled against an older runtime must fail with a message
/// that says so, on the line that checks the version, not somewhere inside generated code.
struct RuntimeVersionTests {
    /// Type-checks the generated files of a small spec with a stand-in runtime that
    /// declares `versions`; returns the compiler's exit status and output.
    func typecheck(runtimeVersions versions: [Int]) throws -> (status: Int32, output: String, files: [GeneratedFile]) {
        let result = generate([("s.json", #"{ "types": { "T": { "a": "Int" } }, "endpoints": [] }"#)], options: GeneratorOptions(runtimeModule: nil))
        #expect(!result.hasErrors)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in result.files {
            let url = folder.appendingPathComponent(file.path)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let stub = "enum GeneratedCodeSupport {\n" + versions.map { "    enum Version\($0) {}\n" }.joined() + "}\n"
        let stubURL = folder.appendingPathComponent("Runtime.swift")
        try stub.write(to: stubURL, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6"] + paths + [stubURL.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output, result.files)
    }

    @Test func anOlderRuntimeFailsOnTheVersionLine() throws {
        let old = try typecheck(runtimeVersions: [1])
        #expect(old.status != 0)
        let dtos = try #require(old.files.first { $0.path == "S.DTOs.swift" })
        let lines = dtos.contents.split(separator: "\n", omittingEmptySubsequences: false)
        let checkLine = try #require(lines.firstIndex { $0.contains("private typealias RequiredDTORuntime") }) + 1
        #expect(old.output.contains("S.DTOs.swift:\(checkLine):"), "\(old.output)")
        #expect(old.output.contains("Version\(RuntimeSymbols.generatedCodeVersion)"), "\(old.output)")
        #expect(lines[checkLine - 3].contains("older than the dtogen that wrote"))
        #expect(lines[checkLine - 2].contains("update the dtogen package"))
        // Nothing else fails: every error is on a version line.
        let errors = old.output.split(separator: "\n").filter { $0.contains(": error:") }
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains(":\(checkLine):") && $0.contains("Version\(RuntimeSymbols.generatedCodeVersion)") }, "\(errors)")
    }

    @Test func theCurrentRuntimeCompiles() throws {
        let current = try typecheck(runtimeVersions: [1, RuntimeSymbols.generatedCodeVersion])
        #expect(current.status == 0, "\(current.output)")
    }
}
