import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything `APIClient.send` can throw (besides `CancellationError` when the task is cancelled).
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// The server answered outside 200–299 with a body that decodes as the endpoint's
    /// `error` type (`catch APIError.server(let code, _, let error as StripeError)`).
    case server(statusCode: Int, body: Data, error: any Error & Sendable)
    /// The request could not be built (a base URL or body that cannot be used).
    case invalidRequest(String)
    /// The request never got an HTTP response: no connection, a timeout, a dropped connection.
    case transport(code: Int, description: String)
    /// The server answered outside 200–299; `body` is what it sent.
    case status(code: Int, body: Data)
    /// The envelope's success rule failed: the server's message and the success value it sent.
    case unsuccessful(message: String?, success: JSONValue?)
    /// The body did not match the DTO: where (`features[3].properties.time`) and why.
    case decoding(codingPath: String, description: String)

    public static func == (lhs: APIError, rhs: APIError) -> Bool {
        switch (lhs, rhs) {
        case (.server(let a, let aBody, let aError), .server(let b, let bBody, let bError)):
            return a == b && aBody == bBody && String(describing: aError) == String(describing: bError)
        case (.invalidRequest(let a), .invalidRequest(let b)): return a == b
        case (.transport(let a, let aText), .transport(let b, let bText)): return a == b && aText == bText
        case (.status(let a, let aBody), .status(let b, let bBody)): return a == b && aBody == bBody
        case (.unsuccessful(let a, let aSuccess), .unsuccessful(let b, let bSuccess)):
            return a == b && aSuccess == bSuccess
        case (.decoding(let a, let aText), .decoding(let b, let bText)): return a == b && aText == bText
        default: return false
        }
    }

    public var description: String {
        switch self {
        case .server(let code, _, let error): return "HTTP \(code): \(error)"
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .transport(let code, let description): return "transport error \(code): \(description)"
        case .status(let code, let body):
            let text = String(decoding: body.prefix(512), as: UTF8.self)
            return "HTTP \(code)" + (text.isEmpty ? "" : ": \(text)")
        case .unsuccessful(let message, let success):
            return "the server reported failure" + (message.map { ": \($0)" } ?? "")
                + (success.map { " (success value: \(ResponseDecoding.describe($0)))" } ?? " (no success value)")
        case .decoding(let path, let description):
            return "cannot decode the response at '\(path.isEmpty ? "<root>" : path)': \(description)"
        }
    }

    public var errorDescription: String? { description }

    static func from(_ error: DecodingError) -> APIError {
        func path(_ keys: [any CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return .decoding(codingPath: path(context.codingPath), description: context.debugDescription)
        case .keyNotFound(let key, let context):
            return .decoding(
                codingPath: path(context.codingPath + [key]), description: "missing key '\(key.stringValue)'")
        @unknown default:
            return .decoding(codingPath: "", description: "\(error)")
        }
    }
}

/// Sees every request the client sends and every response it gets: authentication that
/// refreshes a token on 401, logging, metrics, retries. The first middleware of a client
/// is the outermost; `next` sends the request on (through the rest, then the network).
///
/// Write `next` as `Next`: a function type spelled out in a module built with
/// `NonisolatedNonsendingByDefault` (Xcode 26's app targets) means a caller-isolated function,
/// which would not match this requirement; the alias keeps the runtime's meaning.
public protocol APIMiddleware: Sendable {
    /// Sends the request on: through the middlewares after this one, then the transport.
    typealias Next = @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sees the request, sends it on with `next` (any number of times, or not at all) and gives back the response the client will read.
    func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse)
}

/// A decoded response with its status and headers (rate limits, `Link`, request ids).
public struct APIResponse<Value: Sendable>: Sendable {
    /// The decoded payload: what `APIClient.send` returns.
    public var value: Value
    /// The HTTP status, in 200–299 (anything else is thrown as an `APIError`).
    public var statusCode: Int
    /// As the server sent them; `header(_:)` looks them up ignoring case.
    public var headers: [String: String]

    /// A response as a transport stand-in or a middleware would build it.
    public init(value: Value, statusCode: Int, headers: [String: String]) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
    }

    /// A header's value, whatever the case of its name.
    public func header(_ name: String) -> String? {
        HeaderLookup.value(name, in: headers)
    }
}

