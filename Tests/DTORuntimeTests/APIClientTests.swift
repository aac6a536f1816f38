import DTORuntime
import Foundation
import LoopbackServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The client on its own (spec-format-2 §7, §9), end to end against the loopback server:
/// typed error bodies, middlewares, retries, responses with headers. The endpoints are
/// written by hand (`ShopEndpoints.swift`), as generated code writes them.
@Suite(.serialized)
struct ClientTests {
    static let order = #"{"id": 7, "status": "paid"}"#

    /// Answers with `replies` in turn (the last one repeats).
    func server(_ replies: [Reply]) throws -> LoopbackServer {
        let counter = Counter()
        return try LoopbackServer { _ in replies[min(counter.next(), replies.count - 1)] }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value - 1
        }
    }

    @Test func anErrorBodyDecodesAsTheSpecsErrorType() async throws {
        let server = try server([
            .json(#"{"error": {"code": "card_declined", "message": "Your card was declined."}}"#, status: 402)
        ])
        defer { server.stop() }
        do {
            _ = try await APIClient(baseURL: server.baseURL).send(.order(id: 7))
            Testing.Issue.record("a 402 must throw")
        } catch APIError.server(let code, _, let error as OrderError) {
            #expect(code == 402)
            #expect(error.error.code == "card_declined")
        }
        let other = try self.server([.json("<html>bad gateway</html>", status: 502)])
        defer { other.stop() }
        await #expect(throws: APIError.status(code: 502, body: Data("<html>bad gateway</html>".utf8))) {
            _ = try await APIClient(baseURL: other.baseURL).send(.order(id: 7))
        }
    }

    @Test func retriesIdempotentRequestsOnly() async throws {
        let server = try server([.json("{}", status: 503), .json(Self.order)])
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware(baseDelay: .milliseconds(10))])
        #expect(try await client.send(.order(id: 7)).status == "paid")
        #expect(server.requests.count == 2)

        let post = try self.server([.json("{}", status: 503), .json("{}", status: 503), .json(Self.order)])
        defer { post.stop() }
        let postClient = APIClient(baseURL: post.baseURL, middlewares: [RetryMiddleware(baseDelay: .milliseconds(10))])
        let order = Order(id: 7, status: "new")
        await #expect(throws: APIError.self) {
            _ = try await postClient.send(.createOrder(body: order), using: AccessToken(rawValue: "t"))
        }
        #expect(post.requests.count == 1)
        // With an Idempotency-Key a POST is safe to send again.
        #expect(
            try await postClient.send(
                .createOrder(idempotencyKey: "k-1", body: order), using: AccessToken(rawValue: "t")
            ).id == 7)
        #expect(post.requests.count == 3)
        #expect(post.requests.last?.headers["idempotency-key"] == "k-1")
    }

    @Test func retryAfterIsHonouredAndAttemptsAreBounded() async throws {
        let server = try server([.respond(status: 429, headers: ["Retry-After": "1"], body: Data()), .json(Self.order)])
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware(baseDelay: .milliseconds(10))])
        let start = Date()
        #expect(try await client.send(.order(id: 7)).id == 7)
        #expect(Date().timeIntervalSince(start) >= 0.9)

        let failing = try self.server([.json("{}", status: 500)])
        defer { failing.stop() }
        let bounded = APIClient(
            baseURL: failing.baseURL, middlewares: [RetryMiddleware(maxAttempts: 3, baseDelay: .milliseconds(5))])
        await #expect(throws: APIError.self) { _ = try await bounded.send(.order(id: 1)) }
        #expect(failing.requests.count == 3)
        #expect(
            RetryMiddleware.seconds(
                retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT", now: Date(timeIntervalSince1970: 1_445_412_470)) == 10)
    }

    @Test func cancellingDuringABackoffStopsAtOnce() async throws {
        let server = try server([.respond(status: 503, headers: ["Retry-After": "30"], body: Data())])
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware()])
        let start = Date()
        let task = Task { try await client.send(.order(id: 7)) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(server.requests.count == 1)
    }

    /// A middleware that answers a 401 by refreshing the token once and sending again.
    struct RefreshingAuth: APIMiddleware {
        let refreshes = Counter()
        func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse))
            async throws -> (Data, HTTPURLResponse)
        {
            let (data, response) = try await next(request)
            guard response.statusCode == 401 else { return (data, response) }
            _ = refreshes.next()
            var retried = request
            retried.setValue("Bearer fresh", forHTTPHeaderField: "Authorization")
            return try await next(retried)
        }
    }

    @Test func aMiddlewareRefreshesTheTokenOnce() async throws {
        let server = try LoopbackServer { request in
            request.headers["authorization"] == "Bearer fresh" ? .json(ClientTests.order) : .json("{}", status: 401)
        }
        defer { server.stop() }
        let auth = RefreshingAuth()
        let client = APIClient(baseURL: server.baseURL, middlewares: [auth, RetryMiddleware()])
        let order = try await client.send(
            .createOrder(body: Order(id: 7, status: "new")), using: AccessToken(rawValue: "stale"))
        #expect(order.id == 7)
        #expect(auth.refreshes.next() == 1)
        #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer stale", "Bearer fresh"])
    }

    @Test func responsesCarryStatusAndHeaders() async throws {
        let server = try server([
            .respond(
                status: 201, headers: ["Content-Type": "application/json", "X-RateLimit-Remaining": "42"],
                body: Data(Self.order.utf8))
        ])
        defer { server.stop() }
        let response = try await APIClient(baseURL: server.baseURL).response(for: .order(id: 7))
        #expect(response.value.id == 7)
        #expect(response.statusCode == 201)
        #expect(response.header("x-ratelimit-remaining") == "42")
    }
}

