import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How far a file transfer has got: what `progress` is called with as bytes move, for
/// ``APIClient/upload(_:fromFile:using:progress:)`` and
/// ``APIClient/download(_:to:using:progress:)``.
public struct TransferProgress: Sendable, Hashable {
    /// The bytes sent (an upload) or received (a download) so far.
    public var completedBytes: Int64
    /// The bytes the transfer will move in all; nil when the server does not say (a
    /// download without `Content-Length`).
    public var totalBytes: Int64?

    /// A transfer's progress as a transport reports it.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// `completedBytes` of `totalBytes`, from 0 to 1; nil without a total.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// What a transfer calls as bytes move (on no particular thread or actor).
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void

extension HTTPTransport {
    /// Sends the request with the file as its body. This default reads the file into memory
    /// and calls `send`; a transport that can stream a file (``URLSessionTransport`` does)
    /// implements it.
    public func upload(_ request: URLRequest, fromFile file: URL, progress: TransferProgressHandler?)
        async throws -> (Data, HTTPURLResponse)
    {
        var request = request
        let body = try FileTransfers.contents(of: file)
        request.httpBody = body
        let total = Int64(body.count)
        progress?(TransferProgress(completedBytes: 0, totalBytes: total))
        let result = try await send(request)
        progress?(TransferProgress(completedBytes: total, totalBytes: total))
        return result
    }

    /// Sends the request and writes the response's body to `file`. This default holds the
    /// body in memory (it calls `send`); a transport that can write as bytes arrive
    /// (``URLSessionTransport`` does) implements it.
    public func download(_ request: URLRequest, to file: URL, progress: TransferProgressHandler?)
        async throws -> HTTPURLResponse
    {
        let (body, response) = try await send(request)
        try FileTransfers.write(body, to: file)
        let total = Int64(body.count)
        progress?(TransferProgress(completedBytes: total, totalBytes: total))
        return response
    }
}

extension URLSessionTransport {
    /// An upload task from the file (never read whole), on the transport's transfer session
    /// (``init(session:transfers:)``) or else a session of its own with `session`'s
    /// configuration; cancelling the calling task cancels it. (On Linux, FoundationNetworking
    /// sends a body stream faster but not intact, so an upload task it is there too.)
    public func upload(_ request: URLRequest, fromFile file: URL, progress: TransferProgressHandler?)
        async throws -> (Data, HTTPURLResponse)
    {
        let transfer = URLSessionTransfer(progress: progress, destination: nil)
        return try await run(transfer) { $0.uploadTask(with: request, fromFile: file) }
    }

    /// A download task that writes the body to `file` as it arrives, on the transport's
    /// transfer session or else a session of its own with `session`'s configuration;
    /// cancelling the calling task cancels it and leaves no file.
    public func download(_ request: URLRequest, to file: URL, progress: TransferProgressHandler?)
        async throws -> HTTPURLResponse
    {
        let transfer = URLSessionTransfer(progress: progress, destination: file)
        return try await run(transfer) { $0.downloadTask(with: request) }.1
    }

    /// For an app delegate's `application(_:handleEventsForBackgroundURLSession:completionHandler:)`
    /// when `identifier` is that of the transport's transfer session: keeps the system's
    /// completion handler and calls it (on the main actor) once the session has delivered
    /// the events of the transfers that went on while the app was not running them, or at
    /// once when it already has. Returns false, calling nothing, for another session's
    /// identifier (whose handler is the app's to call). (Apple platforms: Linux has
    /// no background sessions.)
    @MainActor
    public func handleBackgroundEvents(forIdentifier identifier: String, completionHandler: @escaping () -> Void)
        -> Bool
    {
        guard let transfers, transfers.session.configuration.identifier == identifier else { return false }
        transfers.router.backgroundEvents.wait(completionHandler)
        return true
    }