/// What actually sends a request: `URLSession` in an app, a stand-in in tests or previews.
public protocol HTTPTransport: Sendable {
    /// Sends the request and gives the whole body with the response; throws for a request that got no HTTP response.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
    /// The response as soon as its head arrives, and its body as it arrives (for
    /// `APIClient.stream`). The default sends the request and gives the whole body at once.
    func stream(_ request: URLRequest) async throws -> StreamedResponse
    /// Sends the request with the file as its body, calling `progress` as bytes are sent
    /// (for `APIClient.upload` and multipart files on disk). The default reads the file into
    /// memory and calls `send`.
    func upload(_ request: URLRequest, fromFile file: URL, progress: TransferProgressHandler?) async throws -> (
        Data, HTTPURLResponse
    )
    /// Sends the request and writes the response's body to `file`, calling `progress` as
    /// bytes arrive (for `APIClient.download`). The default holds the body in memory.
    func download(_ request: URLRequest, to file: URL, progress: TransferProgressHandler?) async throws
        -> HTTPURLResponse
}

/// Sends with a `URLSession`; cancelling the calling task cancels the data task.
public struct URLSessionTransport: HTTPTransport {
    /// The session every request goes through (its configuration also serves streams).
    public let session: URLSession
    /// The one session file transfers run on, when the transport was given its configuration.
    let transfers: URLSessionTransferSession?

    /// A transport on `session` (`URLSession.shared` unless the app has its own configuration).
    /// Each file transfer runs on a session of its own with `session`'s configuration.
    public init(session: URLSession = .shared) {
        self.session = session
        transfers = nil
    }

    /// A transport on `session` whose file transfers
    /// (``APIClient/upload(_:fromFile:using:progress:)``,
    /// ``APIClient/download(_:to:using:progress:)``) all run on one session made from
    /// `transfers`, kept for the transport's life. Give it a background configuration
    /// (`.background(withIdentifier:)`) for transfers that go on while the app is suspended,
    /// and create the transport once for the app's life: a background identifier names one
    /// session. Pass the system's completion handler on with
    /// ``handleBackgroundEvents(forIdentifier:completionHandler:)``.
    public init(session: URLSession = .shared, transfers: URLSessionConfiguration) {
        self.session = session
        self.transfers = URLSessionTransferSession(configuration: transfers)
    }

    /// Sends through `session`; cancelling the calling task cancels the data task.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        try await URLSessionLoading.load(request, with: session)
    }

    /// Through a session of its own with the same configuration, whose delegate passes each
    /// piece of the body on as it arrives (on Linux too, where `bytes(for:)` is missing).
    public func stream(_ request: URLRequest) async throws -> StreamedResponse {
        try await URLSessionStreaming.start(request, configuration: session.configuration)
    }
}

/// Sends endpoints. One generic call site for every request the app makes.
public struct APIClient: Sendable {
    /// What every endpoint's path is appended to (`http://host/v2` + `/pet` is `/v2/pet`).
    public let baseURL: URL
    /// What sends each request once the middlewares have seen it.
    public let transport: any HTTPTransport
    /// The first is the outermost.
    public let middlewares: [any APIMiddleware]
    /// Applies to endpoints without a `timeout` of their own (seconds); nil keeps the transport's.
    public let timeout: TimeInterval?

    /// A client that sends through `session` (the app's usual case).
    public init(
        baseURL: URL, session: URLSession = .shared, middlewares: [any APIMiddleware] = [], timeout: TimeInterval? = nil
    ) {
        self.init(
            baseURL: baseURL, transport: URLSessionTransport(session: session), middlewares: middlewares,
            timeout: timeout)
    }

    /// A client that sends through another transport: a stand-in for tests and previews, or a transport of yours.
    public init(
        baseURL: URL, transport: any HTTPTransport, middlewares: [any APIMiddleware] = [], timeout: TimeInterval? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.middlewares = middlewares
        self.timeout = timeout
    }

