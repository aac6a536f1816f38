/// Builds the template context for a spec's domain-mapping file.
struct MappingContextBuilder {
    let access: String
    let printer: SwiftPrinter
    /// The spec's path for `#sourceLocation`, when the run asks for spec locations.
    var specFile: String?

    /// Arguments of `self.init(` sit at this column; long ones are split to stay readable.
    static let argumentIndent = 12

    func context(_ file: FileContext, mappings: [MappingIR], bodies: [BodyFromIR] = []) -> MustacheValue {
        .object(file.entries.merging([
            "mappings": .list(mappings.map(mapping)),
            "bodyInits": .list(bodies.map(bodyInit)),
        ]))
    }

    /// `init(from model:)` on a body DTO: the memberwise init, listed fields in its order.
    func bodyInit(_ body: BodyFromIR) -> MustacheValue {
        let order = printer.table.fields(of: .named(body.bodyType))?.fields.map(\.name) ?? []
        let fields = body.fields.sorted { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        return .object([
            "access": .string(access),
            "bodyType": .string(printer.table[body.bodyType].qualifiedName),
            "model": .string(body.model),
            "fields": .lines(fields.map { "\(SwiftName.escapedLabel($0.name)): model.\($0.path.map(SwiftName.escaped).joined(separator: "."))" }),
            "location": location(body.location.line),
        ])
    }

    /// `#sourceLocation(file: …, line: N)`'s arguments, or false without spec locations.
    func location(_ line: Int) -> MustacheValue {
        guard let specFile else { return .bool(false) }
        return .object(["file": .string(SwiftLiteral.string(specFile)), "line": .string(String(line))])
    }

    func mapping(_ mapping: MappingIR) -> MustacheValue {
        let dtoType = printer.table[mapping.dtoType].qualifiedName
        // With spec locations, a `swift` expression is bound to a constant first, under a
        // `#sourceLocation` of its own line (the directive cannot stand inside a call).
        var hoisted: [MustacheValue] = []
        let arguments = mapping.arguments.map { argument -> MustacheValue in
            let label = argument.label.map { "\(SwiftName.escapedLabel($0)): " } ?? ""
            var value = argument.value
            if specFile != nil, case .swift(let code) = value {
                let name = "swift\(hoisted.count)"
                hoisted.append(.object(["name": .string(name), "expression": .string(code), "location": location(argument.location.line)]))
                value = .variable(name)
            }
            var lines = printer.lines(value, after: String(repeating: " ", count: Self.argumentIndent) + label)
            lines[0] = label + lines[0]
            lines[lines.count - 1] += ","
            return .object(["lines": .lines(lines)])
        }
        // `update(from:)`: `self.<label> = <value>` for each argument.
        let assignments = mapping.declaresUpdate ? mapping.arguments.compactMap { argument -> MustacheValue? in
            guard let label = argument.label else { return nil }
            let target = "self.\(SwiftName.escaped(label)) = " + (argument.value.throwing ? "try " : "")
            var lines = printer.lines(argument.value, after: String(repeating: " ", count: 8) + target)
            lines[0] = target + lines[0]
            // With spec locations, "no member 'x'" points at the field's line in the spec.
            return .object(["lines": .lines(lines), "location": location(argument.location.line)])
        } : []
        var response: MustacheValue = .bool(false)
        if let type = mapping.response, let elements = mapping.elements {
            response = .object([
                "access": .string(access), "model": .string(mapping.model), "initializer": .bool(mapping.declaresInit),
                "type": .string(printer.qualifiedType(type)),
                "elements": .string(printer.expression(elements)),
                "each": .string(SwiftLiteral.lineComment(mapping.eachPath ?? "")),
                "throws": .bool(mapping.responseThrows),
            ])
        }
        return .object([
            "access": .string(access),
            "model": .string(mapping.model),
            "dtoType": .string(dtoType),
            "initKeyword": .string(mapping.isClass ? "convenience init" : "init"),
            "initializer": .bool(mapping.declaresInit),
            "throws": .bool(mapping.initThrows),
            "arguments": .list(arguments),
            "hoisted": .list(hoisted),
            "location": location(mapping.location.line),
            "response": response,
            "update": mapping.declaresUpdate ? .object([
                "keyword": .string(mapping.isClass ? "" : "mutating "),
                "assignments": .list(assignments),
            ]) : .bool(false),
        ])
    }
}
