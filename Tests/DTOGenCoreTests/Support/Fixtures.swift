import Foundation

/// Test fixtures live in Tests/Fixtures, outside every target, so SwiftPM sees no unhandled files.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let packageRoot = root.deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ relative: String) -> URL {
        root.appendingPathComponent(relative)
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
