// Extracted from README.md, docs/ and the DocC articles by ReadmeSnippetTests, so their code compiles as written.
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

// README.md:130
func readmeSnippet2(token: String) async throws {
    let client = APIClient(baseURL: StoreAPI.baseURL)         // the spec's baseURL
    let featured = try await client.send(.featuredItems)       // public: no request data
    let results = try await client.send(.search(for: "swift"), using: AccessToken(rawValue: token))
    let items = StoreItem.from(results)                        // your domain models
    _ = (client, featured, results, items)
}

// README.md:171
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

// README.md:186
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

// README.md:214
nonisolated enum APIKeyKind: EndpointKind {
    static func prepare(_ request: inout URLRequest, with key: String) {
        request.setValue(key, forHTTPHeaderField: "X-API-Key")
    }
}

// README.md:232
func readmeSnippet5(client: APIClient) async throws {
    let health = try await client.send(.health, using: "my-api-key")
    _ = (health)
}

// README.md:255
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

// README.md:274
func readmeSnippet6(client: APIClient, token: String) async throws {
    var answer = ""
    for try await chunk in try await client.stream(.chat(["model": "gpt-4o-mini"]), using: AccessToken(rawValue: token)) {
        answer += chunk.choices.first?.delta.content ?? ""
    }
}

// README.md:322
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

// README.md:359
func readmeSnippet7(client: APIClient, listing: NewListing, token: String) async throws {
    let item = try await client.send(.createItem(from: listing), using: AccessToken(rawValue: token))
    _ = (item)
}

// README.md:375
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

// README.md:888
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

// Sources/DTORuntime/DTORuntime.docc/CallingAnAPI.md:14
func readmeSnippet8(token: String) async throws {
    let client = APIClient(baseURL: StoreAPI.baseURL)   // the spec's baseURL
    let featured = try await client.send(.featuredItems)  // a public endpoint: nothing to pass
    let results = try await client.send(.search(for: "tea"), using: AccessToken(rawValue: token))
    let items = StoreItem.from(results)                   // the spec's mapping onto your models
    _ = (client, featured, results, items)
}

// Sources/DTORuntime/DTORuntime.docc/CallingAnAPI.md:51
func readmeSnippet9(client: APIClient) async throws {
    let response = try await client.response(for: .featuredItems)
    let remaining = response.header("X-RateLimit-Remaining")
    print(response.statusCode, response.value.count, remaining ?? "no limit")
    _ = (response, remaining)
}

// Sources/DTORuntime/DTORuntime.docc/CallingAnAPI.md:72
func readmeSnippet10(client: APIClient) async throws {
    let firstPage = try await client.response(for: .listItems(page: 1))
    let total = firstPage.responseHeaders.totalCount
    print(firstPage.value.count, "of", total ?? firstPage.value.count)
    _ = (firstPage, total)
}

// Sources/DTORuntime/DTORuntime.docc/CallingAnAPI.md:93
func readmeSnippet11() async throws {
    let patient = APIClient(baseURL: StoreAPI.baseURL, timeout: 30)
    let quick = try await patient.send(.featuredItems.timingOut(after: 5))
    _ = (patient, quick)
}

// Sources/DTORuntime/DTORuntime.docc/FastDecoding.md:18
func readmeSnippet12(data: Data) async throws {
    let items = try FastDecoder().decode([Item].self, from: data)
    _ = (items)
}

// Sources/DTORuntime/DTORuntime.docc/HandlingErrors.md:25
func readmeSnippet13(client: APIClient, token: String) async throws {
    do {
        _ = try await client.send(.search(for: "tea"), using: AccessToken(rawValue: token))
    } catch APIError.server(let status, _, let error as StoreError) {
        print("HTTP \(status): \(error.message)")
    } catch APIError.status(let code, _) where code == 404 {
        print("not found")
    }
}

// Sources/DTORuntime/DTORuntime.docc/HandlingErrors.md:50
func readmeSnippet14(client: APIClient, token: String) async throws {
    let image = FilePart(data: Data([0xFF, 0xD8]), filename: "cover.jpg", contentType: "image/jpeg")
    do {
        _ = try await client.send(
            .uploadImage(id: UUID(), body: UploadImageBody(image: image, caption: nil)),
            using: AccessToken(rawValue: token))
    } catch APIError.server(413, _, let error as UploadTooLarge) {
        print("at most \(error.limit) bytes")
    } catch APIError.server(let status, _, let error as StoreError) {
        print("HTTP \(status): \(error.message)")
    }
    _ = (image)
}

// Sources/DTORuntime/DTORuntime.docc/IsolationAndConcurrency.md:26
nonisolated enum SignedKind: EndpointKind {
    static func prepare(_ request: inout URLRequest, with signature: String) {
        request.setValue(signature, forHTTPHeaderField: "X-Signature")
    }
}

// Sources/DTORuntime/DTORuntime.docc/KindsAndCredentials.md:28
actor RefreshingTokens: AccessTokenProvider {
    private var token = "initial"
    private var expiry = Date.distantFuture

    func accessToken() async throws -> String {
        if expiry < Date() {
            token = "refreshed"  // call your identity provider here
            expiry = Date().addingTimeInterval(3600)
        }
        return token
    }
}

