/// Builds the template context of a spec's repository: the protocol, the live
/// implementation over `APIClient` and the stub that answers from example payloads.
struct RepositoryContextBuilder {
    let access: String
    let printer: SwiftPrinter
    /// Example payloads by path (relative to the specs root), for the stub.
    let payloads: [String: [UInt8]]

    func context(_ repository: RepositoryIR, api: APINamespace?) -> RepositoryContext {
        // One request-data provider per kind the endpoints use (public endpoints need none).
        var providers: [(kind: KindReference, context: ProviderContext)] = []
        for method in repository.methods where method.endpoint.kind != .public {
            let kind = method.endpoint.kind
            guard !providers.contains(where: { $0.kind == kind }) else { continue }
            let type = printer.requestDataProvider(kind)
            switch kind {
            case .private:
                providers.append(
                    (
                        kind,
                        ProviderContext(
                            name: "accessToken", type: type,
                            doc: "The access token of private endpoints, asked for on every request.")
                    ))
            case .refreshing:
                providers.append(
                    (
                        kind,
                        ProviderContext(
                            name: "tokenProvider", type: type,
                            doc: "The token provider of refreshing endpoints, asked for on every request.")
                    ))
            case .basic:
                providers.append(
                    (
                        kind,
                        ProviderContext(
                            name: "credentials", type: type,
                            doc: "The HTTP basic credentials of basic endpoints, asked for on every request.")
                    ))
            case .custom(let name):
                providers.append(
                    (
                        kind,
                        ProviderContext(
                            name: SwiftName.lowerCamel(name) + "Data", type: type,
                            doc: "What endpoints of kind `\(name)` send, asked for on every request.")
                    ))
            case .public: break
            }
        }
        let client = printer.runtime.apiClient
        let initArguments =
            [printer.clientParameter(defaultBaseURL: api?.qualifiedName)]
            + providers.map { printer.escapingParameter($0.context.name, type: $0.context.type) }
        return RepositoryContext(
            access: access, name: repository.name, client: client, endpointType: printer.runtime.endpoint,
            providers: providers.map(\.context), initArguments: initArguments,
            methods: repository.methods.map { entry in
                method(entry, provider: providers.first { $0.kind == entry.endpoint.kind }?.context.name)
            }
        )
    }

    func method(_ method: RepositoryIR.Method, provider: String?) -> RepositoryMethodContext {
        let endpoint = method.endpoint
        let call = printer.factoryCall(endpoint)
        let (returns, convert) = printer.repositoryResult(method.result)
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if doc.isEmpty { doc = [printer.summaryDoc(endpoint)] }
        let example = method.example.flatMap { payloads[$0] }.map { String(decoding: $0, as: UTF8.self) }
        return RepositoryMethodContext(
            doc: doc, name: SwiftName.escaped(endpoint.name),
            signature: printer.repositorySignature(endpoint, returns: returns),
            endpointType: printer.endpointType(endpoint), call: call, send: printer.send(call, provider: provider),
            returnsValue: endpoint.response != nil, convert: convert,
            example: example.map { (SwiftLiteral.string($0), endpoint.name + "Example") },
            quotedName: SwiftLiteral.string(endpoint.name)
        )
    }
}
