import Foundation

/// What a release build of generated code costs against a debug one (`--release-compile`):
/// the 200-endpoint synthetic API's output compiled as a module beside DTORuntime (built
/// first, in each configuration), in debug and in release (`-c release`: whole-module, -O),
/// best of two compiles of the module alone, with fast paths (the default) and without. For
/// the release compile, where its frontend's time goes (`-stats-output-dir`): type checking,
/// SILGen and SIL optimization, which a whole-module build runs on one core while a debug
/// build compiles its files in parallel.
@MainActor func measureReleaseCompile(dtogen: String) throws {
    say("\nRelease against debug compile of the 200-endpoint output (best of 2; minutes):")
    for fast in [true, false] {
        let folder = work.appendingPathComponent("release-compile-\(fast ? "fast" : "plain")")
        let sources = folder.appendingPathComponent("Sources/Generated200")
        let specs = folder.appendingPathComponent("specs")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        _ = try SyntheticAPI.write(endpoints: 200, to: specs)
        let generate = Run.measure(
            [dtogen, specs.path, "-o", sources.path, "--quiet"] + (fast ? [] : ["--no-fast-decoding"]))
        guard generate.status == 0 else { fatalError("\(dtogen) failed on the synthetic API") }
        try writeConsumerManifest(in: folder, name: "ReleaseCompile", target: "Generated200")
        let stats = folder.appendingPathComponent("stats")
        try FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
        let flags = ["-Xswiftc", "-stats-output-dir", "-Xswiftc", stats.path]
        func best(_ configuration: String) -> Double {
            let build = ["swift", "build", "-c", configuration] + flags
            guard Run.measure(build + ["--target", "DTORuntime"], in: folder.path).status == 0 else {
                fatalError("cannot build DTORuntime (\(configuration))")
            }
            var times: [Double] = []
            for _ in 0..<2 {
                try? FileManager.default.removeItem(at: stats)
                try? FileManager.default.createDirectory(at: stats, withIntermediateDirectories: true)
                let files = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
                for file in files { touch(sources.appendingPathComponent(file)) }
                let run = Run.measure(build + ["--target", "Generated200"], in: folder.path)
                guard run.status == 0 else { fatalError("the generated module does not build (\(configuration))") }
                times.append(run.seconds)
            }
            return times.min() ?? 0
        }
        let debug = best("debug")
        let release = best("release")
        let what = fast ? "with fast paths (the default)" : "without fast paths (--no-fast-decoding)"
        row("compile, \(what): debug, release", "\(fmt(debug, 1)) s, \(fmt(release, 1)) s", "")
        row("  release against debug", fmt(release / max(debug, 0.001)) + "×", "≤ 1.5×")
        let phases = frontendPhases(in: stats)
        if let total = phases["frontend"], total > 0 {
            let shares = [
                ("SIL optimization", "SIL optimization"), ("type checking", "perform-sema"), ("SILGen", "SILGen"),
            ]
            .map { label, key in "\(label) \(fmt(phases[key] ?? 0, 1)) s" }
            row("  the release frontend's \(fmt(total, 1)) s", shares.joined(separator: ", "), "")
        }
    }
    printTable()
}

/// The wall times the last compile's stats files give: the frontend job's whole, and its
/// phases by name (`SIL optimization`, `perform-sema`, `SILGen`), summed over its jobs.
func frontendPhases(in folder: URL) -> [String: Double] {
    var phases: [String: Double] = [:]
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where file.hasSuffix(".json")
    {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
            let stats = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { continue }
        for (key, value) in stats where key.hasSuffix(".wall") {
            guard let seconds = value as? Double else { continue }
            if key.hasPrefix("time.swift-frontend.") {
                phases["frontend", default: 0] += seconds
            } else if key.hasPrefix("time.swift.") {
                let name = String(key.dropFirst("time.swift.".count).dropLast(".wall".count))
                phases[name, default: 0] += seconds
            }
        }
    }
    return phases
}

/// A file's modification time set to now, so the next build compiles it again.
func touch(_ file: URL) {
    try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
}
