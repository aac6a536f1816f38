import Foundation

/// `--side-by-side [synthetic] [NAME...]`: dtogen beside swift-openapi-generator 1.14.3 (built
/// from this machine's package mirror, never a dependency) on one OpenAPI document at a time,
/// in one run: the 200-operation synthetic API (`synthetic`) and documents of
/// ../shared/conformance/bigapis2 by file name (`jira-platform`, `github-rest-2020`,
/// `linode`). For each tool: the lines it writes (types and client, `public`); debug and
/// release compile of that output as a module, its runtime built first (time, and the peak
/// memory of the largest process); the module's release code (`.text` of its objects);
/// the runtime's; and what an app pays: the generated files `internal` in an executable's
/// own target (as both build plugins give them), built in release, that calls one
/// operation (and for the synthetic API all 200), minus the same app without them.
@MainActor func measureSideBySide(dtogen: String, names: [String]) throws {
    guard let generator = openAPIGenerator else {
        say("swift-openapi-generator 1.14.3 does not build here: nothing to compare")
        return
    }
    let conformance = root.deletingLastPathComponent().appendingPathComponent("shared/conformance/bigapis2")
    let folder = work.appendingPathComponent("side-by-side")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let chosen = names.isEmpty ? ["synthetic"] : names
    for name in chosen {
        let document: URL
        if name == "synthetic" {
            document = folder.appendingPathComponent("synthetic-200.yaml")
            try SyntheticOpenAPI.mirroringSpecs(resources: SyntheticAPI.resources200).write(
                to: document, atomically: true, encoding: .utf8)
        } else {
            let found = ((try? FileManager.default.contentsOfDirectory(atPath: conformance.path)) ?? []).first {
                $0.hasPrefix(name + ".")
            }
            guard let found else {
                say("  \(name): no document in \(conformance.path); skipped")
                continue
            }
            document = conformance.appendingPathComponent(found)
        }
        say("\n\(name): dtogen beside swift-openapi-generator 1.14.3 (minutes)...")
        let tools: [SideBySideTool] = [.dtogen(dtogen), .swiftOpenAPIGenerator(generator)]
        let prepared = tools.map { tool in
            prepare(tool, document: document, in: folder.appendingPathComponent("\(name)-\(tool.label)"))
        }
        guard let ours = prepared[0], let theirs = prepared[1] else {
            for (tool, output) in zip(tools, prepared) where output == nil { row("\(name): \(tool.name)", "fails", "") }
            continue
        }
        // What the apps call: for the synthetic API, one `get` and every operation; else the
        // first operation (a `GET` first, then by `METHOD /path`) both let an app call with
        // no argument.
        var figures = [ours.figures, theirs.figures]
        var calledOperation = ""
        var apps: [[(name: String, calls: [String])]] = [[("AppReference", [])], [("AppReference", [])]]
        if name == "synthetic" {
            calledOperation = "GET /resources0/{id}"
            for (index, tool) in tools.enumerated() {
                apps[index].append(("AppCallsOne", tool.syntheticCalls(resources: 1, everyOperation: false)))
                apps[index].append(
                    ("AppCallsAll", tool.syntheticCalls(resources: SyntheticAPI.resources200, everyOperation: true)))
            }
        } else {
            let calls = zip(tools, [ours, theirs]).map { tool, output in tool.callsWithoutArguments(in: output.api) }
            // A `GET` first: what an app calls most, and it decodes a response.
            let operations = calls[0].keys.sorted { a, b in
                a.hasPrefix("GET ") != b.hasPrefix("GET ") ? a.hasPrefix("GET ") : a < b
            }
            if let operation = operations.first(where: { calls[1][$0] != nil }) {
                calledOperation = operation
                for index in tools.indices {
                    apps[index].append(("AppCallsOne", [calls[index][operation] ?? ""]))
                }
            }
        }
        for index in tools.indices {
            try build(tools[index], [ours, theirs][index], apps: apps[index], figures: &figures[index])
        }
        reportSideBySide(name: name, ours: figures[0], theirs: figures[1], calledOperation: calledOperation)
    }
    printTable()
}

