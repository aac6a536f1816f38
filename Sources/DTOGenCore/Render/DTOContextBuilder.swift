/// Builds the template context for a spec's DTO file: one entry per declaration, with the
/// Swift of every property, coding key and coding statement spelled out.
struct DTOContextBuilder {
    let table: TypeTable
    let access: String
    let printer: SwiftPrinter

    /// `--fast-decoding`: structs whose fields need no custom coding also read the tape directly.
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

    /// `init(fastJSON:)` for a struct of this spec whose every field is plain or a date (the
    /// others keep `init(from:)`, which `FastDecoder` runs on the tape).
    /// Whether a struct gets `init(fastJSON:)`: of this spec, not generic, every field plain or a date.
    func hasFastPath(_ id: DeclID) -> Bool {
        let decl = table[id]
        guard !decl.external, decl.genericParameters.isEmpty, case .structure(let fields) = decl.kind else { return false }
        return fields.allSatisfy { field in
            guard field.storage == nil, !field.coding.lenient, field.coding.fallback == nil, field.defaultValue == nil || field.type.isOptional else { return false }
            switch field.coding.strategy {
            case .plain, .date: return true
            default: return false
            }
        }
    }

    func fastPath(_ id: DeclID) -> MustacheValue? {
        let decl = table[id]
        guard hasFastPath(id), case .structure(let fields) = decl.kind else { return nil }
        var arguments: [String] = []
        for field in fields {
            guard field.storage == nil, !field.coding.lenient, field.coding.fallback == nil, field.defaultValue == nil || field.type.isOptional else { return nil }
            let key = SwiftLiteral.string(field.jsonKey)
            let optional = field.type.isOptional
            // How the value `base` is read: `try <base>.string()`.
            let reading: (String) -> String
            switch field.coding.strategy {
            case .plain:
                reading = { self.fastRead(field.type.nonOptional, $0) }
            case .date(let format, let array):
                let dateFormat = printer.runtime.dateFormat + printer.dateFormat(format)
                reading = { array ? "try \($0).array { try $0.date(\(dateFormat)) }" : "try \($0).date(\(dateFormat))" }
            default:
                return nil
            }
            let value = optional
                ? "try object.valueIfPresent(\(key)).map { \(reading("$0")) }"
                : reading("object.value(\(key))")
            arguments.append("\(SwiftName.escapedLabel(field.name)): \(value)")
        }
        return .object([
            "access": .string(access),
            "type": .string(printer.qualifiedType(.named(id))),
            "protocol": .string(printer.runtime.fastJSONDecodable),
            "valueType": .string(printer.runtime.fastJSONValue),
            "arguments": .lines(arguments),
            "empty": .bool(arguments.isEmpty),
        ])
    }

    /// How the `FastJSONValue` `base` is read as `type`.
    func fastRead(_ type: TypeRef, _ base: String) -> String {
        switch table.resolved(type) {
        case .scalar(.string): return "try \(base).string()"
        case .scalar(.int): return "try \(base).int()"
        case .scalar(.int64): return "try \(base).int64()"
        case .scalar(.double): return "try \(base).double()"
        case .scalar(.float): return "try \(base).float()"
        case .scalar(.bool): return "try \(base).bool()"
        case .named(let id) where hasFastPath(id):
            // Another struct with a fast path: called directly, no dynamic lookup.
            return "try \(printer.qualifiedType(.named(id)))(fastJSON: \(base))"
        case .array(let element) where !element.isOptional:
            return "try \(base).array { \(fastRead(element, "$0")) }"
        default:
            return "try \(base).decode(\(printer.qualifiedType(type)).self)"
        }
    }

