import DTORuntime
import Foundation
import Testing

/// The app's model for `generics.json`.
struct ProductSummary: Equatable {
    var id: String
    var name: String
    var firstPrice: Int
    var pairLabel: String?
}

/// Generic types (spec-format-2 §3): Stripe's list wrapper around any resource, used for a
/// response, a field and inside another generic's arguments; `each` and paths go through them.
struct GenericsTests {
    static let json = #"""
        {"object": "list", "url": "/v1/products", "has_more": false, "data": [
          {"id": "prod_1", "name": "Tea", "tags": ["green"],
           "prices": {"object": "list", "url": "/v1/prices", "has_more": true, "data": [{"id": "price_1", "unit_amount": 450, "created": 1700000000}]},
           "pair": {"first": "label", "second": {"object": "list", "url": "/x", "has_more": false, "data": []}}}
        ]}
        """#

    @Test func listWrappersDecodeMapAndRoundTrip() throws {
        let page = try decodeBoth(Page<Product>.self, from: Data(Self.json.utf8))
        #expect(page.data.first?.prices.data.first?.created == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(page.data.first?.pair?.second.hasMore == false)
        #expect(page.data.first?.tags == ["green"])
        #expect(
            try ProductSummary.from(page) == [
                ProductSummary(id: "prod_1", name: "Tea", firstPrice: 450, pairLabel: "label")
            ])
        let again = try decodeBoth(Page<Product>.self, from: JSONEncoder().encode(page))
        #expect(again == page)
        let endpoint: Endpoint<EndpointKinds.Public, Page<Product>> = .listProducts(limit: 3)
        #expect(try endpoint.decode(Data(Self.json.utf8)) == page)
    }
}
