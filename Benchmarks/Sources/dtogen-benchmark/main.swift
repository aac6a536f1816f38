import DTORuntime
import Foundation
import LenientDTOs
import PlainDTOs
import PositionalJSON
import YAMLReader

// dtogen's benchmark. Prints figures; asserts nothing about time.
//   swift run -c release --package-path Benchmarks dtogen-benchmark [--quick | --layout | --readers | --decoding]
// --quick skips the 10,000-endpoint run and the compile measurement.
// --big-apis [Stripe OpenAI Box DigitalOcean] [--no-release] [--with-swift-openapi-generator]
// measures only the compile cost of those APIs' whole output (default Stripe and OpenAI;
// minutes each), and with the last flag swift-openapi-generator 1.14.3's on the same documents
// (built from this machine's package mirror in the work folder; each compile stopped at 20 min).
// --layout measures only what the shape of the output decides: lines per endpoint and the
// compile time of the 200-endpoint output, with fast paths (the default) and without
// (--no-fast-decoding), to compare two versions of the templates.
// --streaming measures only a long server-sent event stream over loopback (APIClient.stream):
// events per second and the client's peak memory (--stream-once is its child).
// --baseline <dtogen> measures only Stripe's import and a 10,000-endpoint generation by this
// checkout's dtogen and an earlier build (say a worktree's .build/release/dtogen), in turn:
// medians and their ratio, for a change of the core that must not slow them.
// --app-size [<dtogen>] measures only what an app's release binary keeps of the 200-endpoint
// output when it calls none, one or all of its endpoints (a minute or two: the apps' release
// build), and with an earlier build of dtogen, the same for its output.
// --release-compile measures only the 200-endpoint output's release compile against its debug
// compile (with fast paths and without; a few minutes), and where the release frontend's time
// goes.
// --side-by-side [synthetic] [jira-platform github-rest-2020 linode] measures dtogen beside
// swift-openapi-generator 1.14.3 (built from this machine's package mirror) on one OpenAPI
// document at a time (default: the 200-operation synthetic API; the others are documents of
// ../shared/conformance/bigapis2): lines, debug and release compile of each output as a
// module, its release code, each runtime's, and what an app calling one operation pays
// (tens of minutes per real document; each compile of theirs stopped at 20 min).
// --transfers measures only a 200 MB upload from a file and download to a file against curl.
// --decoding measures only the decoders; --decode-once <hand|json|fast> <file> decodes one
// file once and exits (the benchmark runs it as a child to read its peak memory).

// A child that reads a stream once (--streaming), so its peak memory is the client's.
if let flag = CommandLine.arguments.firstIndex(of: "--stream-once"), CommandLine.arguments.count > flag + 2 {
    streamOnce(port: CommandLine.arguments[flag + 1], stream: CommandLine.arguments[flag + 2])
}

// A child that uploads or downloads once (--transfers), so its peak memory is the client's.
if let flag = CommandLine.arguments.firstIndex(of: "--transfer-once"), CommandLine.arguments.count > flag + 3 {
    let arguments = CommandLine.arguments
    transferOnce(direction: arguments[flag + 1], port: arguments[flag + 2], file: arguments[flag + 3])
}

