import DTORuntime
import Foundation
import LoopbackServer
import Testing
@testable import SeedExamples

/// The generated endpoints for specs/ sent through `APIClient` to a real HTTP server on
/// 127.0.0.1, which checks what arrived; the client checks what it decoded.
struct EndToEndTests {
    static let payloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/payloads")

    static let item =
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Book","price":10.5,"image_url":"https://img.example/b.png","category":"books"}"#

    @Test func publicEndpointWithEnvelopeAndNoToken() async throws {
        let server = try LoopbackServer { _ in .json(#"{"result":[\#(Self.item)]}"#) }
        defer { server.stop() }
        let items = try await APIClient(baseURL: server.baseURL).send(.featuredItems)
        #expect(items.map(\.name) == ["Book"])
        #expect(items[0].category == .books)
        #expect(StoreItem.from(items)[0].imageURL == URL(string: "https://img.example/b.png"))

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/featured")
        #expect(request.headers["authorization"] == nil)
        #expect(request.headers["accept"] == "application/json")
        #expect(request.body.isEmpty)
    }

    @Test func privateEndpointSendsBearerTokenAndQuery() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"result":{"query":"swift ui","total":1,"items":[\#(Self.item)]}}"#)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let results = try await client.send(
            .search(for: "swift ui & more+", page: 2), using: AccessToken(rawValue: "t0k3n"))
        #expect(results.total == 1)
        #expect(StoreItem.from(results).count == 1)
        _ = try await client.send(.search(for: "x"), using: AccessToken(rawValue: "t0k3n"))

        let requests = server.requests
        #expect(requests[0].target == "/search?q=swift%20ui%20%26%20more%2B&page=2")
        #expect(requests[0].headers["authorization"] == "Bearer t0k3n")
        #expect(requests[1].target == "/search?q=x", "nil query items are left out")
    }

    @Test func pathParametersAreOneSegmentAndBasePathIsKept() async throws {
        let data = try Data(contentsOf: Self.payloads.appendingPathComponent("usgs-all-day.geojson.json"))
        let server = try LoopbackServer { _ in .json(data) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL.appendingPathComponent("v2"))
        let feed = try await client.send(.summary(feed: "all/day ?x#"))
        #expect(feed.features.count == 30)
        #expect(try Quake.from(feed).count == 30)
        _ = try await client.send(.summary(feed: ".."))
        _ = try await client.send(.allDay)

        let targets = server.requests.map(\.target)
        #expect(
            targets == [
                "/v2/earthquakes/feed/v1.0/summary/all%2Fday%20%3Fx%23.geojson",
                "/v2/earthquakes/feed/v1.0/summary/%2E%2E.geojson",
                "/v2/earthquakes/feed/v1.0/summary/all_day.geojson",
            ])
    }

    @Test func defaultsEnumsAndDatesInTheQuery() async throws {
        let data = try Data(contentsOf: Self.payloads.appendingPathComponent("usgs-all-day.geojson.json"))
        let server = try LoopbackServer { _ in .json(data) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        _ = try await client.send(
            .search(start: Date(timeIntervalSince1970: 1548806400), minimumMagnitude: 2.5, eventType: .quarryBlast))
        _ = try await client.send(.search())
        #expect(
            server.requests.map(\.target) == [
                "/fdsnws/event/1/query?format=geojson&starttime=2019-01-30&minmagnitude=2.5&eventtype=quarry%20blast",
                "/fdsnws/event/1/query?format=geojson",
            ])
    }

    @Test func envelopeWithDecodePathAndFailure() async throws {
        let server = try LoopbackServer { request in
            if request.headers["authorization"] == "Bearer expired" {
                return .json(#"{"status":false,"msg":"token expired","data":null}"#)
            }
            return .json(
                #"{"status":true,"msg":"","data":{"content":{"items":[{"id":1,"name":"Pen","price":"1.50","in_stock":1}]}}}"#
            )
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let products = try await client.send(.products(category: "office"), using: AccessToken(rawValue: "good"))
        #expect(products.map(\.name) == ["Pen"])
        #expect(products[0].price == Decimal(string: "1.5"))
        #expect(server.requests[0].target == "/products?category=office&page=1")

        await #expect(throws: APIError.unsuccessful(message: "token expired", success: .bool(false))) {
            try await client.send(.products(), using: AccessToken(rawValue: "expired"))
        }
        await #expect(throws: APIError.unsuccessful(message: "token expired", success: .bool(false))) {
            try await client.send(.deleteProduct(id: 3), using: AccessToken(rawValue: "expired"))
        }
    }

    @Test func postWithBodyAndHeaders() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"status":true,"data":{"id":9,"name":"Pen","price":2,"in_stock":true}}"#, status: 201)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let body = CreateProductBody(name: "Pen \"deluxe\"", price: Decimal(string: "2.00") ?? 0, tags: ["office"])
        let created = try await client.send(
            .createProduct(idempotencyKey: "abc-123", acceptLanguage: "fr-CH", body: body),
            using: AccessToken(rawValue: "t"))
        #expect(created.id == 9)

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.target == "/products")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["idempotency-key"] == "abc-123")
        #expect(request.headers["accept-language"] == "fr-CH")
        let sent = try JSONDecoder().decode(CreateProductBody.self, from: request.body)
        #expect(sent == body)
    }

    @Test func deleteWithoutResponseAcceptsAnyBody() async throws {
        let server = try LoopbackServer { _ in .respond(status: 204, headers: [:], body: Data()) }
        defer { server.stop() }
        try await APIClient(baseURL: server.baseURL).send(.deleteProduct(id: 42), using: AccessToken(rawValue: "t"))
        #expect(server.requests.first?.method == "DELETE")
        #expect(server.requests.first?.target == "/products/42")
    }

    @Test func headRequestHasNoBody() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["X-Ok": "1"], body: Data("ignored".utf8))
        }
        defer { server.stop() }
        try await APIClient(baseURL: server.baseURL).send(.ping)
        #expect(server.requests.first?.method == "HEAD")
        #expect(server.requests.first?.target == "/ping")
    }

    @Test func customKindPreparesTheRequest() async throws {
        let server = try LoopbackServer { _ in .json(#"{"ok":true}"#) }
        defer { server.stop() }
        let health = try await APIClient(baseURL: server.baseURL).send(.health, using: "secret-key")
        #expect(health.ok)
        #expect(server.requests.first?.headers["x-api-key"] == "secret-key")
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    @Test func httpErrorsCarryStatusAndBody() async throws {
        let server = try LoopbackServer { request in
            request.path == "/missing.geojson"
                ? .json(#"{"error":"not found"}"#, status: 404) : .json("boom", status: 500)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        await #expect(throws: APIError.status(code: 404, body: Data(#"{"error":"not found"}"#.utf8))) {
            try await client.send(.summary(feed: "missing").withPath("/missing.geojson"))
        }
        do {
            _ = try await client.send(.allDay)
            Issue.record("a 500 must throw")
        } catch let error as APIError {
            #expect(error == .status(code: 500, body: Data("boom".utf8)))
            #expect(error.description == "HTTP 500: boom")
        }
    }

    @Test func malformedJSONIsADecodingErrorWithItsPath() async throws {
        let server = try LoopbackServer { request in
            request.path == "/a"
                ? .json("{not json") : .json(#"{"name":{"first":"A","last":"B"},"email":"e","dayOfBirth":"yesterday"}"#)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        do {
            _ = try await client.send(.user(id: 1), using: AccessToken(rawValue: "t"))
            Issue.record("a bad body must throw")
        } catch let error as APIError {
            guard case .decoding(let path, _) = error else {
                Issue.record("expected a decoding error, got \(error)")
                return
            }
            #expect(path == "dayOfBirth")
        }
        await #expect(throws: APIError.self) {
            try await client.send(.user(id: 1).withPath("/a"), using: AccessToken(rawValue: "t"))
        }
    }

    @Test func droppedConnectionIsATransportError() async throws {
        let server = try LoopbackServer { _ in .dropConnection }
        defer { server.stop() }
        do {
            _ = try await APIClient(baseURL: server.baseURL).send(.featuredItems)
            Issue.record("a dropped connection must throw")
        } catch let error as APIError {
            guard case .transport = error else {
                Issue.record("expected a transport error, got \(error)")
                return
            }
        }
    }

    @Test func cancellationStopsTheRequest() async throws {
        // The server answers 30 s after it has the request; a task cancelled then must end long
        // before that. Timed from the cancel, not from the start: on a loaded machine the
        // request itself may take seconds to arrive.
        let server = try LoopbackServer { _ in .delayed(seconds: 30, .json(#"{"result":[]}"#)) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let task = Task { try await client.send(.featuredItems) }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 20_000_000) }
        let cancelled = Date()
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(Date().timeIntervalSince(cancelled) < 15, "the request stopped before the server answered")
    }

    @Test func cancelledBeforeSendingSendsNothing() async throws {
        let server = try LoopbackServer { _ in .json(#"{"result":[]}"#) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(.featuredItems)
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(server.requests.isEmpty)
    }

    @Test func baseURLFromTheSpec() {
        #expect(StoreAPI.baseURL.absoluteString == "https://store.example.com")
        #expect(QuakesAPI.baseURL.host == "earthquake.usgs.gov")
    }
}

extension Endpoint {
    /// Points an endpoint elsewhere, for error-path tests.
    func withPath(_ path: String) -> Self {
        var copy = self
        copy.path = EndpointPath(stringLiteral: path)
        return copy
    }
}
