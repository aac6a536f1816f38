/// Tagged one-ofs: which property tells a `oneOf`/`anyOf`'s variants apart, and each
/// variant's tag. A `discriminator` names the property; without one, a property every variant
/// requires and fixes to one string (`type: { const: message }`, `enum: [message]`: OpenAI's
/// `type`, Stripe's `object`) is the tag with no warning. Variants are the objects the
/// references denote, through references to references and aliases, and a variant that is a
/// one-of itself is replaced by its own variants.
extension OpenAPITranslator {
    struct TaggedOneOf {
        var property: String
        var variants: [(tag: String, shape: ShapeSpec)]
        /// Variants that are no object (Stripe's id string beside the expanded objects,
        /// OpenAI's `"auto"`), chosen by their JSON kind before the tag is read; each keyed
        /// by the name of its case.
        var byKind: [(key: String, shape: ShapeSpec)] = []
        /// A variant told apart by its kind admits null: the one-of is optional.
        var nullable = false
    }

    /// One object variant: its type name (nil: written inline), its node, and the references
    /// that led to it (as written), which a discriminator's `mapping` may name.
    struct ObjectVariant {
        var name: String?
        var node: JSONNode
        var refs: [String]
        var pointer: String
    }

    /// The tagged form of a one-of, or nil when its variants cannot be told apart by one
    /// property (then it stays untagged: told apart by their JSON).
    mutating func taggedOneOf(_ variants: [JSONNode], schema: JSONNode, pointer: String, hint: String) -> TaggedOneOf? {
        let discriminator = schema["discriminator"]
        // A variant that is no object is told apart by its JSON kind, one variant a kind.
        var kinds: [(index: Int, kind: String)] = []
        var objectParts: [(index: Int, node: JSONNode)] = []
        for (index, variant) in variants.enumerated() {
            if let kind = jsonKind(of: variant, pointer: pointer + "/\(index)") {
                guard !kinds.contains(where: { $0.kind == kind }) else { return nil }
                kinds.append((index, kind))
            } else {
                objectParts.append((index, variant))
            }
        }
        // A single object beside an id needs no tag: its JSON kind tells it apart.
        guard kinds.isEmpty || objectParts.count > 1 else { return nil }
        let explicit = discriminator?["propertyName"]?.stringValue
        // Reference → its tags (a mapping may give one schema several).
        var mapped: [String: [String]] = [:]
        for entry in discriminator?["mapping"]?.members ?? [] {
            if let ref = entry.value.stringValue { mapped[ref, default: []].append(entry.key) }
        }
        guard let objects = objectVariants(objectParts, pointer: pointer, depth: 0), !objects.isEmpty else {
            return nil
        }
        let property: String
        if let explicit {
            property = explicit
        } else {
            // The first property every variant requires with fixed values, no two variants
            // sharing one; else one every variant declares so, required or not (Box's
            // `validation_type`: an object without it is the unknown case, or an error).
            func distinguishing(_ candidates: [[(key: String, values: [String])]]) -> String? {
                candidates.first?.map(\.key).first { key in
                    let values = candidates.compactMap { $0.first { $0.key == key }?.values }
                    return values.count == candidates.count && Set(values.joined()).count == values.joined().count
                }
            }
            guard
                let chosen = distinguishing(objects.map { fixedProperties($0.node, pointer: $0.pointer) })
                    ?? distinguishing(
                        objects.map { fixedProperties($0.node, pointer: $0.pointer, requiredOnly: false) })
            else { return nil }
            property = chosen
        }
        var tagged: [(tag: String, shape: ShapeSpec)] = []
        var dropped: [(String, String)] = []
        for object in objects {
            let mappedTags = object.refs.lazy.compactMap { mapped[$0] }.first
            let fixed = fixedValues(of: property, in: object.node, pointer: object.pointer, depth: 0)
            // The schema's own name is the tag only when the document says there is a discriminator.
            let schemaKey =
                explicit == nil ? nil : object.refs.last.flatMap { $0.split(separator: "/").last.map { [String($0)] } }
            guard let tags = mappedTags ?? fixed ?? schemaKey, let tag = tags.first else { return nil }
            let shape: ShapeSpec
            if let name = object.name {
                shape = ShapeSpec(.reference(name))
            } else {
                var inline = self.shape(
                    object.node, pointer: object.pointer, hint: hint + SwiftName.upperCamel(tag, style: naming))
                inline.doc = nil
                shape = inline.unplaced
            }
            if let earlier = tagged.first(where: { $0.tag == tag }) {
                // Without a discriminator, a repeated value means this is not the tag.
                guard explicit != nil else { return nil }
                dropped.append((Self.describe(shape), Self.describe(earlier.shape)))
                continue
            }
            // A schema that allows several values (`enum: [web_search, web_search_2025_08_26]`)
            // is the variant of each.
            for value in tags where !tagged.contains(where: { $0.tag == value }) { tagged.append((value, shape)) }
        }
        if !dropped.isEmpty, let node = discriminator ?? schema["oneOf"] ?? schema["anyOf"] {
            let list = dropped.map { "'\($0.0)' (as '\($0.1)')" }.joined(separator: ", ")
            warn("DTG4027", node, pointer, "variants with the tag of an earlier one decode as that one: \(list)")
        }
        var result = TaggedOneOf(property: property, variants: tagged)
        for (index, _) in kinds {
            let (variant, nullable) = variantShape(
                variants[index], pointer: pointer + "/\(index)", hint: hint, index: index)
            let shape = variant.unplaced
            result.nullable = result.nullable || nullable
            let key = NameScope.free(Self.caseKey(of: shape)) { name in
                tagged.contains { $0.tag == name } || result.byKind.contains { $0.key == name }
            }
            result.byKind.append((key, shape))
        }
        return result
    }

