/// A one-of's decoding, printed once for both decoders: `init(from:)` reads through the
/// runtime's one-of helper and the decoder, the fast path (`onTape`) through the tape's
/// value. The choice itself (tag, JSON kind, evidence, order of tries) is the IR's; both
/// initialisers render it through the one `oneOfDecoding` template.
extension SwiftPrinter {
    /// The body of a one-of's initialiser: which variant a value is, and how each is read.
    func oneOfDecoding(_ info: OneOfInfo, typeName: String, onTape: Bool)
        -> OneOfDecodingContext
    {
        let spell = spelling(onTape: onTape)
        let helper = runtime.oneOf
        // Reading a variant, which `decode` tries and an attempt tries without throwing.
        let read = { (type: String) in onTape ? "json.decode(\(type).self)" : "\(type)(from: decoder)" }
        let decode = { (type: String) in "try " + read(type) }
        let kindOf = onTape ? "json.oneOfKind" : "\(helper).kind(of: decoder)"
        let unknown = info.unknownCaseName.map {
            OneOfDecodingContext.Case(tag: "", name: SwiftName.escaped($0), decode: decode(runtime.jsonValue))
        }
        if let discriminator = info.discriminator {
            let key = SwiftLiteral.string(discriminator)
            let accepted = info.variants.compactMap { $0.tag.map(SwiftLiteral.string) }.joined(separator: ", ")
            return .tagged(
                kindOf: kindOf,
                byKind: info.variants.filter { $0.tag == nil }.map {
                    .init(tag: $0.kind.rawValue, name: SwiftName.escaped($0.name), decode: decode(spell($0.type)))
                },
                tagOf: onTape ? "json.tag(\(key))" : "\(helper).tag(of: decoder, key: \(key))",
                cases: info.variants.compactMap { variant in
                    variant.tag.map {
                        .init(
                            tag: SwiftLiteral.string($0), name: SwiftName.escaped(variant.name),
                            decode: decode(spell(variant.type)))
                    }
                },
                unknown: unknown,
                noVariant: onTape
                    ? "json.noVariant()" : "\(helper).unknownTag(in: decoder, key: \(key), accepted: [\(accepted)])")
        }
        // Variants that share a JSON kind (two objects, two arrays) are tried in the order
        // the runtime ranks them by evidence for the value (`EvidenceShape`); the others by kind.
        let groups = table.evidenceGroups(info)
        var attempts: [OneOfDecodingContext.Attempt] = []
        for (index, variant) in info.variants.enumerated() {
            let name = SwiftName.escaped(variant.name)
            if let position = groups.firstIndex(where: { $0.contains(index) }) {
                guard groups[position].first == index, let shapes = info.shapesName else { continue }
                let list = "Self.\(SwiftName.escaped(shapes))[\(position)]"
                attempts.append(
                    .init(
                        conditions: "kind == .\(variant.kind.rawValue)", name: name, readsKind: true,
                        ranking: onTape ? "json.oneOfRanking(\(list))" : "\(helper).ranking(\(list), in: decoder)",
                        ranked: groups[position].enumerated().map { position, member in
                            .init(
                                conditions: "variant == \(position), let value = try? "
                                    + read(spell(info.variants[member].type)),
                                name: SwiftName.escaped(info.variants[member].name), readsKind: false)
                        }))
                continue
            }
            let kind = variant.kind == .any ? [] : ["kind == .\(variant.kind.rawValue)"]
            let value = "let value = try? " + read(spell(variant.type))
            attempts.append(
                .init(conditions: (kind + [value]).joined(separator: ", "), name: name, readsKind: !kind.isEmpty))
        }
        return .untagged(
            kindOf: kindOf, attempts: attempts, unknown: unknown,
            noVariant: onTape
                ? "json.noVariant()" : "\(helper).noVariant(in: decoder, type: \(SwiftLiteral.string(typeName)))")
    }

    /// The static property that holds what a one-of's ranked variants declare, one list of
    /// shapes per group (`TypeTable.evidenceGroups`): a stored property, built once, unless
    /// the one-of is generic or nested in a generic type, where it is computed.
    func oneOfShapes(_ info: OneOfInfo, generic: Bool) -> OneOfShapesContext? {
        guard let name = info.shapesName else { return nil }
        let type = "[[\(runtime.oneOf).Shape]]"
        let groups = table.evidenceGroups(info).map { group in
            group.map { oneOfShape(table.evidenceShape(info.variants[$0].type)) + "," }
        }
        let declared = SwiftName.escaped(name)
        return OneOfShapesContext(
            opening: generic ? "var \(declared): \(type) { [" : "let \(declared): \(type) = [", groups: groups,
            closing: generic ? "] }" : "]")
    }

    /// A variant's evidence shape as the runtime's `OneOf.Shape` literal.
    func oneOfShape(_ shape: EvidenceShape) -> String {
        switch shape {
        case .any: return ".any"
        case .array(let element): return ".array(\(oneOfShape(element)))"
        case .values(let values, let open):
            return ".values([\(values.map(SwiftLiteral.string).joined(separator: ", "))], open: \(open))"
        case .object(let keys, let nested, let others):
            var parts = ["[" + keys.map(SwiftLiteral.string).joined(separator: ", ") + "]"]
            if !nested.isEmpty {
                let entries = nested.map { "(\(SwiftLiteral.string($0.key)), \(oneOfShape($0.shape)))" }
                parts.append("nested: [" + entries.joined(separator: ", ") + "]")
            }
            if let others { parts.append("others: " + oneOfShape(others)) }
            return ".object(" + parts.joined(separator: ", ") + ")"
        }
    }
}
