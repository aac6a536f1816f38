public import Foundation

/// The domain model of seed article 000 (Apple's SwiftData earthquake sample). On Apple
/// platforms it would be a `@Model` class; here it is a plain final class with the same
/// init, which is all the generated `convenience init(from:)` needs.
public final class Quake {
    /// A unique identifier associated with each earthquake event.
    public var code: String
    /// The measured strength of the earthquake.
    public var magnitude: Double
    /// When the earthquake happened.
    public var time: Date
    /// Where the earthquake happened.
    public var location: Location

    public init(code: String, magnitude: Double, time: Date, name: String, longitude: Double, latitude: Double) {
        self.code = code
        self.magnitude = magnitude
        self.time = time
        self.location = Location(name: name, longitude: longitude, latitude: latitude)
    }
}

public struct Location: Sendable, Hashable {
    public var name: String
    public var longitude: Double
    public var latitude: Double
}
