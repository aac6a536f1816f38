import Foundation

/// A SwiftData-style model: a final class that never touches JSON. Its properties are
/// settable so that `update(from:)` (`"update": true` in the spec) can refresh a stored one.
final class Quake {
    var code: String
    var magnitude: Double
    var time: Date
    var name: String
    var longitude: Double
    var latitude: Double

    init(code: String, magnitude: Double, time: Date, name: String, longitude: Double, latitude: Double) {
        self.code = code
        self.magnitude = magnitude
        self.time = time
        self.name = name
        self.longitude = longitude
        self.latitude = latitude
    }
}

/// The app's store, as a SwiftData `ModelContext` would hold it: quakes by their unique `code`.
/// Importing a feed inserts the new ones and updates the ones already stored.
final class QuakeStore {
    private(set) var quakes: [String: Quake] = [:]

    /// Returns how many quakes were inserted and how many updated.
    @discardableResult
    func upsert(_ feed: GeoFeatureCollection) throws -> (inserted: Int, updated: Int) {
        var inserted = 0
        var updated = 0
        for feature in feed.features {
            if let stored = quakes[feature.properties.code] {
                try stored.update(from: feature)
                updated += 1
            } else {
                quakes[feature.properties.code] = try Quake(from: feature)
                inserted += 1
            }
        }
        return (inserted, updated)
    }
}
