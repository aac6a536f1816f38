/// Builds the template context for a spec's endpoints file: factories in spec order,
/// consecutive factories of one (kind, response) pair sharing an extension.
struct EndpointContextBuilder {
    let access: String
    let printer: SwiftPrinter

    /// Factories with more arguments than this declare one argument per line.
    static let inlineArgumentLimit = 2

    func context(_ file: FileContext, endpoints: [EndpointIR], api: APINamespace?, kinds: [KindDeclaration] = [])
        -> EndpointsFileContext
    {
        var groups: [ExtensionContext] = []
        for endpoint in endpoints {
            let kind = printer.kind(of: endpoint)
            let response = endpoint.response.map(printer.qualifiedType) ?? "Void"
            let endpointType = endpoint.stream == nil ? printer.runtime.endpoint : printer.runtime.streamEndpoint
            if let last = groups.last, last.endpointType == endpointType, last.kind == kind, last.response == response {
                groups[groups.count - 1].factories.append(factory(endpoint, spaced: true))
            } else {
                // `extension Endpoint<Kind, Old>` spells the response type (and the response
                // headers' type, in its kind).
                let spelled = ([endpoint.response, endpoint.responseHeaders.map(TypeRef.named)].compactMap { $0 })
                    .lazy.compactMap { printer.deprecated.mentioned(in: $0, table: printer.table) }.first
                groups.append(
                    ExtensionContext(
                        endpointType: endpointType, kind: kind, response: response,
                        availability: printer.availability(spelled), factories: [factory(endpoint, spaced: false)]))
            }
        }
        return EndpointsFileContext(
            file: file,
            api: api.map {
                APIContext(
                    name: $0.name, baseURL: SwiftLiteral.string($0.baseURL), access: access, namespace: $0.namespace)
            },
            endpointType: printer.runtime.endpoint, extensions: groups,
            kinds: kinds.map { kind in
                KindContext(
                    access: access, name: kind.name.value, protocol: printer.runtime.apiKeyKind,
                    locationType: printer.runtime.apiKeyLocation, location: printer.apiKeyLocation(kind.placement),
                    doc: printer.apiKeyDoc(kind.placement))
            }
        )
    }

    func factory(_ endpoint: EndpointIR, spaced: Bool) -> FactoryContext {
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if !doc.isEmpty { doc.append("///") }
        doc.append(printer.summaryDoc(endpoint))
        doc += printer.parameterDocs(endpoint.arguments)
        let arguments = endpoint.arguments.map { printer.argumentDeclaration($0) }
        let layout: FactoryContext.Layout =
            arguments.isEmpty
            ? .property : arguments.count > Self.inlineArgumentLimit ? .multiline(arguments) : .inline(arguments)
        let name = SwiftName.escaped(endpoint.name)
        let deprecation = printer.deprecation(of: endpoint)
        return FactoryContext(
            doc: doc, availability: printer.availability(deprecation), access: access, name: name, layout: layout,
            method: printer.method(endpoint.method), path: printer.path(endpoint.path),
            query: endpoint.query.map(printer.namedParameter),
            headers: endpoint.headers.map(printer.namedParameter) + printer.cookieHeader(endpoint.cookies),
            body: endpoint.body.map(SwiftName.escaped), envelope: endpoint.envelope.map(printer.envelope),
            errorType: endpoint.errorType.map(printer.qualifiedType),
            statusErrors: endpoint.statusErrors.map { (printer.qualifiedType($0.type), $0.status.swift) },
            timeout: endpoint.timeout,
            bodyEncoding: printer.bodyEncoding(endpoint),
            formDelimiters: printer.formDelimiters(endpoint),
            rawResponse: endpoint.rawResponse.map(printer.rawResponse),
            paginate: endpoint.pagination.map(printer.nextPage),
            format: endpoint.stream.map(printer.streamFormat),
            decodeEvent: endpoint.stream?.text == true ? SwiftPrinter.textEvents : nil,
            spaced: spaced,
            modelOverload: printer.modelOverload(endpoint).map {
                ModelOverloadContext(
                    availability: printer.availability(
                        deprecation ?? endpoint.bodyFrom.flatMap { printer.deprecation(ofBodyFrom: $0) }),
                    access: access, name: name, model: $0.model, parameters: $0.parameters, arguments: $0.arguments)
            }
        )
    }
}