// A child that decodes once, so its peak memory is the decoder's (with the file's bytes).
if let flag = CommandLine.arguments.firstIndex(of: "--decode-once"), CommandLine.arguments.count > flag + 2 {
    let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[flag + 2]))
    let count: Int
    switch CommandLine.arguments[flag + 1] {
    case "hand":
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        count = try decoder.decode(HandFeed.self, from: data).features.count
    case "json": count = try JSONDecoder().decode(PlainFeed.self, from: data).features.count
    default: count = try FastDecoder().decode(PlainFeed.self, from: data).features.count
    }
    // This image's own peak (Linux): wait4's figure also counts the parent's until exec.
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let peakLine = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = peakLine.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }
    print("decoded \(count) features; peak \(kilobytes.map { String($0 / 1024) } ?? "unknown") MB")
    exit(0)
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let layoutOnly = CommandLine.arguments.contains("--layout")
let quick = CommandLine.arguments.contains("--quick")
// --readers measures only the JSON and YAML readers (in this process).
let readersOnly = CommandLine.arguments.contains("--readers")
let work = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-benchmark")
var rows: [(String, String, String)] = []
@MainActor func row(_ what: String, _ figure: String, _ target: String) {
    rows.append((what, figure, target))
    say(String(format: "  %-58@ %14@   %@", what as NSString, figure as NSString, target as NSString))
}
func fmt(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

/// A consumer package's manifest: one target of generated code that uses DTORuntime from
/// this checkout, as an app's would.
@MainActor func writeConsumerManifest(in package: URL, name: String, target: String) throws {
    try """
    // swift-tools-version: 6.1
    import PackageDescription
    let package = Package(
        name: "\(name)",
        dependencies: [.package(name: "dtogen", path: \(String(reflecting: root.path)))],
        targets: [.target(name: "\(target)", dependencies: [.product(name: "DTORuntime", package: "dtogen")])],
        swiftLanguageModes: [.v6]
    )
    """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
}

/// Compiles generated files as one module beside DTORuntime (debug) and measures that
/// compile alone (the runtime is built first); prints the output on failure or warnings.
@MainActor func compileAsModule(_ generated: URL, package name: String) throws -> Measured {
    let package = work.appendingPathComponent(name)
    try? FileManager.default.removeItem(at: package)
    let sources = package.appendingPathComponent("Sources/Generated200")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try copyFiles(of: generated, into: sources)
    try writeConsumerManifest(in: package, name: "Compile200", target: "Generated200")
    let runtime = Run.measure(["swift", "build", "--target", "DTORuntime"], in: package.path)
    guard runtime.status == 0 else { fatalError("cannot build DTORuntime") }
    let compile = Run.measure(["swift", "build", "--target", "Generated200"], in: package.path)
    if compile.status != 0 || compile.output.contains("warning:") { say(compile.output) }
    return compile
}

// The readers on their own, in this (release) process: a 10 MB YAML document shaped like a
// large OpenAPI file, and the JSON reader on JSON of the same size for comparison. Run last
// (or alone with --readers): it makes this process large, which would show in the peak
// memory of the commands measured after it.
@MainActor func measureReaders() throws {
    func readerSeconds(_ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.min() ?? 0
    }
    say("Readers (release, in process, best of 3):")
    var yaml = "openapi: 3.1.0\ninfo:\n  title: Generated\n  version: '1.0'\ncomponents:\n  schemas:\n"
    var schemaCount = 0
    while yaml.utf8.count < 10_000_000 {
        yaml += """
                Schema\(schemaCount):
                  type: object
                  description: "Thing number \(schemaCount), with \\"quotes\\" and an escape \\u00e9"
                  required: [id, name]
                  properties:
                    id: {type: integer, format: int64, minimum: 1}
                    name:
                      type: string
                      example: plain text, with a comma
                    tags:
                      type: array
                      items:
                        $ref: '#/components/schemas/Tag'   # a comment
                    note: |
                      A literal block
                      over two lines

            """
        schemaCount += 1
    }
    let yamlBytes = Array(yaml.utf8)
    let yamlSeconds = try readerSeconds { _ = try YAMLReader.parseStream(bytes: yamlBytes) }
    let yamlMegabytes = Double(yamlBytes.count) / 1_000_000
    row(
        "YAML reader, a \(fmt(yamlMegabytes, 1)) MB OpenAPI-shaped document (\(schemaCount) schemas)",
        "\(fmt(yamlMegabytes / yamlSeconds, 1)) MB/s", "≥ 50 MB/s")
    let jsonFeed = try Data(
        contentsOf: root.appendingPathComponent("Tests/Fixtures/payloads/usgs-all-day.geojson.json"))
    let manyFeeds = Array(
        ("["
            + Array(repeating: String(decoding: jsonFeed, as: UTF8.self), count: max(1, 10_000_000 / jsonFeed.count))
            .joined(separator: ",") + "]").utf8)
    let jsonSeconds = try readerSeconds { _ = try JSONReader.parse(bytes: manyFeeds) }
    row(
        "JSON reader (positions on every value), the USGS feed repeated to \(fmt(Double(manyFeeds.count) / 1_000_000, 1)) MB",
        "\(fmt(Double(manyFeeds.count) / 1_000_000 / jsonSeconds, 1)) MB/s", "")
}

/// Decoding: generated DTOs against hand-written Codable, on the 10 MB feed (`sample`).
/// An untagged one-of (PagerDuty's cache variables: three object variants told apart by a
/// constant one level down, ranked by evidence) against its variant decoded directly: what
/// choosing costs in each decoder.
@MainActor func measureOneOfDecoding(_ best: (() throws -> Int) throws -> Double) throws {
    let value = #"{"name": "v", "configuration": {"type": "external_data", "ttl_seconds": 600, "data_type": "string"}}"#
    let payload = Data(("[" + Array(repeating: value, count: 20_000).joined(separator: ",") + "]").utf8)
    let direct = try best { try JSONDecoder().decode([ExternalData].self, from: payload).count }
    let chosen = try best { try JSONDecoder().decode([CacheVariable].self, from: payload).count }
    let fastDirect = try best { try FastDecoder().decode([ExternalData].self, from: payload).count }
    let fastChosen = try best { try FastDecoder().decode([CacheVariable].self, from: payload).count }
    row("one-of of 3 object variants (20,000 values), JSONDecoder", "\(fmt(chosen / direct))× its variant's decode", "")
    row(
        "  FastDecoder",
        "\(fmt(fastChosen / fastDirect))× its variant's; \(fmt(chosen / fastChosen, 1))× faster than JSONDecoder",
        "")
}

@MainActor func measureDecoding(_ sample: URL, featureCount: Int, megabytes: Double) throws {
    say("\nDecoding (release, the USGS feed repeated to about 10 MB, best of 5):")
    let payload = try Data(contentsOf: sample)

    func best(_ body: () throws -> Int) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            let count = try body()
            precondition(count > 0)
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return times.min() ?? 0
    }

    let hand = try best {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return try decoder.decode(HandFeed.self, from: payload).features.count
    }
    let plain = try best { try JSONDecoder().decode(PlainFeed.self, from: payload).features.count }
    let lenient = try best { try JSONDecoder().decode(LenientFeed.self, from: payload).features.count }
    row(
        "hand-written Codable (\(featureCount) features, \(fmt(megabytes, 1)) MB)", "\(fmt(megabytes / hand, 1)) MB/s",
        "baseline")
    row("generated DTOs, plain fields", "\(fmt(megabytes / plain, 1)) MB/s (\(fmt(plain / hand))×)", "≤ 1.15×")
    row("generated DTOs, lenient fields", "\(fmt(megabytes / lenient, 1)) MB/s (\(fmt(lenient / hand))×)", "≤ 1.5×")
    // FastDecoder: the same DTOs, the same values (its tests check), read from a tape.
    let fastPlain = try best { try FastDecoder().decode(PlainFeed.self, from: payload).features.count }
    let fastLenient = try best { try FastDecoder().decode(LenientFeed.self, from: payload).features.count }
    row(
        "generated DTOs, plain fields, FastDecoder",
        "\(fmt(megabytes / fastPlain, 1)) MB/s (\(fmt(hand / fastPlain))× faster)", "≥ 3× faster")
    row(
        "generated DTOs, lenient fields, FastDecoder",
        "\(fmt(megabytes / fastLenient, 1)) MB/s (\(fmt(hand / fastLenient))× faster)", "≥ 2.5× faster")
    // Types without fast paths (an app's own Codable types) run init(from:) on the tape.
    // (FastDecoder has JSONDecoder's default strategies: the dates are read as Date's own
    // Codable reads them, a Double, as the millisecond strategy does.)
    let fastHand = try best { try FastDecoder().decode(HandFeed.self, from: payload).features.count }
    row(
        "hand-written Codable through FastDecoder (init(from:) on the tape)",
        "\(fmt(megabytes / fastHand, 1)) MB/s (\(fmt(hand / fastHand))× faster)", "")

    try measureOneOfDecoding(best)

    // Peak memory: each decoder in a child of its own that reads the file and decodes once.
    let executable = CommandLine.arguments[0]
    func peak(_ decoder: String) -> Double {
        (0..<3).map { _ in
            let run = Run.measure([executable, "--decode-once", decoder, sample.path])
            let reported = run.output.split(separator: " ").dropLast().last.flatMap { Double($0) }
            return reported ?? run.peakMegabytes
        }.min() ?? 0
    }
    let handPeak = peak("hand")
    let jsonPeak = peak("json")
    let fastPeak = peak("fast")
    row("peak memory: read the file, decode once: hand-written, JSONDecoder", "\(fmt(handPeak, 0)) MB", "")
    row("  generated DTOs, JSONDecoder", "\(fmt(jsonPeak, 0)) MB", "")
    row("  generated DTOs, FastDecoder", "\(fmt(fastPeak, 0)) MB", "≤ JSONDecoder's")
}

