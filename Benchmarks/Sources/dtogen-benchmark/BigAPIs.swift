import Foundation

/// `--big-apis [NAME...]`: the compile cost of the biggest public APIs' whole output (the
/// documents in ../shared/conformance/bigapis, read in place), in a consumer package as a
/// user builds it: import, generate, build DTORuntime, then the API's target (debug, the
/// figure that matters on every build), an incremental build after one field of one type
/// changes, and a release build. Slow (minutes per API): not part of the other modes.
@MainActor func measureBigAPIs(dtogen: String, names: [String]) throws {
    let documents = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/bigapis")
    let all: [(name: String, document: String)] = [
        ("Stripe", "stripe.yaml"), ("OpenAI", "openai.yaml"), ("Box", "box.json"),
        ("DigitalOcean", "digitalocean/specification/DigitalOcean-public.v2.yaml"),
    ]
    let chosen = names.isEmpty ? Array(all.prefix(2)) : all.filter { names.contains($0.name) }
    say("Big APIs (debug builds after DTORuntime is built; peak = the largest compiler process):")
    for api in chosen {
        let document = documents.appendingPathComponent(api.document)
        guard FileManager.default.fileExists(atPath: document.path) else {
            say("  \(api.name): no document at \(document.path); skipped")
            continue
        }
        let package = work.appendingPathComponent("big-\(api.name)")
        try? FileManager.default.removeItem(at: package)
        let sources = package.appendingPathComponent("Sources/\(api.name)API")
        let specs = package.appendingPathComponent("specs")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let spec = specs.appendingPathComponent("\(api.name).json")
        let imported = Run.measure([dtogen, "import", document.path, "-o", spec.path, "--name", api.name, "--quiet"])
        guard imported.status == 0 else { say(imported.output); continue }
        let generated = Run.measure([dtogen, specs.path, "-o", sources.path, "--quiet"])
        guard generated.status == 0 else { say(generated.output); continue }
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var lines = 0
        for file in files {
            lines += try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        row("\(api.name): import + generate", "\(fmt(imported.seconds + generated.seconds, 2)) s; \(lines) lines in \(files.count) files", "")
        try writeConsumerManifest(in: package, name: "Big\(api.name)", target: "\(api.name)API")
        let runtime = Run.measure(["swift", "build", "--target", "DTORuntime"], in: package.path)
        guard runtime.status == 0 else { fatalError("cannot build DTORuntime") }
        let debug = Run.measure(["swift", "build", "--target", "\(api.name)API"], in: package.path)
        if debug.status != 0 || debug.output.contains("warning:") { say(debug.output) }
        row("\(api.name): debug build of the whole output", "\(fmt(debug.seconds, 1)) s, \(fmt(debug.peakMegabytes, 0)) MB", "≤ 60 s, ≤ 2,048 MB")
        // One field more on the first object type, regenerated: only what changed recompiles.
        var text = try String(contentsOf: spec, encoding: .utf8)
        if let range = text.range(of: "\"types\": {\n    \"") , let end = text.range(of: "\": {\n", range: range.upperBound..<text.endIndex) {
            text.replaceSubrange(end, with: "\": {\n      \"benchmark_extra\": \"Int?\",\n")
            try text.write(to: spec, atomically: true, encoding: .utf8)
            _ = Run.measure([dtogen, specs.path, "-o", sources.path, "--quiet"])
            let incremental = Run.measure(["swift", "build", "--target", "\(api.name)API"], in: package.path)
            row("\(api.name): incremental debug build, one field added", "\(fmt(incremental.seconds, 1)) s, \(fmt(incremental.peakMegabytes, 0)) MB", "")
        }
        if !CommandLine.arguments.contains("--no-release") {
            let release = Run.measure(["swift", "build", "-c", "release", "--target", "\(api.name)API"], in: package.path)
            row("\(api.name): release build (DTORuntime included)", "\(fmt(release.seconds, 1)) s, \(fmt(release.peakMegabytes, 0)) MB", "")
        }
    }
}
