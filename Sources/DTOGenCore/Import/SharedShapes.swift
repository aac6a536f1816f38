/// Inline schemas that a document writes the same way in several places become one named
/// type in `types`, used at each place, instead of a nested copy per field: Stripe's
/// expandable fields (`anyOf: [string, $ref Customer]` on 16 types), its `metadata` one-of
/// (85 places), the `created` range filter of 43 list endpoints. Shapes are the same when
/// their spec text is, docs aside: one-ofs and inline objects.
///
/// Inline enums are not shared: each is nested where it is written (`PaymentIntent.CaptureMethod`),
/// so its name never depends on what else the document holds. Shared, an enum was named
/// after one of its uses, and renamed when a schema that sorts first wrote the same values,
/// or split when one use gained a value. An enum an earlier import shared (`--update`)
/// stays shared under its name while its values are the same.
enum SharedShapes {
    /// `types` and `endpoints` of a translated spec, each shape written twice or more
    /// replaced by the name of a type declared once (after the document's own types, by name).
    /// `taken`: names a new type must not have. `previous`: what an earlier import decided
    /// (`--update`), kept while a shape is written the same: a shape it declared stays a type
    /// under its name, even where it is now written once (an enum too); a shape it wrote in
    /// place stays in place, even where another operation now writes it too.
    ///
    /// Names do not depend on the order the document writes things in: a shape is named
    /// from the first of its uses in a fixed order (in a type before in an endpoint, then by
    /// name), and shapes take names in the order of their text.
    static func shared(
        types: [(String, DraftJSON)], endpoints: [DraftJSON], taken: Set<String>, previous: PreviousImport? = nil,
        naming: NamingStyle = .swift
    ) -> (types: [(String, DraftJSON)], endpoints: [DraftJSON]) {
        let ownNames = taken.union(types.map(\.0))
        // Several types of the earlier spec may be written alike (one-ofs whose inline
        // variants had names of their own, now each the same shared type).
        let pinnedNames = (previous?.shapeNames ?? [:]).compactMapValues { names -> [String]? in
            let free = names.filter { !ownNames.contains($0) }
            return free.isEmpty ? nil : free
        }
        let pinned = pinnedNames.compactMapValues(\.first)
        let rules = Census.Rules(
            pinned: pinned, inPlace: (previous?.inPlaceShapes ?? []).subtracting(pinned.keys),
            ambiguous: previous?.ambiguousShapes ?? [])
        // A shape inside a shared one counts once (in the declaration), so rounds run until
        // the set of shared shapes stops changing.
        var repeated: Set<String> = []
        var census = Census(repeated: [], rules: rules)
        for _ in 0..<4 {
            census = Census(repeated: repeated, rules: rules)
            census.count(types: types, endpoints: endpoints)
            // What a shared shape holds, once.
            var index = 0
            while index < census.order.count {
                let key = census.order[index]
                if repeated.contains(key), let shape = census.shapes[key] {
                    census.countInside(.object(shape.members), hint: shape.hint)
                }
                index += 1
            }
            let next = Set(census.order.filter { (census.uses[$0] ?? 0) > 1 || census.kept.contains($0) })
            if next == repeated { break }
            repeated = next
        }
        guard !repeated.isEmpty else { return (types, endpoints) }
        var names: [String: String] = [:]
        var taken = ownNames.union(SpecReader.builtinScalars).union(SwiftName.reservedTypes)
        // Shapes take names in the order of how they are written: a new use of a shape (an
        // operation added) never changes which shape a contested name goes to.
        let ordered = census.order.filter(repeated.contains).compactMap { key in census.shapes[key].map { (key, $0) } }
            .sorted { $0.0 < $1.0 }
        // Names an earlier import gave, then the rest in the fixed order. A shape is declared
        // with the names of the shapes inside it, so those are pinned first.
        var pinning = !pinned.isEmpty
        while pinning {
            pinning = false
            let rewrite = Rewrite(names: names)
            for (key, shape) in ordered where names[key] == nil {
                guard case .object(let declared) = rewrite.inside(.object(shape.members), hint: shape.hint).unlocated,
                    let candidates = pinnedNames[SharedShapes.key(declared)],
                    case let natural = shape.name(taken: taken, style: naming),
                    let name = candidates.contains(natural) ? natural : candidates.first(where: { !taken.contains($0) })
                else { continue }
                taken.insert(name)
                names[key] = name
                pinning = true
            }
        }
        for (key, shape) in ordered where names[key] == nil {
            let name = shape.name(taken: taken, style: naming)
            taken.insert(name)
            names[key] = name
        }
        let rewrite = Rewrite(names: names)
        var declared: [(String, DraftJSON)] = []
        for (key, shape) in ordered {
            guard let name = names[key] else { continue }
            let members = rewrite.inside(.object(shape.members), hint: shape.hint)
            declared.append((name, shape.location.map { .located(members, $0) } ?? members))
        }
        declared.sort { $0.0 < $1.0 }
        return (
            types.map { ($0.0, rewrite.inside($0.1, hint: Hint(parent: $0.0))) } + declared,
            endpoints.map { mapShapes(inEndpoint: $0, rewrite.apply) }
        )
    }

