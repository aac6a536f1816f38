import DTORuntime
import Foundation
import LoopbackServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Files that never sit in memory, against the loopback server: a raw body uploaded from a
/// file and a multipart `FilePart(fileURL:)` streamed from disk, a response written to a
/// file, progress as bytes move, an error status that writes no file, a cancelled download
/// that leaves none; and the `HTTPTransport` defaults a transport of one's own gets.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FileTransferTests {
    /// A folder of its own for each test, removed after.
    final class Folder: Sendable {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-transfer-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func file(_ name: String, bytes: Int) throws -> (URL, Data) {
            let data = Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) })
            let file = url.appendingPathComponent(name)
            try data.write(to: file)
            return (file, data)
        }

        var contents: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() }
    }

    /// Progress reports, collected from whatever thread they come on.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [TransferProgress] = []
        func add(_ progress: TransferProgress) { lock.withLock { all.append(progress) } }
        var values: [TransferProgress] { lock.withLock { all } }
    }

    @Test func aRawBodyIsUploadedFromAFile() async throws {
        let folder = try Folder()
        let (file, bytes) = try folder.file("photo.png", bytes: 3 << 20)
        let server = try LoopbackServer { request in
            .json(#"{ "id": \#(request.body.count), "status": "\#(request.headers["content-type"] ?? "")" }"#)
        }
        defer { server.stop() }
        let reports = Reports()
        let client = APIClient(baseURL: server.baseURL)
        let order = try await client.upload(.uploadPhoto(id: 7, body: Data()), fromFile: file) { reports.add($0) }
        #expect(order == Order(id: bytes.count, status: "image/png"))
        #expect(server.requests.first?.body == bytes)
        #expect(server.requests.first?.path == "/orders/7/photo")
        let last = try #require(reports.values.last)
        #expect(last.completedBytes == Int64(bytes.count) && last.fractionCompleted == 1, "\(reports.values)")
        #expect(reports.values.map(\.completedBytes) == reports.values.map(\.completedBytes).sorted())
    }

    @Test func aMultipartFileIsStreamedFromDisk() async throws {
        let folder = try Folder()
        let (file, bytes) = try folder.file("clip.mov", bytes: 1 << 20)
        let server = try LoopbackServer { _ in .json(#"{ "id": 1, "status": "ok" }"#) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let part = FilePart(fileURL: file, contentType: "video/quicktime")
        #expect(part.filename == "clip.mov")
        _ = try await client.send(.uploadClip(body: ClipUpload(title: "Beach", clip: part)))
        let body = try #require(server.requests.first?.body)
        let head = Data(
            "Content-Disposition: form-data; name=\"clip\"; filename=\"clip.mov\"\r\nContent-Type: video/quicktime\r\n\r\n"
                .utf8)
        let start = try #require(body.range(of: head)?.upperBound)
        #expect(body[start..<(start + bytes.count)] == bytes, "the file's bytes, whole, after its part's head")
        #expect(body.range(of: Data("name=\"title\"\r\n\r\nBeach\r\n".utf8)) != nil)
        let leftover = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter {
            $0.hasPrefix("dtogen-multipart-")
        }
        #expect(leftover.isEmpty, "the body's temporary file is removed: \(leftover)")
    }

    @Test func aResponseIsWrittenToAFile() async throws {
        let folder = try Folder()
        let (_, bytes) = try folder.file("source", bytes: 2 << 20)
        let server = try LoopbackServer { _ in
            .respond(status: 200, headers: ["Content-Type": "application/pdf", "X-Pages": "3"], body: bytes)
        }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("invoice.pdf")
        try Data("old".utf8).write(to: destination)
        let reports = Reports()
        let client = APIClient(baseURL: server.baseURL)
        let response = try await client.download(.invoicePDF(id: 7), to: destination) { reports.add($0) }
        #expect(response.statusCode == 200 && response.header("x-pages") == "3")
        #expect(try Data(contentsOf: destination) == bytes, "the old file is replaced")
        #expect(reports.values.last?.completedBytes == Int64(bytes.count), "\(reports.values.suffix(2))")
        #expect(folder.contents == ["invoice.pdf", "source"], "no partial file is left")
    }

    @Test func anErrorStatusWritesNoFile() async throws {
        let folder = try Folder()
        let server = try LoopbackServer { _ in
            .json(#"{ "error": { "code": "gone", "message": "no such invoice" } }"#, status: 404)
        }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("invoice.pdf")
        try Data("kept".utf8).write(to: destination)
        let client = APIClient(baseURL: server.baseURL)
        do {
            _ = try await client.download(.invoicePDF(id: 7), to: destination)
            Issue.record("a 404 is thrown")
        } catch APIError.server(404, _, let error as OrderError) {
            #expect(error.error.code == "gone")
        }
        #expect(folder.contents == ["invoice.pdf"])
        #expect(try Data(contentsOf: destination) == Data("kept".utf8), "an error leaves the earlier file")
    }

    /// A middleware that answers without sending (a cache, a stand-in): its body is the download.
    @Test func aMiddlewaresAnswerIsTheDownload() async throws {
        struct Cached: APIMiddleware {
            func intercept(_ request: URLRequest, next: Next) async throws -> (Data, HTTPURLResponse) {
                guard let url = request.url,
                    let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:])
                else { throw URLError(.badURL) }
                return (Data("%PDF cached".utf8), response)
            }
        }
        let folder = try Folder()
        let destination = folder.url.appendingPathComponent("invoice.pdf")
        try Data("old".utf8).write(to: destination)
        let client = APIClient(baseURL: URL(string: "http://127.0.0.1:9")!, middlewares: [Cached()])
        let response = try await client.download(.invoicePDF(id: 7), to: destination)
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: destination) == Data("%PDF cached".utf8))
        #expect(folder.contents == ["invoice.pdf"])
    }

    /// A file on disk in a JSON body would send its path: a located request error instead.
    @Test func aFileOnDiskIsForMultipartBodiesOnly() async throws {
        struct Note: Codable, Sendable { let attachment: FilePart }
        let endpoint = Endpoint<EndpointKinds.Public, Order>(
            method: .post, path: "/notes", body: Note(attachment: FilePart(fileURL: URL(fileURLWithPath: "/tmp/x"))))
        #expect(throws: APIError.self) {
            try endpoint.makeRequest(baseURL: URL(string: "https://shop.example")!, with: ())
        }
    }

    @Test func aCancelledDownloadLeavesNoFile() async throws {
        let folder = try Folder()
        let piece = Data(repeating: 7, count: 64 << 10)
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "application/pdf"], pause: 0.05) { $0 < 200 ? piece : nil }
        }
        defer { server.stop() }
        let destination = folder.url.appendingPathComponent("big.pdf")
        let reports = Reports()
        let client = APIClient(baseURL: server.baseURL)
        let download = Task {
            try await client.download(.invoicePDF(id: 7), to: destination) { reports.add($0) }
        }
        while reports.values.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        download.cancel()
        let result = await download.result
        #expect(throws: CancellationError.self) { try result.get() }
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(folder.contents.isEmpty, "\(folder.contents)")
    }

    /// A transport given a configuration for transfers runs them all on one session of its
    /// own (what a background configuration needs), each task's events routed to its own
    /// transfer: concurrent uploads and downloads each get their own bytes and progress.
    @Test func transfersShareTheTransportsTransferSession() async throws {
        let folder = try Folder()
        let (file, upload) = try folder.file("photo.png", bytes: 2 << 20)
        let (_, small) = try folder.file("small", bytes: 300 << 10)
        let (_, large) = try folder.file("large", bytes: 3 << 20)
        let server = try LoopbackServer { request in
            if request.method == "PUT" {
                return .json(#"{ "id": \#(request.body.count), "status": "stored" }"#)
            }
            return .respond(
                status: 200, headers: ["Content-Type": "application/pdf"],
                body: request.path.hasSuffix("/1/invoice.pdf") ? small : large)
        }
        defer { server.stop() }
        // A header of the transfers' configuration tells their session from `session`.
        let configuration = URLSessionConfiguration.default
        configuration.httpAdditionalHeaders = ["X-Transfers": "one session"]
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(transfers: configuration))
        let reports = (Reports(), Reports(), Reports())
        let first = folder.url.appendingPathComponent("1.pdf")
        let second = folder.url.appendingPathComponent("2.pdf")
        async let order = client.upload(.uploadPhoto(id: 7, body: Data()), fromFile: file) { reports.0.add($0) }
        async let one = client.download(.invoicePDF(id: 1), to: first) { reports.1.add($0) }
        async let two = client.download(.invoicePDF(id: 2), to: second) { reports.2.add($0) }
        let (stored, _, _) = try await (order, one, two)
        #expect(stored == Order(id: upload.count, status: "stored"))
        #expect(try Data(contentsOf: first) == small)
        #expect(try Data(contentsOf: second) == large)
        #expect(reports.0.values.last?.completedBytes == Int64(upload.count))
        #expect(reports.1.values.last?.completedBytes == Int64(small.count), "\(reports.1.values.suffix(2))")
        #expect(reports.2.values.last?.completedBytes == Int64(large.count), "\(reports.2.values.suffix(2))")
        #expect(folder.contents == ["1.pdf", "2.pdf", "large", "photo.png", "small"], "no partial file is left")
        #expect(server.requests.map { $0.headers["x-transfers"] } == Array(repeating: "one session", count: 3))
    }

    /// A transfer cancelled on the shared session leaves no file, and the session goes on.
    @Test func aCancelledTransferLeavesTheTransferSessionWorking() async throws {
        let folder = try Folder()
        let piece = Data(repeating: 7, count: 64 << 10)
        let server = try LoopbackServer { request in
            request.path.hasSuffix("/1/invoice.pdf")
                ? .stream(status: 200, headers: ["Content-Type": "application/pdf"], pause: 0.05) {
                    $0 < 200 ? piece : nil
                }
                : .respond(status: 200, headers: ["Content-Type": "application/pdf"], body: Data("%PDF".utf8))
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL, transport: URLSessionTransport(transfers: .default))
        let reports = Reports()
        let big = folder.url.appendingPathComponent("big.pdf")
        let download = Task { try await client.download(.invoicePDF(id: 1), to: big) { reports.add($0) } }
        while reports.values.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        download.cancel()
        let result = await download.result
        #expect(throws: CancellationError.self) { try result.get() }
        let small = folder.url.appendingPathComponent("small.pdf")
        let response = try await client.download(.invoicePDF(id: 2), to: small)
        #expect(response.statusCode == 200)
        #expect(try Data(contentsOf: small) == Data("%PDF".utf8))
        try await Task.sleep(nanoseconds: 200_000_000)
        #expect(folder.contents == ["small.pdf"], "\(folder.contents)")
    }

    /// The system's completion handler for a background session's events is kept only for
    /// the transfer session's identifier (Linux has no background sessions: none matches).
    @MainActor @Test func backgroundEventsAreForTheTransferSessionsIdentifier() {
        let plain = URLSessionTransport()
        #expect(!plain.handleBackgroundEvents(forIdentifier: "com.example.transfers") {})
        let transfers = URLSessionTransport(transfers: .default)
        #expect(!transfers.handleBackgroundEvents(forIdentifier: "com.example.transfers") {})
    }

    /// A transport of one's own that only sends: uploads and downloads still work, through
    /// the defaults (which hold the body in memory).
    @Test func aTransportWithoutFilesGetsTheDefaults() async throws {
        struct Echo: HTTPTransport {
            func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
                let body = request.httpBody ?? Data()
                let url = request.url ?? URL(fileURLWithPath: "/")
                guard let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: [:])
                else { throw URLError(.badServerResponse) }
                return (
                    body.isEmpty ? Data("%PDF".utf8) : Data(#"{ "id": \#(body.count), "status": "echo" }"#.utf8),
                    response
                )
            }
        }
        let folder = try Folder()
        let (file, bytes) = try folder.file("photo.png", bytes: 1000)
        let client = APIClient(baseURL: URL(string: "https://shop.example")!, transport: Echo())
        let order = try await client.upload(.uploadPhoto(id: 1, body: Data()), fromFile: file)
        #expect(order == Order(id: bytes.count, status: "echo"))
        let destination = folder.url.appendingPathComponent("invoice.pdf")
        _ = try await client.download(.invoicePDF(id: 1), to: destination)
        #expect(try Data(contentsOf: destination) == Data("%PDF".utf8))
        await #expect(throws: APIError.self) {
            try await client.upload(
                .uploadPhoto(id: 1, body: Data()), fromFile: folder.url.appendingPathComponent("none"))
        }
    }
}

/// A multipart body with a file, as dtogen writes one (`"bodyEncoding": "multipart"`).
struct ClipUpload: Codable, Sendable, Hashable {
    let title: String
    let clip: FilePart
}

extension Endpoint<EndpointKinds.Public, Order> {
    /// `POST /clips`: a title and a video, as `multipart/form-data`.
    static func uploadClip(body: ClipUpload) -> Self {
        Self(method: .post, path: "/clips", body: body).encodingBody(as: .multipart)
    }
}
