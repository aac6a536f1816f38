import DTORuntime
import Foundation
import Testing

/// The app's own `Item`, beside the DTO `Shop.Item` (`options.namespace`).
struct Item: Equatable {
    var id: Int
    var image: URL?
    var state: String
}

struct NamespaceTests {
    /// Nested in `enum Shop`, the DTO never clashes with the app's type of the same name,
    /// and `options.enums: "open"` keeps a state the spec does not list.
    @Test func dtosLiveInTheNamespace() throws {
        let dto = try decodeBoth(
            Shop.Item.self, from: Data(#"{"id": 3, "image_url": "https://x.example/i.png", "state": "reserved"}"#.utf8))
        #expect(dto.imageURL == URL(string: "https://x.example/i.png"))
        #expect(dto.state == .unknown("reserved"))
        #expect(Item(from: dto) == Item(id: 3, image: URL(string: "https://x.example/i.png"), state: "reserved"))
        let endpoint: Endpoint<EndpointKinds.Public, Shop.Item> = .item(id: 3)
        #expect(endpoint.path.percentEncoded == "/items/3")
    }

    /// The base URL's enum is in the namespace too (`Shop.ShopAPI`, named from the spec's
    /// `name`), and the live repository's client defaults to it.
    @Test func theBaseURLLivesInTheNamespace() async throws {
        #expect(Shop.ShopAPI.baseURL.absoluteString == "https://shop.example/v1")
        let repository = ShopRepositoryLive()
        #expect(repository.client.baseURL == Shop.ShopAPI.baseURL)
    }
}