    /// Runs a transfer's task on the transfer session, or on a session of its own.
    private func run(_ transfer: URLSessionTransfer, _ make: (URLSession) -> URLSessionTask) async throws
        -> (Data, HTTPURLResponse)
    {
        if let transfers { return try await transfers.router.run(transfer, make(transfers.session)) }
        let router = URLSessionTransferRouter()
        let session = URLSession(configuration: try foregroundConfiguration(), delegate: router, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await router.run(transfer, make(session))
    }

    /// `session`'s configuration for a session of a transfer's own. A background
    /// configuration's identifier belongs to one session for the app's life, so it is
    /// refused here: ``init(session:transfers:)`` makes that session.
    fileprivate func foregroundConfiguration() throws -> URLSessionConfiguration {
        let configuration = session.configuration
        #if !canImport(FoundationNetworking)
        if configuration.identifier != nil {
            throw APIError.invalidRequest(
                "a background URLSession is one session for the app's life: give its configuration as URLSessionTransport(session:transfers:), which transfers on it, rather than as the session"
            )
        }
        #endif
        return configuration
    }
}

/// The transport's one session for transfers, kept for its life (a background session's
/// identifier names one session), and the delegate that routes each task's events.
final class URLSessionTransferSession: Sendable {
    let router = URLSessionTransferRouter()
    let session: URLSession

    init(configuration: URLSessionConfiguration) {
        session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    }

    /// The session keeps its delegate until it is invalidated: once the transport is gone,
    /// it finishes its tasks and lets go.
    deinit { session.finishTasksAndInvalidate() }
}

extension APIClient {
    /// Sends the endpoint with the file's bytes as its body, streamed from disk (never read
    /// whole), and returns the decoded payload. For an endpoint whose body is `Data` (build
    /// it with an empty one, `body: Data()`: the file takes its place, with the endpoint's
    /// content type). `progress` is called as bytes are sent.
    public func upload<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, fromFile file: URL, using data: Kind.RequestData,
        progress: TransferProgressHandler? = nil
    ) async throws -> Response {
        guard case .raw = endpoint.bodyEncoding else {
            throw APIError.invalidRequest(
                "upload(_:fromFile:) sends a file as the body of an endpoint whose body is Data; for a multipart body, give its File field a FilePart(fileURL:) and send it"
            )
        }
        try FileTransfers.checkReadable(file)
        let transport = self.transport
        let exchanged = try await exchange(endpoint, using: data, streamingFiles: false, clearingBody: true) {
            request, _ in try await transport.upload(request, fromFile: file, progress: progress)
        }
        return try decoded(endpoint, exchanged).value
    }

    /// `upload(_:fromFile:using:progress:)` for an endpoint that needs no request data.
    public func upload<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, fromFile file: URL, progress: TransferProgressHandler? = nil
    ) async throws -> Response where Kind.RequestData == Void {
        try await upload(endpoint, fromFile: file, using: (), progress: progress)
    }

    /// Sends the endpoint and writes the response's body to `destination` as it arrives
    /// (replacing a file there), never holding it in memory; returns the status and headers.
    /// The body is written only for a 2xx status; any other is thrown as `send` throws it.
    /// Cancelling the calling task cancels the transfer and leaves no partial file.
    /// `progress` is called as bytes arrive.
    public func download<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, to destination: URL, using data: Kind.RequestData,
        progress: TransferProgressHandler? = nil
    ) async throws -> APIResponse<Void> {
        let partial = FileTransfers.partialFile(for: destination)
        defer { try? Foundation.FileManager.default.removeItem(at: partial) }
        let transport = self.transport
        let (body, response) = try await exchange(endpoint, using: data, streamingFiles: false) { request, _ in
            let response = try await transport.download(request, to: partial, progress: progress)
            guard (200..<300).contains(response.statusCode) else {
                // The error type and the middlewares read an error body (its first megabyte).
                return (FileTransfers.head(of: partial), response)
            }
            return (Data(), response)
        }
        // No file from the transport: a middleware answered without sending (its body is the
        // download), or the body was empty.
        if !Foundation.FileManager.default.fileExists(atPath: partial.path) {
            try FileTransfers.write(body, to: partial)
        }
        try FileTransfers.replace(destination, with: partial)
        return APIResponse(value: (), statusCode: response.statusCode, headers: Self.headers(of: response))
    }

    /// `download(_:to:using:progress:)` for an endpoint that needs no request data.
    public func download<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, to destination: URL, progress: TransferProgressHandler? = nil
    ) async throws -> APIResponse<Void> where Kind.RequestData == Void {
        try await download(endpoint, to: destination, using: (), progress: progress)
    }
}

