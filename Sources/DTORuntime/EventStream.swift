import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How a streamed response body is cut into events.
public enum EventStreamFormat: Sendable, Hashable {
    /// `text/event-stream`: each event's `data:` is one JSON value. `end`: a `data:` that
    /// closes the stream instead of being decoded (OpenAI's `[DONE]`). `named`: each event
    /// decodes as the object `{"event": name, "data": data}`, so a one-of tagged by `event`
    /// picks its case by the event's name.
    case serverSentEvents(end: String? = nil, named: Bool = false)
    /// JSON Lines (NDJSON): one JSON value per line.
    case jsonLines

    /// What the request asks for.
    var accept: String {
        switch self {
        case .serverSentEvents: return "text/event-stream"
        case .jsonLines: return "application/jsonl, application/x-ndjson"
        }
    }
}

/// A request whose response is a stream of events, each decoded as it arrives
/// (`"stream": "sse"` or `"jsonl"` in a spec; `APIClient.stream`). The request itself
/// (method, path, query, headers, body, error type, timeout) is an `Endpoint`'s.
public struct StreamEndpoint<Kind: EndpointKind, Event: Sendable>: Sendable {
    /// The request; its response body is read as `format` says, never as a whole.
    public var request: Endpoint<Kind, Void>
    /// How the body is cut into events: server-sent events or JSON Lines.
    public var format: EventStreamFormat
    /// Decodes one event (a JSON line is an event named `message` with the line as data).
    public var decodeEvent: @Sendable (ServerSentEvent) throws -> Event

    /// A stream endpoint as a generated factory builds it.
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, format: EventStreamFormat,
        decodeEvent: @escaping @Sendable (ServerSentEvent) throws -> Event
    ) {
        self.request = Endpoint(method: method, path: path, query: query, headers: headers, body: body) { _ in }
        self.format = format
        self.decodeEvent = decodeEvent
    }

    /// This stream, decoding a body that comes with a non-2xx status as `type` (thrown as
    /// `APIError.server` before the stream starts).
    public func decodingErrors<ErrorBody: Decodable & Error & Sendable>(as type: ErrorBody.Type) -> Self {
        var copy = self
        copy.request = request.decodingErrors(as: type)
        return copy
    }

    /// This stream, decoding a body that comes with a status `status` matches as `type`
    /// (`Endpoint.decodingErrors(as:for:)`), before the stream starts.
    public func decodingErrors<ErrorBody: Decodable & Error & Sendable>(
        as type: ErrorBody.Type, for status: ErrorStatus
    ) -> Self {
        var copy = self
        copy.request = request.decodingErrors(as: type, for: status)
        return copy
    }

    /// This stream with its own timeout: the longest wait for the next bytes, in seconds.
    public func timingOut(after seconds: TimeInterval) -> Self {
        var copy = self
        copy.request = request.timingOut(after: seconds)
        return copy
    }

    /// This stream, sending its body as `encoding` says.
    public func encodingBody(as encoding: BodyEncoding) -> Self {
        var copy = self
        copy.request = request.encodingBody(as: encoding)
        return copy
    }

    /// This stream, writing each named array field of its form body as one value, its
    /// elements joined by the field's delimiter (`Endpoint.delimitingFormFields(_:)`).
    public func delimitingFormFields(_ delimiters: [String: String]) -> Self {
        var copy = self
        copy.request = request.delimitingFormFields(delimiters)
        return copy
    }
}

extension StreamEndpoint where Event: Decodable {
    /// A stream whose events decode to `Event` (with `FastDecoder`, one by one).
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, format: EventStreamFormat
    ) {
        var named = false
        if case .serverSentEvents(_, true) = format { named = true }
        self.init(method: method, path: path, query: query, headers: headers, body: body, format: format) {
            [named] event in
            try FastDecoder().decode(Event.self, from: named ? event.namedJSON : Data(event.data.utf8))
        }
    }
}

extension StreamEndpoint where Event == ServerSentEvent {
    /// A stream of the events as sent, undecoded.
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, end: String? = nil
    ) {
        self.init(
            method: method, path: path, query: query, headers: headers, body: body, format: .serverSentEvents(end: end)
        ) { $0 }
    }
}

extension ServerSentEvent {
    /// `{"event": name, "data": data}`, the data as the JSON it is.
    var namedJSON: Data {
        var json = Data("{\"event\":".utf8)
        json.append((try? JSONEncoder().encode(event)) ?? Data("\"\"".utf8))
        json.append(contentsOf: ",\"data\":".utf8)
        json.append(contentsOf: data.utf8)
        json.append(contentsOf: "}".utf8)
        return json
    }
}

