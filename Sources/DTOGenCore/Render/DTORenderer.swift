/// Builds the template context for a spec's DTO file: one entry per declaration, with the
/// Swift of every property, coding key and coding statement already decided.
struct DTORenderer {
    let table: TypeTable
    let access: String

    func context(header: String, runtimeImport: String?) -> MustacheValue {
        .object([
            "header": .string(header),
            "runtimeImport": .string(runtimeImport ?? ""),
            "declarations": .list(table.topLevel.map(declaration)),
        ])
    }

    func declaration(_ id: DeclID) -> MustacheValue {
        let decl = table[id]
        var item: MustacheObject = ["struct": .bool(false), "enum": .bool(false), "alias": .bool(false)]
        switch decl.kind {
        case .structure(let fields): item["struct"] = structContext(decl, fields)
        case .enumeration(let info): item["enum"] = enumContext(decl, info)
        case .alias(let target):
            item["alias"] = .object(["doc": docLines(decl.doc), "access": .string(access), "name": .string(decl.name), "type": .string(table.swift(target))])
        }
        return .object(item)
    }

    func docLines(_ doc: String?) -> MustacheValue {
        .lines(doc.map(SwiftLiteral.docLines) ?? [])
    }

    func structContext(_ decl: Decl, _ fields: [Field]) -> MustacheValue {
        let custom = fields.contains { $0.dateFormat != nil || $0.defaultLiteral != nil || $0.lenient || $0.lossy }
        let renamed = fields.contains { $0.name != $0.jsonKey }
        let properties: [MustacheValue] = fields.map { field in
            .object(["doc": docLines(field.doc), "name": .string(SwiftName.escaped(field.name)), "type": .string(table.swift(field.type))])
        }
        let parameters = fields.map { field -> MustacheObject in
            var defaultValue = ""
            if let literal = field.defaultLiteral {
                defaultValue = " = \(literal)"
            } else if field.type.isOptional {
                defaultValue = " = nil"
            }
            return ["name": .string(SwiftName.escaped(field.name)), "type": .string(table.swift(field.type)), "defaultValue": .string(defaultValue)]
        }
        let keys: [MustacheValue] = fields.map { field in
            .object([
                "name": .string(SwiftName.escaped(field.name)),
                "rawValue": .string(field.name == field.jsonKey ? "" : " = \(SwiftLiteral.string(field.jsonKey))"),
            ])
        }
        return .object([
            "doc": docLines(decl.doc),
            "access": .string(access),
            "name": .string(decl.name),
            "properties": .list(properties),
            "initializer": fields.isEmpty ? .bool(false) : .object(["parameters": .separated(parameters)]),
            "codingKeys": custom || renamed ? .object(["keys": .list(keys)]) : .bool(false),
            "customCoding": custom
                ? .object(["decode": .lines(fields.map(decodeStatement)), "encode": .lines(fields.map(encodeStatement))])
                : .bool(false),
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

    /// `self.x = <how x is decoded>`: dates in their format, lossy arrays, lenient fallbacks, defaults.
    func decodeStatement(_ field: Field) -> String {
        let key = ".\(SwiftName.escaped(field.name))"
        let base = field.type.nonOptional
        let optional = field.type.isOptional
        let mayBeAbsent = optional || field.defaultLiteral != nil || field.lenient
        var expression: String
        if let format = field.dateFormat {
            let function = isArray(base) ? "decodeDates" : "decodeDate"
            expression = mayBeAbsent
                ? "try container.\(function)IfPresent(forKey: \(key), format: \(format))"
                : "try container.\(function)(forKey: \(key), format: \(format))"
            if field.lenient { expression = "(try? container.\(function)IfPresent(forKey: \(key), format: \(format)))" }
        } else if field.lossy, case .array(let element) = table.resolved(base) {
            let elementType = table.swift(element)
            expression = mayBeAbsent
                ? "try container.decodeLossyArrayIfPresent(\(elementType).self, forKey: \(key))"
                : "try container.decodeLossyArray(\(elementType).self, forKey: \(key))"
            if field.lenient { expression = "(try? container.decodeLossyArrayIfPresent(\(elementType).self, forKey: \(key)))" }
        } else if field.lenient {
            expression = "container.decodeLenient(\(table.swift(base)).self, forKey: \(key))"
        } else {
            expression = mayBeAbsent
                ? "try container.decodeIfPresent(\(table.swift(base)).self, forKey: \(key))"
                : "try container.decode(\(table.swift(base)).self, forKey: \(key))"
        }
        if let literal = field.defaultLiteral {
            expression += " ?? \(literal)"
        } else if field.lenient, !optional, let empty = Literals.empty(base, in: table) {
            expression += " ?? \(empty)"
        }
        return "self.\(SwiftName.escaped(field.name)) = \(expression)"
    }

    func encodeStatement(_ field: Field) -> String {
        let key = ".\(SwiftName.escaped(field.name))"
        let name = SwiftName.escaped(field.name)
        let ifPresent = field.type.isOptional ? "IfPresent" : ""
        if let format = field.dateFormat {
            let function = isArray(field.type.nonOptional) ? "encodeDates" : "encodeDate"
            return "try container.\(function)\(ifPresent)(\(name), forKey: \(key), format: \(format))"
        }
        return "try container.encode\(ifPresent)(\(name), forKey: \(key))"
    }

    func isArray(_ type: TypeRef) -> Bool {
        if case .array = table.resolved(type) { return true }
        return false
    }
}

/// Builds the template context for a spec's domain-mapping file.
struct MappingRenderer {
    let mappings: [MappingIR]
    let access: String
    /// Final throwing status of every mapping, after following `model:` conversions.
    let throwing: [MappingResolver.MappingKey: Bool]

    func context(header: String, runtimeImport: String?) -> MustacheValue {
        .object([
            "header": .string(header),
            "runtimeImport": .string(runtimeImport ?? ""),
            "mappings": .list(mappings.map(mapping)),
        ])
    }

    func mapping(_ mapping: MappingIR) -> MustacheValue {
        let throwsInit = throwing[MappingResolver.MappingKey(model: mapping.model, dtoType: mapping.dtoType)] ?? mapping.throwsOwn
        let arguments = mapping.arguments.map { argument -> MustacheObject in
            ["label": .string(argument.label.map { "\($0): " } ?? ""), "expression": .string(argument.expression)]
        }
        var response: MustacheValue = .bool(false)
        if let type = mapping.responseType, let elements = mapping.responseElements {
            let throwsResponse = throwsInit || mapping.responseThrows
            response = .object([
                "type": .string(type),
                "elements": .string(elements),
                "each": .string(SwiftLiteral.lineComment(mapping.eachPath ?? "")),
                "throwsClause": .string(throwsResponse ? " throws" : ""),
                "tryPrefix": .string(throwsResponse ? "try " : ""),
            ])
        }
        return .object([
            "access": .string(access),
            "model": .string(mapping.model),
            "dtoType": .string(mapping.dtoType),
            "initKeyword": .string(mapping.isClass ? "convenience init" : "init"),
            "initializer": .bool(mapping.declaresInit),
            "throwsClause": .string(throwsInit ? " throws" : ""),
            "tryPrefix": .string(throwsInit ? "try " : ""),
            "arguments": .separated(arguments),
            "response": response,
        ])
    }
}
