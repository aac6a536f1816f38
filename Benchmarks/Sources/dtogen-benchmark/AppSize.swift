import Foundation

/// What an app pays in a release binary for the 200-endpoint synthetic API's output
/// (`--app-size`), `swift build -c release` (whole-module, `-O`), with the app calling none
/// of the endpoints, one, or all: the generated files in the app's own target (`internal`,
/// as the build plugin and committed output give them), then in a module of their own that
/// the app links (`--access public`). Each figure is the code (`.text`) of that executable
/// minus the code of the same app without the generated files (which sends an endpoint of
/// its own through `APIClient` and decodes a type of its own, as each of them does), so the
/// runtime and the standard library are not counted.
@MainActor func measureAppSize(dtogen: String, baseline: String?) throws {
    say("\nWhat an app pays (release builds of apps with the 200-endpoint output; minutes):")
    func kilobytes(_ bytes: Int) -> String { fmt(Double(bytes) / 1024, 1) + " KiB" }
    for access in ["internal", "public"] {
        let folder = work.appendingPathComponent("app-size-\(access)")
        guard let code = try appCode(dtogen: dtogen, access: access, in: folder) else { return }
        let place = access == "internal" ? "in the app's target" : "public, a module the app links"
        row("generated code kept (\(place)), app calling none of 200", kilobytes(code.none), "0")
        row("  app calling 1 of 200", kilobytes(code.one), "")
        row("  app calling all 200", kilobytes(code.all), "")
        row("  1 endpoint against all 200", fmt(100 * Double(code.one) / Double(max(code.all, 1)), 1) + " %", "≤ 5 %")
        guard let baseline,
            let earlier = try appCode(dtogen: baseline, access: access, in: folder.appendingPathExtension("baseline"))
        else { continue }
        row(
            "  the earlier build: none, 1, all of 200",
            [earlier.none, earlier.one, earlier.all].map(kilobytes)
                .joined(separator: ", "), "")
        row(
            "  1 endpoint, this build against the earlier", fmt(Double(code.one) / Double(max(earlier.one, 1))) + "×",
            "")
        if access == "internal" {
            row("the app without generated files (DTORuntime, standard library)", kilobytes(code.reference), "")
        }
    }
    printTable()
}

/// The code of the four apps' executables (`.text`), the reference's subtracted.
struct AppCode {
    var reference: Int
    var none: Int
    var one: Int
    var all: Int
}

