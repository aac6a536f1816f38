import Foundation
import Testing

/// `FastJSONValue` and `FastJSONObject` are views into a tape they do not keep alive, so
/// reading one after its `init(fastJSON:)` returns reads freed memory. The guard: reading
/// one needs `@_spi(Generated)`, which generated files import and other code must ask for by
/// name. Checked by compiling app code against the runtime as a separate module.
struct FastPathGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// App code that keeps a value and reads it later.
    static let keepsAValue = """
        final class Keeper: @unchecked Sendable { var value: FastJSONValue? }
        struct Mine: FastJSONDecodable {
            let name: String
            init(fastJSON value: FastJSONValue) throws {
                Keeper().value = value
                var object = try value.object()
                name = try object.decode(String.self, forKey: "name")
            }
            init(from decoder: any Decoder) throws { name = "" }
        }
        """

    @Test func readingATapeValueNeedsTheGeneratedSPI() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-spi-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sources = try ["Sources/DTORuntime", "Sources/DTODateRules"].flatMap { folder in
            let runtime = Self.packageRoot.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: runtime.path).filter { $0.hasSuffix(".swift") }
                .sorted().map { runtime.appendingPathComponent($0).path }
        }
        let module = try Self.swiftc(
            [
                "-emit-module", "-module-name", "DTORuntime", "-parse-as-library", "-emit-module-path",
                folder.appendingPathComponent("DTORuntime.swiftmodule").path,
            ] + sources)
        #expect(module.status == 0, "\(module.output)")

        func typecheck(_ imports: String) throws -> (status: Int32, output: String) {
            let file = folder.appendingPathComponent("App\(imports.count).swift")
            try (imports + "\n" + Self.keepsAValue).write(to: file, atomically: true, encoding: .utf8)
            return try Self.swiftc(["-typecheck", "-I", folder.path, file.path])
        }
        let plain = try typecheck("import DTORuntime")
        #expect(plain.status != 0)
        #expect(plain.output.contains("'object' is inaccessible due to '@_spi' protection level"), "\(plain.output)")
        let asked = try typecheck("@_spi(Generated) import DTORuntime")
        #expect(asked.status == 0, "\(asked.output)")
    }

    static func swiftc(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-swift-version", "6"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
