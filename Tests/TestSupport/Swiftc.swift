import DTOGenCore
import Foundation

/// The one way tests compile Swift: generated files with the app's code beside them,
/// type-checked or built into a program and run. DTORuntime is built once per test process,
/// as an app links it, and shared by every test that asks for it.
public enum Swiftc {
    /// The package's root folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Where the code under test gets DTORuntime from.
    public enum Runtime: Sendable {
        /// None: the test brings its own stand-in, or needs none.
        case none
        /// `import DTORuntime`, the module built once per process (generated with the default
        /// options, as apps use it).
        case module
        /// The runtime's sources compiled into the same module (`--no-runtime-import` output).
        case sources
    }

    /// DTORuntime's sources and its date rules' (compiled into it when they share a module).
    public static func runtimeSources() throws -> [String] {
        try ["Sources/DTORuntime", "Sources/DTODateRules"].flatMap { folder in
            let sources = packageRoot.appendingPathComponent(folder)
            return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter {
                $0.hasSuffix(".swift")
            }.map { sources.appendingPathComponent($0).path }
        }
    }

    /// A compiler's failure, with its first errors.
    public struct Failure: Error, CustomStringConvertible {
        public var output: String
        public var description: String { errors(output) }
    }

    /// DTORuntime built once for this process: its module in the folder (for `-I`) and one
    /// object file to link.
    public static let runtimeBuild: Result<URL, Failure> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-runtime-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let built = try run(
                [
                    "-parse-as-library", "-module-name", "DTORuntime", "-swift-version", "6", "-wmo",
                    "-emit-module", "-emit-module-path", folder.appendingPathComponent("DTORuntime.swiftmodule").path,
                    "-c", "-o", folder.appendingPathComponent("DTORuntime.o").path,
                ] + runtimeSources())
            return built.status == 0 ? .success(folder) : .failure(Failure(output: built.output))
        } catch {
            return .failure(Failure(output: "\(error)"))
        }
    }()

    /// The runtime's module folder, built on first use.
    public static func runtimeModule() throws -> URL { try runtimeBuild.get() }

    /// `swiftc -typecheck` of generated files, the app's `source` and `sources` (paths) in one
    /// module. `flags` set the language mode and features (Swift 6 by default).
    public static func typecheck(
        _ files: [GeneratedFile], with source: String = "", sources: [URL] = [], runtime: Runtime = .none,
        flags: [String] = ["-swift-version", "6"]
    ) throws -> ProcessRun {
        let folder = try scratchFolder("typecheck")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try write(files, source: source, named: "App.swift", into: folder) + sources.map(\.path)
        return try run(["-typecheck"] + flags + runtimeArguments(runtime, linking: false) + paths)
    }

    /// Generated files and a `main.swift` built into one program and run with `arguments`:
    /// what it printed, or the compiler's output when it did not build.
    public static func buildAndRun(
        _ files: [GeneratedFile], main: String, runtime: Runtime = .module, arguments: [String] = []
    ) throws -> ProcessRun {
        let folder = try scratchFolder("run")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try write(files, source: main, named: "main.swift", into: folder)
        let executable = folder.appendingPathComponent("app")
        let built = try run(
            ["-swift-version", "6", "-o", executable.path] + runtimeArguments(runtime, linking: true) + paths)
        guard built.status == 0 else { return built }
        return try launch(executable, arguments)
    }

    /// Runs `swiftc` with `arguments`.
    public static func run(_ arguments: [String]) throws -> ProcessRun {
        try launch(command: "swiftc", arguments)
    }

    /// The first compiler errors of an output, for a failure message.
    public static func errors(_ output: String) -> String {
        output.split(separator: "\n").filter { $0.contains("error:") }.prefix(10).joined(separator: "\n")
    }

    static func runtimeArguments(_ runtime: Runtime, linking: Bool) throws -> [String] {
        switch runtime {
        case .none: return []
        case .sources: return try runtimeSources()
        case .module:
            let folder = try runtimeModule()
            return ["-I", folder.path] + (linking ? [folder.appendingPathComponent("DTORuntime.o").path] : [])
        }
    }

    static func scratchFolder(_ kind: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-\(kind)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes the files and one more source into `folder`: their paths, the source's last.
    public static func write(_ files: [GeneratedFile], source: String, named name: String, into folder: URL) throws
        -> [String]
    {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for file in files {
            let url = folder.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        let extra = folder.appendingPathComponent(name)
        try source.write(to: extra, atomically: true, encoding: .utf8)
        return paths + [extra.path]
    }
}