/// A response whose body arrives in pieces: what `HTTPTransport.stream` gives.
public struct StreamedResponse: Sendable {
    /// The response's status and headers, available before any of the body.
    public var response: HTTPURLResponse
    /// The body's bytes as they arrive; ends when the body does, throws `APIError.transport`
    /// when the connection drops.
    public var body: AsyncThrowingStream<Data, any Error>
    /// Stops the transfer and closes the connection (called when the consumer stops early).
    public var cancel: @Sendable () -> Void

    /// A response as a transport gives it: `cancel` must stop the transfer.
    public init(
        response: HTTPURLResponse, body: AsyncThrowingStream<Data, any Error>, cancel: @escaping @Sendable () -> Void
    ) {
        self.response = response
        self.body = body
        self.cancel = cancel
    }
}

extension HTTPTransport {
    /// A transport that cannot stream gives the whole body as one piece: events are decoded
    /// after it has arrived. `URLSessionTransport` streams.
    public func stream(_ request: URLRequest) async throws -> StreamedResponse {
        let (data, response) = try await send(request)
        let body = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(data)
            continuation.finish()
        }
        return StreamedResponse(response: response, body: body, cancel: {})
    }
}

/// The decoded events of a streamed response, in order, each as soon as its bytes have
/// arrived (`for try await event in stream`). Iterate it once. It ends when the body ends
/// or sends the format's `end`; a dropped connection throws `APIError.transport`, an event
/// that does not decode `APIError.decoding` naming the event (its index from 0 and `id`).
/// Cancelling the iterating task ends it and closes the connection.
public struct EventStream<Event: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Event
    let body: AsyncThrowingStream<Data, any Error>
    let format: EventStreamFormat
    let decode: @Sendable (ServerSentEvent) throws -> Event
    let connection: Connection

    init(
        body: AsyncThrowingStream<Data, any Error>, format: EventStreamFormat,
        decode: @escaping @Sendable (ServerSentEvent) throws -> Event, cancel: @escaping @Sendable () -> Void
    ) {
        self.body = body
        self.format = format
        self.decode = decode
        self.connection = Connection(close: cancel)
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(body: body.makeAsyncIterator(), format: format, decode: decode, connection: connection)
    }

    /// Closes the connection when neither the stream nor its iterator is left (a loop that
    /// breaks early), if nothing closed it before.
    final class Connection: Sendable {
        let close: @Sendable () -> Void

        init(close: @escaping @Sendable () -> Void) {
            self.close = close
        }

        deinit { close() }
    }

    /// Reads the body piece by piece and gives each event once it is complete and decoded.
    public struct Iterator: AsyncIteratorProtocol {
        var body: AsyncThrowingStream<Data, any Error>.AsyncIterator
        let format: EventStreamFormat
        let decode: @Sendable (ServerSentEvent) throws -> Event
        let connection: Connection
        var serverSentEvents = ServerSentEventParser()
        var jsonLines = JSONLinesParser()
        /// Parsed, not yet decoded.
        var pending: [ServerSentEvent] = []
        var nextPending = 0
        var index = 0
        var ended = false

        public mutating func next() async throws -> Event? {
            while true {
                if _Concurrency.Task.isCancelled {
                    finish()
                    return nil
                }
                if nextPending < pending.count {
                    let event = pending[nextPending]
                    nextPending += 1
                    if case .serverSentEvents(let end?, _) = format, event.data == end {
                        finish()
                        return nil
                    }
                    return try decoded(event)
                }
                guard !ended else { return nil }
                pending.removeAll(keepingCapacity: true)
                nextPending = 0
                let piece: Data?
                do {
                    piece = try await body.next()
                } catch {
                    finish()
                    throw error
                }
                if let piece {
                    switch format {
                    case .serverSentEvents:
                        pending = serverSentEvents.parse(piece)
                    case .jsonLines:
                        pending = jsonLines.parse(piece).map {
                            ServerSentEvent(data: String(decoding: $0, as: UTF8.self))
                        }
                    }
                } else {
                    // The body ended: an unfinished server-sent event is discarded, a last
                    // JSON line without a line feed is not.
                    ended = true
                    connection.close()
                    if case .jsonLines = format {
                        pending = jsonLines.finish().map { ServerSentEvent(data: String(decoding: $0, as: UTF8.self)) }
                    }
                }
            }
        }

        /// One event decoded; a failure says which event it was.
        mutating func decoded(_ event: ServerSentEvent) throws -> Event {
            defer { index += 1 }
            do {
                return try decode(event)
            } catch let error as DecodingError {
                finish()
                guard case .decoding(let path, let description) = APIError.from(error) else { throw error }
                let which = "event \(index)" + (event.id.map { " (id '\($0)')" } ?? "")
                throw APIError.decoding(codingPath: path, description: "in \(which) of the stream: \(description)")
            } catch {
                finish()
                throw error
            }
        }

        /// No more events: the connection is closed.
        mutating func finish() {
            ended = true
            pending.removeAll()
            nextPending = 0
            connection.close()
        }
    }
}
