/// The parts of declarations that the templates place: a generic type's declared name, a
/// memberwise init's parameters, raw values, a mapping's initialiser and its arguments. The
/// context builders carry these values; the printer writes them.
extension SwiftPrinter {
    /// What every declaration of the output (and an import its declarations expose) is
    /// written with: nothing for `internal`, `public ` or `package `.
    static func accessModifier(_ level: AccessLevel) -> String {
        switch level {
        case .internal: ""
        case .package: "package "
        case .public: "public "
        }
    }

    /// `@available(*, deprecated)`, with `message:` when the deprecation has one; nothing for nil.
    func availability(_ deprecation: Deprecation?) -> [String] {
        guard let deprecation else { return [] }
        let message = deprecation.message.map { ", message: " + SwiftLiteral.string($0) } ?? ""
        return ["@available(*, deprecated\(message))"]
    }

    /// An endpoint's factory is deprecated when the spec says so, or when it spells a
    /// deprecated type: its response, an argument (the body), its error type.
    func deprecation(of endpoint: EndpointIR) -> Deprecation? {
        if let own = endpoint.deprecation ?? endpoint.readsDeprecated { return own }
        let spelled =
            [endpoint.response, endpoint.responseHeaders.map(TypeRef.named)].compactMap { $0 } + endpoint.errorTypes
            + endpoint.arguments.map(\.type)
        return spelled.lazy.compactMap { deprecated.mentioned(in: $0, table: table) }.first
    }

    /// A body type's `init(from model:)` is deprecated with its memberwise init: when the
    /// type, or a field of it, spells a deprecated type.
    func deprecation(ofBodyFrom body: BodyFromIR) -> Deprecation? {
        deprecated.mentioned(in: .named(body.bodyType), table: table) ?? deprecated.codingDeprecation(of: body.bodyType)
    }

    /// `[@_spi(SPI)] [modifier]import Module`.
    static func importDeclaration(_ module: String, spi: String? = nil, modifier: String) -> String {
        (spi.map { "@_spi(\($0)) " } ?? "") + modifier + "import " + module
    }

    /// A type's name as declared: with its generic parameters, each as `Codable` as the type.
    func declaredName(_ decl: Decl) -> String {
        guard !decl.genericParameters.isEmpty else { return decl.name }
        return decl.name + "<"
            + decl.genericParameters.map { "\($0): Codable & Sendable & Hashable" }.joined(separator: ", ") + ">"
    }

    /// ` = <default>` after a memberwise init's parameter: the field's default, `nil` for an
    /// optional, else nothing.
    func parameterDefault(_ field: Field) -> String {
        if let value = field.defaultValue { return " = \(literal(value))" }
        return field.type.isOptional ? " = nil" : ""
    }

    /// What the memberwise init stores for `argument`: itself, or a boxed field's value in its box.
    func storedArgument(_ field: Field, argument: String) -> String {
        !field.boxed ? argument : "\(argument).map(\(runtime.indirect).init)"
    }

    /// ` = "raw"` after a case (a coding key, an enum value) whose name is not its raw value.
    func rawValueClause(name: String, rawValue: String) -> String {
        name == rawValue ? "" : " = \(SwiftLiteral.string(rawValue))"
    }

    /// Where an API-key kind of the spec's `kinds` sends the key: `.header("X-API-Key")`.
    func apiKeyLocation(_ placement: KindDeclaration.Placement) -> String {
        switch placement {
        case .header(let name): ".header(\(SwiftLiteral.string(name)))"
        case .query(let name): ".query(\(SwiftLiteral.string(name)))"
        }
    }

    /// An API-key kind's doc comment: where it sends the key.
    func apiKeyDoc(_ placement: KindDeclaration.Placement) -> String {
        let (place, name) =
            switch placement {
            case .header(let name): ("header", name)
            case .query(let name): ("query item", name)
            }
        return
            "Sends the API key in the \(place) `\(SwiftLiteral.lineComment(name).replacingOccurrences(of: "`", with: "'"))`."
    }