    /// The order an untagged one-of's variants are written in the spec, where they are tried
    /// in order: an object variant whose keys are some of another's goes before it (else an
    /// object of it would decode as the other, which has its keys too), and one with the keys
    /// of an earlier one and no key fixed to another value is left out, with a warning, since
    /// every object of it decodes as the earlier one (and is the same JSON when sent).
    mutating func untaggedOrder(_ variants: [JSONNode], pointer: String) -> [Int] {
        var order: [Int] = []
        var objects: [Int: (keys: Set<String>, fixed: [(key: String, values: [String])], name: String)] = [:]
        for (index, variant) in variants.enumerated() {
            let variantPointer = pointer + "/\(index)"
            guard jsonKind(of: variant, pointer: variantPointer) == nil,
                let resolved = followed(variant, pointer: variantPointer),
                resolved["properties"] != nil || resolved["allOf"] != nil
            else {
                order.append(index)
                continue
            }
            let keys = Set(declaredProperties(of: variant, pointer: variantPointer, depth: 0))
            let fixed = fixedProperties(variant, pointer: variantPointer, requiredOnly: false)
            var name = "variant \(index + 1)"
            if let ref = variant["$ref"]?.stringValue,
                let (target, node) = resolveTarget(ref, at: variant, pointer: variantPointer),
                let named = typeName(of: target, node: node, ref: ref)
            {
                name = named
            }
            if let same = order.first(where: { earlier in
                guard let other = objects[earlier] else { return false }
                let apart = fixed.contains { mine in
                    other.fixed.contains { $0.key == mine.key && Set($0.values).isDisjoint(with: mine.values) }
                }
                return other.keys == keys && !apart
            }), let other = objects[same] {
                warn(
                    "DTG4028", variant, variantPointer,
                    "'\(name)' has the keys of '\(other.name)' and no value to tell it apart; an object of it decodes as '\(other.name)', so the one-of leaves it out"
                )
                continue
            }
            objects[index] = (keys, fixed, name)
            if let superset = order.firstIndex(where: { objects[$0].map { keys.isStrictSubset(of: $0.keys) } ?? false })
            {
                order.insert(index, at: superset)
            } else {
                order.append(index)
            }
        }
        return order
    }

    /// The JSON kind of a variant that is no object (`string`, `number`, `boolean`, `array`),
    /// nil for an object, a one-of, or a schema of several kinds.
    mutating func jsonKind(of variant: JSONNode, pointer: String) -> String? {
        guard let resolved = followed(variant, pointer: pointer),
            resolved["properties"] == nil, resolved["allOf"] == nil, resolved["oneOf"] == nil, resolved["anyOf"] == nil
        else { return nil }
        let types = Self.types(of: resolved).filter { $0 != "null" }
        guard types.count == 1, let type = types.first, type != "object" else { return nil }
        return type == "integer" ? "number" : type
    }

    /// The case name a variant told apart by its JSON kind is keyed by: its type's name
    /// (`string`, `int`, `stringList`), the value of a one-value enum (`auto`), else `value`.
    static func caseKey(of shape: ShapeSpec) -> String {
        switch shape.kind {
        case .reference(let name):
            return SwiftName.lowerCamel(name, style: .swift)
        case .array(let element):
            return caseKey(of: element) + "List"
        case .enumeration(let values) where values.count == 1:
            return values[0].value
        default:
            return "value"
        }
    }

    /// A variant of a one-of as a shape of its own: never optional (a nullable variant makes
    /// the one-of optional) and never a date (its format would be ambiguous: the string, or
    /// for seconds since 1970 the number, it is).
    /// A one-of's variant as a shape; an inline object is `<Hint>Variant<N>`, by its place.
    mutating func variantShape(_ variant: JSONNode, pointer: String, hint: String, index: Int) -> (
        shape: ShapeSpec, nullable: Bool
    ) {
        let placed = hint + "Variant\(index + 1)"
        var shape = self.shape(variant, pointer: pointer, hint: placed)
        let nullable = shape.optional
        shape.optional = false
        let epoch = shape.format?.value == .date(.secondsSince1970)
        shape.doc = nil
        shape.format = nil
        if shape.reference == "Date" { shape.kind = .reference(epoch ? "Int" : "String") }
        if shape.isPlainObject { shape.typeName = .unplaced(placed) }
        return (shape, nullable)
    }

