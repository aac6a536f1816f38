/// Whole Swift statements, from IR values: how a field is decoded and encoded, the next
/// page's endpoint, a factory's summary line. The builders of template contexts only place
/// them; the printer writes every statement.
extension SwiftPrinter {
    /// The property's type: the field's, or `Nullable<T>?` for a `$nullable` field.
    func storedType(_ field: Field) -> String {
        if field.boxed { return "\(runtime.indirect)<\(type(field.type.nonOptional))>?" }
        guard field.coding.strategy.isNullable else { return type(field.type) }
        return "\(runtime.nullable)<\(type(field.type.nonOptional))>?"
    }

    /// How types are spelled: in full on the tape (the fast path's extension is outside the
    /// type), else as the declaration nested in its parents sees them.
    func spelling(onTape: Bool) -> (TypeRef) -> String {
        let printer = self
        return onTape ? { printer.qualifiedType($0) } : { printer.type($0) }
    }

    /// `self.x = <how x is decoded>`, as the field's coding says, from `container`: in
    /// `init(from:)` by its coding key, on the tape (`onTape`, the fast path) by the JSON key.
    func decodeStatement(_ field: Field, onTape: Bool = false) -> String {
        let stored = SwiftName.escaped(field.storage ?? field.name)
        let spell = spelling(onTape: onTape)
        let key = onTape ? SwiftLiteral.string(field.jsonKey) : ".\(stored)"
        let coding = field.coding
        let base = field.type.nonOptional
        /// The type decoded: the field's, or its box.
        func decoded(_ type: TypeRef) -> String {
            !field.boxed ? spell(type) : "\(runtime.indirect)<\(spell(type))>"
        }
        /// `try container.f(args)`, `try container.fIfPresent(args)`, or for a lenient field `(try? container.fIfPresent(args))`.
        func call(_ function: String, _ arguments: String) -> String {
            if coding.lenient { return "(try? container.\(function)IfPresent(\(arguments)))" }
            return "try container.\(function)\(coding.mayBeAbsent ? "IfPresent" : "")(\(arguments))"
        }
        var expression: String
        switch coding.strategy {
        case .date(let format, let container):
            // Deeper dates name their type: the runtime reads any nesting through it.
            let type = container == .nested ? "\(spell(base)).self, " : ""
            expression = call(
                RuntimeSymbols.decodeDate(container), "\(type)forKey: \(key), format: \(dateFormat(format))")
        case .lossyArray(let element):
            expression = call(RuntimeSymbols.decodeLossyArray, "\(spell(element)).self, forKey: \(key)")
        case .lenient:
            expression = "container.\(RuntimeSymbols.decodeLenient)(\(decoded(base)).self, forKey: \(key))"
        case .stringEncoded:
            expression = call(RuntimeSymbols.decodeStringEncoded, "\(spell(base)).self, forKey: \(key)")
        case .nullable:
            expression = "try container.\(RuntimeSymbols.decodeNullable)(\(spell(base)).self, forKey: \(key))"
        case .nullableDate(let format):
            expression =
                "try container.\(RuntimeSymbols.decodeNullableDate)(forKey: \(key), format: \(dateFormat(format)))"
        case .plain:
            expression =
                "try container.decode\(coding.mayBeAbsent ? "IfPresent" : "")(\(decoded(base)).self, forKey: \(key))"
        }
        if let fallback = coding.fallback {
            expression += " ?? \(literal(fallback))"
        }
        return "self.\(stored) = \(expression)"
    }

    /// `self.x = <every key CodingKeys does not list>`: a struct's `$additionalProperties`,
    /// read from the decoder (or, `onTape`, the fast path's value) after its fields.
    func decodeAdditionalPropertiesStatement(_ field: Field, onTape: Bool = false) -> String {
        guard case .dictionary(let value) = field.type else { return "" }
        let call =
            onTape
            ? "json.\(RuntimeSymbols.fastAdditionalProperties)" : "decoder.\(RuntimeSymbols.decodeAdditionalProperties)"
        return
            "self.\(SwiftName.escaped(field.name)) = try \(call)(\(spelling(onTape: onTape)(value)).self, declaredBy: CodingKeys.self)"
    }

    func encodeAdditionalPropertiesStatement(_ field: Field) -> String {
        "try encoder.\(RuntimeSymbols.encodeAdditionalProperties)(\(SwiftName.escaped(field.name)), declaredBy: CodingKeys.self)"
    }

    func encodeStatement(_ field: Field) -> String {
        let statement = encodeCall(field)
        // `$readOnly`: what only the server sets is kept in a cache's JSON, not sent back.
        return field.coding.readOnly ? "if !encoder.isEncodingRequestBody { \(statement) }" : statement
    }

