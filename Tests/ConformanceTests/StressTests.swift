import DTORuntime
import Foundation
import LoopbackServer
import Testing

/// 1,000 requests through one `APIClient`, 50 in flight at once, against the loopback
/// server, mixing successes, 500s, dropped connections and slow answers: every request gets
/// exactly one result of the right kind, nothing crashes, memory comes back. Prints its
/// figures (throughput, counts, memory); asserts behaviour only, never time.
///
/// It measures the whole process's memory, so it runs alone: `.ci/run` runs it as its own
/// step (`DTOGEN_STRESS=1 swift test --filter StressTests`), away from the parallel suite.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DTOGEN_STRESS"] == "1"))
struct StressTests {
    enum Outcome: Equatable { case ok, status500, transport, other }

    /// Resident memory in MB (Linux `/proc/self/statm`; 0 elsewhere).
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { return 0 }
        return pages * 4096 / 1_048_576
    }

    @Test func aThousandMixedRequestsFiftyInFlight() async throws {
        let server = try LoopbackServer { request in
            let id = Int(request.path.split(separator: "/").last ?? "") ?? -1
            switch id % 10 {
            case 7: return .json("{}", status: 500)
            case 8: return .dropConnection
            case 9: return .delayed(seconds: 0.05, .json(#"{"id": \#(id), "status": "slow"}"#))
            default: return .json(#"{"id": \#(id), "status": "paid"}"#)
            }
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let total = 1000
        let inFlight = 50
        let memoryBefore = Self.residentMegabytes()
        let started = Date()
        var outcomes: [Int: Outcome] = [:]
        await withTaskGroup(of: (Int, Outcome).self) { group in
            var next = 0
            func add() {
                let id = next
                next += 1
                group.addTask {
                    do {
                        let order = try await client.send(.order(id: id))
                        return (id, order.id == id ? .ok : .other)
                    } catch APIError.status(code: 500, _) {
                        return (id, .status500)
                    } catch APIError.transport {
                        return (id, .transport)
                    } catch {
                        return (id, .other)
                    }
                }
            }
            for _ in 0..<inFlight { add() }
            while let (id, outcome) = await group.next() {
                #expect(outcomes[id] == nil, "request \(id) answered twice")
                outcomes[id] = outcome
                if next < total { add() }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(outcomes.count == total)
        for id in 0..<total {
            let expected: Outcome = id % 10 == 7 ? .status500 : id % 10 == 8 ? .transport : .ok
            #expect(outcomes[id] == expected, "request \(id)")
        }
        #expect(server.requests.count == total)
        let memoryAfter = Self.residentMegabytes()
        #expect(memoryAfter - memoryBefore < 100, "memory grew from \(memoryBefore) MB to \(memoryAfter) MB")
        let counts = Dictionary(grouping: outcomes.values, by: { $0 }).mapValues(\.count)
        print(
            "stress: \(total) requests, \(inFlight) in flight, \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", Double(total) / seconds)) requests/s; ok \(counts[.ok] ?? 0), 500 \(counts[.status500] ?? 0), dropped \(counts[.transport] ?? 0), other \(counts[.other] ?? 0); resident memory \(String(format: "%.0f", memoryBefore)) → \(String(format: "%.0f", memoryAfter)) MB"
        )
    }
}
