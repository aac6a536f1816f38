import DTORuntime
import Foundation
import Testing

/// Generated code compiled next to user types named `Endpoint`, `Envelope`, `Mapping`,
/// `APIClient`, `Result`, `Decoder`, `Encoder`, `JSONValue`, `Identifiable` (UserTypes.swift): this target
/// building is the first half of the test; the second is that the code still does its job.
struct ShadowingTests {
    static let payload = #"""
        {"id": 7, "placed_at": "2024-05-01T10:00:00Z", "tags": ["gift", 3], "total": "12.5",
         "extra": {"k": [1]}, "state": "refunded", "lines": [{"sku": "A", "qty": 2}], "coords": [13.4, 52.5]}
        """#

    @Test func dtosDecodeEncodeAndMap() throws {
        let order = try JSONDecoder().decode(Order.self, from: Data(Self.payload.utf8))
        #expect(order.tags == ["gift"])
        #expect(order.total == 12.5)
        #expect(order.state == .other("refunded"))
        #expect(order.extra?["k"]?[0] == 1)
        let again = try JSONDecoder().decode(Order.self, from: JSONEncoder().encode(order))
        #expect(again == order)
        // Swift's `Identifiable`, not the app's protocol of that name: what SwiftUI's lists take.
        func ids<Item: Swift.Identifiable>(_ items: [Item]) -> [Item.ID] { items.map(\.id) }
        #expect(ids([order, again]) == [7, 7])
        let summary = try OrderSummary(from: order)
        #expect(
            summary
                == OrderSummary(
                    id: 7, placed: Date(timeIntervalSince1970: 1_714_557_600), firstTag: "gift", latitude: 52.5,
                    total: "12.5", lines: [OrderLine(sku: "A", quantity: 2)]))
    }

    @Test func mappingErrorsAreTheRuntimes() throws {
        var order = try JSONDecoder().decode(Order.self, from: Data(Self.payload.utf8))
        order = Order(id: order.id, placedAt: order.placedAt, tags: [], total: 1, state: .open, lines: [], coords: [1])
        #expect(
            throws: DTORuntime.MappingError(
                model: "OrderSummary", field: "latitude", source: "coords[1]",
                reason: "index 1 is out of range (the array has 1 elements)")
        ) {
            try OrderSummary(from: order)
        }
    }

    @Test func endpointsBuildRequestsAndUnwrapTheEnvelope() throws {
        let endpoint: DTORuntime.Endpoint<DTORuntime.EndpointKinds.Public, Order> = .order(
            id: 7, state: .open, since: Date(timeIntervalSince1970: 0), xTrace: "t")
        let request = try endpoint.makeRequest(baseURL: ShadowingAPI.baseURL, with: ())
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/v1/orders/7?state=open&since=1970-01-01T00%3A00%3A00Z")
        #expect(request.value(forHTTPHeaderField: "X-Trace") == "t")
        let wrapped = #"{"status": "ok", "data": \#(Self.payload)}"#
        #expect(try endpoint.decode(Data(wrapped.utf8)).id == 7)
        #expect(throws: DTORuntime.APIError.self) {
            try endpoint.decode(Data(#"{"status": "no", "error": "bad"}"#.utf8))
        }

        let order = try JSONDecoder().decode(Order.self, from: Data(Self.payload.utf8))
        let create: DTORuntime.Endpoint<DTORuntime.EndpointKinds.Private, Order> = .createOrder(body: order)
        let post = try create.makeRequest(
            baseURL: ShadowingAPI.baseURL, with: DTORuntime.AccessToken(rawValue: "secret"))
        #expect(post.httpMethod == "POST")
        #expect(post.value(forHTTPHeaderField: "Authorization") == "Bearer secret")
    }
}
