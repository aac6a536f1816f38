/// A struct domain model in a library that commits its generated code (Generated/),
/// written by `swift package --allow-writing-to-package-directory generate-dtos --target StationsKit`.
public struct Station: Equatable, Sendable {
    public var id: String
    public var name: String
    public var elevation: Double
    public var isActive: Bool

    public init(id: String, name: String, elevation: Double, isActive: Bool) {
        self.id = id
        self.name = name
        self.elevation = elevation
        self.isActive = isActive
    }
}
