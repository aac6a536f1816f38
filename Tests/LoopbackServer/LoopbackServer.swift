import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the server received, byte for byte where it matters.
public struct RecordedRequest: Sendable {
    public var method: String
    /// The request target exactly as sent: raw path and query, still percent-encoded.
    public var target: String
    /// Header names lowercased.
    public var headers: [String: String]
    public var body: Data

    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }
    public var query: String? { target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) }
}

/// How the server answers one request.
public enum Reply: Sendable {
    case respond(status: Int, headers: [String: String], body: Data)
    /// Closes the connection without a response.
    case dropConnection
    /// Waits, then answers (for cancellation and timeouts).
    indirect case delayed(seconds: Double, Reply)
    /// Sends the head, then the body in chunked transfer coding, one piece at a time as
    /// `piece` gives them (by index, nil after the last), `pause` seconds apart. `drop`:
    /// closes the connection after the last piece without ending the body (a connection lost
    /// mid-stream). A client that closes the connection first is counted in
    /// `streamsClosedByClient`.
    case stream(
        status: Int, headers: [String: String], pause: Double = 0, drop: Bool = false, piece: @Sendable (Int) -> Data?)

    public static func json(_ text: String, status: Int = 200) -> Reply {
        .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
    }

    public static func json(_ data: Data, status: Int = 200) -> Reply {
        .respond(status: status, headers: ["Content-Type": "application/json"], body: data)
    }
}

/// A small HTTP/1.1 server on 127.0.0.1 (a free port), one thread per connection, so tests
/// can see exactly what the client sent. Started and stopped by the tests themselves.
public final class LoopbackServer: @unchecked Sendable {
    public let port: UInt16
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    private let listener: Int32
    private let handler: @Sendable (RecordedRequest) -> Reply
    private let lock = NSLock()
    private var recorded: [RecordedRequest] = []
    private var stopped = false
    private var closedByClient = 0

    public struct SocketError: Error, CustomStringConvertible {
        public var description: String
    }

    public init(handler: @escaping @Sendable (RecordedRequest) -> Reply) throws {
        self.handler = handler
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw SocketError(description: "socket() failed: \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw SocketError(description: "bind/listen on 127.0.0.1 failed: \(errno)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Every request received so far, in order.
    public var requests: [RecordedRequest] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }

    /// Streamed replies the client stopped reading (closed the connection) before their end.
    public var streamsClosedByClient: Int {
        lock.lock()
        defer { lock.unlock() }
        return closedByClient
    }

    public func stop() {
        lock.lock()
        let wasStopped = stopped
        stopped = true
        lock.unlock()
        guard !wasStopped else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if isStopped { return }
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        lock.lock()
        recorded.append(request)
        lock.unlock()
        var reply = handler(request)
        while case .delayed(let seconds, let next) = reply {
            Thread.sleep(forTimeInterval: seconds)
            reply = next
        }
        if case .stream(let status, let headers, let pause, let drop, let piece) = reply {
            stream(connection, status: status, headers: headers, pause: pause, drop: drop, piece: piece)
            return
        }
        guard case .respond(let status, let headers, let body) = reply else { return }
        var head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
        var allHeaders = headers
        allHeaders["Content-Length"] = String(body.count)
        allHeaders["Connection"] = "close"
        for (name, value) in allHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        if request.method != "HEAD" { bytes.append(body) }
        write(connection, bytes)
    }

    private func stream(
        _ connection: Int32, status: Int, headers: [String: String], pause: Double, drop: Bool,
        piece: @Sendable (Int) -> Data?
    ) {
        var head = "HTTP/1.1 \(status) \(status < 400 ? "OK" : "Error")\r\n"
        var allHeaders = headers
        allHeaders["Transfer-Encoding"] = "chunked"
        allHeaders["Connection"] = "close"
        for (name, value) in allHeaders.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard write(connection, Data(head.utf8)) else { return }
        var index = 0
        while let data = piece(index) {
            index += 1
            if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            guard !data.isEmpty else { continue }
            var chunk = Data((String(data.count, radix: 16) + "\r\n").utf8)
            chunk.append(data)
            chunk.append(contentsOf: "\r\n".utf8)
            guard write(connection, chunk) else {
                lock.lock()
                closedByClient += 1
                lock.unlock()
                return
            }
        }
        if !drop { _ = write(connection, Data("0\r\n\r\n".utf8)) }
    }

    /// False when the connection is closed.
    @discardableResult
    private func write(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                #if canImport(Glibc)
                let sent = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = send(connection, base + offset, buffer.count - offset, 0)
                #endif
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    private func read(_ connection: Int32) -> RecordedRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 65536)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = recv(connection, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
            headerEnd = buffer.range(of: separator)
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(buffer[end.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = recv(connection, &chunk, min(chunk.count, expected - body.count), 0)
            if count <= 0 { break }
            body.append(contentsOf: chunk[0..<count])
        }
        return RecordedRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }
}
