import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Everything `APIClient.send` can throw (besides `CancellationError` when the task is cancelled).
public enum APIError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
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

    public var description: String {
        switch self {
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .transport(let code, let description): return "transport error \(code): \(description)"
        case .status(let code, let body):
            let text = String(decoding: body.prefix(512), as: UTF8.self)
            return "HTTP \(code)" + (text.isEmpty ? "" : ": \(text)")
        case .unsuccessful(let message, let success):
            return "the server reported failure" + (message.map { ": \($0)" } ?? "") + (success.map { " (success value: \(ResponseDecoding.describe($0)))" } ?? " (no success value)")
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
            return .decoding(codingPath: path(context.codingPath + [key]), description: "missing key '\(key.stringValue)'")
        @unknown default:
            return .decoding(codingPath: "", description: "\(error)")
        }
    }
}

/// Sends endpoints. One generic call site for every request the app makes.
public struct APIClient: Sendable {
    public let baseURL: URL
    public let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    /// Sends the endpoint with its kind's request data (an `AccessToken` for private ones)
    /// and returns the decoded payload.
    public func send<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, using data: Kind.RequestData) async throws -> Response {
        try Task.checkCancellation()
        let request = try endpoint.makeRequest(baseURL: baseURL, with: data)
        let (body, response) = try await load(request)
        guard (200..<300).contains(response.statusCode) else {
            throw APIError.status(code: response.statusCode, body: body)
        }
        do {
            return try endpoint.decode(body)
        } catch let error as DecodingError {
            throw APIError.from(error)
        }
    }

    /// Sends an endpoint that needs no request data.
    public func send<Response>(_ endpoint: Endpoint<EndpointKinds.Public, Response>) async throws -> Response {
        try await send(endpoint, using: ())
    }

    /// One data task, cancelled when the calling task is.
    private func load(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                let task = session.dataTask(with: request) { data, response, error in
                    if let error {
                        let nsError = error as NSError
                        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorCancelled {
                            continuation.resume(throwing: CancellationError())
                        } else {
                            continuation.resume(throwing: APIError.transport(code: nsError.code, description: nsError.localizedDescription))
                        }
                        return
                    }
                    guard let http = response as? HTTPURLResponse else {
                        continuation.resume(throwing: APIError.transport(code: NSURLErrorBadServerResponse, description: "the response is not HTTP"))
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
