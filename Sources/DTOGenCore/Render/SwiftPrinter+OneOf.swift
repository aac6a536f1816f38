/// A one-of's decoding, printed once for both decoders: `init(from:)` reads through the
/// runtime's one-of helper and the decoder, the fast path (`onTape`) through the tape's
/// value. The choice itself (tag, JSON kind, guards, order of tries) is the IR's; both
/// initialisers render it through the one `oneOfDecoding` template.
extension SwiftPrinter {
    /// The body of a one-of's initialiser: which variant a value is, and how each is read.
    func oneOfDecoding(_ info: OneOfInfo, guards: [OneOfGuard], typeName: String, onTape: Bool)
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
        // An object variant is passed over when the object has a key that only a later
        // variant declares, or holds another value where it fixes one (`OneOfGuard`); those
        // passed over are tried again, in order, when none fits.
        var attempts: [OneOfDecodingContext.Attempt] = []
        var fallbacks: [OneOfDecodingContext.Attempt] = []
        for (variant, guarding) in zip(info.variants, guards) {
            let kind = variant.kind == .any ? [] : ["kind == .\(variant.kind.rawValue)"]
            let value = "let value = try? " + read(spell(variant.type))
            let name = SwiftName.escaped(variant.name)
            let attempt = OneOfDecodingContext.Attempt(
                conditions: (kind + [value]).joined(separator: ", "), name: name, readsKind: !kind.isEmpty)
            guard !guarding.isEmpty else {
                attempts.append(attempt)
                continue
            }
            let checks = oneOfGuardChecks(guarding, helper: helper, onTape: onTape)
            attempts.append(
                .init(
                    conditions: (kind + checks + [value]).joined(separator: ", "), name: name, readsKind: !kind.isEmpty)
            )
            fallbacks.append(attempt)
        }
        return .untagged(
            kindOf: kindOf, attempts: attempts + fallbacks, unknown: unknown,
            noVariant: onTape
                ? "json.noVariant()" : "\(helper).noVariant(in: decoder, type: \(SwiftLiteral.string(typeName)))")
    }

    /// The checks that pass a variant over: a key only a later variant declares, another
    /// value where this one fixes it.
    private func oneOfGuardChecks(_ guarding: OneOfGuard, helper: String, onTape: Bool) -> [String] {
        var checks: [String] = []
        if !guarding.passOverKeys.isEmpty {
            let list = "[" + guarding.passOverKeys.map(SwiftLiteral.string).joined(separator: ", ") + "]"
            checks.append(onTape ? "!json.hasAnyKey(\(list))" : "!\(helper).hasAnyKey(\(list), in: decoder)")
        }
        if !guarding.fixedValues.isEmpty {
            let pairs =
                "["
                + guarding.fixedValues.map { "(\(SwiftLiteral.string($0.key)), \(SwiftLiteral.string($0.value)))" }
                .joined(separator: ", ") + "]"
            checks.append(
                onTape ? "!json.holdsOtherValues(\(pairs))" : "!\(helper).holdsOtherValues(\(pairs), in: decoder)")
        }
        return checks
    }
}