/// The file work of transfers, with errors an app can read.
private enum FileTransfers {
    /// The first megabyte of a file (an error body, which the client decodes).
    static func head(of file: URL) -> Data {
        guard let handle = try? Foundation.FileHandle(forReadingFrom: file) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 1 << 20)) ?? Data()
    }

    static func contents(of file: URL) throws -> Data {
        do {
            return try Data(contentsOf: file)
        } catch {
            throw APIError.invalidRequest("cannot read the file \(file.path): \(error.localizedDescription)")
        }
    }

    static func checkReadable(_ file: URL) throws {
        guard file.isFileURL, Foundation.FileManager.default.isReadableFile(atPath: file.path) else {
            throw APIError.invalidRequest("cannot read the file \(file.path)")
        }
    }

    static func write(_ data: Data, to file: URL) throws {
        do {
            try data.write(to: file)
        } catch {
            throw APIError.invalidRequest("cannot write the file \(file.path): \(error.localizedDescription)")
        }
    }

    /// Where a download is written until it is complete: beside its destination (the same
    /// volume, so the move is a rename), hidden.
    static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString).download")
    }

    /// Puts a finished download in place in one step (a rename on the same volume), so the
    /// destination holds either the earlier file or the whole new one, never neither.
    static func replace(_ destination: URL, with file: URL) throws {
        guard rename(file.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            throw APIError.invalidRequest("cannot write the file \(destination.path): \(reason)")
        }
    }

    /// Moves a file (across volumes too) to where nothing is yet.
    static func move(_ file: URL, to destination: URL) throws {
        let manager = Foundation.FileManager.default
        do {
            if manager.fileExists(atPath: destination.path) { try manager.removeItem(at: destination) }
            try manager.moveItem(at: file, to: destination)
        } catch {
            throw APIError.invalidRequest("cannot write the file \(destination.path): \(error.localizedDescription)")
        }
    }
}

/// One upload or download task: reports progress, collects an upload's response body, moves
/// a finished download to its destination (before the session deletes its own copy), and
/// resumes the caller once the task completes.
final class URLSessionTransfer: @unchecked Sendable {
    private let lock = NSLock()
    private let progress: TransferProgressHandler?
    private let destination: URL?
    private var body = Data()
    private var moveError: (any Error)?
    private var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
    /// How the task ended, when it ended before the caller waited for it.
    private var outcome: Result<(Data, HTTPURLResponse), any Error>?

    init(progress: TransferProgressHandler?, destination: URL?) {
        self.progress = progress
        self.destination = destination
    }