/// What one tool's output costs on one document.
struct SideBySideFigures {
    var lines = 0
    var operations = 0
    var debug: Measured?
    var release: Measured?
    /// The `.text` bytes of the generated module's objects, release, `public` (nil when
    /// its release compile failed or was stopped).
    var moduleCode: Int?
    /// The `.text` bytes of the runtime's objects, release.
    var runtimeCode = 0
    /// What the app calling one operation pays.
    var appOne: Int?
    /// What the app calling every operation pays (the synthetic API only).
    var appAll: Int?
}

/// The rows for one document: each figure side by side, then the issue's goals as ratios.
/// `calledOperation`: the operation the apps calling one call (`GET /path`).
@MainActor func reportSideBySide(
    name: String, ours: SideBySideFigures, theirs: SideBySideFigures, calledOperation: String
) {
    func kib(_ bytes: Int) -> String { fmt(Double(bytes) / 1024, 1) + " KiB" }
    func compile(_ run: Measured?) -> String { run.map(compileFigure) ?? "—" }
    func code(_ bytes: Int?) -> String { bytes.map(kib) ?? "—" }
    func pair(_ a: String, _ b: String) -> String { "\(a) | \(b)" }
    row(
        "\(name): operations written (dtogen | swift-openapi-generator)",
        pair("\(ours.operations)", "\(theirs.operations)"), "")
    row("  generated lines", pair("\(ours.lines)", "\(theirs.lines)"), "")
    row("  debug compile of the module", pair(compile(ours.debug), compile(theirs.debug)), "")
    row("  release compile of the module", pair(compile(ours.release), compile(theirs.release)), "")
    row("  release code of the module (public)", pair(code(ours.moduleCode), code(theirs.moduleCode)), "")
    let perOperation = { (figures: SideBySideFigures) in
        figures.moduleCode.map { Double($0) / Double(max(figures.operations, 1)) }
    }
    row(
        "  release code per operation",
        pair(code(perOperation(ours).map { Int($0) }), code(perOperation(theirs).map { Int($0) })), "")
    row("  runtime, release code", pair(kib(ours.runtimeCode), kib(theirs.runtimeCode)), "")
    if let one = ours.appOne, let other = theirs.appOne {
        row("  an app calling 1 operation pays (\(calledOperation))", pair(kib(one), kib(other)), "")
    }
    if let all = ours.appAll, let other = theirs.appAll {
        row("  an app calling all \(ours.operations) pays", pair(kib(all), kib(other)), "")
    }
    // The goals, each a ratio of this run.
    if let one = ours.appOne, let all = ours.appAll {
        row("  goal: dtogen, 1 operation against all", fmt(100 * Double(one) / Double(max(all, 1)), 1) + " %", "≤ 5 %")
    }
    if let mine = perOperation(ours), let other = perOperation(theirs), other > 0 {
        row("  goal: release code per operation against theirs", fmt(mine / other) + "×", "≤ 0.33×")
    }
    for (what, mine, other, goal) in [
        ("debug", ours.debug, theirs.debug, "≥ 10×"), ("release", ours.release, theirs.release, "≥ 5×"),
    ] {
        guard let mine, let other, mine.status == 0 else { continue }
        let faster = fmt(other.seconds / max(mine.seconds, 0.001), 1) + "×"
        switch other.status {
        case 0: row("  goal: \(what) compile, how much faster", faster, goal)
        case 124, 137: row("  goal: \(what) compile, how much faster", "> \(faster) (theirs stopped)", goal)
        default: continue
        }
    }
}

/// A generator measured side by side: how it is run, what its output needs, how an app calls it.
enum SideBySideTool {
    case dtogen(String)
    case swiftOpenAPIGenerator(String)

    var name: String {
        switch self {
        case .dtogen: "dtogen"
        case .swiftOpenAPIGenerator: "swift-openapi-generator 1.14.3"
        }
    }

    var label: String {
        switch self {
        case .dtogen: "dtogen"
        case .swiftOpenAPIGenerator: "sog"
        }
    }

