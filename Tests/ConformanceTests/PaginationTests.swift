@_spi(Generated) import DTORuntime
import Foundation
import LoopbackServer
import Testing

/// `"paginate"` in its four styles (spec-format-2 §9): `client.pages` fetches each page when
/// iterated and stops after the last, against the loopback server.
struct PaginationTests {
    static func orders(_ ids: [Int]) -> String {
        "[" + ids.map { #"{"id": \#($0), "status": "paid"}"# }.joined(separator: ", ") + "]"
    }

    /// The query item `name` of a recorded request.
    static func value(_ name: String, in request: RecordedRequest) -> String? {
        request.query?.split(separator: "&").first { $0.hasPrefix("\(name)=") }.map {
            String($0.dropFirst(name.count + 1))
        }
    }

    @Test func cursorStyleFollowsTheLastIDWhileThereIsMore() async throws {
        let server = try LoopbackServer { request in
            switch Self.value("starting_after", in: request) {
            case nil: .json(#"{"data": \#(Self.orders([1, 2])), "has_more": true}"#)
            case "2": .json(#"{"data": \#(Self.orders([3, 4])), "has_more": true}"#)
            default: .json(#"{"data": \#(Self.orders([5])), "has_more": false}"#)
            }
        }
        defer { server.stop() }
        var ids: [Int] = []
        for try await page in APIClient(baseURL: server.baseURL).pages(.ordersByCursor(limit: 2)) {
            ids += page.data.map(\.id)
        }
        #expect(ids == [1, 2, 3, 4, 5])
        #expect(
            server.requests.map(\.target) == [
                "/cursor?limit=2", "/cursor?limit=2&starting_after=2", "/cursor?limit=2&starting_after=4",
            ])
    }

    @Test func nextStyleStopsOnANullCursor() async throws {
        let server = try LoopbackServer { request in
            switch Self.value("cursor", in: request) {
            case nil: .json(#"{"items": \#(Self.orders([1])), "next_cursor": "c2"}"#)
            case "c2": .json(#"{"items": \#(Self.orders([2])), "next_cursor": "c3"}"#)
            default: .json(#"{"items": \#(Self.orders([3])), "next_cursor": null}"#)
            }
        }
        defer { server.stop() }
        var pages: [[Int]] = []
        for try await page in APIClient(baseURL: server.baseURL).pages(.ordersByNext) {
            pages.append(page.items.map(\.id))
        }
        #expect(pages == [[1], [2], [3]])
    }

    @Test func linkStyleFollowsTheLinkHeader() async throws {
        let server = try LoopbackServer { request in
            let page = Int(Self.value("p", in: request) ?? "1") ?? 1
            var headers = ["Content-Type": "application/json"]
            if page < 3 {
                headers["Link"] =
                    #"<http://127.0.0.1:\#(request.headers["host"]?.split(separator: ":").last ?? "0")/link?p=\#(page + 1)>; rel="next", <http://x/last>; rel="last""#
            }
            return .respond(status: 200, headers: headers, body: Data(Self.orders([page]).utf8))
        }
        defer { server.stop() }
        var ids: [Int] = []
        for try await page in APIClient(baseURL: server.baseURL).pages(.ordersByLink) { ids += page.map(\.id) }
        #expect(ids == [1, 2, 3])
        #expect(server.requests.map(\.target) == ["/link", "/link?p=2", "/link?p=3"])
    }

    @Test func pageStyleStopsOnAnEmptyPage() async throws {
        let server = try LoopbackServer { request in
            let page = Int(Self.value("page", in: request) ?? "1") ?? 1
            return .json(Self.orders(page <= 3 ? [page] : []))
        }
        defer { server.stop() }
        var pages: [[Int]] = []
        for try await page in APIClient(baseURL: server.baseURL).pages(.ordersByPage()) { pages.append(page.map(\.id)) }
        #expect(pages == [[1], [2], [3], []])
        #expect(server.requests.count == 4)
    }

    @Test func pagesAreFetchedOnlyWhenIterated() async throws {
        let server = try LoopbackServer { _ in .json(#"{"data": \#(Self.orders([1])), "has_more": true}"#) }
        defer { server.stop() }
        var iterator = APIClient(baseURL: server.baseURL).pages(.ordersByCursor()).makeAsyncIterator()
        #expect(server.requests.isEmpty)
        _ = try await iterator.next()
        _ = try await iterator.next()
        #expect(server.requests.count == 2)
        #expect(
            Pagination.nextLink(
                in:
                    #"<https://api.github.com/repos?page=2>; rel="next", <https://api.github.com/repos?page=9>; rel="last""#
            )?.absoluteString == "https://api.github.com/repos?page=2")
    }
}