if readersOnly {
    try measureReaders()
    exit(0)
}

say("Building dtogen (release)...")
let build = Run.measure(["swift", "build", "-c", "release", "--product", "dtogen", "--package-path", root.path])
guard build.status == 0 else { fatalError("release build failed") }
let dtogen = root.appendingPathComponent(".build/release/dtogen").path

if let flag = CommandLine.arguments.firstIndex(of: "--baseline"), CommandLine.arguments.count > flag + 1 {
    try compareWithBaseline(dtogen: dtogen, baseline: CommandLine.arguments[flag + 1])
    printTable()
    exit(0)
}

if let flag = CommandLine.arguments.firstIndex(of: "--app-size") {
    let next = CommandLine.arguments.dropFirst(flag + 1).first
    try measureAppSize(dtogen: dtogen, baseline: next.flatMap { $0.hasPrefix("--") ? nil : $0 })
    exit(0)
}

if CommandLine.arguments.contains("--release-compile") {
    try measureReleaseCompile(dtogen: dtogen)
    exit(0)
}

if let flag = CommandLine.arguments.firstIndex(of: "--side-by-side") {
    try measureSideBySide(dtogen: dtogen, names: CommandLine.arguments[(flag + 1)...].filter { !$0.hasPrefix("--") })
    exit(0)
}