    func declaration(_ id: DeclID) -> MustacheValue {
        let decl = table[id]
        var item: MustacheObject = ["struct": .bool(false), "enum": .bool(false), "alias": .bool(false), "oneOf": .bool(false)]
        switch decl.kind {
        case .oneOf(let info): item["oneOf"] = oneOfContext(decl, info)
        case .structure(let fields): item["struct"] = structContext(decl, fields)
        case .enumeration(let info): item["enum"] = enumContext(decl, info)
        case .alias(let target):
            item["alias"] = .object(["doc": docLines(decl.doc), "access": .string(access), "name": .string(declaredName(decl)), "type": .string(printer.type(target))])
        }
        return .object(item)
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
        let properties: [MustacheValue] = fields.map { field in
            var boxed: MustacheValue = .bool(false)
            if let storage = field.storage {
                boxed = .object(["storage": .string(storage), "storageType": .string(storedType(field))])
            }
            return .object([
                "doc": docLines(field.doc), "name": .string(SwiftName.escaped(field.name)),
                "type": .string(field.storage == nil ? storedType(field) : printer.type(field.type)),
                "plain": .bool(field.storage == nil), "boxed": boxed,
            ])
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
                "name": .string(name), "type": .string(field.storage == nil ? storedType(field) : printer.type(field.type)),
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
            "initializer": fields.isEmpty ? .bool(false) : .object(["parameters": .list(parameters)]),
            "codingKeys": TypeTable.needsCodingKeys(fields) ? .object(["keys": .list(keys)]) : .bool(false),
            "decoder": .string(RuntimeSymbols.decoder),
            "encoder": .string(RuntimeSymbols.encoder),
            "customDecoding": TypeTable.needsCustomDecoding(fields) ? .object(["statements": .lines(fields.map(decodeStatement))]) : .bool(false),
            "customEncoding": TypeTable.needsCustomEncoding(fields) ? .object(["statements": .lines(fields.map(encodeStatement))]) : .bool(false),
            "nested": .list(decl.nested.map(declaration)),
        ])
    }

    func oneOfContext(_ decl: Decl, _ info: OneOfInfo) -> MustacheValue {
        let helper = printer.runtime.oneOf
        let key = info.discriminator.map(SwiftLiteral.string) ?? ""
        let cases: [MustacheValue] = info.variants.map { variant in
            .object([
                "name": .string(SwiftName.escaped(variant.name)),
                "type": .string(printer.type(variant.type)),
                "tag": .string(variant.tag.map(SwiftLiteral.string) ?? ""),
                "writesTag": .bool(info.discriminator != nil),
                "helper": .string(helper),
                "key": .string(key),
            ])
        }
        let unknown: MustacheValue = info.unknownCaseName.map {
            .object(["name": .string(SwiftName.escaped($0)), "jsonType": .string(printer.runtime.jsonValue)])
        } ?? .bool(false)
        var tagged: MustacheValue = .bool(false)
        var untagged: MustacheValue = .bool(false)
        if info.discriminator != nil {
            tagged = .object([
                "helper": .string(helper), "key": .string(key),
                "accepted": .string(info.variants.compactMap { $0.tag.map(SwiftLiteral.string) }.joined(separator: ", ")),
            ])
        } else {
            let attempts: [MustacheValue] = info.variants.map { variant in
                .object([
                    "condition": .string(variant.kind == .any ? "" : "kind == .\(variant.kind.rawValue), "),
                    "type": .string(printer.type(variant.type)),
                    "name": .string(SwiftName.escaped(variant.name)),
                ])
            }
            untagged = .object([
                "helper": .string(helper),
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

    /// The property's type: the field's, or `Nullable<T>?` for a `$nullable` field.
    func storedType(_ field: Field) -> String {
        if field.storage != nil { return "\(printer.runtime.indirect)<\(printer.type(field.type.nonOptional))>?" }
        guard field.coding.strategy == .nullable else { return printer.type(field.type) }
        return "\(printer.runtime.nullable)<\(printer.type(field.type.nonOptional))>?"
    }

    /// `self.x = <how x is decoded>`, as the field's coding says.
    func decodeStatement(_ field: Field) -> String {
        let stored = SwiftName.escaped(field.storage ?? field.name)
        let key = ".\(stored)"
        let coding = field.coding
        let base = field.type.nonOptional
        /// The type decoded: the field's, or its box.
        func decoded(_ type: TypeRef) -> String {
            field.storage == nil ? printer.type(type) : "\(printer.runtime.indirect)<\(printer.type(type))>"
        }
        /// `try container.f(args)`, `try container.fIfPresent(args)`, or for a lenient field `(try? container.fIfPresent(args))`.
        func call(_ function: String, _ arguments: String) -> String {
            if coding.lenient { return "(try? container.\(function)IfPresent(\(arguments)))" }
            return "try container.\(function)\(coding.mayBeAbsent ? "IfPresent" : "")(\(arguments))"
        }
        var expression: String
        switch coding.strategy {
        case .date(let format, let array):
            expression = call(array ? RuntimeSymbols.decodeDates : RuntimeSymbols.decodeDate, "forKey: \(key), format: \(printer.dateFormat(format))")
        case .lossyArray(let element):
            expression = call(RuntimeSymbols.decodeLossyArray, "\(printer.type(element)).self, forKey: \(key)")
        case .lenient:
            expression = "container.\(RuntimeSymbols.decodeLenient)(\(decoded(base)).self, forKey: \(key))"
        case .stringEncoded:
            expression = call(RuntimeSymbols.decodeStringEncoded, "\(printer.type(base)).self, forKey: \(key)")
        case .nullable:
            expression = "try container.\(RuntimeSymbols.decodeNullable)(\(printer.type(base)).self, forKey: \(key))"
        case .plain:
            expression = "try container.decode\(coding.mayBeAbsent ? "IfPresent" : "")(\(decoded(base)).self, forKey: \(key))"
        }
        if let fallback = coding.fallback {
            expression += " ?? \(printer.literal(fallback))"
        }
        return "self.\(stored) = \(expression)"
    }

    func encodeStatement(_ field: Field) -> String {
        let name = SwiftName.escaped(field.storage ?? field.name)
        let key = ".\(name)"
        let ifPresent = field.type.isOptional ? "IfPresent" : ""
        switch field.coding.strategy {
        case .date(let format, let array):
            let function = array ? RuntimeSymbols.encodeDates : RuntimeSymbols.encodeDate
            return "try container.\(function)\(ifPresent)(\(name), forKey: \(key), format: \(printer.dateFormat(format)))"
        case .stringEncoded:
            return "try container.\(RuntimeSymbols.encodeStringEncoded)\(ifPresent)(\(name), forKey: \(key))"
        case .nullable:
            return "try container.\(RuntimeSymbols.encodeNullable)(\(name), forKey: \(key))"
        default:
            break
        }
        return "try container.encode\(ifPresent)(\(name), forKey: \(key))"
    }
}

/// What every generated file's template gets: its header and imports.
struct FileContext {
    var header: String
    var runtime: RuntimeSymbols

    var entries: MustacheObject {
        [
            "header": .string(header),
            "runtimeImport": runtime.module.map { .object(["module": .string($0), "spi": .string(RuntimeSymbols.spi)]) } ?? .bool(false),
            "runtimeVersionCheck": .object([
                "type": .string(runtime.versionCheck),
                "version": .string(String(runtime.version)),
            ]),
        ]
    }
}
