/// Builds the template context for a spec's domain-mapping file.
struct MappingContextBuilder {
    let access: String
    let printer: SwiftPrinter
    /// The spec's path for `#sourceLocation`, when the run asks for spec locations.
    var specFile: String?

    /// Arguments of `self.init(` sit at this column; long ones are split to stay readable.
    static let argumentIndent = 12

    func context(_ file: FileContext, mappings: [MappingIR], bodies: [BodyFromIR] = []) -> MappingsFileContext {
        // A mapping that reuses another's init on a single object adds nothing to the file.
        let written = mappings.filter { $0.declaresInit || ($0.elements != nil && $0.declaresResponse) }
        return MappingsFileContext(file: file, mappings: written.map(mapping), bodyInits: bodies.map(bodyInit))
    }

    /// `init(from model:)` on a body DTO: the memberwise init, listed fields in its order.
    func bodyInit(_ body: BodyFromIR) -> BodyInitContext {
        let order = printer.table.fields(of: .named(body.bodyType))?.fields.map(\.name) ?? []
        let fields = body.fields.sorted { (order.firstIndex(of: $0.name) ?? 0) < (order.firstIndex(of: $1.name) ?? 0) }
        return BodyInitContext(
            availability: printer.availability(printer.deprecation(ofBodyFrom: body)), access: access,
            bodyType: printer.table[body.bodyType].qualifiedName, model: body.model,
            fields: fields.map(printer.modelArgument),
            location: location(body.location.line)
        )
    }

    /// `#sourceLocation(file: …, line: N)`'s arguments, or nil without spec locations.
    func location(_ line: Int) -> SourceLocationContext? {
        specFile.map { SourceLocationContext(file: SwiftLiteral.string($0), line: line) }
    }

    func mapping(_ mapping: MappingIR) -> MappingContext {
        let dtoType = printer.table[mapping.dtoType].qualifiedName
        // With spec locations, a `swift` expression is bound to a constant first, under a
        // `#sourceLocation` of its own line (the directive cannot stand inside a call).
        var hoisted: [HoistedContext] = []
        let arguments = mapping.arguments.map { argument -> [String] in
            var value = argument.value
            if specFile != nil, case .swift(let code) = value {
                let name = SwiftName.hoistedExpression(hoisted.count)
                hoisted.append(HoistedContext(name: name, expression: code, location: location(argument.location.line)))
                value = .variable(name)
            }
            return printer.argumentLines(label: argument.label, value: value, indent: Self.argumentIndent)
        }
        var update: UpdateContext?
        if mapping.declaresUpdate {
            // `self.<label> = <value>` for each argument; with spec locations, "no member 'x'"
            // points at the field's line in the spec.
            let assignments = mapping.arguments.compactMap { argument -> AssignmentContext? in
                guard let label = argument.label else { return nil }
                return AssignmentContext(
                    lines: printer.assignmentLines(label: label, value: argument.value, indent: 8),
                    location: location(argument.location.line))
            }
            update = UpdateContext(
                access: access, model: mapping.model, dtoType: dtoType, throwing: mapping.initThrows,
                keyword: printer.updateModifier(isClass: mapping.isClass), assignments: assignments,
                location: location(mapping.location.line), availability: printer.availability(mapping.deprecation)
            )
        }
        var response: MappingResponseContext?
        if let type = mapping.response, let elements = mapping.elements, mapping.declaresResponse {
            response = MappingResponseContext(
                access: access, model: mapping.model, declaresInit: mapping.declaresInit,
                type: printer.qualifiedType(type), elements: printer.expression(elements),
                each: SwiftLiteral.lineComment(mapping.eachPath ?? ""), throwing: mapping.responseThrows,
                availability: printer.availability(mapping.responseDeprecation ?? mapping.deprecation)
            )
        }
        return MappingContext(
            availability: printer.availability(mapping.deprecation), access: access, model: mapping.model,
            dtoType: dtoType,
            initKeyword: printer.mappingInitializer(isClass: mapping.isClass), declaresInit: mapping.declaresInit,
            throwing: mapping.initThrows, arguments: arguments, hoisted: hoisted,
            location: location(mapping.location.line),
            response: response, update: update
        )
    }
}
