/// Builds the template context of a spec's repository: the protocol, the live
/// implementation over `APIClient` and the stub that answers from example payloads.
struct RepositoryContextBuilder {
    let access: String
    let printer: SwiftPrinter
    /// Example payloads by path (relative to the specs root), for the stub.
    let payloads: [String: [UInt8]]

    func context(_ repository: RepositoryIR, api: APINamespace?) -> MustacheValue {
        // One request-data provider per kind the endpoints use (public endpoints need none).
        var providers: [(name: String, kind: KindReference, type: String, doc: String)] = []
        for method in repository.methods where method.endpoint.kind != .public {
            let kind = method.endpoint.kind
            guard !providers.contains(where: { $0.kind == kind }) else { continue }
            let type = "@Sendable () async throws -> \(printer.kind(kind)).RequestData"
            switch kind {
            case .private: providers.append(("accessToken", kind, type, "The access token of private endpoints, asked for on every request."))
            case .refreshing: providers.append(("tokenProvider", kind, type, "The token provider of refreshing endpoints, asked for on every request."))
            case .custom(let name):
                providers.append((SwiftName.lowerCamel(name) + "Data", kind, type, "What endpoints of kind `\(name)` send, asked for on every request."))
            case .public: break
            }
        }
        let client = printer.runtime.apiClient
        var initArguments = ["client: \(client)" + (api.map { " = \(client)(baseURL: \($0.name).baseURL)" } ?? "")]
        initArguments += providers.map { "\($0.name): \($0.type.replacingOccurrences(of: "@Sendable", with: "@escaping @Sendable"))" }
        return .object([
            "access": .string(access),
            "name": .string(repository.name),
            "client": .string(client),
            "endpointType": .string(printer.runtime.endpoint),
            "providers": .list(providers.map { .object(["name": .string($0.name), "type": .string($0.type), "doc": .string($0.doc)]) }),
            "initArguments": .list(initArguments.map { .object(["declaration": .string($0)]) }),
            "methods": .list(repository.methods.map { method($0, providers: providers) }),
        ])
    }

    func method(_ method: RepositoryIR.Method, providers: [(name: String, kind: KindReference, type: String, doc: String)]) -> MustacheValue {
        let endpoint = method.endpoint
        let name = SwiftName.escaped(endpoint.name)
        let parameters = endpoint.arguments.map { printer.argumentDeclaration($0, withDefault: false) }
        let passed = endpoint.arguments.map { printer.argumentPassed($0) }
        let call = "." + name + (endpoint.arguments.isEmpty ? "" : "(\(passed.joined(separator: ", ")))")
        let responseType = endpoint.response.map(printer.qualifiedType) ?? "Void"
        let endpointType = "\(printer.runtime.endpoint)<\(printer.kind(endpoint.kind)), \(responseType)>"
        let send = printer.send(call, provider: providers.first { $0.kind == endpoint.kind }?.name)
        let (returns, convert) = printer.repositoryResult(method.result)
        var doc = endpoint.doc.map(SwiftLiteral.docLines) ?? []
        if doc.isEmpty { doc = [printer.summaryDoc(endpoint)] }
        let example = method.example.flatMap { payloads[$0] }.map { String(decoding: $0, as: UTF8.self) }
        return .object([
            "doc": .lines(doc),
            "name": .string(name),
            "caseName": .string(name),
            "signature": .string("func \(name)(\(parameters.joined(separator: ", "))) async throws\(returns)"),
            "endpointType": .string(endpointType),
            "call": .string(call),
            "send": .string(send),
            "returnsValue": .bool(endpoint.response != nil),
            "convert": convert.map { .string($0) } ?? .bool(false),
            "example": example.map { .object(["literal": .string(SwiftLiteral.string($0)), "property": .string(endpoint.name + "Example")]) } ?? .bool(false),
            "noExample": .bool(example == nil && endpoint.response != nil),
            "quotedName": .string(SwiftLiteral.string(endpoint.name)),
        ])
    }
}
