public import Foundation
#if canImport(SwiftData)
import SwiftData
#endif

// Seed article 000 keeps the feed in SwiftData and updates the records it already has by
// their unique `code`. `specs/quakes.json` maps this model with `"update": true`, so besides
// `convenience init(from:)` it gets `update(from:)` for that upsert (README: "Upserts").

#if canImport(SwiftData)
/// A quake as the app stores it.
@Model
public final class StoredQuake {
    @Attribute(.unique) public var code: String
    public var magnitude: Double
    public var time: Date
    public var place: String

    public init(code: String, magnitude: Double, time: Date, place: String) {
        self.code = code
        self.magnitude = magnitude
        self.time = time
        self.place = place
    }
}
#else
/// A quake as the app stores it (a plain class where SwiftData does not exist).
public final class StoredQuake {
    public var code: String
    public var magnitude: Double
    public var time: Date
    public var place: String

    public init(code: String, magnitude: Double, time: Date, place: String) {
        self.code = code
        self.magnitude = magnitude
        self.time = time
        self.place = place
    }
}
#endif
