/// The Swift names already used in one scope (a spec's top-level types, a declaration's
/// members, an API's factories, a function's arguments, a repository's properties) and the
/// one rule that gives a new name in it: the name itself when it is free, else the name with
/// 2, 3, ... appended (`_2` after a name that ends in a digit). Every name dtogen numbers is
/// numbered here.
public struct NameScope: Sendable, Equatable {
    public private(set) var names: Set<String>

    public init(_ names: some Sequence<String> = [String]()) {
        self.names = Set(names)
    }

    public func contains(_ name: String) -> Bool { names.contains(name) }

    /// The name `base` would get here, without taking it.
    public func free(_ base: String) -> String {
        Self.free(base, isTaken: names.contains)
    }

    /// The rule itself, over names a caller checks in place (a nested type's scope is its
    /// file's names, its siblings and its ancestors, not copied into one set for each type).
    static func free(_ base: String, isTaken: (String) -> Bool) -> String {
        guard isTaken(base) else { return base }
        // `_1` becomes `_1_2`, not the confusing `_12`.
        let separator = base.last?.isNumber == true ? "_" : ""
        var n = 2
        while isTaken("\(base)\(separator)\(n)") { n += 1 }
        return "\(base)\(separator)\(n)"
    }

    /// The first of `candidates` that is free, else the first candidate numbered.
    public func firstFree(_ candidates: [String]) -> String {
        candidates.first { !names.contains($0) } ?? free(candidates.first ?? "")
    }

    /// Takes the name `base` gets here and returns it.
    @discardableResult
    public mutating func claim(_ base: String) -> String {
        let name = free(base)
        names.insert(name)
        return name
    }

    /// Marks a name used as it is (a name the spec spells, a name another rule decided).
    public mutating func reserve(_ name: String) {
        names.insert(name)
    }
}

/// A declaration's members, or a factory's arguments, each named after the JSON key (or
/// other owner) it comes from: of two owners that give one name, the later yields and is
/// numbered, and the caller learns which owner had the name, to say so.
struct OwnedNames: Sendable {
    /// Swift name → its owner.
    private(set) var owners: [String: String] = [:]

    /// `name` for `owner`, or, when another owner has it, the first free one and that owner.
    mutating func claim(_ name: String, for owner: String) -> (name: String, takenBy: String?) {
        let other = owners[name]
        let claimed = other == nil ? name : NameScope(owners.keys).free(name)
        owners[claimed] = owner
        return (claimed, other)
    }

    /// The name a new member called `base` would get, without taking it.
    func free(_ base: String) -> String { NameScope(owners.keys).free(base) }
}