    /// Sends the endpoint with its kind's request data (an `AccessToken` for private ones)
    /// and returns the decoded payload.
    public func send<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, using data: Kind.RequestData) async throws
        -> Response
    {
        try await response(for: endpoint, using: data).value
    }

    /// Sends an endpoint that needs no request data.
    public func send<Response>(_ endpoint: Endpoint<EndpointKinds.Public, Response>) async throws -> Response {
        try await send(endpoint, using: ())
    }

    /// Sends the endpoint and returns the payload with the response's status and headers.
    /// A multipart body's files on disk (`FilePart(fileURL:)`) are streamed from there.
    public func response<Kind, Response>(for endpoint: Endpoint<Kind, Response>, using data: Kind.RequestData)
        async throws -> APIResponse<Response>
    {
        let transport = self.transport
        let exchanged = try await exchange(endpoint, using: data, streamingFiles: true) { request, bodyFile in
            guard let bodyFile else { return try await transport.send(request) }
            return try await transport.upload(request, fromFile: bodyFile, progress: nil)
        }
        return try decoded(endpoint, exchanged)
    }

    /// Builds the endpoint's request, sends it through the middlewares, then `last` (the
    /// transport, given the file a streamed body was written to), and throws for a status
    /// outside 200–299: the endpoint's error type, else `APIError.status`.
    func exchange<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, using data: Kind.RequestData, streamingFiles: Bool,
        clearingBody: Bool = false,
        last: @escaping @Sendable (URLRequest, URL?) async throws -> (Data, HTTPURLResponse)
    ) async throws -> (Data, HTTPURLResponse) {
        try _Concurrency.Task.checkCancellation()
        let (built, bodyFile) = try endpoint.makeRequest(baseURL: baseURL, with: data, streamingFiles: streamingFiles)
        defer { if let bodyFile { try? Foundation.FileManager.default.removeItem(at: bodyFile) } }
        var request = try await Kind.authorize(built, with: data)
        if clearingBody { request.httpBody = nil }
        if endpoint.timeout == nil, let timeout { request.timeoutInterval = timeout }
        let (body, response) = try await through(middlewares[...], request) { try await last($0, bodyFile) }
        guard (200..<300).contains(response.statusCode) else {
            if let error = endpoint.error(decoding: body, statusCode: response.statusCode) {
                throw APIError.server(statusCode: response.statusCode, body: body, error: error)
            }
            throw APIError.status(code: response.statusCode, body: body)
        }
        return (body, response)
    }

    /// A 2xx body decoded as the endpoint says, with the status and headers.
    func decoded<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, _ exchanged: (Data, HTTPURLResponse)) throws
        -> APIResponse<Response>
    {
        let (body, response) = exchanged
        do {
            let value = try endpoint.decodeByStatus.map { try $0(response.statusCode, body) } ?? endpoint.decode(body)
            return APIResponse(value: value, statusCode: response.statusCode, headers: Self.headers(of: response))
        } catch let error as DecodingError {
            throw APIError.from(error)
        }
    }

    /// A response's header fields as strings.
    static func headers(of response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for (key, value) in response.allHeaderFields {
            if let key = key as? String, let value = value as? String { headers[key] = value }
        }
        return headers
    }

    /// `response(for:using:)` for an endpoint that needs no request data.
    public func response<Response>(for endpoint: Endpoint<EndpointKinds.Public, Response>) async throws -> APIResponse<
        Response
    > {
        try await response(for: endpoint, using: ())
    }

    /// Sends the stream endpoint's request and returns its events, decoded one by one as they
    /// arrive (`for try await event in try await client.stream(.chat(...), using: key)`).
    /// A non-2xx status throws before the stream starts, as `send` does (the endpoint's error
    /// type, else `APIError.status`). Middlewares see the request and the response's status
    /// and headers, with an empty body once the stream has started: a retry never replays a
    /// stream that has started.
    public func stream<Kind, Event>(_ endpoint: StreamEndpoint<Kind, Event>, using data: Kind.RequestData) async throws
        -> EventStream<Event>
    {
        try _Concurrency.Task.checkCancellation()
        var request = try await Kind.authorize(
            try endpoint.request.makeRequest(baseURL: baseURL, with: data), with: data)
        if endpoint.request.timeout == nil, let timeout { request.timeoutInterval = timeout }
        request.setValue(endpoint.format.accept, forHTTPHeaderField: "Accept")
        if case .serverSentEvents = endpoint.format {
            request.setValue("no-cache", forHTTPHeaderField: "Cache-Control")
        }
        let transport = self.transport
        let started = StartedStreams()
        let body: Data
        let response: HTTPURLResponse
        do {
            (body, response) = try await through(middlewares[...], request) { request in
                let streamed = try await transport.stream(request)
                guard (200..<300).contains(streamed.response.statusCode) else {
                    // An error body is read whole, for the error type and the middlewares.
                    var body = Data()
                    do {
                        for try await piece in streamed.body { body.append(piece) }
                    } catch {
                        streamed.cancel()
                        throw error
                    }
                    streamed.cancel()
                    return (body, streamed.response)
                }
                started.keep(streamed)
                return (Data(), streamed.response)
            }
        } catch {
            started.cancel()
            throw error
        }
        guard (200..<300).contains(response.statusCode), let streamed = started.latest else {
            started.cancel()
            if let error = endpoint.request.error(decoding: body, statusCode: response.statusCode) {
                throw APIError.server(statusCode: response.statusCode, body: body, error: error)
            }
            throw APIError.status(code: response.statusCode, body: body)
        }
        return EventStream(
            body: streamed.body, format: endpoint.format, decode: endpoint.decodeEvent, cancel: streamed.cancel)
    }

    /// `stream(_:using:)` for an endpoint that needs no request data.
    public func stream<Event>(_ endpoint: StreamEndpoint<EndpointKinds.Public, Event>) async throws -> EventStream<
        Event
    > {
        try await stream(endpoint, using: ())
    }

    /// Sends through the middlewares, outermost first, then `last` (the network).
    private func through(
        _ middlewares: ArraySlice<any APIMiddleware>, _ request: URLRequest,
        last: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) async throws -> (Data, HTTPURLResponse) {
        guard let first = middlewares.first else { return try await last(request) }
        let rest = middlewares.dropFirst()
        let client = self
        return try await first.intercept(request) { request in try await client.through(rest, request, last: last) }
    }
}