    /// Resumes `task` and waits until it completes; cancelling the calling task cancels it.
    /// A task cancelled before it was resumed may complete first: its outcome is kept for
    /// the caller then.
    func run(_ task: URLSessionTask) async throws -> (Data, HTTPURLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.lock()
                if let outcome {
                    lock.unlock()
                    continuation.resume(with: outcome)
                    return
                }
                self.continuation = continuation
                lock.unlock()
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func received(_ data: Data) {
        lock.lock()
        body.append(data)
        lock.unlock()
    }

    func moved(_ completed: Int64, of expected: Int64) {
        progress?(TransferProgress(completedBytes: completed, totalBytes: expected > 0 ? expected : nil))
    }

    func finishedDownloading(to location: URL) {
        guard let destination else { return }
        do {
            try FileTransfers.move(location, to: destination)
        } catch {
            lock.lock()
            moveError = error
            lock.unlock()
        }
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        lock.lock()
        let outcome = Self.outcome(of: task, error: error, body: body, moveError: moveError)
        let continuation = self.continuation
        self.continuation = nil
        if continuation == nil { self.outcome = outcome }
        lock.unlock()
        continuation?.resume(with: outcome)
    }

    private static func outcome(of task: URLSessionTask, error: (any Error)?, body: Data, moveError: (any Error)?)
        -> Result<(Data, HTTPURLResponse), any Error>
    {
        if let error { return .failure(URLSessionLoading.apiError(error)) }
        if let moveError { return .failure(moveError) }
        guard let http = task.response as? HTTPURLResponse else {
            return .failure(
                APIError.transport(code: NSURLErrorBadServerResponse, description: "the response is not HTTP"))
        }
        return .success((body, http))
    }
}

/// A transfer session's delegate: each task's events go to its transfer, found by the
/// task's identifier (a task it does not know, one a background session kept from an
/// earlier launch of the app, is let finish unheard).
final class URLSessionTransferRouter: NSObject, URLSessionDataDelegate, URLSessionDownloadDelegate, @unchecked Sendable
{
    private let lock = NSLock()
    private var transfers: [Int: URLSessionTransfer] = [:]
    /// The system's completion handler for a background session's events.
    let backgroundEvents = URLSessionBackgroundEvents()

    fileprivate func run(_ transfer: URLSessionTransfer, _ task: URLSessionTask) async throws -> (Data, HTTPURLResponse)
    {
        register(transfer, for: task)
        return try await transfer.run(task)
    }

    private func register(_ transfer: URLSessionTransfer, for task: URLSessionTask) {
        lock.lock()
        transfers[task.taskIdentifier] = transfer
        lock.unlock()
    }

    private func transfer(of task: URLSessionTask, removing: Bool = false) -> URLSessionTransfer? {
        lock.lock()
        defer { lock.unlock() }
        return removing ? transfers.removeValue(forKey: task.taskIdentifier) : transfers[task.taskIdentifier]
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.received(data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        transfer(of: task)?.moved(totalBytesSent, of: totalBytesExpectedToSend)
    }

    func urlSession(
        _ session: URLSession, downloadTask: URLSessionDownloadTask, didWriteData bytesWritten: Int64,
        totalBytesWritten: Int64, totalBytesExpectedToWrite: Int64
    ) {
        transfer(of: downloadTask)?.moved(totalBytesWritten, of: totalBytesExpectedToWrite)
    }

    func urlSession(_ session: URLSession, downloadTask: URLSessionDownloadTask, didFinishDownloadingTo location: URL) {
        transfer(of: downloadTask)?.finishedDownloading(to: location)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        transfer(of: task, removing: true)?.completed(task, error: error)
    }

    #if !canImport(FoundationNetworking)
    func urlSessionDidFinishEvents(forBackgroundURLSession session: URLSession) {
        let events = backgroundEvents
        Task { @MainActor in events.finish() }
    }
    #endif
}

/// The completion handler an app delegate is given for a background session's events,
/// called once, on the main actor, when the session has delivered them: at once when it has
/// already (the session, made at launch, may deliver them before the app delegate is asked).
@MainActor
final class URLSessionBackgroundEvents: Sendable {
    private var completion: (() -> Void)?
    private var delivered = false

    nonisolated init() {}

    /// Keeps `handler` until the events are delivered (a handler kept before is called now:
    /// the system asks again only once it was).
    func wait(_ handler: @escaping () -> Void) {
        if delivered {
            delivered = false
            handler()
            return
        }
        let earlier = completion
        completion = handler
        earlier?()
    }

    func finish() {
        guard let completion else {
            delivered = true
            return
        }
        self.completion = nil
        completion()
    }
}
