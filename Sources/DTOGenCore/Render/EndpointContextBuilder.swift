/// Builds the template context for a spec's endpoints file: factories in spec order,
/// consecutive factories of one (kind, response) pair sharing an extension.
struct EndpointContextBuilder {
    let access: String
    let printer: SwiftPrinter

    /// Factories with more arguments than this declare one argument per line.
    static let inlineArgumentLimit = 2

    func context(_ file: FileContext, endpoints: [EndpointIR], api: APINamespace?) -> MustacheValue {
        var groups: [(kind: String, response: String, factories: [EndpointIR])] = []
        for endpoint in endpoints {
            let kind = printer.kind(endpoint.kind)
            let response = endpoint.response.map(printer.qualifiedType) ?? "Void"
            if let last = groups.last, last.kind == kind, last.response == response {
                groups[groups.count - 1].factories.append(endpoint)
            } else {
                groups.append((kind, response, [endpoint]))
            }
        }
        return .object(file.entries.merging([
            "api": api.map { .object(["name": .string($0.name), "baseURL": .string(SwiftLiteral.string($0.baseURL)), "access": .string(access)]) } ?? .bool(false),
            "endpointType": .string(printer.runtime.endpoint),
            "extensions": .list(groups.map { group in
                .object([
                    "kind": .string(group.kind),
                    "response": .string(group.response),
                    "factories": .list(group.factories.enumerated().map { factory($1, spaced: $0 > 0) }),
                ])
            }),
        ]))
    }

    func factory(_ endpoint: EndpointIR, spaced: Bool) -> MustacheValue {
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if !doc.isEmpty { doc.append("///") }
        doc.append(printer.summaryDoc(endpoint))
        let arguments = endpoint.arguments.map { argument -> MustacheObject in
            ["declaration": .string(printer.argumentDeclaration(argument))]
        }
        func list(_ items: [NamedParameter]) -> MustacheValue {
            items.isEmpty ? .bool(false) : .object(["items": .lines(items.map(printer.namedParameter))])
        }
        let layout: String = arguments.isEmpty ? "property" : arguments.count > Self.inlineArgumentLimit ? "multiline" : "inline"
        // `bodyFrom`: the same factory, taking the model instead of the body.
        var modelOverload: MustacheValue = .bool(false)
        if let bodyFrom = endpoint.bodyFrom, let bodyName = endpoint.body {
            var parameters: [String] = []
            var passed: [String] = []
            for argument in endpoint.arguments {
                if argument.name == bodyName {
                    parameters.append("from model: \(bodyFrom.model)")
                    passed.append(printer.argumentPassed(argument, value: "\(printer.table[bodyFrom.bodyType].qualifiedName)(from: model)"))
                } else {
                    parameters.append(printer.argumentDeclaration(argument))
                    passed.append(printer.argumentPassed(argument))
                }
            }
            modelOverload = .object([
                "access": .string(access), "name": .string(SwiftName.escaped(endpoint.name)), "model": .string(bodyFrom.model),
                "parameters": .string(parameters.joined(separator: ", ")), "arguments": .string(passed.joined(separator: ", ")),
            ])
        }
        return .object([
            "doc": .lines(doc),
            "access": .string(access),
            "name": .string(SwiftName.escaped(endpoint.name)),
            "property": .bool(layout == "property"),
            "inline": layout == "inline" ? .object(["arguments": .separated(arguments, separator: ", ")]) : .bool(false),
            "multiline": layout == "multiline" ? .object(["arguments": .list(arguments.map { .object($0) })]) : .bool(false),
            "method": .string(printer.method(endpoint.method)),
            "path": .string(printer.path(endpoint.path)),
            "query": list(endpoint.query),
            "headers": list(endpoint.headers),
            "body": endpoint.body.map { .string(SwiftName.escaped($0)) } ?? .bool(false),
            "envelope": endpoint.envelope.map { .string(printer.envelope($0)) } ?? .bool(false),
            "errorType": endpoint.errorType.map { .string(printer.qualifiedType($0)) } ?? .bool(false),
            "timeout": endpoint.timeout.map { .string($0) } ?? .bool(false),
            "bodyEncoding": printer.bodyEncoding(endpoint).map { .string($0) } ?? .bool(false),
            "rawResponse": endpoint.rawResponse.map { .string(printer.rawResponse($0)) } ?? .bool(false),
            "paginate": endpoint.pagination.map { .string(printer.nextPage($0)) } ?? .bool(false),
            "spaced": .bool(spaced),
            "modelOverload": modelOverload,
        ])
    }
}