    /// The runtime's targets: built before the generated module, and counted as the runtime.
    var runtimeTargets: [String] {
        switch self {
        case .dtogen: ["DTORuntime", "DTODateRules"]
        case .swiftOpenAPIGenerator: ["OpenAPIRuntime", "HTTPTypes"]
        }
    }

    /// Writes the document's Swift at `access` into `sources` (dtogen: import, then generate;
    /// its time is both's).
    func generate(_ document: URL, access: String, into sources: URL, scratch: URL) -> Measured {
        try? FileManager.default.removeItem(at: sources)
        try? FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        switch self {
        case .dtogen(let dtogen):
            let specs = scratch.appendingPathComponent("specs-\(access)")
            try? FileManager.default.removeItem(at: specs)
            try? FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
            let spec = specs.appendingPathComponent("api.json")
            let imported = Run.measure([dtogen, "import", document.path, "-o", spec.path, "--name", "API", "--quiet"])
            guard imported.status == 0 else { return imported }
            var generated = Run.measure([dtogen, specs.path, "-o", sources.path, "--access", access, "--quiet"])
            generated.seconds += imported.seconds
            return generated
        case .swiftOpenAPIGenerator(let generator):
            return Run.measure([
                generator, "generate", document.path, "--mode", "types", "--mode", "client",
                "--access-modifier", access, "--output-directory", sources.path,
            ])
        }
    }

    /// The package's dependency on the runtime, and a target's dependency list.
    var manifestDependency: String {
        switch self {
        case .dtogen: ".package(name: \"dtogen\", path: \(String(reflecting: root.path)))"
        case .swiftOpenAPIGenerator: OpenAPIGeneratorPackage.dependencies
        }
    }

    var targetDependencies: String {
        switch self {
        case .dtogen: ".product(name: \"DTORuntime\", package: \"dtogen\")"
        case .swiftOpenAPIGenerator: OpenAPIGeneratorPackage.products
        }
    }

    /// The operations of the generated (public) output an app can call with no argument, by
    /// `METHOD /path`, each as the expression that calls it.
    func callsWithoutArguments(in sources: URL) -> [String: String] {
        switch self {
        case .dtogen: GeneratedCalls.dtogen(in: sources)
        case .swiftOpenAPIGenerator: GeneratedCalls.swiftOpenAPIGenerator(in: sources)
        }
    }

    /// Operations of the synthetic API (`SyntheticOpenAPI.mirroringSpecs`), called: `get` of
    /// each resource, and with `everyOperation` its list, create, update and delete too.
    func syntheticCalls(resources: Int, everyOperation: Bool) -> [String] {
        (0..<resources).flatMap { r -> [String] in
            let name = "Resource\(r)"
            switch self {
            case .dtogen:
                return AppSources.syntheticCalls(resource: r, everyOperation: everyOperation)
            case .swiftOpenAPIGenerator:
                let get = "client.get\(name)(path: .init(id: 1))"
                guard everyOperation else { return [get] }
                let body = ".json(.init(name: \"n\", status: .draft, tags: []))"
                return [
                    "client.list\(name)()", "client.create\(name)(body: \(body))", get,
                    "client.update\(name)(path: .init(id: 1), body: \(body))",
                    "client.delete\(name)(path: .init(id: 1))",
                ]
            }
        }
    }

