import DTORuntime
import Foundation
import LoopbackServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `text/event-stream` as the WHATWG HTML standard defines it, piece by piece.
struct ServerSentEventParserTests {
    func events(_ text: String) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        return parser.parse(Array(text.utf8))
    }

    /// The standard's own examples (§9.2.6).
    @Test func theStandardsExamples() {
        #expect(events("data: YHOO\ndata: +2\ndata: 10\n\n") == [ServerSentEvent(data: "YHOO\n+2\n10")])
        #expect(
            events(": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n\n") == [
                ServerSentEvent(data: "first event", id: "1"),
                ServerSentEvent(data: "second event", id: ""),
                ServerSentEvent(data: " third event", id: ""),
            ])
        // A data line with no value still dispatches; an event the stream ends inside does not.
        #expect(events("data\n\ndata\ndata\n\ndata:") == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
        #expect(
            events("data:test\n\ndata: test\n\n") == [ServerSentEvent(data: "test"), ServerSentEvent(data: "test")])
    }

    @Test func fieldsAndLineEnds() {
        let text =
            "event: add\r\ndata: 73857293\r\n\r\nretry: 10a\rretry: 2500\rid: a\u{0}b\rdata:x\r\r:comment\nfoo: bar\nevent\ndata: y\n\n"
        #expect(
            events(text) == [
                ServerSentEvent(event: "add", data: "73857293"),
                ServerSentEvent(data: "x", retry: 2500),
                ServerSentEvent(data: "y", retry: 2500),
            ])
        // An event without data is not dispatched, and its name does not carry over.
        #expect(events("event: ping\n\ndata: z\n\n") == [ServerSentEvent(data: "z")])
    }

    /// A byte order mark is dropped at the start of the stream only, even cut in two.
    @Test func aByteOrderMarkAtTheStart() {
        var parser = ServerSentEventParser()
        #expect(parser.parse([0xEF, 0xBB]).isEmpty)
        #expect(parser.parse([0xBF] + Array("data: a\n\n\u{FEFF}data: b\n\n".utf8)) == [ServerSentEvent(data: "a")])
        var other = ServerSentEventParser()
        #expect(other.parse(Array("\u{FEFF}data: \u{FEFF}c\n\n".utf8)) == [ServerSentEvent(data: "\u{FEFF}c")])
    }

    /// A recorded stream (OpenAI's chat completion chunks, as its document shows them, with
    /// text in several scripts) cut at every byte gives the same events as read whole.
    @Test func everyCutGivesTheSameEvents() {
        let bytes = Array(StreamFixtures.chatCompletion.utf8)
        let whole = events(StreamFixtures.chatCompletion)
        #expect(whole.count == 6)
        #expect(whole[2].data.contains("Grüße 👋"))
        for cut in 0...bytes.count {
            var parser = ServerSentEventParser()
            let pieces = parser.parse(bytes[..<cut]) + parser.parse(bytes[cut...])
            #expect(pieces == whole, "cut at byte \(cut)")
        }
        var parser = ServerSentEventParser()
        #expect(bytes.flatMap { parser.parse([$0]) } == whole)
    }
}

struct JSONLinesParserTests {
    @Test func linesBlankLinesAndTheLastOne() {
        var parser = JSONLinesParser()
        let text = "\u{FEFF}{\"a\":1}\r\n\n  \n{\"a\":2}\n{\"a\""
        let lines = parser.parse(Array(text.utf8)) + parser.finish()
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["{\"a\":1}", "{\"a\":2}", "{\"a\""])
    }
}

enum StreamFixtures {
    /// OpenAI's streamed chat completion as its document's example shows it, with a comment,
    /// a CRLF event and text in several scripts, ending with `[DONE]` and something after it.
    static let chatCompletion = """
        : keep-alive

        data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

        data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"content":"Hello"},"finish_reason":null}]}\r\n\r
        data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"content":", Grüße 👋 こんにちは"},"finish_reason":null}]}

        data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

        data: [DONE]

        data: {"after": "done"}


        """

