import Foundation

/// What an app pays in a release binary for the 200-endpoint synthetic API's output
/// (`--app-size`): the generated files compiled into the app's own target (internal, as the
/// build plugin and committed output give them), `swift build -c release` (whole-module,
/// `-O`), once calling none of the endpoints, once one, once all. Each figure is the code
/// (`.text`) of that executable minus the code of the same app without the generated files
/// (which decodes a type of its own through DTORuntime, as each of them does), so the
/// runtime and the standard library are not counted.
@MainActor func measureAppSize(dtogen: String, baseline: String?) throws {
    say("\nWhat an app pays (release build, generated code in the app's target; minutes):")
    guard let code = try appCode(dtogen: dtogen, in: work.appendingPathComponent("app-size")) else { return }
    func kilobytes(_ bytes: Int) -> String { fmt(Double(bytes) / 1024, 1) + " KiB" }
    row("generated code kept, app calling none of 200 endpoints", kilobytes(code.none), "0")
    row("generated code kept, app calling 1 of 200", kilobytes(code.one), "")
    row("generated code kept, app calling all 200", kilobytes(code.all), "")
    row("  1 endpoint against all 200", fmt(100 * Double(code.one) / Double(max(code.all, 1)), 1) + " %", "≤ 5 % (#48)")
    row("the app without generated files (DTORuntime, standard library)", kilobytes(code.reference), "")
    if let baseline,
        let earlier = try appCode(dtogen: baseline, in: work.appendingPathComponent("app-size-baseline"))
    {
        row("the earlier build: none of 200 kept", kilobytes(earlier.none), "")
        row("the earlier build: 1 of 200 kept", kilobytes(earlier.one), "")
        row("the earlier build: all 200 kept", kilobytes(earlier.all), "")
        row(
            "  1 endpoint, this build against the earlier", fmt(Double(code.one) / Double(max(earlier.one, 1))) + "×",
            "")
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

/// Generates the synthetic API with `dtogen` and builds the apps in `folder`; nil when `size`
/// cannot read the executables.
@MainActor func appCode(dtogen: String, in folder: URL) throws -> AppCode? {
    let specs = folder.appendingPathComponent("specs")
    let generated = folder.appendingPathComponent("generated")
    _ = try SyntheticAPI.write(endpoints: 200, to: specs)
    try? FileManager.default.removeItem(at: generated)
    let run = Run.measure([dtogen, specs.path, "-o", generated.path, "--quiet"])
    guard run.status == 0 else { fatalError("\(dtogen) failed on the synthetic API") }
    let package = folder.appendingPathComponent("package")
    try? FileManager.default.removeItem(at: package)
    let apps: [(name: String, main: String, generated: Bool)] = [
        ("AppReference", AppSources.calls(resources: [], everyOperation: false), false),
        ("AppCallsNone", AppSources.calls(resources: [], everyOperation: false), true),
        ("AppCallsOne", AppSources.calls(resources: [0], everyOperation: false), true),
        ("AppCallsAll", AppSources.calls(resources: Array(0..<40), everyOperation: true), true),
    ]
    for app in apps {
        let sources = package.appendingPathComponent("Sources/\(app.name)")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try app.main.write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        guard app.generated else { continue }
        for file in try FileManager.default.contentsOfDirectory(atPath: generated.path) {
            try FileManager.default.copyItem(
                at: generated.appendingPathComponent(file), to: sources.appendingPathComponent(file))
        }
    }
    try AppSources.manifest(apps: apps.map(\.name)).write(
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
    /// An app that decodes a response of its own type through DTORuntime (what every app
    /// here does, the reference without generated files), then the response of `get` (and
    /// with `everyOperation`, list, create, update and delete) for each resource, from JSON
    /// its first argument gives.
    static func calls(resources: [Int], everyOperation: Bool) -> String {
        var lines = [
            "import DTORuntime", "import Foundation", "",
            "struct Named: Decodable { let name: String }",
            "let data = Data((CommandLine.arguments.dropFirst().first ?? \"{}\").utf8)",
            "var used = 0",
            "/// The endpoint's body encoded, as a request sends it, and its response decoded.",
            "func use<K, R>(_ endpoint: Endpoint<K, R>) -> Int {",
            "    let sent = endpoint.body.map { (try? JSONEncoder().encode($0))?.count ?? 0 } ?? 0",
            "    return sent + ((try? endpoint.decode(data)) != nil ? 1 : 0)",
            "}",
            "used += use(Endpoint<EndpointKinds.Public, Named>(path: \"/named\") { try FastDecoder().decode(Named.self, from: $0) })",
        ]
        for r in resources {
            let name = "Resource\(r)"
            lines.append("used += use(Endpoint<EndpointKinds.Public, \(name)>.get\(name)(id: 1))")
            guard everyOperation else { continue }
            let input = "\(name)Input(name: \"n\", status: .draft, tags: [], price: nil)"
            lines += [
                "used += use(Endpoint<EndpointKinds.Private, \(name)Page>.list\(name)())",
                "used += use(Endpoint<EndpointKinds.Private, \(name)>.create\(name)(body: \(input)))",
                "used += use(Endpoint<EndpointKinds.Private, \(name)>.update\(name)(id: 1, body: \(input)))",
                "used += use(Endpoint<EndpointKinds.Private, Void>.delete\(name)(id: 1))",
            ]
        }
        return (lines + ["print(used)", ""]).joined(separator: "\n")
    }

    static func manifest(apps: [String]) -> String {
        let targets = apps.map {
            "        .executableTarget(name: \"\($0)\", dependencies: [.product(name: \"DTORuntime\", package: \"dtogen\")]),"
        }
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