    /// A mapping's initialiser: `convenience init` on a class, `init` on a struct.
    func mappingInitializer(isClass: Bool) -> String {
        isClass ? "convenience init" : "init"
    }

    /// What the update method of a mapping is declared with: `mutating ` on a struct.
    func updateModifier(isClass: Bool) -> String {
        isClass ? "" : "mutating "
    }

    /// `label: model.a.b` in a body's `init(from model:)`.
    func modelArgument(_ field: BodyFromIR.Field) -> String {
        "\(SwiftName.escapedLabel(field.name)): model.\(field.path.map(SwiftName.escaped).joined(separator: "."))"
    }

    /// A mapping call's argument as lines: `label: value,`, split after `indent` columns
    /// where the value is long.
    func argumentLines(label: String?, value: MappingExpression, indent: Int) -> [String] {
        let label = label.map { "\(SwiftName.escapedLabel($0)): " } ?? ""
        var result = lines(value, after: String(repeating: " ", count: indent) + label)
        result[0] = label + result[0]
        result[result.count - 1] += ","
        return result
    }

    /// `self.label = [try ]value` as lines, for a mapping's update method.
    func assignmentLines(label: String, value: MappingExpression, indent: Int) -> [String] {
        let target = "self.\(SwiftName.escaped(label)) = " + (value.throwing ? "try " : "")
        var result = lines(value, after: String(repeating: " ", count: indent) + target)
        result[0] = target + result[0]
        return result
    }

    /// What a response by status's `init` makes of a body for one status: the case, with
    /// the body as it is (`Data`), as text (`String`), or decoded (inside the envelope).
    func statusCaseValue(_ entry: Decl.StatusCase) -> String {
        let name = "." + SwiftName.escaped(entry.name)
        guard let payload = entry.payload else { return name }
        switch payload {
        case .scalar(.data): return "\(name)(body)"
        case .scalar(.string): return "\(name)(String(decoding: body, as: UTF8.self))"
        default: return "\(name)(try Self.decodeBody(\(type(payload)).self, from: body, envelope: envelope))"
        }
    }

    /// What a case without a body checks first: the envelope's rule, as an endpoint without
    /// a response does.
    func statusCaseCheck(_ entry: Decl.StatusCase) -> String? {
        entry.payload == nil ? "try Self.checkEnvelope(of: body, envelope)" : nil
    }

    /// How `init(from headers:)` reads a response header: `headers.value("X-Count", as:
    /// Int.self)`, `headers.values("Allow", as: Method.self)`, `headers.date("Expires")`;
    /// `try headers.required…` for one the response must carry.
    func responseHeaderRead(_ field: Decl.HeaderField) -> String {
        let required = !field.type.isOptional
        let header = SwiftLiteral.string(field.header)
        var read = field.type.nonOptional
        while case .named(let id) = read, case .alias(let target) = table[id].kind { read = target.nonOptional }
        switch read {
        case .scalar(.date):
            let format = field.dateFormat.map { ", format: " + dateFormat($0) } ?? ""
            return (required ? "try headers.requiredDate(" : "headers.date(") + header + format + ")"
        case .array(let element):
            return (required ? "try headers.requiredValues(" : "headers.values(") + header
                + ", as: \(type(element)).self)"
        default:
            return (required ? "try headers.requiredValue(" : "headers.value(") + header
                + ", as: \(type(field.type.nonOptional)).self)"
        }
    }

    /// A response header's doc comment: the spec's `$doc`, then the header it is read from.
    func responseHeaderDoc(_ field: Decl.HeaderField) -> String {
        let from = "The `\(field.header)` header" + (field.type.isOptional ? "." : ", which every response carries.")
        return field.doc.map { $0 + "\n\n" + from } ?? from
    }
}
