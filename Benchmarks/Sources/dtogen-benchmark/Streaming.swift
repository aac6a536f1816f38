import DTORuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// One chunk of OpenAI's streamed chat completion, as an app declares it.
struct ChatChunk: Decodable, Sendable {
    struct Choice: Decodable, Sendable {
        struct Delta: Decodable, Sendable {
            var role: String?
            var content: String?
        }
        var index: Int
        var delta: Delta
        var finish_reason: String?
    }
    var id: String
    var object: String
    var created: Int
    var model: String
    var choices: [Choice]
}

/// `--streaming`: a long server-sent event stream over loopback, read with `APIClient.stream`
/// in a child process (so its peak memory is the client's): events per second and peak
/// memory for two lengths, which shows whether memory grows with the stream.
@MainActor func measureStreaming() throws {
    say(
        "\nStreaming (a chat completion's chunks as server-sent events over loopback, APIClient.stream, FastDecoder; best of 3):"
    )
    let port = try SSEServer.start()
    // As fast as loopback carries them, then paced at 50,000 events a second (a fast server
    // on a real network; a model's tokens come far slower).
    for (events, rate) in [(10_000, 0), (200_000, 0), (10_000, 50_000), (200_000, 50_000)] {
        var best: (seconds: Double, peak: Double)?
        for _ in 0..<3 {
            let run = Run.measure([CommandLine.arguments[0], "--stream-once", String(port), "\(events)/\(rate)"])
            let words = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard run.status == 0, words.count >= 3, let count = Int(words[0]), count == events,
                let seconds = Double(words[1]), let peak = Double(words[2])
            else {
                say(run.output)
                fatalError("the streaming client failed")
            }
            if best == nil || seconds < best!.seconds { best = (seconds, peak) }
        }
        guard let best else { continue }
        let pace = rate == 0 ? "as fast as loopback sends" : "sent at \(rate / 1000)k events/s"
        row(
            "stream \(events) events (\(fmt(Double(events * SSEServer.eventBytes) / 1_000_000, 0)) MB), \(pace)",
            "\(fmt(Double(events) / best.seconds / 1000, 0))k events/s, \(fmt(best.peak, 0)) MB", "")
    }
}

/// The child: reads the stream `events/rate` once and prints the events, seconds and its own
/// peak memory (MB).
func streamOnce(port: String, stream: String) -> Never {
    let parts = stream.split(separator: "/")
    let events = Int(parts.first ?? "") ?? 0
    let rate = Int(parts.last ?? "") ?? 0
    let done = DispatchSemaphore(value: 0)
    let result = StreamResult()
    Task {
        do {
            let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            let endpoint = StreamEndpoint<EndpointKinds.Public, ChatChunk>(
                path: "/stream/\(events)/\(rate)", format: .serverSentEvents(end: "[DONE]"))
            let start = Date()
            var count = 0
            for try await chunk in try await client.stream(endpoint) {
                count += chunk.choices.count
            }
            result.set(count: count, seconds: Date().timeIntervalSince(start))
        } catch {
            print("error: \(error)")
        }
        done.signal()
    }
    done.wait()
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let peakLine = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    let kilobytes = peakLine.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    let (count, seconds) = result.value
    print("\(count) \(seconds) \(kilobytes / 1024)")
    exit(count == events ? 0 : 1)
}

final class StreamResult: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = (count: 0, seconds: 0.0)
    var value: (Int, Double) { lock.lock(); defer { lock.unlock() }; return stored }
    func set(count: Int, seconds: Double) { lock.lock(); stored = (count, seconds); lock.unlock() }
}

/// A server on 127.0.0.1 that answers `GET /stream/N/R` with N chat-completion chunks as
/// server-sent events, then `data: [DONE]`, in chunked transfer coding, at R events a second
/// (0: as fast as the socket takes them), generated as they go.
enum SSEServer {
    static let event =
        #"data: {"id":"chatcmpl-123","object":"chat.completion.chunk","created":1694268190,"model":"gpt-4o-mini","choices":[{"index":0,"delta":{"content":" token"},"finish_reason":null}]}"#
        + "\n\n"
    static var eventBytes: Int { event.utf8.count }

    static func start() throws -> UInt16 {
        try LoopbackSocket.start(serving: serve)
    }

    struct ServerError: Error {}

    static func serve(_ connection: Int32) {
        defer { close(connection) }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8), recv(connection, &byte, 1, 0) == 1 { head.append(byte) }
        let target = String(decoding: head, as: UTF8.self).split(separator: " ").dropFirst().first ?? ""
        let parts = target.split(separator: "/")
        let events = parts.count >= 3 ? Int(parts[1]) ?? 0 : 0
        let rate = parts.count >= 3 ? Int(parts[2]) ?? 0 : 0
        let start = Date()
        guard
            write(
                connection,
                Array(
                    "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                        .utf8))
        else { return }
        // A hundred events per chunk, as a server's buffered writes send them.
        let batch = Array(String(repeating: event, count: 100).utf8)
        var sent = 0
        while sent < events {
            let count = min(100, events - sent)
            let piece = count == 100 ? batch : Array(String(repeating: event, count: count).utf8)
            guard write(connection, Array((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Array("\r\n".utf8))
            else { return }
            sent += count
            if rate > 0 {
                let due = Double(sent) / Double(rate) - Date().timeIntervalSince(start)
                if due > 0 { Thread.sleep(forTimeInterval: due) }
            }
        }
        let end = Array("data: [DONE]\n\n".utf8)
        _ = write(connection, Array((String(end.count, radix: 16) + "\r\n").utf8) + end + Array("\r\n0\r\n\r\n".utf8))
    }

    static func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = send(connection, base + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}

/// A listening socket on 127.0.0.1 (a free port) that serves each connection on a thread of
/// its own: the benchmark's servers.
enum LoopbackSocket {
    static func start(serving serve: @escaping @Sendable (Int32) -> Void) throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SSEServer.ServerError() }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 16) == 0 else { throw SSEServer.ServerError() }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        Thread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { continue }
                Thread { serve(connection) }.start()
            }
        }.start()
        return UInt16(bigEndian: address.sin_port)
    }
}