/// A transport that answers from memory: what tests and previews swap in for URLSession.
struct CannedTransport: HTTPTransport {
    let status: Int
    let body: String
    let seen = ClientTests.Counter()
    let lastRequest = RequestBox()

    final class RequestBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: URLRequest?
        var value: URLRequest? {
            get { lock.lock(); defer { lock.unlock() }; return stored }
            set { lock.lock(); stored = newValue; lock.unlock() }
        }
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        _ = seen.next()
        lastRequest.value = request
        let response = HTTPURLResponse(
            url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: ["X-Canned": "yes"])!
        return (Data(body.utf8), response)
    }
}

struct TransportTests {
    @Test func aTransportReplacesURLSessionAndTimeoutsReachTheRequest() async throws {
        let transport = CannedTransport(status: 200, body: ClientTests.order)
        let client = APIClient(baseURL: URL(string: "https://shop.example.com/v1")!, transport: transport, timeout: 9)
        let response = try await client.response(for: .order(id: 7))
        #expect(response.value.id == 7)
        #expect(response.header("x-canned") == "yes")
        // The endpoint's own `timeout` (2.5 s in the spec) wins over the client's default.
        #expect(transport.lastRequest.value?.timeoutInterval == 2.5)
        #expect(transport.lastRequest.value?.url?.absoluteString == "https://shop.example.com/v1/orders/7")
        _ = try await client.send(.createOrder(body: Order(id: 1, status: "new")), using: AccessToken(rawValue: "t"))
        #expect(transport.lastRequest.value?.timeoutInterval == 9)
    }
}

/// Bodies and responses that are not JSON (spec-format-2 §8).
struct RawBodyTests {
    @Test func dataAndStringResponsesAreTheBodyItself() async throws {
        let pdf = Data([0x25, 0x50, 0x44, 0x46, 0x00, 0xFF])
        let server = try LoopbackServer { request in
            request.path.hasSuffix("receipt")
                ? .respond(status: 200, headers: ["Content-Type": "text/plain"], body: Data("Thank you — 7".utf8))
                : .respond(status: 200, headers: ["Content-Type": "application/pdf"], body: pdf)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        #expect(try await client.send(.receipt(id: 7)) == "Thank you — 7")
        #expect(try await client.send(.invoicePDF(id: 7)) == pdf)
    }

    @Test func aDataBodyIsSentAsItIsUnderItsContentType() async throws {
        let server = try LoopbackServer { _ in .json(ClientTests.order) }
        defer { server.stop() }
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        _ = try await APIClient(baseURL: server.baseURL).send(.uploadPhoto(id: 7, body: png))
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT")
        #expect(request.headers["content-type"] == "image/png")
        #expect(request.body == png)
    }
}

/// `"kind": "refreshing"`: the token comes from a provider for each request, which may
/// refresh it first (request data prepared asynchronously).
struct RefreshingKindTests {
    actor Tokens: AccessTokenProvider {
        private var issued = 0
        func accessToken() async throws -> String {
            issued += 1
            try await Task.sleep(for: .milliseconds(5))  // as if it called an auth server
            return "t\(issued)"
        }
    }

    @Test func eachRequestGetsAFreshTokenFromTheProvider() async throws {
        let server = try LoopbackServer { _ in .json(#"[{"id": 1, "status": "paid"}]"#) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let tokens = Tokens()
        _ = try await client.send(.myOrders, using: tokens)
        _ = try await client.send(.myOrders, using: tokens)
        #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer t1", "Bearer t2"])
    }
}
