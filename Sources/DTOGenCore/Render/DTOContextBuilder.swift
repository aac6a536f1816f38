/// Builds the template context for a spec's DTO file: one entry per declaration, with the
/// Swift of every property, coding key and coding statement spelled out.
struct DTOContextBuilder {
    let table: TypeTable
    let access: String
    let printer: SwiftPrinter

    /// Whether declarations also get `init(fastJSON:)` (off with `--no-fast-decoding`).
    var fastDecoding = false

    func context(_ file: FileContext, namespace: NamespaceIR?) -> MustacheValue {
        let declarations = table.topLevel.map(declaration)
        let fast: [MustacheValue] = fastDecoding ? table.decls.indices.compactMap { fastPath(DeclID(index: $0)) } : []
        var namespaceContext: MustacheValue = .bool(false)
        if let namespace {
            namespaceContext = .object([
                "name": .string(namespace.name),
                "access": .string(access),
                "declares": .bool(namespace.declares),
                "declarations": .list(declarations.enumerated().map { index, declaration in
                    .object(["declaration": declaration, "spaced": .bool(index > 0)])
                }),
            ])
        }
        return .object(file.entries.merging([
            "declarations": namespace == nil ? .list(declarations) : .list([]),
            "namespace": namespaceContext,
            "fastPaths": .list(fast),
        ]))
    }

    /// How a declaration of this spec reads `FastDecoder`'s tape. Structs
    /// make the calls their `init(from:)` makes, on a `FastJSONObject` keyed by the JSON keys;
    /// enums take the runtime's raw-value path; one-ofs choose their variant as `init(from:)` does.
    func fastPath(_ id: DeclID) -> MustacheValue? {
        let decl = table[id]
        guard !decl.external else { return nil }
        let shared: MustacheObject = [
            "access": .string(access),
            "type": .string(printer.qualifiedType(.named(id))),
            "protocol": .string(printer.runtime.fastJSONDecodable),
            "valueType": .string(printer.runtime.fastJSONValue),
        ]
        switch decl.kind {
        case .structure(let fields):
            return SectionContext(FastPathSection.structure, .object([
                "statements": .lines(fields.map { printer.decodeStatement($0, onTape: true) }),
                "empty": .bool(fields.isEmpty),
            ]), shared: shared).value
        case .enumeration:
            return SectionContext(FastPathSection.rawValue, .bool(true), shared: shared).value
        case .oneOf(let info):
            return SectionContext(FastPathSection.oneOf, oneOfContext(decl, info, onTape: true), shared: shared).value
        case .alias:
            return nil
        }
    }

    func declaration(_ id: DeclID) -> MustacheValue {
        let decl = table[id]
        switch decl.kind {
        case .oneOf(let info): return SectionContext(DeclarationSection.oneOf, oneOfContext(decl, info)).value
        case .structure(let fields): return SectionContext(DeclarationSection.struct, structContext(decl, fields)).value
        case .enumeration(let info): return SectionContext(DeclarationSection.enum, enumContext(decl, info)).value
        case .alias(let target):
            return SectionContext(DeclarationSection.alias, .object([
                "doc": docLines(decl.doc), "access": .string(access), "name": .string(declaredName(decl)), "type": .string(printer.type(target)),
            ])).value
        }
    }

    /// The name as declared: with its generic parameters, each as `Codable` as the type.
    func declaredName(_ decl: Decl) -> String {
        guard !decl.genericParameters.isEmpty else { return decl.name }
        return decl.name + "<" + decl.genericParameters.map { "\($0): Codable & Sendable & Hashable" }.joined(separator: ", ") + ">"
    }

    func docLines(_ doc: String?) -> MustacheValue {
        .lines(doc.map(SwiftLiteral.docLines) ?? [])
    }

