import Foundation
import Testing
@testable import QuakesApp

/// The app's data layer without a network: the repository stub the build plugin generates
/// from the spec's example (the bundled feed), and the upsert by `code`. The app target is
/// main-actor isolated by default, so these tests run on the main actor, as its views do.
@MainActor
struct QuakesAppTests {
    @Test func theStubRepositoryServesTheExampleFeed() async throws {
        let repository: any USGSRepository = USGSRepositoryStub()
        let quakes = try await repository.summary(feed: "all_day")
        #expect(quakes.count == 30)
        #expect(quakes.map(\.magnitude).max() == 5.4)

        let offline: any USGSRepository = USGSRepositoryStub().failing(.summary, with: URLError(.notConnectedToInternet))
        await #expect(throws: URLError.self) { _ = try await offline.summary(feed: "all_day") }
    }

    /// Background code awaits the main-actor repository, and decodes DTOs where it runs.
    @Test func theRepositoryAndTheDTOsServeBackgroundCode() async throws {
        let url = try #require(Bundle.module.url(forResource: "all_day", withExtension: "geojson"))
        let counts = try await Task.detached {
            let data = try Data(contentsOf: url)
            let feed = try JSONDecoder().decode(GeoFeatureCollection.self, from: data)
            let quakes = try await USGSRepositoryStub().summary(feed: "all_day")
            return (feed.features.count, quakes.count)
        }.value
        #expect(counts == (30, 30))
    }

    @Test func aSecondImportUpdatesInsteadOfDuplicating() throws {
        let url = try #require(Bundle.module.url(forResource: "all_day", withExtension: "geojson"))
        let data = try Data(contentsOf: url)
        let store = QuakeStore()
        #expect(try store.upsert(JSONDecoder().decode(GeoFeatureCollection.self, from: data)) == (30, 0))
        let code = try #require(store.quakes.keys.sorted().first)
        let stored = try #require(store.quakes[code])

        // The feed again, with that quake re-measured.
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var features = try #require(json["features"] as? [[String: Any]])
        let index = try #require(features.firstIndex { ($0["properties"] as? [String: Any])?["code"] as? String == code })
        var properties = try #require(features[index]["properties"] as? [String: Any])
        properties["mag"] = 7.2
        features[index]["properties"] = properties
        json["features"] = features
        let changed = try JSONDecoder().decode(GeoFeatureCollection.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(try store.upsert(changed) == (0, 30))
        #expect(store.quakes.count == 30)
        #expect(store.quakes[code] === stored)
        #expect(stored.magnitude == 7.2)
    }
}
