/// Builds the template context for a spec's domain-mapping file.
struct MappingContextBuilder {
    let access: String
    let printer: SwiftPrinter

    /// Arguments of `self.init(` sit at this column; long ones are split to stay readable.
    static let argumentIndent = 12

    func context(_ file: FileContext, mappings: [MappingIR]) -> MustacheValue {
        .object(file.entries.merging(["mappings": .list(mappings.map(mapping))]))
    }

    func mapping(_ mapping: MappingIR) -> MustacheValue {
        let dtoType = printer.table[mapping.dtoType].qualifiedName
        let arguments = mapping.arguments.map { argument -> MustacheValue in
            let label = argument.label.map { "\(SwiftName.escapedLabel($0)): " } ?? ""
            var lines = printer.lines(argument.value, after: String(repeating: " ", count: Self.argumentIndent) + label)
            lines[0] = label + lines[0]
            lines[lines.count - 1] += ","
            return .object(["lines": .lines(lines)])
        }
        var response: MustacheValue = .bool(false)
        if let type = mapping.response, let elements = mapping.elements {
            response = .object([
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
            "response": response,
        ])
    }
}