    func structContext(_ decl: Decl, _ fields: [Field]) -> MustacheValue {
        // Each section's object repeats what its lines read from the declaration, so no
        // key is looked up in an outer context (ContextTests checks every template).
        let accessKey: MustacheObject = ["access": .string(access)]
        let properties: [MustacheValue] = fields.map { field in
            let property: MustacheObject = [
                "access": .string(access), "name": .string(SwiftName.escaped(field.name)),
                "type": .string(field.storage == nil ? printer.storedType(field) : printer.type(field.type)),
            ]
            var boxed: MustacheValue = .bool(false)
            if let storage = field.storage {
                boxed = .object(property.merging(["storage": .string(storage), "storageType": .string(printer.storedType(field))]))
            }
            return .object(property.merging([
                "doc": docLines(field.doc), "plain": field.storage == nil ? .object(property) : .bool(false), "boxed": boxed,
            ]))
        }
        let parameters = fields.map { field -> MustacheValue in
            var defaultValue = ""
            if let literal = field.defaultValue {
                defaultValue = " = \(printer.literal(literal))"
            } else if field.type.isOptional {
                defaultValue = " = nil"
            }
            let name = SwiftName.escaped(field.name)
            // A boxed field is set through its storage.
            let value = field.storage == nil ? name : "\(name).map(\(printer.runtime.indirect).init)"
            return .object([
                "name": .string(name), "type": .string(field.storage == nil ? printer.storedType(field) : printer.type(field.type)),
                "defaultValue": .string(defaultValue), "target": .string(field.storage ?? name), "value": .string(value),
            ])
        }
        let keys: [MustacheValue] = fields.map { field in
            let name = field.storage ?? field.name
            return .object([
                "name": .string(SwiftName.escaped(name)),
                "rawValue": .string(name == field.jsonKey ? "" : " = \(SwiftLiteral.string(field.jsonKey))"),
            ])
        }
        return .object([
            "doc": docLines(decl.doc),
            "access": .string(access),
            "name": .string(declaredName(decl)),
            "error": .bool(decl.isErrorBody),
            "properties": .list(properties),
            "initializer": fields.isEmpty ? .bool(false) : .object(accessKey.merging(["parameters": .list(parameters)])),
            "codingKeys": TypeTable.needsCodingKeys(fields) ? .object(["keys": .list(keys)]) : .bool(false),
            "decoder": .string(RuntimeSymbols.decoder),
            "encoder": .string(RuntimeSymbols.encoder),
            "customDecoding": TypeTable.needsCustomDecoding(fields)
                ? .object(accessKey.merging(["decoder": .string(RuntimeSymbols.decoder), "statements": .lines(fields.map { printer.decodeStatement($0) })])) : .bool(false),
            "customEncoding": TypeTable.needsCustomEncoding(fields)
                ? .object(accessKey.merging(["encoder": .string(RuntimeSymbols.encoder), "statements": .lines(fields.map(printer.encodeStatement))])) : .bool(false),
            "nested": .list(decl.nested.map(declaration)),
        ])
    }

    /// `onTape`: for the fast path, whose extension is outside the type.
    func oneOfContext(_ decl: Decl, _ info: OneOfInfo, onTape: Bool = false) -> MustacheValue {
        let spell = printer.spelling(onTape: onTape)
        let helper = printer.runtime.oneOf
        let key = info.discriminator.map(SwiftLiteral.string) ?? ""
        let cases: [MustacheValue] = info.variants.map { variant in
            .object([
                "name": .string(SwiftName.escaped(variant.name)),
                "type": .string(spell(variant.type)),
                "tag": .string(variant.tag.map(SwiftLiteral.string) ?? ""),
                "writesTag": .bool(info.discriminator != nil),
                "helper": .string(helper),
                "key": .string(key),
                "access": .string(access),
            ])
        }
        let unknown: MustacheValue = info.unknownCaseName.map {
            .object(["name": .string(SwiftName.escaped($0)), "jsonType": .string(printer.runtime.jsonValue), "access": .string(access)])
        } ?? .bool(false)
        var tagged: MustacheValue = .bool(false)
        var untagged: MustacheValue = .bool(false)
        if info.discriminator != nil {
            tagged = .object([
                "helper": .string(helper), "key": .string(key), "cases": .list(cases), "unknown": unknown,
                "accepted": .string(info.variants.compactMap { $0.tag.map(SwiftLiteral.string) }.joined(separator: ", ")),
            ])
        } else {
            let attempts: [MustacheValue] = info.variants.map { variant in
                .object([
                    "condition": .string(variant.kind == .any ? "" : "kind == .\(variant.kind.rawValue), "),
                    "type": .string(spell(variant.type)),
                    "name": .string(SwiftName.escaped(variant.name)),
                ])
            }
            untagged = .object([
                "helper": .string(helper), "unknown": unknown,
                "needsKind": .bool(info.variants.contains { $0.kind != .any }),
                "attempts": .list(attempts),
                "typeLiteral": .string(SwiftLiteral.string(decl.qualifiedName)),
            ])
        }
        return .object([
            "doc": docLines(decl.doc),
            "access": .string(access),
            "name": .string(decl.name),
            "cases": .list(cases),
            "unknown": unknown,
            "tagged": tagged,
            "untagged": untagged,
            "decoder": .string(RuntimeSymbols.decoder),
            "encoder": .string(RuntimeSymbols.encoder),
            "nested": .list(decl.nested.map(declaration)),
        ])
    }

    func enumContext(_ decl: Decl, _ info: EnumInfo) -> MustacheValue {
        let cases: [MustacheValue] = info.cases.map { c in
            let name = SwiftName.escaped(c.name)
            return .object([
                "name": .string(name),
                "rawValue": .string(c.name == c.rawValue ? "" : " = \(SwiftLiteral.string(c.rawValue))"),
                "literal": .string(SwiftLiteral.string(c.rawValue)),
            ])
        }
        return .object([
            "doc": docLines(decl.doc),
            "access": .string(access),
            "name": .string(decl.name),
            "cases": .list(cases),
            "closed": .bool(info.unknownCaseName == nil),
            "open": .bool(info.unknownCaseName != nil),
            "unknown": .string(info.unknownCaseName.map(SwiftName.escaped) ?? ""),
        ])
    }
}

/// The sections of `declaration.mustache`: one per kind of declaration.
enum DeclarationSection: String, CaseIterable, Sendable {
    case `struct`, `enum`, alias, oneOf
}

/// The sections of a fast path in `dtos.swift.mustache`'s `fastPaths`.
enum FastPathSection: String, CaseIterable, Sendable {
    case rawValue, structure, oneOf
}