    /// Members that say what a shape is; the others (`$optional`, `$doc`, `$typeName`, a
    /// field's modifiers) belong to the place it is used.
    static func isShapeKey(_ key: String) -> Bool {
        !key.hasPrefix("$") || key.hasPrefix("$$")
            || ["$oneOf", "$discriminator", "$unknown", "$enum", "$additionalProperties"].contains(key)
    }

    struct Shape {
        enum Kind { case choice, object, enumeration }
        var kind: Kind
        var members: [(String, DraftJSON)]
        /// The use it is named from: the first in `Hint`'s order.
        var hint: Hint
        var location: SourceLocation?

        /// The first free of the names `ImportedNames.sharedShape` gives it.
        func name(taken: Set<String>, style: NamingStyle) -> String {
            var variantNames: [String]?
            if kind == .choice, let variants = SharedShapes.variants(members),
                case let names = variants.compactMap(SharedShapes.variantName), names.count == variants.count
            {
                variantNames = names
            }
            let candidates = ImportedNames.sharedShape(
                isChoice: kind == .choice, isEnum: kind == .enumeration, variants: variantNames, parent: hint.parent,
                field: hint.field, position: hint.position, style: style)
            return NameScope(taken).firstFree(candidates)
        }
    }

    /// Where a shape is written: the type or endpoint, and the field or parameter (or
    /// `body`, `response`, `error` of an endpoint). Ordered uses in types first (a document's
    /// schemas change less often than its operations), then by name.
    struct Hint: Comparable {
        var parent: String
        var field: String?
        var position: String?
        var inEndpoint = false

        static func < (lhs: Hint, rhs: Hint) -> Bool {
            (lhs.inEndpoint ? 1 : 0, lhs.parent, lhs.field ?? "", lhs.position ?? "") < (
                rhs.inEndpoint ? 1 : 0, rhs.parent, rhs.field ?? "", rhs.position ?? ""
            )
        }
    }

    /// What a shared shape is: its kind, and the members that make it (docs left out, so
    /// two schemas that differ only in their descriptions are one type).
    static func shape(_ members: [(String, DraftJSON)]) -> (
        key: String, kind: Shape.Kind, members: [(String, DraftJSON)]
    )? {
        let kind: Shape.Kind
        if members.contains(where: { $0.0 == "$oneOf" }) {
            kind = .choice
        } else if let values = members.first(where: { $0.0 == "$enum" }).map({ unlocated($0.1) }) {
            // A one-value enum is a tag (Stripe's `object: list`): it stays where it is.
            guard case .array(let list) = values, list.count > 1 else { return nil }
            kind = .enumeration
        } else if members.contains(where: { !$0.0.hasPrefix("$") || $0.0.hasPrefix("$$") }) {
            kind = .object
        } else {
            return nil
        }
        let shapeMembers = members.filter { isShapeKey($0.0) }
        return (key(shapeMembers), kind, shapeMembers)
    }

    /// `members` as compact JSON without docs, to compare shapes.
    static func key(_ members: [(String, DraftJSON)]) -> String {
        var text = ""
        write(.object(members), into: &text)
        return text
    }