if let flag = CommandLine.arguments.firstIndex(of: "--big-apis") {
    try measureBigAPIs(dtogen: dtogen, names: CommandLine.arguments[(flag + 1)...].filter { !$0.hasPrefix("--") })
    printTable()
    exit(0)
}

// The USGS feed repeated to about 10 MB (for infer, verify and decoding), written piece by
// piece so this process stays small: a child's peak memory is read from wait4, and Linux
// counts the parent's peak up to the child's exec.
let samples = work.appendingPathComponent("samples")
try FileManager.default.createDirectory(at: samples, withIntermediateDirectories: true)
let sample = samples.appendingPathComponent("feed.json")
let feedData = try Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/payloads/usgs-all-day.geojson.json"))
guard var feed = try JSONSerialization.jsonObject(with: feedData) as? [String: Any],
    let features = feed["features"] as? [Any]
else { fatalError("bad payload") }
let copies = max(1, 10_000_000 / feedData.count)
feed["features"] = [Any]()
let shell = String(decoding: try JSONSerialization.data(withJSONObject: feed, options: [.sortedKeys]), as: UTF8.self)
let elements = Data(
    String(decoding: try JSONSerialization.data(withJSONObject: features), as: UTF8.self).dropFirst().dropLast().utf8)
guard let split = shell.range(of: "\"features\":[]") else { fatalError("bad payload") }
_ = FileManager.default.createFile(atPath: sample.path, contents: nil)
let handle = try FileHandle(forWritingTo: sample)
handle.write(Data((shell[..<split.lowerBound] + "\"features\":[").utf8))
for copy in 0..<copies {
    if copy > 0 { handle.write(Data(",".utf8)) }
    handle.write(elements)
}
handle.write(Data(("]" + shell[split.upperBound...]).utf8))
try handle.close()
let featureCount = features.count * copies
let megabytes = Double((try FileManager.default.attributesOfItem(atPath: sample.path)[.size] as? Int) ?? 0) / 1_000_000
// --transfers measures only file uploads and downloads against curl.
if CommandLine.arguments.contains("--transfers") {
    try measureTransfers()
    printTable()
    exit(0)
}

