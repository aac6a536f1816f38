// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "dtogen",
    products: [
        .executable(name: "dtogen", targets: ["dtogen"]),
        .library(name: "DTOGenCore", targets: ["DTOGenCore"]),
        .library(name: "DTORuntime", targets: ["DTORuntime"]),
    ],
    targets: [
        .target(name: "DTOGenCore"),
        .target(name: "DTORuntime"),
        .executableTarget(name: "dtogen", dependencies: ["DTOGenCore"]),
        // The seed articles' specs (specs/), their committed output (Generated/) and the
        // hand-written domain models they map onto, compiled together so stale output fails the build.
        .target(
            name: "SeedExamples",
            dependencies: ["DTORuntime"],
            path: ".",
            exclude: ["Sources", "Tests", "Templates", "specs", "Scripts", "docs", "README.md", ".ci"],
            sources: ["Generated", "Examples/SeedModels"]
        ),
        .testTarget(name: "DTOGenCoreTests", dependencies: ["DTOGenCore"]),
        // A tiny HTTP server on 127.0.0.1 for the end-to-end tests (no dependencies).
        .target(name: "LoopbackServer", path: "Tests/LoopbackServer"),
        .testTarget(name: "ConformanceTests", dependencies: ["DTORuntime", "LoopbackServer"]),
        .testTarget(name: "GoldenTests", dependencies: ["DTORuntime"]),
        .testTarget(name: "SeedExamplesTests", dependencies: ["SeedExamples", "DTORuntime", "LoopbackServer"]),
    ],
    swiftLanguageModes: [.v6]
)
