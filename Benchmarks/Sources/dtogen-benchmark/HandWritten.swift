import Foundation

/// What a developer writes by hand for the USGS feed: plain `Codable`, dates through the
/// decoder's strategy. The baseline for decoding speed.
struct HandFeed: Codable, Sendable {
    struct Metadata: Codable, Sendable {
        let generated: Date
        let url: String
        let title: String
        let status: Int
        let api: String
        let count: Int
    }

    struct Feature: Codable, Sendable {
        struct Properties: Codable, Sendable {
            let mag: Double?
            let place: String?
            let time: Date
            let updated: Date
            let tz: Int?
            let url: String
            let detail: String
            let felt: Int?
            let cdi: Double?
            let mmi: Double?
            let alert: String?
            let status: String
            let tsunami: Int
            let sig: Int
            let net: String
            let code: String
            let ids: String
            let sources: String
            let types: String
            let nst: Int?
            let dmin: Double?
            let rms: Double?
            let gap: Double?
            let magType: String
            let type: String
            let title: String
        }

        struct Geometry: Codable, Sendable {
            let type: String
            let coordinates: [Double]
        }

        let type: String
        let properties: Properties
        let geometry: Geometry
        let id: String
    }

    let type: String
    let metadata: Metadata
    let features: [Feature]
    let bbox: [Double]?
}
