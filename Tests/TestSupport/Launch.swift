import Foundation

/// What a program printed and how it ended.
public struct ProcessRun: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Both streams, standard output first: for failure messages and `contains` checks.
    public var output: String { stderr.isEmpty ? stdout : stdout + stderr }
}

/// Runs a program to its end. Its streams go to files rather than pipes, so a program that
/// fills one stream while the other is being read cannot block.
/// `environment` replaces those variables of this process's environment.
public func launch(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:]
) throws -> ProcessRun {
    let streams = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-launch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: streams) }
    let outURL = streams.appendingPathComponent("stdout")
    let errURL = streams.appendingPathComponent("stderr")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    if let folder { process.currentDirectoryURL = folder }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return ProcessRun(
        status: process.terminationStatus,
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Runs a program found on the `PATH` (`swiftc`, `swift`, `sh`).
public func launch(command: String, _ arguments: [String], in folder: URL? = nil) throws -> ProcessRun {
    try launch(URL(fileURLWithPath: "/usr/bin/env"), [command] + arguments, in: folder)
}
