/// Whether a type of the new specs reads every JSON its old type read and still sends what
/// the old one sent, so a field or variant retyped so breaks code that names the type, never
/// the wire: an enum with more values, a struct with more optional fields, an ID string that
/// is now a one-of of the ID or the object (Stripe's expandable fields), anything that is now
/// `JSON`. A field that is gone or that became required is not a widening (a request the
/// server accepted would no longer be sent as it was).
struct WireWidening {
    /// Each side's types and their digests (the comparer's).
    let oldShapes: WireShapes
    let newShapes: WireShapes
    var old: TypeTable { oldShapes.table }
    var new: TypeTable { newShapes.table }
    /// Pairs of declarations being compared: a type that holds itself is taken to widen
    /// where it recurs.
    private var assumed: Set<[Int]> = []

    init(old: WireShapes, new: WireShapes) {
        oldShapes = old
        newShapes = new
    }

    mutating func widens(_ was: TypeRef, _ now: TypeRef) -> Bool {
        if oldShapes.digest(was) == newShapes.digest(now) { return true }
        let was = old.resolved(was)
        let now = new.resolved(now)
        switch (was, now) {
        case (_, .json):
            return true
        case (.optional(let a), .optional(let b)):
            return widens(a, b)
        case (_, .optional(let b)):
            return widens(was, b)
        case (.array(let a), .array(let b)), (.dictionary(let a), .dictionary(let b)):
            return widens(a, b)
        case (.named(let a), .named(let b)):
            let pair = [a.index, b.index]
            if assumed.contains(pair) { return true }
            assumed.insert(pair)
            defer { assumed.remove(pair) }
            switch (old[a].kind, new[b].kind) {
            case (.enumeration(let before), .enumeration(let after)):
                return Set(before.cases.map(\.rawValue)).isSubset(of: after.cases.map(\.rawValue))
            case (.structure(let before), .structure(let after)):
                // Keys no field declares now decode as the `$additionalProperties` values.
                let others: Bool =
                    switch (old[a].additionalProperties, new[b].additionalProperties) {
                    case (_, nil): true
                    case (let was?, let now?): widens(was.type, now.type)
                    case (nil, let now?): now.type == .dictionary(.json)
                    }
                return others && widens(before, after)
            case (_, .oneOf(let choice)):
                return holds(was, in: choice)
            default:
                return false
            }
        case (_, .named(let id)):
            if case .oneOf(let choice) = new[id].kind { return holds(was, in: choice) }
            return false
        default:
            return false
        }
    }

    /// Every old field is still there, read widening and no more required than it was; every
    /// new field is optional.
    private mutating func widens(_ before: [Field], _ after: [Field]) -> Bool {
        for field in before {
            guard let now = after.first(where: { $0.jsonKey == field.jsonKey }) else { return false }
            let required = !now.type.isOptional && now.defaultValue == nil
            if required && field.type.isOptional { return false }
            if !widens(field.type.nonOptional, now.type.nonOptional) { return false }
        }
        return after.allSatisfy { field in
            before.contains { $0.jsonKey == field.jsonKey } || field.type.isOptional || field.defaultValue != nil
        }
    }

    /// A value that is not an object, now a variant of a one-of: the one-of chooses it by its
    /// JSON kind, whatever the tag of its object variants.
    private mutating func holds(_ was: TypeRef, in choice: OneOfInfo) -> Bool {
        if case .named(let id) = was, case .structure = old[id].kind { return false }
        if case .named(let id) = was, case .oneOf = old[id].kind { return false }
        return choice.variants.contains { variant in variant.kind != .object && widens(was, variant.type) }
    }
}