if CommandLine.arguments.contains("--streaming") {
    try measureStreaming()
    printTable()
    exit(0)
}

// --decoding measures only the decoders (JSONDecoder and FastDecoder).
if CommandLine.arguments.contains("--decoding") {
    try measureDecoding(sample, featureCount: featureCount, megabytes: megabytes)
    exit(0)
}

// 1. infer and verify on that payload, as a user runs them (the release binary), first: the
// later steps make this process larger.
if !layoutOnly {
    say("\nSpecs from samples (dtogen infer / dtogen verify on the \(fmt(megabytes, 1)) MB feed, best of 3):")
    let draft = samples.appendingPathComponent("feed.spec.json")
    func bestRun(_ arguments: [String]) -> Measured {
        var runs: [Measured] = []
        for _ in 0..<3 {
            let measured = Run.measure(arguments, in: samples.path)
            guard measured.status == 0 else {
                fatalError("\(arguments.joined(separator: " ")) failed:\n\(measured.output)")
            }
            runs.append(measured)
        }
        return runs.min { $0.seconds < $1.seconds } ?? runs[0]
    }
    let inferred = bestRun([dtogen, "infer", sample.path, "-o", draft.path, "--type", "Feed", "--force", "--quiet"])
    row(
        "dtogen infer, one \(fmt(megabytes, 1)) MB sample",
        "\(fmt(inferred.seconds, 2)) s, \(fmt(inferred.peakMegabytes, 0)) MB", "≤ 0.5 s, ≤ 200 MB")
    let verified = bestRun([dtogen, "verify", draft.path, "--type", "Feed", sample.path, "--quiet"])
    row(
        "dtogen verify, the same sample against the draft",
        "\(fmt(verified.seconds, 2)) s, \(fmt(verified.peakMegabytes, 0)) MB", "≤ 0.5 s, ≤ 200 MB")

    // An OpenAPI document of 120 operations (24 resources of five), imported and generated.
    say("\nOpenAPI (dtogen import, then dtogen on the spec it wrote; best of 3):")
    let openAPIFolder = work.appendingPathComponent("openapi")
    try? FileManager.default.removeItem(at: openAPIFolder)
    try FileManager.default.createDirectory(
        at: openAPIFolder.appendingPathComponent("specs"), withIntermediateDirectories: true)
    let openAPIText = SyntheticOpenAPI.yaml(resources: 24)
    let openAPIDocument = openAPIFolder.appendingPathComponent("api.yaml")
    try openAPIText.write(to: openAPIDocument, atomically: true, encoding: .utf8)
    let imported = bestRun([
        dtogen, "import", openAPIDocument.path, "-o", openAPIFolder.appendingPathComponent("specs/api.json").path,
        "--force", "--quiet",
    ])
    let generatedFromImport = bestRun([
        dtogen, openAPIFolder.appendingPathComponent("specs").path, "-o",
        openAPIFolder.appendingPathComponent("Generated").path, "--quiet",
    ])
    row(
        "dtogen import, 120 operations (\(fmt(Double(openAPIText.utf8.count) / 1000, 0)) KB of YAML)",
        "\(fmt(imported.seconds, 3)) s, \(fmt(imported.peakMegabytes, 0)) MB", "")
    row("  then dtogen on the imported spec", "\(fmt(generatedFromImport.seconds, 3)) s", "import + generate < 0.2 s")
}