    /// An app's main file. Every app sends a request of its own through the runtime's client
    /// (a stub transport answers with the JSON its first argument gives) and decodes the
    /// response into a type of its own, so the runtime's sending and decoding are in the
    /// reference (the app without calls or generated files); the others then call the
    /// generated code.
    func app(calls: [String]) -> String {
        switch self {
        case .dtogen:
            return AppSources.main(calls: calls, importing: nil)
        case .swiftOpenAPIGenerator:
            var lines = [
                "import Foundation", "import HTTPTypes", "@_spi(Generated) import OpenAPIRuntime", "",
                "struct Named: Codable, Hashable, Sendable { var name: String }",
                "/// Answers every request with the JSON the first argument gives, as a server would.",
                "struct StubTransport: ClientTransport {",
                "    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws",
                "        -> (HTTPResponse, HTTPBody?)",
                "    {",
                "        let json = CommandLine.arguments.dropFirst().first ?? \"{}\"",
                "        return (HTTPResponse(status: .ok, headerFields: [.contentType: \"application/json\"]), HTTPBody(json))",
                "    }",
                "}",
                "let transport = StubTransport()",
                "let server = URL(fileURLWithPath: \"/\")",
                "var used = 0",
                "let universal = UniversalClient(serverURL: server, transport: transport)",
                "let named: Named? = try? await universal.send(",
                "    input: (), forOperation: \"named\",",
                "    serializer: { _ in (HTTPRequest(method: .get, scheme: nil, authority: nil, path: \"/named\"), nil) },",
                "    deserializer: { _, body in",
                "        try await Converter(configuration: .init()).getResponseBodyAsJSON(Named.self, from: body) { $0 }",
                "    })",
                "used += named?.name.count ?? 0",
            ]
            if !calls.isEmpty { lines.append("let client = Client(serverURL: server, transport: transport)") }
            for call in calls { lines.append("do { _ = try await \(call); used += 1 } catch {}") }
            return (lines + ["print(used)", ""]).joined(separator: "\n")
        }
    }
}

/// swift-openapi-generator's runtime, as a consumer package names it (the versions this
/// machine's package mirror has).
enum OpenAPIGeneratorPackage {
    static let dependencies = """
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
                .package(url: "https://github.com/apple/swift-http-types", exact: "1.8.0")
        """
    static let products = """
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"), .product(name: "HTTPTypes", package: "swift-http-types")
        """
}

/// One tool's output of one document: `public` in `api` (the module measured), `internal`
/// in `internalOutput` (copied into each app's target), in `folder`, a package of its own.
struct PreparedOutput {
    var folder: URL
    var api: URL
    var internalOutput: URL
    var figures: SideBySideFigures
}

/// Generates both outputs and counts their lines and operations; nil when the tool fails.
@MainActor func prepare(_ tool: SideBySideTool, document: URL, in folder: URL) -> PreparedOutput? {
    try? FileManager.default.removeItem(at: folder)
    let api = folder.appendingPathComponent("Sources/API")
    let internalOutput = folder.appendingPathComponent("internal")
    for (access, output) in [("public", api), ("internal", internalOutput)] {
        let generated = tool.generate(document, access: access, into: output, scratch: folder)
        guard generated.status == 0 else {
            say(generated.output.split(separator: "\n").suffix(3).joined(separator: "\n"))
            return nil
        }
    }
    var figures = SideBySideFigures()
    figures.lines = GeneratedCalls.lines(in: api) { $0.hasSuffix(".swift") }.count
    figures.operations = GeneratedCalls.operations(in: api, tool: tool)
    return PreparedOutput(folder: folder, api: api, internalOutput: internalOutput, figures: figures)
}