// Sources/DTORuntime/DTORuntime.docc/KindsAndCredentials.md:46
func readmeSnippet15(client: APIClient) async throws {
    let mine = try await client.send(.myItems, using: RefreshingTokens())
    _ = (mine)
}

// Sources/DTORuntime/DTORuntime.docc/KindsAndCredentials.md:64
nonisolated enum TenantKind: EndpointKind {
    static func prepare(_ request: inout URLRequest, with tenant: String) {
        request.setValue(tenant, forHTTPHeaderField: "X-Tenant")
    }
}

// Sources/DTORuntime/DTORuntime.docc/MiddlewaresAndRetries.md:13
func readmeSnippet16() async throws {
    let client = APIClient(
        baseURL: StoreAPI.baseURL, middlewares: [LoggingMiddleware(), RetryMiddleware(maxAttempts: 3)])
    _ = (client)
}

// Sources/DTORuntime/DTORuntime.docc/MiddlewaresAndRetries.md:32
struct LoggingMiddleware: APIMiddleware {
    func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse) {
        let started = ContinuousClock.now
        let (body, response) = try await next(request)
        print(request.httpMethod ?? "GET", request.url?.path ?? "", response.statusCode, ContinuousClock.now - started)
        return (body, response)
    }
}

// Sources/DTORuntime/DTORuntime.docc/ReadingPages.md:14
func readmeSnippet17(client: APIClient) async throws {
    var names: [String] = []
    for try await page in client.pages(.listItems()) {
        names += page.map(\.name)
        if names.count >= 100 { break }  // no further page is requested
    }
}

// Sources/DTORuntime/DTORuntime.docc/StreamingResponses.md:13
nonisolated struct Chunk: Decodable, Sendable {
    var text: String
}

nonisolated extension StreamEndpoint<EndpointKinds.Private, Chunk> {
    static func complete(_ prompt: [String: String]) -> Self {
        StreamEndpoint(method: .post, path: "/complete", body: prompt, format: .serverSentEvents(end: "[DONE]"))
    }
}

// Sources/DTORuntime/DTORuntime.docc/StreamingResponses.md:28
func readmeSnippet18(client: APIClient, token: String) async throws {
    var answer = ""
    for try await chunk in try await client.stream(.complete(["prompt": "Hi"]), using: AccessToken(rawValue: token)) {
        answer += chunk.text
    }
}

// Sources/DTORuntime/DTORuntime.docc/TestingWithoutANetwork.md:24
struct CannedTransport: HTTPTransport {
    var status = 200
    var body: String

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil)
        else { throw URLError(.badURL) }
        return (Data(body.utf8), response)
    }
}

// Sources/DTORuntime/DTORuntime.docc/TestingWithoutANetwork.md:45
func readmeSnippet19() async throws {
    let transport = CannedTransport(body: """
        {"result": [{"id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "name": "Green tea", "price": 4.5, "category": "books"}]}
        """)
    let client = APIClient(baseURL: StoreAPI.baseURL, transport: transport)
    let featured = try await client.send(.featuredItems)
    assert(featured.first?.name == "Green tea")
    _ = (transport, client, featured)
}

// Sources/DTORuntime/DTORuntime.docc/TransferringFiles.md:18
func readmeSnippet20(client: APIClient, token: AccessToken, photo: URL) async throws {
    let image = FilePart(fileURL: photo, contentType: "image/jpeg")
    let item = try await client.send(.uploadImage(id: UUID(), body: UploadImageBody(image: image)), using: token)
    _ = (image, item)
}

// Sources/DTORuntime/DTORuntime.docc/TransferringFiles.md:33
func readmeSnippet21(client: APIClient, token: AccessToken, video: URL, saved: URL) async throws {
    let upload = Endpoint<EndpointKinds.Private, Item>(method: .put, path: "/items/7/video", body: Data())
        .encodingBody(as: .raw(contentType: "video/mp4"))
    let uploaded = try await client.upload(upload, fromFile: video, using: token) { progress in
        print(progress.completedBytes, "of", progress.totalBytes ?? -1)
    }
    let manual = Endpoint<EndpointKinds.Public, Data>(path: "/manual.pdf").decodingRawBody()
    let response = try await client.download(manual, to: saved) { progress in
        print(progress.fractionCompleted ?? 0)
    }
    print(uploaded.id, response.statusCode)
    _ = (upload, uploaded, manual, response)
}

// Sources/DTORuntime/DTORuntime.docc/TransferringFiles.md:75
#if os(iOS) || os(visionOS)
import UIKit

/// The app's one transport, made when the app starts: its transfers go on in the background.
let shopTransport = URLSessionTransport(transfers: .background(withIdentifier: "com.example.shop.transfers"))

final class AppDelegate: NSObject, UIApplicationDelegate {
    func application(
        _ application: UIApplication, handleEventsForBackgroundURLSession identifier: String,
        completionHandler: @escaping () -> Void
    ) {
        if !shopTransport.handleBackgroundEvents(forIdentifier: identifier, completionHandler: completionHandler) {
            completionHandler()  // a session the app does not have
        }
    }
}
#endif
