// swift-tools-version: 6.1
import PackageDescription

// The benchmark: `swift run -c release --package-path Benchmarks dtogen-benchmark`.
// A package of its own so the main build and CI do not compile it; its DTOs come from
// the build plugin, like an app's.
let package = Package(
    name: "Benchmarks",
    // DTORuntime uses Date.ISO8601FormatStyle and Swift concurrency.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [.package(name: "dtogen", path: "..")],
    targets: [
        .target(
            name: "PlainDTOs",
            dependencies: [.product(name: "DTORuntime", package: "dtogen")],
            plugins: [.plugin(name: "DTOGenPlugin", package: "dtogen")]
        ),
        .target(
            name: "LenientDTOs",
            dependencies: [.product(name: "DTORuntime", package: "dtogen")],
            plugins: [.plugin(name: "DTOGenPlugin", package: "dtogen")]
        ),
        .executableTarget(
            name: "dtogen-benchmark",
            dependencies: [
                "PlainDTOs", "LenientDTOs", .product(name: "DTORuntime", package: "dtogen"),
                .product(name: "YAMLReader", package: "dtogen"), .product(name: "PositionalJSON", package: "dtogen"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