/// Builds the module (debug, then release, each after its runtime; stopped after the limit)
/// and the apps (release), and sizes their code.
@MainActor func build(
    _ tool: SideBySideTool, _ output: PreparedOutput, apps: [(name: String, calls: [String])],
    figures: inout SideBySideFigures
) throws {
    let folder = output.folder
    for app in apps {
        let sources = folder.appendingPathComponent("Sources/\(app.name)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try tool.app(calls: app.calls).write(
            to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        guard !app.calls.isEmpty else { continue }
        try copyFiles(of: output.internalOutput, into: sources)
    }
    let targets =
        apps.map { "        .executableTarget(name: \"\($0.name)\", dependencies: [\(tool.targetDependencies)])," }
        + ["        .target(name: \"API\", dependencies: [\(tool.targetDependencies)]),"]
    try """
    // swift-tools-version: 6.1
    import PackageDescription
    let package = Package(
        name: "SideBySide",
        platforms: [.macOS(.v13)],
        dependencies: [
            \(tool.manifestDependency)
        ],
        targets: [
    \(targets.joined(separator: "\n"))
        ]
    )

    """.write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

    let limited = ["timeout", "--kill-after=10", String(openAPIGeneratorCompileLimit * 60)]
    for configuration in ["debug", "release"] {
        let build = ["swift", "build", "-c", configuration]
        for target in tool.runtimeTargets where Run.measure(build + ["--target", target], in: folder.path).status != 0 {
            say("  \(tool.name)'s runtime does not build (\(configuration)); its other figures are left out")
            return
        }
        // The first build also plans the build; a second, of the sources touched, is the
        // compile alone (skipped when the first took over five minutes).
        let timed = limited + build + ["--target", "API"]
        var compile = Run.measure(timed, in: folder.path)
        if compile.status == 0, compile.seconds < 300 {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: output.api.path)) ?? [] {
                touch(output.api.appendingPathComponent(file))
            }
            let again = Run.measure(timed, in: folder.path)
            if again.status == 0, again.seconds < compile.seconds { compile = again }
        }
        if configuration == "debug" { figures.debug = compile } else { figures.release = compile }
        say("  \(tool.name): \(configuration) compile \(fmt(compile.seconds, 1)) s (exit \(compile.status))")
    }
    let release = folder.appendingPathComponent(".build/release")
    if figures.release?.status == 0 {
        figures.moduleCode = objectCode(in: release.appendingPathComponent("API.build"))
    }
    figures.runtimeCode = tool.runtimeTargets.reduce(0) {
        $0 + objectCode(in: release.appendingPathComponent("\($1).build"))
    }
    // Each app's code beyond the reference's.
    var code: [String: Int] = [:]
    for app in apps {
        let built = Run.measure(
            limited + ["swift", "build", "-c", "release", "--product", app.name], in: folder.path)
        guard built.status == 0, let bytes = textBytes(of: release.appendingPathComponent(app.name).path) else {
            say("  \(tool.name): \(app.name) does not build (exit \(built.status))")
            continue
        }
        code[app.name] = bytes
    }
    if let reference = code["AppReference"] {
        figures.appOne = code["AppCallsOne"].map { $0 - reference }
        figures.appAll = code["AppCallsAll"].map { $0 - reference }
    }
}

/// The code bytes of every object file in a build folder: its `.text` sections (a release
/// object has one per function), as `size -A` lists them.
func objectCode(in folder: URL) -> Int {
    let files = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
    return files.filter { $0.hasSuffix(".o") }.reduce(0) { total, file in
        let sizes = Run.measure(["size", "-A", folder.appendingPathComponent(file).path])
        let code = sizes.output.split(separator: "\n").compactMap { line -> Int? in
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 2, columns[0] == ".text" || columns[0].hasPrefix(".text.") else { return nil }
            return Int(columns[1])
        }
        return total + code.reduce(0, +)
    }
}

/// Reads the generated Swift of either tool for the operations it declares and how an app
/// calls one: each tool's doc comments say `METHOD /path` above every operation.
enum GeneratedCalls {
    /// The lines of the files in `sources` whose names `named` accepts, in file name order.
    static func lines(in sources: URL, named: (String) -> Bool) -> [String] {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []).filter(named).sorted()
        return files.flatMap { file in
            var lines = ((try? String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)) ?? "").split(
                separator: "\n", omittingEmptySubsequences: false
            ).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// How many operations the output declares.
    static func operations(in sources: URL, tool: SideBySideTool) -> Int {
        switch tool {
        case .dtogen:
            lines(in: sources) { $0.hasSuffix(".Endpoints.swift") }.filter {
                $0.contains("static func ") || ($0.contains("static var ") && $0.hasSuffix(": Self {"))
            }.count
        case .swiftOpenAPIGenerator:
            lines(in: sources) { $0 == "Client.swift" }.filter { $0.contains("- Remark: HTTP `") }.count
        }
    }

