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

    /// The call that gives the next page's endpoint (inside `.paginated { endpoint, response, headers in … }`).
    func nextPage(_ pagination: PaginationIR) -> String {
        let helper = printer.runtime.pagination
        switch pagination {
        case .cursor(let param, let value, let more):
            let moreArgument = more.map { ", more: \(printer.expression($0)) == true" } ?? ""
            return "\(helper).cursor(endpoint, param: \(SwiftLiteral.string(param)), value: \(printer.expression(value))\(moreArgument))"
        case .next(let param, let value):
            return "\(helper).next(endpoint, param: \(SwiftLiteral.string(param)), value: \(printer.expression(value)))"
        case .link:
            return "\(helper).link(endpoint, headers: headers)"
        case .page(let param, let items):
            return "\(helper).page(endpoint, param: \(SwiftLiteral.string(param)), empty: \(printer.expression(items)).isEmpty)"
        }
    }

    func factory(_ endpoint: EndpointIR, spaced: Bool) -> MustacheValue {
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if !doc.isEmpty { doc.append("///") }
        doc.append("/// `\(endpoint.method.rawValue) \(SwiftLiteral.lineComment(endpoint.pathTemplate).replacingOccurrences(of: "`", with: "'"))`")
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
            "bodyEncoding": (endpoint.bodyEncoding.map { "." + $0.rawValue } ?? endpoint.rawBodyContentType.map { ".raw(contentType: \(SwiftLiteral.string($0)))" }).map { .string($0) } ?? .bool(false),
            "rawResponse": endpoint.rawResponse.map { .string($0 == .data ? "decodingRawBody()" : "decodingText()") } ?? .bool(false),
            "paginate": endpoint.pagination.map { .string(nextPage($0)) } ?? .bool(false),
            "spaced": .bool(spaced),
            "modelOverload": modelOverload,
        ])
    }
}
