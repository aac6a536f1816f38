// swift-tools-version: 6.2
import PackageDescription

// A consumer of dtogen, as an app team would set it up: the build plugin generates DTOs,
// mappings and endpoints from the specs in Sources/QuakesApp on every build that needs it.
let package = Package(
    name: "QuakesApp",
    // DTORuntime uses Date.ISO8601FormatStyle and Swift concurrency.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    dependencies: [
        .package(name: "dtogen", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "QuakesApp",
            dependencies: ["StationsKit", .product(name: "DTORuntime", package: "dtogen")],
            resources: [.copy("Resources/all_day.geojson"), .copy("Resources/other.json")],
            // What a new app target in Xcode 26 has: every declaration on the main actor unless
            // it says otherwise, and the "approachable concurrency" features.
            swiftSettings: [
                .defaultIsolation(MainActor.self),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ],
            plugins: [.plugin(name: "DTOGenPlugin", package: "dtogen")]
        ),
        // The app's data layer, tested without a network: the generated repository stub
        // answers from the spec's example payload. In Swift 5 mode, as older test targets are.
        .testTarget(name: "QuakesAppTests", dependencies: ["QuakesApp"], swiftSettings: [.swiftLanguageMode(.v5)]),
        // Commits its generated code instead: Generated/ is written and checked by the
        // command plugin (generate-dtos), and compiled like any other source. A library with a
        // public API (`options.access`), built with the strict upcoming features.
        .target(
            name: "StationsKit",
            dependencies: [.product(name: "DTORuntime", package: "dtogen")],
            exclude: ["stations.dtogen.json"],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .strictMemorySafety(),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
