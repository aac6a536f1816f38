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
        types: [(String, ShapeSpec)], endpoints: [EndpointSpec], taken: Set<String>, previous: PreviousImport? = nil,
        naming: NamingStyle = .swift
    ) -> (types: [(String, ShapeSpec)], endpoints: [EndpointSpec]) {
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
        let (census, repeated) = Census.settled(types: types, endpoints: endpoints, rules: rules)
        guard !repeated.isEmpty else { return (types, endpoints) }
        // Shapes take names in the order of how they are written: a new use of a shape (an
        // operation added) never changes which shape a contested name goes to.
        let ordered = census.order.filter(repeated.contains).compactMap { key in
            census.shapes[key].map { (key, $0) }
        }.sorted { $0.0 < $1.0 }
        let names = Self.names(
            ordered, pinnedNames: pinnedNames,
            taken: ownNames.union(SpecReader.builtinScalars).union(SwiftName.reservedTypes),
            naming: naming)
        let rewrite = Rewrite(names: names)
        var declared: [(String, ShapeSpec)] = []
        for (key, shape) in ordered {
            guard let name = names[key] else { continue }
            declared.append(
                (name, rewrite.inside(shape.core, hint: shape.hint).placed(at: shape.location ?? .unplaced)))
        }
        declared.sort { $0.0 < $1.0 }
        return (
            types.map { ($0.0, rewrite.inside($0.1, hint: Hint(parent: $0.0))) } + declared,
            endpoints.map { mapShapes(inEndpoint: $0, rewrite.apply) }
        )
    }

    /// The name of each shape in `ordered`: names an earlier import gave, then the rest in
    /// the fixed order. A shape is declared with the names of the shapes inside it, so those
    /// are pinned first.
    private static func names(
        _ ordered: [(String, Shape)], pinnedNames: [String: [String]], taken: Set<String>, naming: NamingStyle
    ) -> [String: String] {
        var names: [String: String] = [:]
        var taken = taken
        var pinning = !pinnedNames.isEmpty
        while pinning {
            pinning = false
            let rewrite = Rewrite(names: names)
            for (key, shape) in ordered where names[key] == nil {
                guard let candidates = pinnedNames[SharedShapes.key(rewrite.inside(shape.core, hint: shape.hint))],
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
        return names
    }

    struct Shape {
        enum Kind { case choice, object, enumeration }
        var kind: Kind
        /// The shape without what belongs to the place it is used (`SharedShapes.core`).
        var core: ShapeSpec
        /// The use it is named from: the first in `Hint`'s order.
        var hint: Hint
        var location: SourceLocation?

        /// The first free of the names `ImportedNames.sharedShape` gives it.
        func name(taken: Set<String>, style: NamingStyle) -> String {
            var variantNames: [String]?
            if kind == .choice, case .oneOf(let variants) = core.kind,
                case let names = variants.compactMap({ SharedShapes.variantName(SpecWriter.shape($0.shape)) }),
                names.count == variants.count
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

    /// What a shared shape is: its kind, its key, and its core. An inline object with
    /// properties, a one-of, and an enum of two or more values are shapes; a one-value enum
    /// is a tag (Stripe's `object: list`): it stays where it is.
    static func shape(_ shape: ShapeSpec) -> (key: String, kind: Shape.Kind, core: ShapeSpec)? {
        let kind: Shape.Kind
        switch shape.kind {
        case .oneOf: kind = .choice
        case .enumeration(let values) where values.count > 1: kind = .enumeration
        case .object(let properties) where !properties.isEmpty: kind = .object
        default: return nil
        }
        let core = core(of: shape)
        return (key(core), kind, core)
    }

    /// What makes a shape (its properties, variants or values, and how they are read), without
    /// what belongs to the place it is used: whether it is optional, its doc, its modifiers.
    static func core(of shape: ShapeSpec) -> ShapeSpec {
        var core = ShapeSpec(shape.kind)
        core.discriminator = shape.discriminator
        core.unknownVariant = shape.unknownVariant
        core.unknownCase = shape.unknownCase
        core.additionalProperties = shape.additionalProperties
        return core
    }

    /// A shape as compact spec text without docs, to compare shapes: the writer's, so a
    /// shape read from an earlier import's spec has the key of the same shape translated.
    static func key(_ shape: ShapeSpec) -> String {
        var text = ""
        write(SpecWriter.shape(shape), into: &text)
        return text
    }

    private static func write(_ value: DraftJSON, into text: inout String) {
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

    /// A variant's name when its written form names its type wholly (`Customer`,
    /// `[Customer]`, `{ "$dict": "String" }`); nil for an inline object, enum or one-of.
    static func variantName(_ variant: DraftJSON) -> String? {
        switch variant {
        case .located(let inner, _):
            return variantName(inner)
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

    /// Where shapes are in an endpoint: `transform` sees each shape written in its path
    /// parameters, query items, headers, body and response (with the name of the parameter,
    /// or the position, it is for) and returns it, or what replaces it. Cookies are not
    /// looked into.
    static func mapShapes(inEndpoint endpoint: EndpointSpec, _ transform: (ShapeSpec, Hint) -> ShapeSpec)
        -> EndpointSpec
    {
        var endpoint = endpoint
        let name = endpoint.name.value
        func parameters(_ parameters: [PropertySpec]) -> [PropertySpec] {
            parameters.map { parameter in
                var parameter = parameter
                parameter.shape = transform(parameter.shape, Hint(parent: name, field: parameter.key, inEndpoint: true))
                return parameter
            }
        }
        endpoint.params = parameters(endpoint.params)
        endpoint.query = parameters(endpoint.query)
        endpoint.headers = parameters(endpoint.headers)
        endpoint.body = endpoint.body.map { transform($0, Hint(parent: name, position: "body", inEndpoint: true)) }
        endpoint.response = endpoint.response.map {
            transform($0, Hint(parent: name, position: "response", inEndpoint: true))
        }
        endpoint.responses = endpoint.responses.map { entry in
            StatusResponseSpec(
                status: entry.status,
                shape: entry.shape.map { transform($0, Hint(parent: name, position: "response", inEndpoint: true)) })
        }
        return endpoint
    }

    /// The shapes inside a shape, in the order written, each with where it is: its fields
    /// (named by their keys as written), variants (tagged ones by their tags), elements,
    /// dictionary values and other properties. Read in place, not copied.
    static func forEachInside(_ shape: ShapeSpec, hint: Hint, _ body: (ShapeSpec, Hint) -> Void) {
        func field(_ name: String) -> Hint { Hint(parent: hint.parent, field: name, inEndpoint: hint.inEndpoint) }
        switch shape.kind {
        case .reference, .enumeration: break
        case .array(let inner), .dictionary(let inner): body(inner, hint)
        case .object(let properties):
            for property in properties { body(property.shape, field(SpecWriter.writtenKey(property.key))) }
            if let additional = shape.additionalProperties { body(additional.shape, hint) }
        case .oneOf(let variants):
            let tagged = variants.contains { $0.tag != nil }
            for variant in variants { body(variant.shape, tagged ? field(variant.tag?.value ?? "") : hint) }
        }
    }

    /// `shape` with each shape inside it (`forEachInside`) replaced by what `transform` returns.
    static func mapInside(_ shape: ShapeSpec, hint: Hint, _ transform: (ShapeSpec, Hint) -> ShapeSpec) -> ShapeSpec {
        var replaced: [ShapeSpec] = []
        forEachInside(shape, hint: hint) { replaced.append(transform($0, $1)) }
        guard !replaced.isEmpty else { return shape }
        var next = 0
        func take(_ old: ShapeSpec) -> ShapeSpec {
            defer { next += 1 }
            return next < replaced.count ? replaced[next] : old
        }
        var shape = shape
        switch shape.kind {
        case .reference, .enumeration: break
        case .array(let element): shape.kind = .array(take(element))
        case .dictionary(let value): shape.kind = .dictionary(take(value))
        case .object(var properties):
            for index in properties.indices { properties[index].shape = take(properties[index].shape) }
            shape.kind = .object(properties)
            if let additional = shape.additionalProperties {
                shape.additionalProperties = AdditionalPropertiesSpec(
                    shape: take(additional.shape), keyLocation: additional.keyLocation)
            }
        case .oneOf(var variants):
            for index in variants.indices { variants[index].shape = take(variants[index].shape) }
            shape.kind = .oneOf(variants)
        }
        return shape
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

            /// The key of `core` as the earlier spec would write the shape: each shape inside
            /// that it named, by that name (`"address": "PostAccountsAddress"`).
            func writtenKey(_ core: ShapeSpec, key: String) -> String {
                guard !pinned.isEmpty || !inPlace.isEmpty else { return key }
                let written = Rewrite(names: pinned, byWrittenKey: true).inside(core, hint: Hint(parent: ""))
                guard let shape = SharedShapes.shape(written), !ambiguous.contains(shape.key) else { return key }
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

        /// The shapes written twice or more, or kept from an earlier import, and the census
        /// that counted them. A shape inside a shared one counts once (in the declaration), so
        /// rounds run until the set of shared shapes stops changing.
        static func settled(types: [(String, ShapeSpec)], endpoints: [EndpointSpec], rules: Rules) -> (
            census: Census, repeated: Set<String>
        ) {
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
                        census.countInside(shape.core, hint: shape.hint)
                    }
                    index += 1
                }
                let next = Set(census.order.filter { (census.uses[$0] ?? 0) > 1 || census.kept.contains($0) })
                if next == repeated { break }
                repeated = next
            }
            return (census, repeated)
        }

        mutating func count(_ value: ShapeSpec, hint: Hint) {
            // An endpoint's own body or response type stays the endpoint's (named from it),
            // however many endpoints write the same: shared, it would be named from one of
            // them, and renamed when an endpoint that sorts first writes it too.
            if hint.position == nil, let (key, kind, core) = SharedShapes.shape(value),
                case let written = rules.writtenKey(core, key: key), rules.isShape(written, kind)
            {
                if rules.pinned[written] != nil { kept.insert(key) }
                let location = value.location == .unplaced ? nil : value.location
                if uses[key] == nil {
                    order.append(key)
                    shapes[key] = Shape(kind: kind, core: core, hint: hint, location: location)
                } else if let shape = shapes[key], hint < shape.hint {
                    // Named (and placed) from its first use in a fixed order, wherever the
                    // document writes it.
                    shapes[key] = Shape(kind: kind, core: core, hint: hint, location: location)
                }
                uses[key, default: 0] += 1
                if repeated.contains(key) { return }
            }
            countInside(value, hint: hint)
        }

        /// Every shape written in the types' definitions and the endpoints.
        mutating func count(types: [(String, ShapeSpec)], endpoints: [EndpointSpec]) {
            for (name, type) in types { countInside(type, hint: Hint(parent: name)) }
            for endpoint in endpoints {
                _ = SharedShapes.mapShapes(inEndpoint: endpoint) { shape, hint in
                    count(shape, hint: hint)
                    return shape
                }
            }
        }

        mutating func countInside(_ value: ShapeSpec, hint: Hint) {
            SharedShapes.forEachInside(value, hint: hint) { count($0, hint: $1) }
        }
    }

    /// Writes each shared shape as its type's name, with the place's own `$optional` and
    /// modifiers.
    struct Rewrite {
        let names: [String: String]
        /// `names` are by the key of a shape as written with its inner shapes' names (an
        /// earlier spec's): inner shapes are rewritten first.
        var byWrittenKey = false

        func apply(_ value: ShapeSpec, hint: Hint) -> ShapeSpec {
            let value = byWrittenKey ? inside(value, hint: hint) : value
            if hint.position == nil, let (key, _, _) = SharedShapes.shape(value), let name = names[key] {
                var reference = value
                reference.kind = .reference(name)
                reference.typeName = nil
                reference.discriminator = nil
                reference.unknownVariant = nil
                reference.unknownCase = nil
                reference.additionalProperties = nil
                return reference
            }
            return byWrittenKey ? value : inside(value, hint: hint)
        }

        func inside(_ value: ShapeSpec, hint: Hint) -> ShapeSpec {
            SharedShapes.mapInside(value, hint: hint, apply)
        }
    }
}
