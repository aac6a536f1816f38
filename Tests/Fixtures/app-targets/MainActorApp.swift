import DTORuntime
import Foundation

// What an Xcode 26 app target writes, with no isolation written anywhere: a view model on the
// main actor by default, using the README's token provider and middleware (`SessionTokens`,
// `StampMiddleware`, in ReadmeSnippets.swift), a mapping, and a detached decode.

final class StoreViewModel {
    let tokens = SessionTokens()
    let client = APIClient(baseURL: StoreAPI.baseURL, middlewares: [StampMiddleware()])
    var items: [Item] = []
    var quakes: [Quake] = []

    func load(feed data: Data) async throws {
        items = try await client.send(.myItems, using: tokens)
        let feed = try await Task.detached { try FastDecoder().decode(GeoFeatureCollection.self, from: data) }.value
        quakes = try Quake.from(feed)
    }
}
