// Extracted from README.md by ReadmeSnippetTests, so the README's code compiles as written.
// DTOGEN_RECORD=1 swift test --filter ReadmeSnippetTests rewrites it. Do not edit.

import DTORuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// README.md:99
func readmeSnippet1(data: Data) async throws {
    let feed = try FastDecoder().decode(GeoFeatureCollection.self, from: data)  // or JSONDecoder(): same value, about 5× slower
    let quakes = try Quake.from(feed)   // a short coordinates array throws a MappingError, never crashes
    _ = (feed, quakes)
}

// README.md:125
func readmeSnippet2(token: String) async throws {
    let client = APIClient(baseURL: StoreAPI.baseURL)         // the spec's baseURL
    let featured = try await client.send(.featuredItems)       // public: no request data
    let results = try await client.send(.search(for: "swift"), using: AccessToken(rawValue: token))
    let items = StoreItem.from(results)                        // your domain models
    _ = (client, featured, results, items)
}

// README.md:166
func readmeSnippet3(client: APIClient, token: String, tokens: any AccessTokenProvider) async throws {
    for try await page in client.pages(.listItems()) {        // fetched as the loop asks
        print(page.count)
    }
    let form = CreateItemBody(name: "Green tea", price: 4.5, tags: ["tea"], metadata: ["shelf": "A3"])
    let item = try await client.send(.createItem(body: form), using: AccessToken(rawValue: token))
    let photo = FilePart(data: Data([0x89, 0x50]), filename: "tea.png", contentType: "image/png")
    let withImage = try await client.send(.uploadImage(id: item.id, body: .init(image: photo)), using: AccessToken(rawValue: token))
    let mine = try await client.send(.myItems, using: tokens)  // a fresh token for each request
    _ = (form, item, photo, withImage, mine)
}

// README.md:181
func readmeSnippet4(token: String) async throws {
    let client = APIClient(baseURL: StoreAPI.baseURL, middlewares: [RetryMiddleware(maxAttempts: 3)])
    let response = try await client.response(for: .featuredItems)
    let remaining = response.header("X-RateLimit-Remaining")   // headers ignore case
    do {
        _ = try await client.send(.search(for: "swift"), using: AccessToken(rawValue: token))
    } catch APIError.server(let status, _, let error as StoreError) {
        print("HTTP \(status): \(error.message)")
    }
    _ = (client, response, remaining)
}

// README.md:209
nonisolated enum APIKeyKind: EndpointKind {
    static func prepare(_ request: inout URLRequest, with key: String) {
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
    }
}

// README.md:227
func readmeSnippet5(client: APIClient) async throws {
    let health = try await client.send(.health, using: "my-api-key")
    _ = (health)
}

// README.md:250
nonisolated struct ChatChunk: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Delta: Decodable, Sendable { var content: String? }
        var delta: Delta
    }
    var choices: [Choice]
}

nonisolated extension StreamEndpoint<EndpointKinds.Private, ChatChunk> {
    static func chat(_ body: [String: String]) -> Self {
        StreamEndpoint(method: .post, path: "/chat/completions", body: body, format: .serverSentEvents(end: "[DONE]"))
    }
}

// README.md:269
func readmeSnippet6(client: APIClient, token: String) async throws {
    var answer = ""
    for try await chunk in try await client.stream(.chat(["model": "gpt-4o-mini"]), using: AccessToken(rawValue: token)) {
        answer += chunk.choices.first?.delta.content ?? ""
    }
}

// README.md:316
/// A view model that never sees JSON or HTTP.
@MainActor
final class QuakeListModel {
    let repository: any QuakesRepository
    private(set) var quakes: [Quake] = []

    init(repository: any QuakesRepository = QuakesRepositoryLive()) {
        self.repository = repository
    }

    func load() async throws {
        quakes = try await repository.allDay()
    }
}

// In a preview or a test: the 30 quakes of the spec's example, no network.
@MainActor func previewModel() -> QuakeListModel {
    QuakeListModel(repository: QuakesRepositoryStub())
}

// README.md:353
func readmeSnippet7(client: APIClient, listing: NewListing, token: String) async throws {
    let item = try await client.send(.createItem(from: listing), using: AccessToken(rawValue: token))
    _ = (item)
}

// README.md:369
#if canImport(SwiftData)
import SwiftData

@ModelActor
actor QuakeImporter {
    /// Inserts the quakes that are new and updates the ones already stored.
    func upsert(_ feed: GeoFeatureCollection) throws {
        for feature in feed.features {
            let code = feature.properties.code
            let stored = try modelContext.fetch(FetchDescriptor<StoredQuake>(predicate: #Predicate { $0.code == code }))
            if let existing = stored.first {
                existing.update(from: feature)
            } else {
                modelContext.insert(StoredQuake(from: feature))
            }
        }
        try modelContext.save()
    }
}
#endif

// README.md:794
/// A middleware: write `next` as `Next`. Spelled out, the function type would mean a
/// caller-isolated function in a module with `NonisolatedNonsendingByDefault`.
struct StampMiddleware: APIMiddleware {
    func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse) {
        var stamped = request
        stamped.setValue("app", forHTTPHeaderField: "X-Client")
        return try await next(stamped)
    }
}

/// A token provider with state: a class that conforms to a runtime protocol (they are all
/// `Sendable`) is inferred `nonisolated`, so say where its state lives (or make it an actor).
@MainActor
final class SessionTokens: AccessTokenProvider {
    var current = "token"
    func accessToken() async throws -> String { current }
}
