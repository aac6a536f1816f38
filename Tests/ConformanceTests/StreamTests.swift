import DTORuntime
import Foundation
import LoopbackServer
import Testing

/// `"stream"` (orders.json): the factories dtogen writes for server-sent events and JSON
/// Lines, sent with `client.stream` against the loopback server, the body cut in small pieces.
@Suite(.serialized)
struct StreamTests {
    func server(_ body: String, status: Int = 200, contentType: String = "text/event-stream") throws -> LoopbackServer {
        let bytes = Array(body.utf8)
        return try LoopbackServer { _ in
            guard status == 200 else { return .json(body, status: status) }
            return .stream(
                status: status, headers: ["Content-Type": contentType],
                piece: { index in
                    let start = index * 5
                    return start < bytes.count ? Data(bytes[start..<min(bytes.count, start + 5)]) : nil
                })
        }
    }

    @Test func serverSentEventsUntilTheEnd() async throws {
        // The second event's data is written on two lines; nothing after [DONE] is read.
        let server = try server(
            "data: {\"id\": 1, \"status\": \"new\"}\n\nid: 2\ndata: {\"id\": 2,\ndata: \"status\": \"paid\"}\n\ndata: [DONE]\n\ndata: {\"id\": 3}\n\n"
        )
        defer { server.stop() }
        var orders: [Order] = []
        for try await order in try await APIClient(baseURL: server.baseURL).stream(.orderEvents) {
            orders.append(order)
        }
        #expect(orders.map(\.id) == [1, 2])
        #expect(orders.map(\.status) == ["new", "paid"])
        let request = try #require(server.requests.first)
        #expect(request.path == "/orders/events" && request.headers["accept"] == "text/event-stream")
    }

    @Test func jsonLinesWithABodyAndAToken() async throws {
        let server = try server(
            "{\"id\": 1, \"status\": \"new\"}\n{\"id\": 2, \"status\": \"paid\"}\n", contentType: "application/jsonl")
        defer { server.stop() }
        var ids: [Int] = []
        let events = try await APIClient(baseURL: server.baseURL).stream(
            .orderLines(body: Order(id: 9, status: "new")), using: AccessToken(rawValue: "t0k"))
        for try await order in events { ids.append(order.id) }
        #expect(ids == [1, 2])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST" && request.headers["authorization"] == "Bearer t0k")
        #expect(try JSONDecoder().decode(Order.self, from: request.body).id == 9)
    }

    /// `"events": "named"`: the event's name picks the one-of's case.
    @Test func namedEventsPickTheCase() async throws {
        let server = try server(
            "event: created\ndata: {\"id\": 4, \"status\": \"new\"}\n\nevent: deleted\ndata: {\"id\": 4}\n\nevent: archived\ndata: {\"id\": 4}\n\n"
        )
        defer { server.stop() }
        var changes: [OrderChange] = []
        for try await change in try await APIClient(baseURL: server.baseURL).stream(.orderChanges) {
            changes.append(change)
        }
        #expect(changes.count == 3)
        guard changes.count == 3 else { return }
        #expect(changes[0] == .created(OrderCreated(event: "created", data: Order(id: 4, status: "new"))))
        #expect(changes[1] == .deleted(OrderDeleted(event: "deleted", data: OrderDeleted.DataObject(id: 4))))
        if case .unknown(let value) = changes[2] {
            #expect(value == .object(["event": .string("archived"), "data": .object(["id": .number(4)])]))
        } else {
            Testing.Issue.record("an unknown event name keeps the event: \(changes[2])")
        }
    }

    /// `"response": "String"`: each event's data as text.
    @Test func textEvents() async throws {
        let server = try server(": hello\n\ndata: first line\ndata: second line\n\ndata: 日本語 👋\n\n")
        defer { server.stop() }
        var notes: [String] = []
        for try await note in try await APIClient(baseURL: server.baseURL).stream(.orderNotes) { notes.append(note) }
        #expect(notes == ["first line\nsecond line", "日本語 👋"])
    }

    @Test func theSpecsErrorTypeBeforeTheStreamStarts() async throws {
        let server = try server(#"{"error": {"code": "gone", "message": "No more events."}}"#, status: 410)
        defer { server.stop() }
        do {
            _ = try await APIClient(baseURL: server.baseURL).stream(.orderEvents)
            Testing.Issue.record("a 410 must throw")
        } catch APIError.server(let status, _, let error as OrderError) {
            #expect(status == 410)
            #expect(error.error.code == "gone")
        }
    }
}
