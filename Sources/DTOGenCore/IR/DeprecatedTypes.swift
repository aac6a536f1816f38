/// What a deprecated type reaches. A type marked `$deprecated` gets `@available(*,
/// deprecated)`, and Swift warns wherever code spells it unless that code is deprecated too;
/// so every generated declaration that spells one (a property, a one-of case, a type alias, a
/// factory, a mapping, a repository method) is deprecated with it. Generated files then
/// compile without a warning, and the app's code that reaches the type through any of them
/// gets one.
struct DeprecatedTypes: Sendable {
    /// The deprecated declarations: the marked ones, the types nested in them (spelled
    /// through them) and aliases of a type that spells one, each with what a declaration that
    /// spells it says (`"Old is deprecated: use New"`).
    private var spelled: [DeclID: Deprecation] = [:]
    /// Each deprecated declaration's deprecation: its own, or the one it takes.
    private var declared: [DeclID: Deprecation] = [:]
    /// Declarations whose `init(from:)` and `encode(to:)` are deprecated (see `codingDeprecation`).
    private var coding: [DeclID: Deprecation] = [:]

    init(_ table: TypeTable) {
        let ids = table.decls.indices.map { DeclID(index: $0) }
        for id in ids {
            if let own = table[id].deprecation {
                spelled[id] = Self.spelling(table[id].qualifiedName, own)
                declared[id] = own
            } else if let marked = Self.markedAncestor(of: id, in: table) {
                spelled[id] = Self.spelling(table[marked].qualifiedName, table[marked].deprecation)
                declared[id] = spelled[id]
            }
        }
        // An alias of a deprecated type is as deprecated: `typealias Old2 = [Old]`; and so is a
        // response by status with a case that holds one, and response headers with a header
        // of one (the factory that spells it, with it).
        var changed = !spelled.isEmpty
        while changed {
            changed = false
            for id in ids where spelled[id] == nil {
                let spells: [TypeRef] =
                    switch table[id].kind {
                    case .alias(let target): [target]
                    case .statusResponses(let cases): cases.compactMap(\.payload)
                    case .responseHeaders(let fields): fields.map(\.type)
                    default: []
                    }
                var found: Deprecation?
                for type in spells where found == nil { found = mentioned(in: type, table: table) }
                guard let found else { continue }
                spelled[id] = found
                declared[id] = found
                changed = true
            }
        }
        if !spelled.isEmpty { findDeprecatedCoding(table, ids: ids) }
    }

    /// A struct with a field, or a one-of with a variant, that spells a deprecated type sets
    /// it in its `init(from:)`, so that is deprecated; and a one-of whose variant is such a
    /// type calls that `init(from:)` and `encode(to:)` directly, so its own are too.
    private mutating func findDeprecatedCoding(_ table: TypeTable, ids: [DeclID]) {
        for id in ids {
            let types: [TypeRef]
            switch table[id].kind {
            case .structure(let fields):
                types = (fields + (table[id].additionalProperties.map { [$0] } ?? [])).map(\.type)
            case .oneOf(let info): types = info.variants.map(\.type)
            case .statusResponses(let cases): types = cases.compactMap(\.payload)
            case .responseHeaders(let fields): types = fields.map(\.type)
            case .enumeration, .alias, .appType: types = []
            }
            if let found = types.first(where: { mentioned(in: $0, table: table) != nil }) {
                coding[id] = mentioned(in: found, table: table)
            }
        }
        var changed = !coding.isEmpty
        while changed {
            changed = false
            for id in ids where coding[id] == nil {
                guard case .oneOf(let info) = table[id].kind else { continue }
                var called: Deprecation?
                for variant in info.variants where called == nil {
                    switch table.resolved(variant.type) {
                    case .named(let other), .generic(let other, _): called = coding[other]
                    default: break
                    }
                }
                guard let called else { continue }
                coding[id] = called
                changed = true
            }
        }
    }

    /// Whether the declaration's `init(from:)`, `encode(to:)` and memberwise init (and its
    /// fast path's init) are deprecated: a field or variant spells a deprecated type, or a
    /// variant's coding is deprecated.
    func codingDeprecation(of id: DeclID) -> Deprecation? { coding[id] }

    /// Whether nothing is deprecated (most specs): every question then answers nil at once.
    var isEmpty: Bool { spelled.isEmpty }

    /// A declaration's deprecation: its own, or the one it takes from a type it is nested in
    /// or aliases.
    func deprecation(of id: DeclID) -> Deprecation? { declared[id] }

    /// What reading `field` of `owner` meets: a deprecated type it spells, or its own
    /// `$deprecated` (`"Page.nextCursor is deprecated: use cursor"`). Generated code that
    /// reads it (a mapping, a pagination closure) is deprecated with it.
    func read(_ field: Field, of owner: DeclID, table: TypeTable) -> Deprecation? {
        mentioned(in: field.type, table: table)
            ?? field.deprecation.map { Self.spelling("\(table[owner].qualifiedName).\(field.name)", $0) }
    }

    /// The deprecation of the first deprecated type `type` spells, as a warning that names
    /// it (`"Old is deprecated: use New"`).
    func mentioned(in type: TypeRef, table: TypeTable) -> Deprecation? {
        guard !spelled.isEmpty else { return nil }
        switch type {
        case .named(let id):
            return spelled[id]
        case .generic(let id, let arguments):
            if let own = spelled[id] { return own }
            return arguments.lazy.compactMap { mentioned(in: $0, table: table) }.first
        case .array(let inner), .dictionary(let inner), .optional(let inner):
            return mentioned(in: inner, table: table)
        case .scalar, .json, .parameter:
            return nil
        }
    }

    static func markedAncestor(of id: DeclID, in table: TypeTable) -> DeclID? {
        var current = table[id].parent
        while let parent = current {
            if table[parent].deprecation != nil { return parent }
            current = table[parent].parent
        }
        return nil
    }

    /// A deprecation taken from a type the declaration spells: its message names the type.
    static func spelling(_ name: String, _ deprecation: Deprecation?) -> Deprecation {
        let said = deprecation?.message.map { ": " + $0 } ?? ""
        return Deprecation(message: "\(name) is deprecated\(said)")
    }
}
