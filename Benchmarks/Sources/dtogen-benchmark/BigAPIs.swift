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
        let lines = GeneratedCalls.lines(in: sources) { $0.hasSuffix(".swift") }.count
        row(
            "\(api.name): import + generate",
            "\(fmt(imported.seconds + generated.seconds, 2)) s; \(lines) lines in \(files.count) files", "")
        try writeConsumerManifest(in: package, name: "Big\(api.name)", target: "\(api.name)API")
        let runtime = Run.measure(["swift", "build", "--target", "DTORuntime"], in: package.path)
        guard runtime.status == 0 else { fatalError("cannot build DTORuntime") }
        let debug = Run.measure(["swift", "build", "--target", "\(api.name)API"], in: package.path)
        if debug.status != 0 || debug.output.contains("warning:") { say(debug.output) }
        row(
            "\(api.name): debug build of the whole output",
            "\(fmt(debug.seconds, 1)) s, \(fmt(debug.peakMegabytes, 0)) MB", "≤ 60 s, ≤ 2,048 MB")
        // One field more on the first object type, regenerated: only what changed recompiles.
        var text = try String(contentsOf: spec, encoding: .utf8)
        if let range = text.range(of: "\"types\": {\n    \""),
            let end = text.range(of: "\": {\n", range: range.upperBound..<text.endIndex)
        {
            text.replaceSubrange(end, with: "\": {\n      \"benchmark_extra\": \"Int?\",\n")
            try text.write(to: spec, atomically: true, encoding: .utf8)
            _ = Run.measure([dtogen, specs.path, "-o", sources.path, "--quiet"])
            let incremental = Run.measure(["swift", "build", "--target", "\(api.name)API"], in: package.path)
            row(
                "\(api.name): incremental debug build, one field added",
                "\(fmt(incremental.seconds, 1)) s, \(fmt(incremental.peakMegabytes, 0)) MB", "")
        }
        if !CommandLine.arguments.contains("--no-release") {
            let release = Run.measure(
                ["swift", "build", "-c", "release", "--target", "\(api.name)API"], in: package.path)
            row(
                "\(api.name): release build (DTORuntime included)",
                "\(fmt(release.seconds, 1)) s, \(fmt(release.peakMegabytes, 0)) MB", "")
        }
        if let generator = openAPIGenerator {
            measureSwiftOpenAPIGenerator(generator, name: api.name, document: document)
        }
    }
}

/// The minutes one compile of swift-openapi-generator's output may take before it is stopped.
let openAPIGeneratorCompileLimit = 20

/// swift-openapi-generator 1.14.3, built in release in a scratch package of the benchmark's
/// work folder from this machine's package mirror (never a dependency of dtogen), when
/// `--with-swift-openapi-generator` or `--side-by-side` asks for it; nil otherwise or when it
/// does not build.
@MainActor let openAPIGenerator: String? = {
    let arguments = CommandLine.arguments
    guard arguments.contains("--with-swift-openapi-generator") || arguments.contains("--side-by-side") else {
        return nil
    }
    let package = work.appendingPathComponent("swift-openapi-generator-tool")
    try? FileManager.default.createDirectory(at: package, withIntermediateDirectories: true)
    let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "OpenAPIGeneratorTool",
            dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")],
            targets: []
        )
        """
    guard
        (try? manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8))
            != nil
    else { return nil }
    say("Building swift-openapi-generator 1.14.3 (release)...")
    let build = Run.measure(
        ["swift", "build", "-c", "release", "--product", "swift-openapi-generator"], in: package.path)
    guard build.status == 0 else {
        say("swift-openapi-generator does not build here; its rows are left out")
        return nil
    }
    return package.appendingPathComponent(".build/release/swift-openapi-generator").path
}()

/// The same document through swift-openapi-generator (types and client, public): generation
/// time and lines, then a debug build of that output in a package with its runtime built
/// first, stopped after `openAPIGeneratorCompileLimit` minutes.
@MainActor func measureSwiftOpenAPIGenerator(_ generator: String, name: String, document: URL) {
    let package = work.appendingPathComponent("big-\(name)-swift-openapi-generator")
    try? FileManager.default.removeItem(at: package)
    let sources = package.appendingPathComponent("Sources/\(name)Client")
    try? FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    let generated = Run.measure([
        generator, "generate", document.path, "--mode", "types", "--mode", "client",
        "--access-modifier", "public", "--output-directory", sources.path,
    ])
    guard generated.status == 0 else {
        // Its message, without the configuration it prints before it.
        let line = generated.output.split(separator: "\n").last { $0.contains("error:") }
        let reason =
            line.flatMap { text in text.range(of: "error:").map { String(text[$0.upperBound...]) } }
            ?? "exit \(generated.status)"
        row("\(name): swift-openapi-generator 1.14.3", "fails", "")
        say("    \(reason.prefix(300))")
        return
    }
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).filter {
        $0.hasSuffix(".swift")
    }
    let lines = GeneratedCalls.lines(in: sources) { $0.hasSuffix(".swift") }.count
    row(
        "\(name): swift-openapi-generator 1.14.3: generate",
        "\(fmt(generated.seconds, 2)) s; \(lines) lines in \(files.count) files", "")
    let manifest = """
        // swift-tools-version: 6.1
        import PackageDescription
        let package = Package(
            name: "\(name)OpenAPIGeneratorConsumer",
            platforms: [.macOS(.v13)],
            dependencies: [
                \(OpenAPIGeneratorPackage.dependencies)
            ],
            targets: [.target(name: "\(name)Client", dependencies: [\(OpenAPIGeneratorPackage.products)])]
        )
        """
    guard
        (try? manifest.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8))
            != nil
    else { return }
    let runtime = Run.measure(["swift", "build", "--target", "OpenAPIRuntime"], in: package.path)
    guard runtime.status == 0 else {
        row("\(name): swift-openapi-generator's runtime", "does not build", "")
        return
    }
    let limit = openAPIGeneratorCompileLimit * 60
    let debug = Run.measure(
        ["timeout", "--kill-after=10", String(limit), "swift", "build", "--target", "\(name)Client"], in: package.path)
    row("\(name): swift-openapi-generator 1.14.3: debug build", compileFigure(debug), "")
}
