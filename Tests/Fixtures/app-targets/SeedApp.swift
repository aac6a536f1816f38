import DTORuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A view model as an app target writes it (main-actor isolated where that is the default).
@MainActor
final class QuakesViewModel {
    var quakes: [Quake] = []
    var items: [StoreItem] = []
    let client = APIClient(baseURL: StoreAPI.baseURL, middlewares: [RequestLog(), RetryMiddleware()])
    let repository: any StoreRepository = StoreRepositoryStub()

    func load(feed data: Data, token: String, tokens: any AccessTokenProvider) async throws {
        let feed = try FastDecoder().decode(GeoFeatureCollection.self, from: data)
        quakes = try Quake.from(feed)
        items = try await repository.featuredItems()
        items += StoreItem.from(try await client.send(.search(for: "tea"), using: AccessToken(rawValue: token)))
        for try await page in client.pages(.listItems()) { _ = page.count }
        _ = try await client.send(.myItems, using: tokens)
        _ = try await client.send(
            .createItem(
                from: NewListing(title: "Tea", price: .init(amount: 4, currency: "EUR"), tags: [], attributes: [:])),
            using: AccessToken(rawValue: token))
        let live = StoreRepositoryLive(accessToken: { AccessToken(rawValue: token) }, tokenProvider: { tokens })
        _ = try await live.ping()
    }
}

/// Decoding off the main actor: DTOs decode in a detached task.
func decodeInBackground(_ data: Data) async throws -> Int {
    let fast = try await Task.detached { try FastDecoder().decode(GeoFeatureCollection.self, from: data) }.value
    let plain = try await Task.detached { try JSONDecoder().decode(GeoFeatureCollection.self, from: data) }.value
    let request = try await Task.detached {
        try DTORuntime.Endpoint<EndpointKinds.Public, GeoFeatureCollection>.search(minimumMagnitude: 4).makeRequest(
            baseURL: QuakesAPI.baseURL, with: ())
    }.value
    let fromStub = try await Task.detached { try await StoreRepositoryStub().featuredItems() }.value
    return fast.features.count + plain.features.count + (request.url == nil ? 0 : 1) + fromStub.count
}

/// A middleware the app writes.
struct RequestLog: APIMiddleware {
    func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse) {
        try await next(request)
    }
}

/// A token provider the app writes.
actor TokenStore: AccessTokenProvider {
    var token = "token"
    func accessToken() async throws -> String { token }
}
