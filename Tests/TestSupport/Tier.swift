import Foundation
import Testing

/// The test tiers. `swift test` runs the fast one: every feature area, on small documents,
/// the seed specs and the golden output. The heavy tier (every real and big document, the
/// wire test, published payloads, synthetic updates, the app-target matrix) runs with
/// `DTOGEN_HEAVY=1 swift test --filter tag:heavy`; `.ci/run` runs both.
public enum Tier {
    /// Whether this process runs the heavy tier.
    public static let heavy = ProcessInfo.processInfo.environment["DTOGEN_HEAVY"] == "1"
}

extension Tag {
    /// A suite of the heavy tier: give it `.enabled(if: Tier.heavy)` too.
    @Tag public static var heavy: Self
}
