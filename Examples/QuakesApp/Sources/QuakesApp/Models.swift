import Foundation

/// A SwiftData-style model: a final class that never touches JSON.
final class Quake {
    let code: String
    let magnitude: Double
    let time: Date
    let name: String
    let longitude: Double
    let latitude: Double

    init(code: String, magnitude: Double, time: Date, name: String, longitude: Double, latitude: Double) {
        self.code = code
        self.magnitude = magnitude
        self.time = time
        self.name = name
        self.longitude = longitude
        self.latitude = latitude
    }
}
