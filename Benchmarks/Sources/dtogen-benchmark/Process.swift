import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a command and reports its wall time and peak memory (the largest resident set of
/// the command and every process it waited for, from wait4's rusage).
struct Measured {
    var seconds: Double
    var peakMegabytes: Double
    var status: Int32
    var output: String
}

enum Run {
    static func measure(_ arguments: [String], in directory: String? = nil, quiet: Bool = true) -> Measured {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-bench-\(getpid())-\(UUID().uuidString).log"
        ).path
        var script = arguments.map(shellQuote).joined(separator: " ")
        if let directory { script = "cd \(shellQuote(directory)) && exec \(script)" } else { script = "exec \(script)" }
        script += " > \(shellQuote(log)) 2>&1"
        var pid: pid_t = 0
        let parts: [String] = ["/bin/sh", "-c", script]
        let argv: [UnsafeMutablePointer<CChar>?] = parts.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let start = Date()
        guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ) == 0 else {
            return Measured(seconds: 0, peakMegabytes: 0, status: -1, output: "cannot start \(arguments.first ?? "")")
        }
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        let seconds = Date().timeIntervalSince(start)
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: log)
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        if !quiet || exitCode != 0 { say(output) }
        return Measured(
            seconds: seconds, peakMegabytes: Double(usage.ru_maxrss) / 1024, status: exitCode, output: output)
    }

    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Unbuffered output, so progress shows even when stdout is a pipe.
func say(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Copies every file of `folder` into `destination` (generated files into a target).
func copyFiles(of folder: URL, into destination: URL) throws {
    for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent(file), to: destination.appendingPathComponent(file))
    }
}
