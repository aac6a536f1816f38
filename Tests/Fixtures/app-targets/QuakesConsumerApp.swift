import DTORuntime
import Foundation

// App code beside the plugin consumer's output (Examples/QuakesApp): its repository and
// `Quake` mapping used on the main actor, the feed decoded in a detached task.

@MainActor
final class QuakesViewModel {
    let repository: any USGSRepository = USGSRepositoryStub()
    let client = APIClient(baseURL: USGSAPI.baseURL)
    let store = QuakeStore()
    var quakes: [Quake] = []

    func refresh(_ data: Data) async throws {
        let feed = try await Task.detached { try FastDecoder().decode(GeoFeatureCollection.self, from: data) }.value
        quakes = try Quake.from(feed)
        try store.upsert(feed)
        let live = try await client.send(.summary(feed: "all_day"))
        quakes += try Quake.from(live)
        quakes += try await repository.summary(feed: "all_day")
    }
}

func quakesInBackground() async throws -> Int {
    try await Task.detached { try await USGSRepositoryStub().summary(feed: "all_day").count }.value
}
