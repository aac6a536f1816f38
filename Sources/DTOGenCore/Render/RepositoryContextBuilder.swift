/// Builds the template context of a spec's repository: the protocol, the live
/// implementation over `APIClient` and the stub that answers from example payloads.
struct RepositoryContextBuilder {
    let access: String
    let printer: SwiftPrinter
    /// Example payloads by path (relative to the specs root), for the stub.
    let payloads: [String: [UInt8]]

    func context(_ repository: RepositoryIR, api: APINamespace?) -> RepositoryContext {
        let providers = repository.providers.map { provider in
            ProviderContext(
                name: provider.name, type: printer.requestDataProvider(provider.kind), doc: Self.doc(of: provider.kind))
        }
        let client = printer.runtime.apiClient
        let initArguments =
            [printer.clientParameter(defaultBaseURL: api?.qualifiedName)]
            + providers.map { printer.escapingParameter($0.name, type: $0.type) }
        return RepositoryContext(
            access: access, name: repository.name, liveName: repository.liveName, stubName: repository.stubName,
            client: client, endpointType: printer.runtime.endpoint, providers: providers, initArguments: initArguments,
            methods: repository.methods.map { entry in
                method(entry, provider: repository.providers.first { $0.kind == entry.endpoint.kind }?.name)
            }
        )
    }

    /// The doc comment of a request-data property.
    static func doc(of kind: KindReference) -> String {
        switch kind {
        case .public: ""
        case .private: "The access token of private endpoints, asked for on every request."
        case .refreshing: "The token provider of refreshing endpoints, asked for on every request."
        case .basic: "The HTTP basic credentials of basic endpoints, asked for on every request."
        case .custom(let name): "What endpoints of kind `\(name)` send, asked for on every request."
        }
    }

    func method(_ method: RepositoryIR.Method, provider: String?) -> RepositoryMethodContext {
        let endpoint = method.endpoint
        let call = printer.factoryCall(endpoint)
        let (returns, convert) = printer.repositoryResult(method.result)
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if doc.isEmpty { doc = [printer.summaryDoc(endpoint)] }
        let example = method.example.flatMap { payloads[$0] }.map { String(decoding: $0, as: UTF8.self) }
        return RepositoryMethodContext(
            doc: doc, availability: printer.availability(printer.deprecation(of: endpoint) ?? method.deprecation),
            name: SwiftName.escaped(endpoint.name),
            signature: printer.repositorySignature(endpoint, returns: returns),
            endpointType: printer.endpointType(endpoint), call: call, send: printer.send(call, provider: provider),
            returnsValue: endpoint.response != nil, convert: convert,
            example: example.flatMap { text in method.exampleProperty.map { (SwiftLiteral.string(text), $0) } },
            quotedName: SwiftLiteral.string(endpoint.name)
        )
    }
}
