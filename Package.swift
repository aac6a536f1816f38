// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "dtogen",
    // DTORuntime uses Date.ISO8601FormatStyle and Swift concurrency.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    // DTOGenCore is no product: its public declarations are the generator's internals, public
    // only for the `dtogen` executable beside it, and change whenever the generator does.
    // Apps use the command, the plugins and DTORuntime.
    products: [
        .executable(name: "dtogen", targets: ["dtogen"]),
        .library(name: "DTORuntime", targets: ["DTORuntime"]),
        .library(name: "PositionalJSON", targets: ["PositionalJSON"]),
        .library(name: "YAMLReader", targets: ["YAMLReader"]),
        .plugin(name: "DTOGenPlugin", targets: ["DTOGenPlugin"]),
        .plugin(name: "DTOGenCommand", targets: ["DTOGenCommand"]),
    ],
    targets: [
        // dtogen's own readers, libraries in their own right: JSON with a position on every
        // value (specs, payloads, OpenAPI documents), and YAML 1.2 into the same nodes.
        .target(name: "PositionalJSON"),
        .target(name: "YAMLReader", dependencies: ["PositionalJSON"]),
        // How dates are read and written (Foundation only): the runtime's rules, which the
        // generator uses for dates in specs without linking the runtime's networking.
        .target(name: "DTODateRules"),
        .target(name: "DTOGenCore", dependencies: ["PositionalJSON", "YAMLReader", "DTODateRules"]),
        .target(name: "DTORuntime", dependencies: ["DTODateRules"]),
        .executableTarget(name: "dtogen", dependencies: ["DTOGenCore"]),
        // Build-tool plugin: regenerates a target's *.dtogen.json specs on every build that needs it.
        .plugin(name: "DTOGenPlugin", capability: .buildTool(), dependencies: ["dtogen"]),
        // Command plugin: `swift package --allow-writing-to-package-directory generate-dtos`.
        .plugin(
            name: "DTOGenCommand",
            capability: .command(
                intent: .custom(verb: "generate-dtos", description: "Generate Swift from the *.dtogen.json specs of targets into their Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "Writes generated Swift into the targets' Generated/ folders")]
            ),
            dependencies: ["dtogen"]
        ),
        // The seed articles' specs (specs/), their committed output (Generated/) and the
        // hand-written domain models they map onto, compiled together so stale output fails the build.
        .target(
            name: "SeedExamples",
            dependencies: ["DTORuntime"],
            path: ".",
            exclude: ["Sources", "Tests", "Templates", "specs", "Scripts", "docs", "README.md", "CHANGELOG.md", ".ci", "Plugins", "Examples/QuakesApp", "Benchmarks"],
            sources: ["Generated", "Examples/SeedModels"]
        ),
        // DTORuntime too: the generator's date rules are checked against the runtime's.
        // LoopbackServer: generated clients built and run against it (OpenAI's streamed chat).
        .testTarget(name: "DTOGenCoreTests", dependencies: ["DTOGenCore", "DTORuntime", "LoopbackServer", "TestSupport"]),
        .testTarget(name: "PositionalJSONTests", dependencies: ["PositionalJSON"]),
        .testTarget(name: "YAMLReaderTests", dependencies: ["YAMLReader"]),
        // A tiny HTTP server on 127.0.0.1 for the end-to-end tests (no dependencies).
        .target(name: "LoopbackServer", path: "Tests/LoopbackServer"),
        // The one way tests launch programs and compile Swift (DTORuntime built once per test
        // process), and the test tiers.
        .target(name: "TestSupport", dependencies: ["DTOGenCore"], path: "Tests/TestSupport"),
        .testTarget(name: "ConformanceTests", dependencies: ["DTORuntime", "LoopbackServer"]),
        .testTarget(name: "GoldenTests", dependencies: ["DTORuntime"]),
        .testTarget(name: "DTORuntimeTests", dependencies: ["DTORuntime", "LoopbackServer", "TestSupport"]),
        // Random valid specs and payloads, generated, compiled with swiftc and run.
        .testTarget(name: "GenerativeTests", dependencies: ["DTOGenCore", "TestSupport"]),
        // Generated code next to user types that share the runtime's names.
        .testTarget(name: "RuntimeContractTests", dependencies: ["DTORuntime"]),
        .testTarget(name: "SeedExamplesTests", dependencies: ["SeedExamples", "DTORuntime", "LoopbackServer"]),
    ],
    swiftLanguageModes: [.v6]
)