    private func encodeCall(_ field: Field) -> String {
        let name = SwiftName.escaped(field.storage ?? field.name)
        let key = ".\(name)"
        // `encode` of an Optional writes `null` for nil (`$writeNull`); `encodeIfPresent` leaves the key out.
        let ifPresent = field.type.isOptional && !field.coding.writesNull ? "IfPresent" : ""
        switch field.coding.strategy {
        case .date(let format, let container):
            // `$writeNull` on a date: nil is written as `null`.
            let function =
                field.type.isOptional && field.coding.writesNull
                ? RuntimeSymbols.encodeDateOrNull : RuntimeSymbols.encodeDate(container) + ifPresent
            return "try container.\(function)(\(name), forKey: \(key), format: \(dateFormat(format)))"
        case .stringEncoded:
            return "try container.\(RuntimeSymbols.encodeStringEncoded)\(ifPresent)(\(name), forKey: \(key))"
        case .nullable:
            return "try container.\(RuntimeSymbols.encodeNullable)(\(name), forKey: \(key))"
        case .nullableDate(let format):
            return
                "try container.\(RuntimeSymbols.encodeNullableDate)(\(name), forKey: \(key), format: \(dateFormat(format)))"
        default:
            break
        }
        return "try container.encode\(ifPresent)(\(name), forKey: \(key))"
    }

    /// The call that gives the next page's endpoint (inside `.paginated { endpoint, response, headers in … }`).
    func nextPage(_ pagination: PaginationIR) -> String {
        let helper = runtime.pagination
        switch pagination {
        case .cursor(let param, let value, let more):
            let moreArgument = more.map { ", more: \(expression($0)) == true" } ?? ""
            return
                "\(helper).\(RuntimeSymbols.cursorPage)(endpoint, param: \(SwiftLiteral.string(param)), value: \(expression(value))\(moreArgument))"
        case .next(let param, let value):
            return
                "\(helper).\(RuntimeSymbols.nextPage)(endpoint, param: \(SwiftLiteral.string(param)), value: \(expression(value)))"
        case .link:
            return "\(helper).\(RuntimeSymbols.linkPage)(endpoint, headers: headers)"
        case .page(let param, let items):
            return
                "\(helper).\(RuntimeSymbols.numberedPage)(endpoint, param: \(SwiftLiteral.string(param)), empty: \(expression(items)).isEmpty)"
        }
    }

    /// A factory's summary line: `/// \`GET /users/{id}\``.
    func summaryDoc(_ endpoint: EndpointIR) -> String {
        let request =
            "/// `\(endpoint.method.rawValue) \(SwiftLiteral.lineComment(endpoint.pathTemplate).replacingOccurrences(of: "`", with: "'"))`"
        switch endpoint.stream?.style {
        case .sse?: return request + ", streamed as server-sent events (`APIClient.stream`)"
        case .jsonl?: return request + ", streamed as JSON Lines (`APIClient.stream`)"
        case nil: return request
        }
    }

    /// `- Parameter name: doc` (or a `- Parameters:` list) for the documented arguments, after
    /// a blank doc line; nothing when none is documented.
    func parameterDocs(_ arguments: [EndpointIR.Argument]) -> [String] {
        let documented = arguments.compactMap { argument in
            Self.argumentDoc(argument).map {
                (name: argument.name, text: SwiftLiteral.docLines($0).map { $0.dropFirst(3) })
            }
        }
        guard !documented.isEmpty else { return [] }
        /// The first line after `lead`, the rest indented under it.
        func item(_ lead: String, _ text: [Substring], indent: String) -> [String] {
            let first = text.first.map { lead + $0 } ?? lead
            return [first] + text.dropFirst().map { $0.isEmpty ? "///" : "///" + indent + $0.dropFirst() }
        }
        if documented.count == 1, let only = documented.first {
            return ["///"] + item("/// - Parameter \(only.name):", only.text, indent: "   ")
        }
        return ["///", "/// - Parameters:"]
            + documented.flatMap { item("///   - \($0.name):", $0.text, indent: "     ") }
    }

    /// An argument's `$doc`, and its deprecation said after it: a factory's argument cannot
    /// carry `@available`, so its doc comment says what the compiler cannot.
    static func argumentDoc(_ argument: EndpointIR.Argument) -> String? {
        guard let deprecation = argument.deprecation else { return argument.doc }
        let said = "Deprecated" + (deprecation.message.map { ": " + $0 } ?? ".")
        guard let doc = argument.doc, !doc.isEmpty else { return said }
        return doc + (doc.last.map { ".!?".contains($0) } == true ? " " : ". ") + said
    }

    /// How a body is sent when not as JSON: `.form`, `.multipart`, `.raw(contentType: ...)`.
    func bodyEncoding(_ endpoint: EndpointIR) -> String? {
        if let encoding = endpoint.bodyEncoding { return "." + encoding.rawValue }
        return endpoint.rawBodyContentType.map { ".\(RuntimeSymbols.rawBody)(contentType: \(SwiftLiteral.string($0)))" }
    }

    /// `["tags": ","]`: a form body's delimited fields (`delimitingFormFields`).
    func formDelimiters(_ endpoint: EndpointIR) -> String? {
        guard !endpoint.formDelimiters.isEmpty else { return nil }
        return "["
            + endpoint.formDelimiters.map { "\(SwiftLiteral.string($0.key)): \(SwiftLiteral.string($0.delimiter))" }
            .joined(separator: ", ") + "]"
    }

