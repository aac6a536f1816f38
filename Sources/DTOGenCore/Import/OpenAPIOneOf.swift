/// Tagged one-ofs: which property tells a `oneOf`/`anyOf`'s variants apart, and each
/// variant's tag. A `discriminator` names the property; without one, a property every variant
/// requires and fixes to one string (`type: { const: message }`, `enum: [message]`: OpenAI's
/// `type`, Stripe's `object`) is the tag with no warning. Variants are the objects the
/// references denote, through references to references and aliases, and a variant that is a
/// one-of itself is replaced by its own variants.
extension OpenAPITranslator {
    struct TaggedOneOf {
        var property: String
        var variants: [(tag: String, shape: DraftJSON)]
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
        let explicit = discriminator?["propertyName"]?.stringValue
        // Reference → its tags (a mapping may give one schema several).
        var mapped: [String: [String]] = [:]
        for entry in discriminator?["mapping"]?.members ?? [] {
            if let ref = entry.value.stringValue { mapped[ref, default: []].append(entry.key) }
        }
        guard let objects = objectVariants(variants, pointer: pointer, depth: 0), !objects.isEmpty else { return nil }
        let property: String
        if let explicit {
            property = explicit
        } else {
            // The first property every variant requires with fixed values, no two variants sharing one.
            let candidates = objects.map { fixedRequiredValues($0.node, pointer: $0.pointer) }
            guard let first = candidates.first,
                  let chosen = first.map(\.key).first(where: { key in
                      let values = candidates.compactMap { $0.first { $0.key == key }?.values }
                      return values.count == candidates.count && Set(values.joined()).count == values.joined().count
                  }) else { return nil }
            property = chosen
        }
        var tagged: [(tag: String, shape: DraftJSON)] = []
        var dropped: [(String, String)] = []
        for object in objects {
            let mappedTags = object.refs.lazy.compactMap { mapped[$0] }.first
            let fixed = fixedValues(of: property, in: object.node, pointer: object.pointer, depth: 0)
            // The schema's own name is the tag only when the document says there is a discriminator.
            let schemaKey = explicit == nil ? nil : object.refs.last.flatMap { $0.split(separator: "/").last.map { [String($0)] } }
            guard let tags = mappedTags ?? fixed ?? schemaKey, let tag = tags.first else { return nil }
            let shape: DraftJSON
            if let name = object.name {
                shape = .string(name)
            } else {
                var inline = self.shape(object.node, pointer: object.pointer, hint: hint + SwiftName.upperCamel(tag))
                inline.modifiers.removeAll { $0.0 == "$doc" }
                shape = inline.json
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
            warn(node, pointer, "variants with the tag of an earlier one decode as that one: \(list)")
        }
        return TaggedOneOf(property: property, variants: tagged)
    }

    static func describe(_ shape: DraftJSON) -> String {
        if case .string(let name) = shape { return name }
        return "an inline object"
    }

    /// The object schemas of a one-of's variants, a nested one-of's flattened in place; nil
    /// when one is not an object (a scalar, an array, a reference that cannot be followed).
    mutating func objectVariants(_ variants: [JSONNode], pointer: String, depth: Int) -> [ObjectVariant]? {
        guard depth < 8 else { return nil }
        var result: [ObjectVariant] = []
        for (index, variant) in variants.enumerated() where Self.types(of: variant) != ["null"] {
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
            if current["properties"] == nil, current["allOf"] == nil, let inner = (current["oneOf"] ?? current["anyOf"])?.elements {
                guard let flat = objectVariants(inner, pointer: variantPointer + (current["oneOf"] != nil ? "/oneOf" : "/anyOf"), depth: depth + 1) else { return nil }
                result += flat
                continue
            }
            guard current["properties"] != nil || current["allOf"] != nil else { return nil }
            result.append(ObjectVariant(name: name, node: current, refs: refs, pointer: refs.last ?? variantPointer))
        }
        return result
    }

    /// The required properties of an object schema (its `allOf` parts included) whose value
    /// is fixed to one or a few strings, in the order written.
    mutating func fixedRequiredValues(_ schema: JSONNode, pointer: String) -> [(key: String, values: [String])] {
        var result: [(key: String, values: [String])] = []
        for key in requiredProperties(of: schema, pointer: pointer, depth: 0) where !result.contains(where: { $0.key == key }) {
            if let values = fixedValues(of: key, in: schema, pointer: pointer, depth: 0) { result.append((key, values)) }
        }
        return result
    }

    mutating func requiredProperties(of schema: JSONNode, pointer: String, depth: Int) -> [String] {
        guard depth < 8, let resolved = followed(schema, pointer: pointer) else { return [] }
        var keys = resolved["required"]?.elements?.compactMap(\.stringValue) ?? []
        for part in resolved["allOf"]?.elements ?? [] { keys += requiredProperties(of: part, pointer: pointer, depth: depth + 1) }
        return keys
    }

    /// The strings a property of an object schema (or of its `allOf` parts) is fixed to:
    /// `const`, or an `enum` of strings.
    mutating func fixedValues(of property: String, in schema: JSONNode, pointer: String, depth: Int) -> [String]? {
        guard depth < 8, let resolved = followed(schema, pointer: pointer) else { return nil }
        if let member = properties(of: resolved, pointer: pointer).first(where: { $0.key == property }),
           let value = followed(member.value, pointer: pointer) {
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
