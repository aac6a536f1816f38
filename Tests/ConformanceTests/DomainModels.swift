import Foundation

// Hand-written domain models the conformance specs map onto. None of them is Decodable:
// the generated `init(from dto:)` extensions are the only bridge from JSON.

struct GitHubProfile: Equatable {
    var login: String
    var displayName: String
    var isOrganization: Bool
    var kind: String
    var website: URL?
    var joined: Date?
    var followers: Int
}

struct RepositorySummary: Equatable {
    var fullName: String
    var ownerLogin: String
    var stars: Int
    var license: String?
    var topics: [String]
    var canAdmin: Bool
    var homepage: URL?
}

struct IssueLabel: Equatable {
    var name: String
    var color: String
}

struct IssueSummary: Equatable {
    var number: Int
    var title: String
    var author: String
    var labels: [IssueLabel]
    var isOpen: Bool
    var thumbsUp: Int
    var opened: Date
}

struct Contact: Equatable {
    var id: Int
    var name: String
    var email: String
    var city: String
    var latitude: Double
    var longitude: Double
    var website: URL
    var company: String
}

struct Article: Equatable {
    var id: Int
    var authorID: Int
    var title: String
    var body: String
    var source: String
}

/// A class model, as SwiftData's `@Model` types are: mapped with a convenience init.
final class Creature {
    let id: Int
    let name: String
    let heightDecimetres: Int
    let artwork: URL?
    let firstType: String
    let abilities: [CreatureAbility]

    init(id: Int, name: String, heightDecimetres: Int, artwork: URL?, firstType: String, abilities: [CreatureAbility]) {
        self.id = id
        self.name = name
        self.heightDecimetres = heightDecimetres
        self.artwork = artwork
        self.firstType = firstType
        self.abilities = abilities
    }
}

struct CreatureAbility: Equatable {
    var name: String
    var isHidden: Bool
}

struct HourlyOutlook: Equatable {
    var timeZone: String
    var start: Date
    var hours: Int
    var rainUnit: String
}

struct AreaForecast: Equatable {
    var area: String
    var firstElement: String
    var from: Date
    var summary: String
    var code: Int
}

public struct BillingAccount: Equatable {
    public var id: String
    public var email: String?
    public var createdAt: Date
    public var isDelinquent: Bool
    public var subscriber: String?
    public var currency: String
}

enum AnimalStatus: String {
    case available, pending, sold
}

struct Animal: Equatable {
    var id: Int64
    var name: String
    var category: String
    var status: AnimalStatus
    var firstPhoto: String
}