    /// An untagged one-of's inline enum variant named by its values (`<Hint>Empty`), or by
    /// its place when they make no name; in a tagged one-of its key names it already.
    static func namingEnumVariant(_ shape: inout ShapeSpec, hint: String, index: Int, style: NamingStyle) {
        guard case .enumeration(let values) = shape.kind, shape.typeName == nil else { return }
        shape.typeName = .unplaced(
            ImportedNames.enumVariant(hint: hint, values: values.map(\.value), index: index, style: style))
    }

    /// A tagged variant as a warning names it: its type as written, else what it is.
    static func describe(_ shape: ShapeSpec) -> String {
        if case .string(let name) = SpecWriter.shape(shape) { return name }
        return "an inline object"
    }

    /// The object schemas of a one-of's variants, a nested one-of's flattened in place; nil
    /// when one is not an object (a scalar, an array, a reference that cannot be followed).
    mutating func objectVariants(_ variants: [(index: Int, node: JSONNode)], pointer: String, depth: Int)
        -> [ObjectVariant]?
    {
        guard depth < 8 else { return nil }
        var result: [ObjectVariant] = []
        for (index, variant) in variants where Self.types(of: variant) != ["null"] {
            let variantPointer = pointer + "/\(index)"
            var current = variant
            var name: String?
            var refs: [String] = []
            var steps = 0
            while let ref = current["$ref"]?.stringValue, steps < 32 {
                guard let (target, node) = resolveTarget(ref, at: current, pointer: variantPointer) else { return nil }
                refs.append(ref)
                if let named = typeName(of: target, node: node, ref: ref) { name = named }
                current = node
                steps += 1
            }
            if current["properties"] == nil, current["allOf"] == nil,
                let inner = (current["oneOf"] ?? current["anyOf"])?.elements
            {
                guard
                    let flat = objectVariants(
                        Array(inner.enumerated()).map { ($0.offset, $0.element) },
                        pointer: variantPointer + (current["oneOf"] != nil ? "/oneOf" : "/anyOf"), depth: depth + 1)
                else { return nil }
                result += flat
                continue
            }
            guard current["properties"] != nil || current["allOf"] != nil else { return nil }
            result.append(ObjectVariant(name: name, node: current, refs: refs, pointer: refs.last ?? variantPointer))
        }
        return result
    }

    /// The required properties (or with `requiredOnly: false`, all properties) of an object
    /// schema, its `allOf` parts included, whose value is fixed to one or a few strings, in
    /// the order written.
    mutating func fixedProperties(_ schema: JSONNode, pointer: String, requiredOnly: Bool = true) -> [(
        key: String, values: [String]
    )] {
        var result: [(key: String, values: [String])] = []
        let keys =
            requiredOnly
            ? requiredProperties(of: schema, pointer: pointer, depth: 0)
            : declaredProperties(of: schema, pointer: pointer, depth: 0)
        for key in keys where !result.contains(where: { $0.key == key }) {
            if let values = fixedValues(of: key, in: schema, pointer: pointer, depth: 0) {
                result.append((key, values))
            }
        }
        return result
    }

    mutating func requiredProperties(of schema: JSONNode, pointer: String, depth: Int) -> [String] {
        guard depth < 8, let resolved = followed(schema, pointer: pointer) else { return [] }
        var keys = resolved["required"]?.elements?.compactMap(\.stringValue) ?? []
        for part in resolved["allOf"]?.elements ?? [] {
            keys += requiredProperties(of: part, pointer: pointer, depth: depth + 1)
        }
        return keys
    }

    mutating func declaredProperties(of schema: JSONNode, pointer: String, depth: Int) -> [String] {
        guard depth < 8, let resolved = followed(schema, pointer: pointer) else { return [] }
        var keys = properties(of: resolved, pointer: pointer).map(\.key)
        for part in resolved["allOf"]?.elements ?? [] {
            keys += declaredProperties(of: part, pointer: pointer, depth: depth + 1)
        }
        return keys
    }

    /// The strings a property of an object schema (or of its `allOf` parts) is fixed to:
    /// `const`, or an `enum` of strings.
    mutating func fixedValues(of property: String, in schema: JSONNode, pointer: String, depth: Int) -> [String]? {
        guard depth < 8, let resolved = followed(schema, pointer: pointer) else { return nil }
        if let member = properties(of: resolved, pointer: pointer).first(where: { $0.key == property }),
            let value = followed(member.value, pointer: pointer)
        {
            if let constant = value["const"]?.stringValue { return [constant] }
            if let values = value["enum"]?.elements, !values.isEmpty {
                let strings = values.compactMap(\.stringValue)
                return strings.count == values.count ? strings : nil
            }
            return nil
        }
        for part in resolved["allOf"]?.elements ?? [] {
            if let found = fixedValues(of: property, in: part, pointer: pointer, depth: depth + 1) { return found }
        }
        return nil
    }
}
