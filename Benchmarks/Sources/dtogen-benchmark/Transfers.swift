import DTORuntime
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif

/// What the upload endpoint answers: the bytes the server read.
struct Received: Decodable, Sendable {
    var bytes: Int
}

/// `--transfers`: a 200 MB upload from a file and a 200 MB download to a file over
/// loopback, with `APIClient.upload` and `APIClient.download` in a child process (so its peak
/// memory is the client's), against `curl` moving the same bytes to the same server. Prints
/// throughput and the child's peak memory above its baseline, each beside its goal.
@MainActor func measureTransfers(megabytes: Int = 200) throws {
    say("\nFile transfers (\(megabytes) MB over loopback; best of 3; memory above the process's baseline):")
    let port = try TransferServer.start()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-transfers-\(getpid())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("source.bin")
    let bytes = megabytes * 1_000_000
    _ = FileManager.default.createFile(atPath: source.path, contents: nil)
    let handle = try FileHandle(forWritingTo: source)
    let block = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    for _ in 0..<megabytes { try handle.write(contentsOf: block) }
    try handle.close()
    let base = "http://127.0.0.1:\(port)"
    let target = folder.appendingPathComponent("target.bin").path

    for direction in ["upload", "download"] {
        var client: (seconds: Double, above: Double)?
        var curl: Double?
        for _ in 0..<3 {
            let file = direction == "upload" ? source.path : target
            let run = Run.measure([CommandLine.arguments[0], "--transfer-once", direction, String(port), file])
            let words = run.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard run.status == 0, words.count >= 3, let seconds = Double(words[0]), let peak = Double(words[1]),
                let baseline = Double(words[2])
            else {
                say(run.output)
                fatalError("the \(direction) failed")
            }
            if client == nil || seconds < client!.seconds { client = (seconds, peak - baseline) }
            let curlRun =
                direction == "upload"
                ? Run.measure(["curl", "-sS", "-o", "/dev/null", "-T", source.path, "\(base)/upload"])
                : Run.measure(["curl", "-sS", "-o", target, "\(base)/download/\(bytes)"])
            guard curlRun.status == 0 else { fatalError("curl failed: \(curlRun.output)") }
            curl = min(curl ?? .infinity, curlRun.seconds)
        }
        guard let client, let curl else { continue }
        let throughput = Double(megabytes) / client.seconds
        let ratio = curl / client.seconds
        row(
            "\(direction) \(megabytes) MB: throughput (curl \(fmt(Double(megabytes) / curl, 0)) MB/s)",
            "\(fmt(throughput, 0)) MB/s, \(fmt(ratio))× curl", "≥ 0.8× curl")
        row("\(direction) \(megabytes) MB: peak memory above baseline", "\(fmt(client.above, 1)) MB", "< 50 MB")
    }
}

/// The child: one upload (`file` is read) or download (`file` is written) through
/// `APIClient`, then the seconds, its peak memory and its baseline before the transfer (MB).
func transferOnce(direction: String, port: String, file: String) -> Never {
    let done = DispatchSemaphore(value: 0)
    let result = StreamResult()
    let baseline = residentMegabytes(peak: true)
    Task {
        do {
            let client = APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
            let start = Date()
            if direction == "upload" {
                let endpoint = Endpoint<EndpointKinds.Public, Received>(method: .put, path: "/upload", body: Data())
                    .encodingBody(as: .raw(contentType: "application/octet-stream"))
                let received = try await client.upload(endpoint, fromFile: URL(fileURLWithPath: file))
                result.set(count: received.bytes, seconds: Date().timeIntervalSince(start))
            } else {
                let endpoint = Endpoint<EndpointKinds.Public, Data>(path: "/download/200000000").decodingRawBody()
                let response = try await client.download(endpoint, to: URL(fileURLWithPath: file))
                result.set(count: response.statusCode, seconds: Date().timeIntervalSince(start))
            }
        } catch {
            print("error: \(error)")
        }
        done.signal()
    }
    done.wait()
    let (count, seconds) = result.value
    print("\(seconds) \(residentMegabytes(peak: true)) \(baseline)")
    exit(count > 0 ? 0 : 1)
}

/// This process's resident memory (Linux `/proc/self/status`): its peak, or now (MB).
func residentMegabytes(peak: Bool) -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(peak ? "VmHWM:" : "VmRSS:") }
    return (line.flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") } ?? 0) / 1024
}

/// A server on 127.0.0.1 for transfers: `PUT /upload` reads the body (its `Content-Length`)
/// and answers `{"bytes": N}`; `GET /download/N` answers N bytes with a `Content-Length`.
enum TransferServer {
    static func start() throws -> UInt16 {
        try LoopbackSocket.start(serving: serve)
    }

    static func serve(_ connection: Int32) {
        defer { close(connection) }
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8), recv(connection, &byte, 1, 0) == 1 { head.append(byte) }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.split(separator: "\r\n")
        let target = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        if target == "/upload" {
            if headers["expect"]?.lowercased() == "100-continue" {
                _ = SSEServer.write(connection, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            let expected = Int(headers["content-length"] ?? "0") ?? 0
            var buffer = [UInt8](repeating: 0, count: 1 << 20)
            var read = 0
            while read < expected {
                let count = recv(connection, &buffer, min(buffer.count, expected - read), 0)
                if count <= 0 { break }
                read += count
            }
            let body = Array(#"{"bytes":\#(read)}"#.utf8)
            _ = SSEServer.write(
                connection,
                Array(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n"
                        .utf8) + body)
            return
        }
        let total = Int(target.split(separator: "/").last ?? "") ?? 0
        guard
            SSEServer.write(
                connection,
                Array(
                    "HTTP/1.1 200 OK\r\nContent-Type: application/octet-stream\r\nContent-Length: \(total)\r\nConnection: close\r\n\r\n"
                        .utf8))
        else { return }
        let block = [UInt8](repeating: 42, count: 1 << 20)
        var sent = 0
        while sent < total {
            let count = min(block.count, total - sent)
            guard SSEServer.write(connection, count == block.count ? block : Array(block[0..<count])) else { return }
            sent += count
        }
    }
}