    static func write(_ value: DraftJSON, into text: inout String) {
        switch value {
        case .located(let inner, _): write(inner, into: &text)
        case .array(let elements):
            text += "["
            for element in elements {
                write(element, into: &text)
                text += ","
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (key, member) in members where key != "$doc" {
                text += DraftJSON.quoted(key) + ":"
                write(member, into: &text)
                text += ","
            }
            text += "}"
        case .string(let string): text += DraftJSON.quoted(string)
        case .number(let lexeme): text += lexeme
        case .bool(let flag): text += flag ? "true" : "false"
        case .null: text += "null"
        }
    }

    static func variants(_ members: [(String, DraftJSON)]) -> [DraftJSON]? {
        switch members.first(where: { $0.0 == "$oneOf" }).map({ unlocated($0.1) }) {
        case .array(let list): list
        case .object(let tagged): tagged.map(\.1)
        default: nil
        }
    }

    /// A variant's name when it names its type wholly (`Customer`, `[Customer]`,
    /// `{ "$dict": "String" }`); nil for an inline object, enum or one-of.
    static func variantName(_ variant: DraftJSON) -> String? {
        switch unlocated(variant) {
        case .string(let reference):
            return reference.hasSuffix("?") || reference.contains("<") ? nil : reference
        case .array(let elements):
            guard elements.count == 1, let element = elements.first else { return nil }
            return variantName(element).map { $0 + "List" }
        case .object(let members):
            if members.count == 1, let dict = members.first, dict.0 == "$dict" {
                return variantName(dict.1).map { $0 + "Map" }
            }
            if let type = members.first(where: { $0.0 == "$type" })?.1,
                members.allSatisfy({ $0.0 == "$type" || $0.0 == "$format" })
            {
                return variantName(type)
            }
            return nil
        default:
            return nil
        }
    }

    static func unlocated(_ value: DraftJSON) -> DraftJSON {
        if case .located(let inner, _) = value { return unlocated(inner) }
        return value
    }

    /// Where shapes are in a type's definition or an endpoint: `transform` sees each shape
    /// written there (with the name of the field or parameter it is for) and returns it,
    /// or what replaces it. The definition itself is not a use.
    static func mapShapes(inEndpoint endpoint: DraftJSON, _ transform: (DraftJSON, Hint) -> DraftJSON) -> DraftJSON {
        switch endpoint {
        case .located(let inner, let location): return .located(mapShapes(inEndpoint: inner, transform), location)
        case .object(let members):
            var name = "Endpoint"
            if case .string(let written) = members.first(where: { $0.0 == "name" }).map({ unlocated($0.1) }) {
                name = written
            }
            return .object(
                members.map { key, value in
                    switch key {
                    case "response", "body", "error":
                        return (key, transform(value, Hint(parent: name, position: key, inEndpoint: true)))
                    case "params", "query", "headers":
                        return (
                            key, mapMembers(value) { transform($1, Hint(parent: name, field: $0, inEndpoint: true)) }
                        )
                    default: return (key, value)
                    }
                })
        default: return endpoint
        }
    }

    /// The shapes inside a shape: its fields, variants, elements, dictionary values.
    static func mapInside(_ shape: DraftJSON, hint: Hint, _ transform: (DraftJSON, Hint) -> DraftJSON) -> DraftJSON {
        switch shape {
        case .located(let inner, let location): return .located(mapInside(inner, hint: hint, transform), location)
        case .array(let elements): return .array(elements.map { transform($0, hint) })
        case .object(let members):
            return .object(
                members.map { key, value in
                    if !key.hasPrefix("$") || key.hasPrefix("$$") {
                        return (
                            key, transform(value, Hint(parent: hint.parent, field: key, inEndpoint: hint.inEndpoint))
                        )
                    }
                    switch key {
                    case "$dict", "$type", "$additionalProperties": return (key, transform(value, hint))
                    case "$oneOf":
                        if case .array = unlocated(value) { return (key, mapInside(value, hint: hint, transform)) }
                        return (
                            key,
                            mapMembers(value) { tag, variant in
                                transform(variant, Hint(parent: hint.parent, field: tag, inEndpoint: hint.inEndpoint))
                            }
                        )
                    default: return (key, value)
                    }
                })
        default: return shape
        }
    }

    /// Each member's value of an object (a map of parameters, tagged variants).
    static func mapMembers(_ value: DraftJSON, _ transform: (String, DraftJSON) -> DraftJSON) -> DraftJSON {
        switch value {
        case .located(let inner, let location): return .located(mapMembers(inner, transform), location)
        case .object(let members): return .object(members.map { ($0.0, transform($0.0, $0.1)) })
        default: return value
        }
    }

    /// How often each shape is written, in the order first met. A shape in `repeated` is
    /// counted where it is used but not looked into (its declaration is, once).
    struct Census {
        /// What an earlier import decided, by shape key.
        struct Rules {
            /// The names it gave the shapes it declared as types, by key: declared again, even
            /// if written once (the only enums that are shapes here), and what the shapes
            /// inside a shape are written as in its spec.
            var pinned: [String: String] = [:]
            /// Shapes it wrote in place: not shapes here.
            var inPlace: Set<String> = []
            /// Keys it wrote for shapes that differ here (`PreviousImport.ambiguousShapes`).
            var ambiguous: Set<String> = []

            func isShape(_ key: String, _ kind: Shape.Kind) -> Bool {
                kind == .enumeration ? pinned[key] != nil : !inPlace.contains(key)
            }

            /// `key` of `members` as the earlier spec would write the shape: each shape inside
            /// that it named, by that name (`"address": "PostAccountsAddress"`).
            func writtenKey(_ members: [(String, DraftJSON)], key: String) -> String {
                guard !pinned.isEmpty || !inPlace.isEmpty else { return key }
                guard
                    case .object(let written) = Rewrite(names: pinned, byWrittenKey: true).inside(
                        .object(members), hint: Hint(parent: "")
                    ).unlocated, let shape = SharedShapes.shape(written), !ambiguous.contains(shape.key)
                else { return key }
                return shape.key
            }
        }

        let repeated: Set<String>
        var rules = Rules()
        var uses: [String: Int] = [:]
        var order: [String] = []
        var shapes: [String: Shape] = [:]
        /// Shapes the earlier spec declared, by their key here.
        var kept: Set<String> = []

        mutating func count(_ value: DraftJSON, hint: Hint, location: SourceLocation? = nil) {
            if case .located(let inner, let location) = value { return count(inner, hint: hint, location: location) }
            // An endpoint's own body, response or error type stays the endpoint's (named
            // from it), however many endpoints write the same: shared, it would be named from
            // one of them, and renamed when an endpoint that sorts first writes it too.
            if case .object(let members) = value, hint.position == nil,
                let (key, kind, shapeMembers) = SharedShapes.shape(members),
                case let written = rules.writtenKey(shapeMembers, key: key), rules.isShape(written, kind)
            {
                if rules.pinned[written] != nil { kept.insert(key) }
                if uses[key] == nil {
                    order.append(key)
                    shapes[key] = Shape(kind: kind, members: shapeMembers, hint: hint, location: location)
                } else if let shape = shapes[key], hint < shape.hint {
                    // Named (and documented) from its first use in a fixed order, wherever the
                    // document writes it.
                    shapes[key] = Shape(kind: kind, members: shapeMembers, hint: hint, location: location)
                }
                uses[key, default: 0] += 1
                if repeated.contains(key) { return }
            }
            countInside(value, hint: hint)
        }

        /// Every shape written in the types' definitions and the endpoints.
        mutating func count(types: [(String, DraftJSON)], endpoints: [DraftJSON]) {
            for (name, type) in types { countInside(type, hint: Hint(parent: name)) }
            for endpoint in endpoints {
                _ = SharedShapes.mapShapes(inEndpoint: endpoint) { shape, hint in
                    count(shape, hint: hint)
                    return shape
                }
            }
        }

        mutating func countInside(_ value: DraftJSON, hint: Hint) {
            _ = SharedShapes.mapInside(value, hint: hint) { shape, hint in
                count(shape, hint: hint)
                return shape
            }
        }
    }

    /// Writes each shared shape as its type's name, with the place's own `$optional` and
    /// modifiers.
    struct Rewrite {
        let names: [String: String]
        /// `names` are by the key of a shape as written with its inner shapes' names (an
        /// earlier spec's): inner shapes are rewritten first.
        var byWrittenKey = false

        func apply(_ value: DraftJSON, hint: Hint) -> DraftJSON {
            if case .located(let inner, let location) = value { return .located(apply(inner, hint: hint), location) }
            let value = byWrittenKey ? inside(value, hint: hint) : value
            if case .object(let members) = value, hint.position == nil, let (key, _, _) = SharedShapes.shape(members),
                let name = names[key]
            {
                let optional = members.contains { $0.0 == "$optional" && $0.1 == .bool(true) }
                let reference = DraftJSON.string(name + (optional ? "?" : ""))
                let modifiers = members.filter {
                    !SharedShapes.isShapeKey($0.0) && $0.0 != "$optional" && $0.0 != "$typeName"
                }
                return modifiers.isEmpty ? reference : .object([("$type", reference)] + modifiers)
            }
            return byWrittenKey ? value : inside(value, hint: hint)
        }

        func inside(_ value: DraftJSON, hint: Hint) -> DraftJSON {
            SharedShapes.mapInside(value, hint: hint, apply)
        }
    }
}
