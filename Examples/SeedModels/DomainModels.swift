import Foundation

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