    struct Chunk: Decodable, Sendable, Equatable {
        struct Choice: Decodable, Sendable, Equatable {
            struct Delta: Decodable, Sendable, Equatable {
                var role: String?
                var content: String?
            }
            var index: Int
            var delta: Delta
            var finish_reason: String?
        }
        var id: String
        var object: String
        var choices: [Choice]
    }

    struct APIErrorBody: Decodable, Error, Sendable {
        struct Detail: Decodable, Sendable { var message: String }
        var error: Detail
    }

    static func chat() -> StreamEndpoint<EndpointKinds.Private, Chunk> {
        StreamEndpoint(
            method: .post, path: "/chat/completions", body: ["stream": true], format: .serverSentEvents(end: "[DONE]")
        )
        .decodingErrors(as: APIErrorBody.self)
    }

    /// The stream cut into pieces of `size` bytes.
    static func pieces(_ text: String, size: Int) -> @Sendable (Int) -> Data? {
        let bytes = Array(text.utf8)
        return { index in
            let start = index * size
            guard start < bytes.count else { return nil }
            return Data(bytes[start..<min(bytes.count, start + size)])
        }
    }
}

/// `APIClient.stream` against the loopback server: events decoded as they arrive, errors
/// before and during the stream, cancellation, middlewares.
@Suite(.serialized)
struct EventStreamClientTests {
    let token = AccessToken(rawValue: "sk-test")

    func content(of events: EventStream<StreamFixtures.Chunk>) async throws -> String {
        var text = ""
        for try await chunk in events { text += chunk.choices.first?.delta.content ?? "" }
        return text
    }

    @Test func aChatCompletionStreamsUntilDone() async throws {
        for size in [1, 7, 4096] {
            let server = try LoopbackServer { _ in
                .stream(
                    status: 200, headers: ["Content-Type": "text/event-stream"],
                    piece: StreamFixtures.pieces(StreamFixtures.chatCompletion, size: size))
            }
            defer { server.stop() }
            let events = try await APIClient(baseURL: server.baseURL).stream(StreamFixtures.chat(), using: token)
            #expect(try await content(of: events) == "Hello, Grüße 👋 こんにちは", "pieces of \(size) bytes")
            let request = try #require(server.requests.first)
            #expect(request.method == "POST" && request.path == "/chat/completions")
            #expect(request.headers["accept"] == "text/event-stream")
            #expect(request.headers["authorization"] == "Bearer sk-test")
            #expect(String(decoding: request.body, as: UTF8.self) == #"{"stream":true}"#)
        }
    }