    /// A stream endpoint's `format:` (`.serverSentEvents(end: "[DONE]")`, `.jsonLines`).
    func streamFormat(_ stream: StreamIR) -> String {
        switch stream.style {
        case .jsonl:
            return "." + RuntimeSymbols.jsonLines
        case .sse:
            var parts: [String] = []
            if let end = stream.end { parts.append("end: \(SwiftLiteral.string(end))") }
            if stream.named { parts.append("named: true") }
            return ".\(RuntimeSymbols.serverSentEvents)(\(parts.joined(separator: ", ")))"
        }
    }

    /// The events of a stream whose `response` is `String`: each event's data as text.
    static let textEvents = "{ $0.data }"

    /// The endpoint modifier for a raw response: the body as `Data`, or as text.
    func rawResponse(_ scalar: TypeRef.Scalar) -> String {
        (scalar == .data ? RuntimeSymbols.decodingRawBody : RuntimeSymbols.decodingText) + "()"
    }

    /// A repository's request: `client.send`, with the kind's request data when it has one.
    func send(_ call: String, provider: String?) -> String {
        provider.map { "try await client.\(RuntimeSymbols.send)(\(call), using: try await \($0)())" }
            ?? "try await client.\(RuntimeSymbols.send)(\(call))"
    }

    /// A repository method's return type (` -> T`, or nothing) and how the response becomes it.
    func repositoryResult(_ result: RepositoryIR.Method.Result) -> (returns: String, convert: String?) {
        switch result {
        case .response(let response):
            return (response.map { " -> \(qualifiedType($0))" } ?? "", nil)
        case .mapped(let model, let form, let throwing):
            let attempt = throwing ? "try " : ""
            switch form {
            case .each, .array: return (" -> [\(model)]", "\(attempt)\(model).from(response)")
            case .single: return (" -> \(model)", "\(attempt)\(model)(from: response)")
            }
        }
    }
}

// MARK: factories and repositories

extension SwiftPrinter {
    /// `bodyFrom`: the factory's parameters with the body replaced by `from model: Model`, and
    /// the arguments it passes on (the body built from the model).
    func modelOverload(_ endpoint: EndpointIR) -> (model: String, parameters: String, arguments: String)? {
        guard let bodyFrom = endpoint.bodyFrom, let bodyName = endpoint.body else { return nil }
        var parameters: [String] = []
        var passed: [String] = []
        for argument in endpoint.arguments {
            if argument.name == bodyName {
                parameters.append("from model: \(bodyFrom.model)")
                passed.append(argumentPassed(argument, value: "\(table[bodyFrom.bodyType].qualifiedName)(from: model)"))
            } else {
                parameters.append(argumentDeclaration(argument))
                passed.append(argumentPassed(argument))
            }
        }
        return (bodyFrom.model, parameters.joined(separator: ", "), passed.joined(separator: ", "))
    }

    /// The factory as a call: `.search(for: query)`, or `.all` without arguments.
    func factoryCall(_ endpoint: EndpointIR) -> String {
        let passed = endpoint.arguments.map { argumentPassed($0) }
        return "." + SwiftName.escaped(endpoint.name) + (passed.isEmpty ? "" : "(\(passed.joined(separator: ", ")))")
    }

    /// `DTORuntime.Endpoint<Kind, Response>` of one endpoint.
    func endpointType(_ endpoint: EndpointIR) -> String {
        "\(runtime.endpoint)<\(kind(of: endpoint)), \(endpoint.response.map(qualifiedType) ?? "Void")>"
    }

    /// A repository method's signature: the factory's arguments (without defaults, which a
    /// protocol requirement cannot have), `async throws`, and what it returns.
    func repositorySignature(_ endpoint: EndpointIR, returns: String) -> String {
        let parameters = endpoint.arguments.map { argumentDeclaration($0, withDefault: false) }
        return "func \(SwiftName.escaped(endpoint.name))(\(parameters.joined(separator: ", "))) async throws\(returns)"
    }

    /// What a live repository asks for on every request of a kind: `@Sendable () async throws -> Kind.RequestData`.
    func requestDataProvider(_ kind: KindReference) -> String {
        "@Sendable () async throws -> \(self.kind(kind)).\(RuntimeSymbols.requestData)"
    }

    /// The live repository's `client` parameter, defaulting to the spec's `baseURL` when it has one.
    func clientParameter(defaultBaseURL api: String?) -> String {
        "client: \(runtime.apiClient)" + (api.map { " = \(runtime.apiClient)(baseURL: \($0).baseURL)" } ?? "")
    }

    /// A stored closure as an initialiser parameter: `name: @escaping @Sendable () ...`.
    func escapingParameter(_ name: String, type: String) -> String {
        "\(name): \(type.replacingOccurrences(of: "@Sendable", with: "@escaping @Sendable"))"
    }
}