// 2. Generation time and memory, lines and bytes per endpoint.
say("\nGeneration (dtogen built in release; best of 3 runs, peak resident memory):")
var outputFor200: URL?
for endpoints in layoutOnly ? [200] : quick ? [200, 2000] : [200, 2000, 10_000] {
    let specs = work.appendingPathComponent("specs-\(endpoints)")
    // Output goes to memory (/dev/shm) when the machine has it, so the figure is dtogen's
    // time rather than the disk's; the disk figure is printed beside it.
    let memory = URL(fileURLWithPath: "/dev/shm")
    let output =
        FileManager.default.fileExists(atPath: memory.path)
        ? memory.appendingPathComponent("dtogen-benchmark-out-\(endpoints)")
        : work.appendingPathComponent("out-\(endpoints)")
    let diskOutput = work.appendingPathComponent("out-\(endpoints)")
    let (specCount, schemas) = try SyntheticAPI.write(endpoints: endpoints, to: specs)
    var best = Double.infinity
    var peak = 0.0
    for _ in 0..<3 {
        try? FileManager.default.removeItem(at: output)
        let run = Run.measure([dtogen, specs.path, "-o", output.path, "--quiet"])
        guard run.status == 0 else { fatalError("dtogen failed on the synthetic API") }
        best = min(best, run.seconds)
        peak = max(peak, run.peakMegabytes)
    }
    try? FileManager.default.removeItem(at: diskOutput)
    let disk = Run.measure([dtogen, specs.path, "-o", diskOutput.path, "--quiet"])
    let files = try FileManager.default.contentsOfDirectory(atPath: output.path)
    var lines = 0
    var bytes = 0
    for file in files {
        let text = try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8)
        bytes += text.utf8.count
        lines += text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    }
    let target = endpoints == 200 ? "≤ 0.05 s" : endpoints == 10_000 ? "≤ 1 s, ≤ 200 MB" : ""
    row(
        "generate \(endpoints) endpoints (\(specCount) specs, \(schemas) schemas)",
        "\(fmt(best, 3)) s, \(fmt(peak, 0)) MB", target)
    row("  same, output written to disk (one run)", "\(fmt(disk.seconds, 3)) s", "")
    if endpoints == 200 {
        outputFor200 = diskOutput
        row(
            "generated lines per endpoint (DTOs and fast paths included)", fmt(Double(lines) / Double(endpoints), 1),
            "≤ 80")
        row("generated bytes per endpoint", fmt(Double(bytes) / Double(endpoints), 0), "")
    }
}

// 2b. The same 200 endpoints without fast paths (--no-fast-decoding): what they cost.
var plainOutputFor200: URL?
do {
    let specs = work.appendingPathComponent("specs-200")
    let output = work.appendingPathComponent("out-no-fast-200")
    try? FileManager.default.removeItem(at: output)
    let run = Run.measure([dtogen, specs.path, "-o", output.path, "--no-fast-decoding", "--quiet"])
    guard run.status == 0 else { fatalError("dtogen --no-fast-decoding failed on the synthetic API") }
    var lines = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: output.path) {
        lines +=
            try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count - 1
    }
    row("lines per endpoint of the 200 without fast paths (--no-fast-decoding)", fmt(Double(lines) / 200, 1), "")
    plainOutputFor200 = output
}

// 3. A 50 MB spec: read in bounded time and memory.
if !layoutOnly {
    let folder = work.appendingPathComponent("big-spec")
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var text = "{ \"types\": { \"Big\": { "
    var index = 0
    var size = 0
    var parts: [String] = []
    while size < 50_000_000 {
        let part =
            "\"field_with_a_long_name_\(index)\": { \"$type\": \"String?\", \"$doc\": \"Padding padding padding padding padding padding.\" },\n"
        size += part.utf8.count
        parts.append(part)
        index += 1
    }
    text += parts.joined() + "\"last\": \"Int\" } }, \"endpoints\": [] }"
    try text.write(to: folder.appendingPathComponent("big.json"), atomically: true, encoding: .utf8)
    let run = Run.measure([
        dtogen, folder.appendingPathComponent("big.json").path, "-o", work.appendingPathComponent("big-out").path,
        "--quiet",
    ])
    row("a 50 MB spec (\(index) fields)", "\(fmt(run.seconds, 1)) s, \(fmt(run.peakMegabytes, 0)) MB", "bounded")
}