    /// The first event reaches the loop while the server still holds the rest of the body.
    @Test func eventsArriveBeforeTheBodyEnds() async throws {
        let received = DispatchSemaphore(value: 0)
        let outcome = Outcome()
        let first = Data("data: {\"id\":\"a\",\"object\":\"x\",\"choices\":[]}\n\n".utf8)
        let server = try LoopbackServer { _ in
            .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: { index in
                    switch index {
                    case 0: return first
                    case 1:
                        // Only goes on once the client has decoded the first event.
                        outcome.set(received.wait(timeout: .now() + 10) == .success)
                        return Data("data: [DONE]\n\n".utf8)
                    default: return nil
                    }
                })
        }
        defer { server.stop() }
        var ids: [String] = []
        for try await chunk in try await APIClient(baseURL: server.baseURL).stream(StreamFixtures.chat(), using: token)
        {
            ids.append(chunk.id)
            received.signal()
        }
        #expect(ids == ["a"])
        #expect(outcome.value == true)
    }

    final class Outcome: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Bool?
        var value: Bool? { lock.lock(); defer { lock.unlock() }; return stored }
        func set(_ value: Bool) { lock.lock(); stored = value; lock.unlock() }
    }

    @Test func anErrorStatusThrowsBeforeTheStreamStarts() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"error": {"message": "Incorrect API key provided"}}"#, status: 401)
        }
        defer { server.stop() }
        do {
            _ = try await APIClient(baseURL: server.baseURL).stream(StreamFixtures.chat(), using: token)
            Testing.Issue.record("a 401 must throw")
        } catch APIError.server(let code, _, let error as StreamFixtures.APIErrorBody) {
            #expect(code == 401)
            #expect(error.error.message == "Incorrect API key provided")
        }
    }

    @Test func aConnectionDroppedMidStreamThrowsATransportError() async throws {
        let events = "data: {\"id\":\"a\",\"object\":\"x\",\"choices\":[]}\n\n"
        let server = try LoopbackServer { _ in
            .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"], drop: true,
                piece: { $0 < 2 ? Data(events.utf8) : nil })
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, middlewares: [RetryMiddleware(baseDelay: .milliseconds(1))])
        let endpoint = StreamEndpoint<EndpointKinds.Public, StreamFixtures.Chunk>(
            path: "/events", format: .serverSentEvents())
        var received = 0
        do {
            for try await _ in try await client.stream(endpoint) { received += 1 }
            Testing.Issue.record("a dropped connection must throw")
        } catch let error as APIError {
            guard case .transport = error else {
                Testing.Issue.record("expected a transport error, got \(error)")
                return
            }
        }
        #expect(received == 2)
        // A stream that has started is never sent again.
        #expect(server.requests.count == 1)
    }

    @Test func anEventThatDoesNotDecodeSaysWhichEvent() async throws {
        let text =
            "id: 1\ndata: {\"id\":\"a\",\"object\":\"x\",\"choices\":[]}\n\nid: 2\ndata: {\"id\":\"b\",\"object\":\"x\",\"choices\":[{\"index\":\"zero\",\"delta\":{}}]}\n\n"
        let server = try LoopbackServer { _ in
            .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: StreamFixtures.pieces(text, size: 10))
        }
        defer { server.stop() }
        var received = 0
        do {
            for try await _ in try await APIClient(baseURL: server.baseURL).stream(StreamFixtures.chat(), using: token)
            { received += 1 }
            Testing.Issue.record("a malformed event must throw")
        } catch APIError.decoding(let path, let description) {
            #expect(path == "choices[0].index")
            #expect(description.hasPrefix("in event 1 (id '2') of the stream: "), "\(description)")
        }
        #expect(received == 1)
    }

    /// Cancelling the task that reads the stream ends it, and the server sees the connection close.
    @Test func cancellingTheReaderClosesTheConnection() async throws {
        let event = Data(
            "data: {\"id\":\"a\",\"object\":\"x\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"x\"}}]}\n\n".utf8)
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "text/event-stream"], pause: 0.005, piece: { _ in event })
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let token = self.token
        let reader = Task {
            var count = 0
            for try await _ in try await client.stream(StreamFixtures.chat(), using: token) {
                count += 1
                if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        let count = try await reader.value
        #expect(count == 3)
        var waited = 0
        while server.streamsClosedByClient == 0, waited < 500 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(server.streamsClosedByClient == 1)
        // Breaking out of the loop closes it too.
        var read = 0
        for try await _ in try await client.stream(StreamFixtures.chat(), using: token) {
            read += 1
            if read == 2 { break }
        }
        waited = 0
        while server.streamsClosedByClient == 1, waited < 500 {
            try await Task.sleep(for: .milliseconds(10))
            waited += 1
        }
        #expect(server.streamsClosedByClient == 2)
    }

    @Test func tenThousandEvents() async throws {
        let server = try LoopbackServer { _ in
            .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: { index in
                    guard index <= 10_000 else { return nil }
                    if index == 10_000 { return Data("data: [DONE]\n\n".utf8) }
                    return Data(
                        "id: \(index)\ndata: {\"id\":\"\(index)\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"token \(index)\"}}]}\n\n"
                            .utf8)
                })
        }
        defer { server.stop() }
        var count = 0
        var last: StreamFixtures.Chunk?
        for try await chunk in try await APIClient(baseURL: server.baseURL).stream(StreamFixtures.chat(), using: token)
        {
            count += 1
            last = chunk
        }
        #expect(count == 10_000)
        #expect(last?.id == "9999")
    }

    @Test func jsonLinesAndEventNames() async throws {
        let lines = "{\"id\":\"a\",\"object\":\"x\",\"choices\":[]}\n{\"id\":\"b\",\"object\":\"x\",\"choices\":[]}"
        let server = try LoopbackServer { request in
            if request.path == "/lines" {
                return .stream(
                    status: 200, headers: ["Content-Type": "application/jsonl"],
                    piece: StreamFixtures.pieces(lines, size: 5))
            }
            return .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: StreamFixtures.pieces("event: a\ndata: 1\n\nevent: b\ndata: 2\n\ndata: 3\n\n", size: 3))
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        var ids: [String] = []
        for try await chunk in try await client.stream(
            StreamEndpoint<EndpointKinds.Public, StreamFixtures.Chunk>(path: "/lines", format: .jsonLines))
        {
            ids.append(chunk.id)
        }
        #expect(ids == ["a", "b"])
        #expect(server.requests.first?.headers["accept"] == "application/jsonl, application/x-ndjson")
        // The event's name reaches the decoder: it can pick the type.
        let named = StreamEndpoint<EndpointKinds.Public, String>(path: "/named", format: .serverSentEvents()) { event in
            "\(event.event)=\(event.data)"
        }
        var seen: [String] = []
        for try await event in try await client.stream(named) { seen.append(event) }
        #expect(seen == ["a=1", "b=2", "message=3"])
        // `named`: each event decodes as {"event": name, "data": data}.
        struct Named: Decodable, Sendable, Equatable {
            var event: String
            var data: Int
        }
        var named2: [Named] = []
        for try await event in try await client.stream(
            StreamEndpoint<EndpointKinds.Public, Named>(path: "/named", format: .serverSentEvents(named: true)))
        {
            named2.append(event)
        }
        #expect(named2 == [Named(event: "a", data: 1), Named(event: "b", data: 2), Named(event: "message", data: 3)])
        var raw: [ServerSentEvent] = []
        for try await event in try await client.stream(
            StreamEndpoint<EndpointKinds.Public, ServerSentEvent>(path: "/named"))
        { raw.append(event) }
        #expect(raw.map(\.event) == ["a", "b", "message"])
    }

    /// Middlewares see the stream's request and its status; a retry after a 503 reads the
    /// second response's stream.
    @Test func middlewaresAndRetriesBeforeTheStreamStarts() async throws {
        let counter = ClientTests.Counter()
        let server = try LoopbackServer { _ in
            if counter.next() == 0 { return .json("{}", status: 503) }
            return .stream(
                status: 200, headers: ["Content-Type": "text/event-stream"],
                piece: StreamFixtures.pieces(StreamFixtures.chatCompletion, size: 64))
        }
        defer { server.stop() }
        let client = APIClient(
            baseURL: server.baseURL, middlewares: [HeaderMiddleware(), RetryMiddleware(baseDelay: .milliseconds(1))])
        let events = try await client.stream(
            StreamEndpoint<EndpointKinds.Public, StreamFixtures.Chunk>(
                method: .get, path: "/chat", format: .serverSentEvents(end: "[DONE]")))
        #expect(try await content(of: events) == "Hello, Grüße 👋 こんにちは")
        #expect(server.requests.count == 2)
        #expect(server.requests.allSatisfy { $0.headers["x-trace"] == "on" })
    }

    struct HeaderMiddleware: APIMiddleware {
        func intercept(_ request: URLRequest, next: @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse))
            async throws -> (Data, HTTPURLResponse)
        {
            var request = request
            request.setValue("on", forHTTPHeaderField: "X-Trace")
            return try await next(request)
        }
    }

    /// A transport that cannot stream (tests, previews) gives the events once the body is in.
    @Test func aTransportWithoutStreaming() async throws {
        let transport = CannedTransport(status: 200, body: StreamFixtures.chatCompletion)
        let client = APIClient(baseURL: URL(string: "https://api.example.com/v1")!, transport: transport)
        #expect(
            try await content(of: try await client.stream(StreamFixtures.chat(), using: token))
                == "Hello, Grüße 👋 こんにちは")
        #expect(transport.lastRequest.value?.value(forHTTPHeaderField: "Accept") == "text/event-stream")
    }
}