    /// The `METHOD /path` a doc comment line names, if it names one.
    static func operation(_ line: String, after marker: String) -> String? {
        guard let start = line.range(of: marker) else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "`") else { return nil }
        let text = String(rest[..<end])
        return text.contains(" /") ? text : nil
    }

    /// Whether every parameter in a signature's text has a default.
    static func allDefaulted(_ parameters: String) -> Bool {
        var depth = 0
        var current = ""
        var parts: [String] = []
        for character in parameters {
            if "([<".contains(character) { depth += 1 }
            if ")]".contains(character) || (character == ">" && current.last != "-") { depth -= 1 }
            if character == ",", depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty || $0.contains(" = ") }
    }

    /// A function (or a property) an app can call with no argument: the operation its doc
    /// comment names, its name, and the `extension` line it is declared under.
    struct Callable {
        var operation: String
        var name: String
        var extensionLine: String
        var isProperty = false
    }

    /// The functions declared with `declaration` (`static func `) and ending their parameters
    /// with `end` (`) -> Self`) whose parameters all have defaults, each under a doc line
    /// naming its operation after `doc`; the first for each operation.
    static func callables(in lines: [String], doc: String, declaration: String, end: String) -> [Callable] {
        var found: [Callable] = []
        var extensionLine = ""
        var operation: String?
        var signature: (name: String, text: String)?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.hasPrefix("//"), trimmed.contains("extension "), trimmed.hasSuffix("{") { extensionLine = line }
            if let named = Self.operation(line, after: doc) { operation = named }
            // dtogen writes a factory without parameters as a property (`static var name: Self`).
            if let start = line.range(of: "static var "), line.hasSuffix(": Self {"), let current = operation {
                let name = String(line[start.upperBound...].dropLast(": Self {".count))
                if !found.contains(where: { $0.operation == current }) {
                    found.append(
                        Callable(operation: current, name: name, extensionLine: extensionLine, isProperty: true))
                }
                operation = nil
                continue
            }
            if let start = line.range(of: declaration) {
                let rest = line[start.upperBound...]
                guard let open = rest.firstIndex(of: "(") else { continue }
                signature = (String(rest[..<open]), String(rest[rest.index(after: open)...]))
            } else if signature != nil {
                signature?.text += line
            }
            guard let current = signature, let close = current.text.range(of: end) else {
                // A declaration that is not a factory (no `end` before its body) is not one.
                if line.hasSuffix("{") { signature = nil }
                continue
            }
            signature = nil
            defer { operation = nil }
            guard let operation, !found.contains(where: { $0.operation == operation }),
                allDefaulted(String(current.text[..<close.lowerBound]))
            else { continue }
            found.append(Callable(operation: operation, name: current.name, extensionLine: extensionLine))
        }
        return found
    }

    /// dtogen: `static func name(…) -> Self` or `static var name: Self`, called on the
    /// `Endpoint<Kind, Response>` it extends.
    static func dtogen(in sources: URL) -> [String: String] {
        let lines = lines(in: sources) { $0.hasSuffix(".Endpoints.swift") }
        var calls: [String: String] = [:]
        for callable in callables(in: lines, doc: "/// `", declaration: "static func ", end: ") -> Self") {
            let line = callable.extensionLine
            guard let start = line.range(of: "extension DTORuntime.Endpoint<"), line.hasSuffix(" {") else { continue }
            let call = callable.isProperty ? callable.name : callable.name + "()"
            calls[callable.operation] = "DTORuntime.Endpoint<\(line[start.upperBound...].dropLast(2)).\(call)"
        }
        return calls
    }

    /// swift-openapi-generator: the `APIProtocol` extension's `public func name(…)` (its
    /// protocol's and `Client`'s take an input, which has no default).
    static func swiftOpenAPIGenerator(in sources: URL) -> [String: String] {
        let lines = lines(in: sources) { $0 == "Types.swift" }
        var calls: [String: String] = [:]
        for callable in callables(
            in: lines, doc: "- Remark: HTTP `", declaration: "public func ", end: ") async throws")
        {
            calls[callable.operation] = "client.\(callable.name)()"
        }
        return calls
    }
}

/// A compile's figure: its time and peak memory, or why it has none.
func compileFigure(_ run: Measured) -> String {
    switch run.status {
    case 0: "\(fmt(run.seconds, 1)) s, \(fmt(run.peakMegabytes, 0)) MB"
    case 124, 137: "> \(openAPIGeneratorCompileLimit) min (\(fmt(run.peakMegabytes, 0)) MB until then)"
    default: "fails (exit \(run.status))"
    }
}
