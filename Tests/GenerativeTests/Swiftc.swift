import DTOGenCore
import Foundation

/// Compiles generated files with the runtime's sources and a `main.swift` into one
/// executable (`--no-runtime-import` output), runs it, and returns what it printed.
enum Swiftc {
    static func buildAndRun(_ files: [GeneratedFile], main: String, name: String) throws -> (
        status: Int32, output: String
    ) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var sources: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        // The runtime's sources in the app's module: DTORuntime's and its date rules'.
        for folder in ["Sources/DTORuntime", "Sources/DTODateRules"] {
            let runtime = GenerativeTests.packageRoot.appendingPathComponent(folder)
            for entry in try FileManager.default.contentsOfDirectory(atPath: runtime.path).sorted()
            where entry.hasSuffix(".swift") {
                sources.append(runtime.appendingPathComponent(entry).path)
            }
        }
        let mainFile = folder.appendingPathComponent("main.swift")
        try main.write(to: mainFile, atomically: true, encoding: .utf8)
        sources.append(mainFile.path)

        let executable = folder.appendingPathComponent(name)
        let compile = try run(
            "/usr/bin/env", ["swiftc", "-swift-version", "6", "-module-name", name, "-o", executable.path] + sources)
        guard compile.status == 0 else {
            // Keep what failed to compile for a look.
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-\(name)-failed")
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.copyItem(at: folder, to: kept)
            let errors = compile.output.split(separator: "\n").filter { $0.contains("error:") }
            return (
                compile.status,
                "FAIL generated code does not compile (kept in \(kept.path)):\n"
                    + errors.prefix(20).joined(separator: "\n")
            )
        }
        return try run(executable.path, [])
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
