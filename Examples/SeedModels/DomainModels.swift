public import Foundation

/// Seed article 002: the domain user is flat and has a real `Date`; the JSON nests the name
/// and sends the birth date as a Unix timestamp. Only the generated mapping knows both.
public struct User: Sendable, Hashable {
    public var firstName: String
    public var lastName: String
    public var email: String
    public var dateOfBirth: Date
}

/// Seed article 001: what the app shows of a catalog product.
public struct CatalogItem: Sendable, Hashable {
    public var id: Int
    public var title: String
    public var price: Decimal
    public var isAvailable: Bool
}

/// Seed article 004: an item of the store, from the featured list or a search.
public struct StoreItem: Sendable, Hashable {
    public var id: UUID
    public var name: String
    public var price: Double
    public var imageURL: URL?
    public var category: String
}

/// What the app's "sell an item" screen produces (seed 002 in the other direction): the
/// store spec's `createItem` builds its body from it (`bodyFrom`).
public struct NewListing: Sendable, Hashable {
    public struct Price: Sendable, Hashable {
        public var amount: Double
        public var currency: String

        public init(amount: Double, currency: String) {
            self.amount = amount
            self.currency = currency
        }
    }

    public var title: String
    public var price: Price
    public var tags: [String]
    public var attributes: [String: String]

    public init(title: String, price: Price, tags: [String], attributes: [String: String]) {
        self.title = title
        self.price = price
        self.tags = tags
        self.attributes = attributes
    }
}