// 4. Compile time of the 200-endpoint output as a module with DTORuntime (debug).
if !quick, let generated = outputFor200 {
    say("\nCompiling the 200-endpoint output (debug, as a module with DTORuntime):")
    // Interleaved, best of two each: compile times swing from run to run on a small machine.
    var withFastPaths: [Measured] = []
    var without: [Measured] = []
    for _ in 0..<2 {
        withFastPaths.append(try compileAsModule(generated, package: "compile-200"))
        if let plainOutput = plainOutputFor200 {
            without.append(try compileAsModule(plainOutput, package: "compile-no-fast-200"))
        }
    }
    let compile = withFastPaths.min { $0.seconds < $1.seconds } ?? withFastPaths[0]
    row(
        "compile 200 endpoints' output (debug)", "\(fmt(compile.seconds, 1)) s, \(fmt(compile.peakMegabytes, 0)) MB",
        "≤ 8 s, ≤ 400 MB")
    if let plainCompile = without.min(by: { $0.seconds < $1.seconds }) {
        let growth = String(format: "%+.0f", (compile.seconds / plainCompile.seconds - 1) * 100)
        row(
            "  without fast paths; the fast paths cost",
            "\(fmt(plainCompile.seconds, 1)) s, \(fmt(plainCompile.peakMegabytes, 0)) MB; \(growth) %", "≤ +30 %")
    }
}

// 4b. The same 200 endpoints written with one-of values, generic list wrappers and
// recursion (spec-format-2 §1–§3): generation time, lines per endpoint and compile time.
if !quick {
    say("\nShapes variant (one-of, generics, recursion on every resource):")
    let specs = work.appendingPathComponent("specs-shapes-200")
    let (specCount, schemas) = try SyntheticAPI.write(endpoints: 200, to: specs, shapes: true)
    let output = work.appendingPathComponent("out-shapes-200")
    var best = Double.infinity
    for _ in 0..<3 {
        try? FileManager.default.removeItem(at: output)
        let run = Run.measure([dtogen, specs.path, "-o", output.path, "--quiet"])
        guard run.status == 0 else { fatalError("dtogen failed on the shapes variant: \(run.output)") }
        best = min(best, run.seconds)
    }
    var lines = 0
    for file in try FileManager.default.contentsOfDirectory(atPath: output.path) {
        lines +=
            try String(contentsOf: output.appendingPathComponent(file), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count - 1
    }
    row("generate 200 endpoints, shapes variant (\(specCount) specs, \(schemas) schemas)", "\(fmt(best, 3)) s", "")
    row("  lines per endpoint, shapes variant", fmt(Double(lines) / 200, 1), "")
    let compile = try compileAsModule(output, package: "compile-shapes-200")
    row(
        "compile the shapes variant's output (debug)",
        "\(fmt(compile.seconds, 1)) s, \(fmt(compile.peakMegabytes, 0)) MB", "")
}

if !layoutOnly {
    // 5. Decoding: generated DTOs against hand-written Codable, on the same payload; a stream.
    try measureDecoding(sample, featureCount: featureCount, megabytes: megabytes)
    try measureStreaming()
}

// 6. Plugin no-op rebuild of the consumer package.
if !quick && !layoutOnly {
    say("\nBuild plugin (Examples/QuakesApp):")
    let app = root.appendingPathComponent("Examples/QuakesApp").path
    _ = Run.measure(["swift", "build"], in: app)
    _ = Run.measure(["swift", "build"], in: app)
    let noop = Run.measure(["swift", "build"], in: app)
    let ran = noop.output.components(separatedBy: ".dtogen.json").count - 1
    row("no-op rebuild of the consumer (dtogen ran \(ran) times)", "\(fmt(noop.seconds, 2)) s", "")
}

if !layoutOnly {
    say("")
    try measureReaders()
}

printTable()

@MainActor func printTable() {
    say("\n| measurement | figure | target |\n|---|---|---|")
    for (what, figure, target) in rows { say("| \(what) | \(figure) | \(target) |") }
    say(
        "\nMachine: \(ProcessInfo.processInfo.activeProcessorCount) cores, \(fmt(Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824, 0)) GB, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    )
}
