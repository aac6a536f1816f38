@testable import DTORuntime
import Foundation
import LoopbackServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The parts of a transfer session a loopback test cannot reach through `APIClient`: the
/// system's completion handler for a background session's events, whichever comes first,
/// and a transfer whose caller was cancelled before its task was resumed.
@Suite(.timeLimit(.minutes(1)))
struct TransferSessionTests {
    /// Calls to the system's completion handler, counted.
    @MainActor final class Calls {
        var count = 0
        var handler: () -> Void { { self.count += 1 } }
    }

    @MainActor @Test func theHandlerIsCalledOnceTheEventsAreDelivered() {
        let events = URLSessionBackgroundEvents()
        let calls = Calls()
        events.wait(calls.handler)
        #expect(calls.count == 0)
        events.finish()
        #expect(calls.count == 1)
        events.finish()
        #expect(calls.count == 1, "called once")
    }

    /// A session made at launch may deliver its events before the app delegate is asked.
    @MainActor @Test func eventsDeliveredFirstCallTheHandlerAtOnce() {
        let events = URLSessionBackgroundEvents()
        let calls = Calls()
        events.finish()
        events.wait(calls.handler)
        #expect(calls.count == 1)
        let later = Calls()
        events.wait(later.handler)
        #expect(later.count == 0, "the next handler waits for the next events")
    }

    /// A handler kept before is not dropped when the system gives another.
    @MainActor @Test func anEarlierHandlerIsCalledWhenAnotherComes() {
        let events = URLSessionBackgroundEvents()
        let first = Calls()
        let second = Calls()
        events.wait(first.handler)
        events.wait(second.handler)
        #expect(first.count == 1 && second.count == 0)
        events.finish()
        #expect(first.count == 1 && second.count == 1)
    }

    /// A task cancelled before it was resumed (its caller was cancelled first) may complete
    /// before the caller waits for it: the caller then gets that outcome at once, rather than
    /// a wait that never ends.
    @Test func aTransferThatEndsBeforeItsCallerWaitsEndsTheWait() async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: Data("%PDF".utf8)) }
        defer { server.stop() }
        let session = URLSession(configuration: .default)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: server.baseURL.appendingPathComponent("invoice.pdf"))
        let transfer = URLSessionTransfer(progress: nil, destination: nil)
        transfer.completed(task, error: URLError(.cancelled))
        await #expect(throws: CancellationError.self) { try await transfer.run(task) }
    }

    /// Cancelled before it starts, on either kind of session: a cancellation.
    @Test(arguments: [false, true])
    func aTransferCancelledBeforeItStartsEnds(onTransferSession: Bool) async throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: Data("%PDF".utf8)) }
        defer { server.stop() }
        let transport = onTransferSession ? URLSessionTransport(transfers: .default) : URLSessionTransport()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-cancel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let request = URLRequest(url: server.baseURL.appendingPathComponent("invoice.pdf"))
        for round in 0..<20 {
            let download = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await transport.download(
                    request, to: folder.appendingPathComponent("\(round).pdf"), progress: nil)
            }
            let result = await download.result
            #expect(throws: CancellationError.self) { try result.get() }
        }
    }
}