/// Generates the synthetic API with `dtogen` at `access` and builds the apps in `folder`:
/// `internal` copies the generated files into each app's target, `public` makes them a
/// module (`API`) the apps link. Nil when `size` cannot read the executables.
@MainActor func appCode(dtogen: String, access: String, in folder: URL) throws -> AppCode? {
    let specs = folder.appendingPathComponent("specs")
    let generated = folder.appendingPathComponent("generated")
    _ = try SyntheticAPI.write(endpoints: 200, to: specs)
    try? FileManager.default.removeItem(at: generated)
    let run = Run.measure([dtogen, specs.path, "-o", generated.path, "--access", access, "--quiet"])
    guard run.status == 0 else { fatalError("\(dtogen) failed on the synthetic API") }
    let package = folder.appendingPathComponent("package")
    try? FileManager.default.removeItem(at: package)
    let linked = access != "internal"
    let apps: [(name: String, main: String, generated: Bool)] = [
        ("AppReference", AppSources.calls(resources: [], everyOperation: false, importing: nil), false),
        ("AppCallsNone", AppSources.calls(resources: [], everyOperation: false, importing: linked ? "API" : nil), true),
        ("AppCallsOne", AppSources.calls(resources: [0], everyOperation: false, importing: linked ? "API" : nil), true),
        (
            "AppCallsAll",
            AppSources.calls(
                resources: Array(0..<SyntheticAPI.resources200), everyOperation: true, importing: linked ? "API" : nil),
            true
        ),
    ]
    for app in apps {
        let sources = package.appendingPathComponent("Sources/\(app.name)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try app.main.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        if app.generated, !linked { try copyFiles(of: generated, into: sources) }
    }
    if linked {
        let sources = package.appendingPathComponent("Sources/API")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try copyFiles(of: generated, into: sources)
    }
    try AppSources.manifest(apps: apps.map { ($0.name, linked && $0.generated) }, library: linked).write(
        to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    let build = Run.measure(["swift", "build", "-c", "release"], in: package.path)
    guard build.status == 0 else { fatalError("the apps do not build") }
    let binaries = package.appendingPathComponent(".build/release")
    var code: [Int] = []
    for app in apps {
        guard let bytes = textBytes(of: binaries.appendingPathComponent(app.name).path) else {
            say("  cannot read the code size of \(app.name) (`size -A` is needed)")
            return nil
        }
        code.append(bytes)
    }
    return AppCode(reference: code[0], none: code[1] - code[0], one: code[2] - code[0], all: code[3] - code[0])
}

/// The bytes of an executable's `.text` section (`size -A`, binutils).
func textBytes(of path: String) -> Int? {
    let sizes = Run.measure(["size", "-A", path])
    guard sizes.status == 0 else { return nil }
    let line = sizes.output.split(separator: "\n").first { $0.hasPrefix(".text ") }
    return line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
}

/// The apps `--app-size` builds.
enum AppSources {
    /// The app (`main`) calling `get` (and with `everyOperation`, list, create, update and
    /// delete) of each resource of the synthetic API.
    static func calls(resources: [Int], everyOperation: Bool, importing module: String?) -> String {
        main(
            calls: resources.flatMap { syntheticCalls(resource: $0, everyOperation: everyOperation) }, importing: module
        )
    }

    /// The endpoints of one resource of the synthetic API (`SyntheticAPI`, and the OpenAPI
    /// document that mirrors it), made by their factories: `get`, and with `everyOperation`
    /// list, create, update and delete.
    static func syntheticCalls(resource r: Int, everyOperation: Bool) -> [String] {
        let name = "Resource\(r)"
        let get = "Endpoint<EndpointKinds.Public, \(name)>.get\(name)(id: 1)"
        guard everyOperation else { return [get] }
        let input = "\(name)Input(name: \"n\", status: .draft, tags: [], price: nil)"
        return [
            "Endpoint<EndpointKinds.Private, \(name)Page>.list\(name)()",
            "Endpoint<EndpointKinds.Private, \(name)>.create\(name)(body: \(input))", get,
            "Endpoint<EndpointKinds.Private, \(name)>.update\(name)(id: 1, body: \(input))",
            "Endpoint<EndpointKinds.Private, Void>.delete\(name)(id: 1)",
        ]
    }

    /// An app that sends an endpoint of its own through `APIClient` (a stub transport answers
    /// with the JSON its first argument gives) and decodes the response (what every app here
    /// does, the reference without generated files), then for each call (an endpoint
    /// factory's) encodes the endpoint's body and decodes its response from that JSON;
    /// `module`: the generated module it imports, if any.
    static func main(calls: [String], importing module: String?) -> String {
        var lines = [
            "import DTORuntime", "import Foundation", module.map { "import \($0)" } ?? "",
            "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif", "",
            "struct Named: Decodable, Sendable { let name: String }",
            "let data = Data((CommandLine.arguments.dropFirst().first ?? \"{}\").utf8)",
            "/// Answers every request with that JSON, as a server would.",
            "struct StubTransport: HTTPTransport {",
            "    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {",
            "        let url = request.url ?? URL(fileURLWithPath: \"/\")",
            "        guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)",
            "        else { throw URLError(.badServerResponse) }",
            "        return (data, response)",
            "    }",
            "}",
            "var used = 0",
            "let client = APIClient(baseURL: URL(fileURLWithPath: \"/\"), transport: StubTransport())",
            "let named = Endpoint<EndpointKinds.Public, Named>(path: \"/named\") { try FastDecoder().decode(Named.self, from: $0) }",
            "used += ((try? await client.send(named))?.name.count ?? 0)",
            "/// The endpoint's body encoded, as a request sends it, and its response decoded.",
            "func use<K, R>(_ endpoint: Endpoint<K, R>) -> Int {",
            "    let sent = endpoint.body.map { (try? JSONEncoder().encode($0))?.count ?? 0 } ?? 0",
            "    return sent + ((try? endpoint.decode(data)) != nil ? 1 : 0)",
            "}",
            "used += use(named)",
        ]
        lines += calls.map { "used += use(\($0))" }
        return (lines + ["print(used)", ""]).joined(separator: "\n")
    }

    /// Each app an executable target; with `library`, the generated files are the `API`
    /// target, which the apps marked `true` depend on.
    static func manifest(apps: [(name: String, linksAPI: Bool)], library: Bool) -> String {
        let runtime = ".product(name: \"DTORuntime\", package: \"dtogen\")"
        var targets = apps.map { app in
            "        .executableTarget(name: \"\(app.name)\", dependencies: [\(runtime)\(app.linksAPI ? ", \"API\"" : "")]),"
        }
        if library { targets.append("        .target(name: \"API\", dependencies: [\(runtime)]),") }
        return """
            // swift-tools-version: 6.1
            import PackageDescription
            let package = Package(
                name: "AppSize",
                dependencies: [.package(name: "dtogen", path: \(String(reflecting: root.path)))],
                targets: [
            \(targets.joined(separator: "\n"))
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }
}