/// The streams a request's middlewares started: only the last one is read, the others
/// (a middleware that sent the request again) are closed.
private final class StartedStreams: @unchecked Sendable {
    private let lock = NSLock()
    private var streams: [StreamedResponse] = []

    func keep(_ stream: StreamedResponse) {
        lock.lock()
        let earlier = streams
        streams = [stream]
        lock.unlock()
        earlier.forEach { $0.cancel() }
    }

    var latest: StreamedResponse? {
        lock.lock()
        defer { lock.unlock() }
        return streams.last
    }

    func cancel() {
        lock.lock()
        let all = streams
        streams = []
        lock.unlock()
        all.forEach { $0.cancel() }
    }
}

enum URLSessionLoading {
    /// A task's error as the client throws it: a cancelled task as `CancellationError`.
    static func apiError(_ error: any Error) -> any Error {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorCancelled { return CancellationError() }
        return APIError.transport(code: nsError.code, description: nsError.localizedDescription)
    }

    /// One data task, cancelled when the calling task is.
    static func load(_ request: URLRequest, with session: URLSession) async throws -> (Data, HTTPURLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: apiError(error))
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(
                            throwing: APIError.transport(
                                code: NSURLErrorBadServerResponse, description: "the response is not HTTP"))
                        return
                    }
                    continuation.resume(returning: (data ?? Data(), http))
                }
                box.start(task)
            }
        } onCancel: {
            box.cancel()
        }
    }
}

enum URLSessionStreaming {
    /// Starts the request; returns when the response's head has arrived. Cancelling the
    /// calling task before then cancels the request.
    static func start(_ request: URLRequest, configuration: URLSessionConfiguration) async throws -> StreamedResponse {
        let (body, pieces) = AsyncThrowingStream<Data, any Error>.makeStream()
        let delegate = StreamingDelegate(pieces: pieces)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = TaskBox()
        let cancel: @Sendable () -> Void = {
            task.cancel()
            session.invalidateAndCancel()
        }
        // The consumer stopped (its task was cancelled, or it dropped the stream): close the connection.
        pieces.onTermination = { termination in
            if case .cancelled = termination { cancel() }
        }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<HTTPURLResponse, any Error>) in
                delegate.waitForResponse(continuation, session: session)
                task.start(session.dataTask(with: request))
            }
        } onCancel: {
            cancel()
        }
        return StreamedResponse(response: response, body: body, cancel: cancel)
    }
}

/// Passes a data task's response and each piece of its body on; ends the body when the
/// task completes (with `APIError.transport` when the connection dropped).
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let pieces: AsyncThrowingStream<Data, any Error>.Continuation
    private var response: CheckedContinuation<HTTPURLResponse, any Error>?
    private var session: URLSession?

    init(pieces: AsyncThrowingStream<Data, any Error>.Continuation) {
        self.pieces = pieces
    }

    func waitForResponse(_ continuation: CheckedContinuation<HTTPURLResponse, any Error>, session: URLSession) {
        lock.lock()
        response = continuation
        self.session = session
        lock.unlock()
    }

    private func takeResponseContinuation() -> CheckedContinuation<HTTPURLResponse, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        let continuation = response
        response = nil
        return continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            takeResponseContinuation()?.resume(
                throwing: APIError.transport(code: NSURLErrorBadServerResponse, description: "the response is not HTTP")
            )
            completionHandler(.cancel)
            return
        }
        takeResponseContinuation()?.resume(returning: http)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pieces.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error {
            let nsError = error as NSError
            let cancelled = nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
            let failure: any Error =
                cancelled
                ? CancellationError()
                : APIError.transport(code: nsError.code, description: nsError.localizedDescription)
            takeResponseContinuation()?.resume(throwing: failure)
            if cancelled { pieces.finish() } else { pieces.finish(throwing: failure) }
        } else {
            takeResponseContinuation()?.resume(
                throwing: APIError.transport(
                    code: NSURLErrorBadServerResponse, description: "the server sent no response"))
            pieces.finish()
        }
        // The session holds its delegate until it is invalidated.
        lock.lock()
        let session = self.session
        self.session = nil
        lock.unlock()
        session?.finishTasksAndInvalidate()
    }
}

/// Holds the data task so a cancellation that arrives before or after it starts still stops it.
private final class TaskBox: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
