/// Builds the template context for a spec's endpoints file: one extension per
/// (kind, response) pair in order of first use, factories in spec order.
struct EndpointRenderer {
    let endpoints: [EndpointIR]
    let access: String
    /// The API namespace (`StoreAPI`) and its base URL literal, when the spec has a `baseURL`.
    let api: (name: String, baseURL: String)?

    func context(header: String, runtimeImport: String?) -> MustacheValue {
        var groups: [(kind: String, response: String, factories: [EndpointIR])] = []
        for endpoint in endpoints {
            if let index = groups.firstIndex(where: { $0.kind == endpoint.kindType && $0.response == endpoint.responseType }) {
                groups[index].factories.append(endpoint)
            } else {
                groups.append((endpoint.kindType, endpoint.responseType, [endpoint]))
            }
        }
        return .object([
            "header": .string(header),
            "runtimeImport": .string(runtimeImport ?? ""),
            "api": api.map { .object(["name": .string($0.name), "baseURL": .string($0.baseURL), "access": .string(access)]) } ?? .bool(false),
            "extensions": .list(groups.map { group in
                .object([
                    "kind": .string(group.kind),
                    "response": .string(group.response),
                    "factories": .list(group.factories.enumerated().map { factory($1, spaced: $0 > 0) }),
                ])
            }),
        ])
    }

    func factory(_ endpoint: EndpointIR, spaced: Bool) -> MustacheValue {
        let name = SwiftName.escaped(endpoint.name)
        let signature = endpoint.arguments.isEmpty
            ? "var \(name): Self"
            : "func \(name)(\(endpoint.arguments.map(\.declaration).joined(separator: ", "))) -> Self"
        var parts = ["method: \(endpoint.method)", "path: \(endpoint.pathExpression)"]
        var lines: [String] = []
        func list(_ label: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            parts.append("\(label): [\n" + items.map { "    \($0)," }.joined(separator: "\n") + "\n]")
        }
        list("query", endpoint.queryItems)
        list("headers", endpoint.headerItems)
        if let body = endpoint.bodyExpression { parts.append("body: \(body)") }
        if let envelope = endpoint.envelopeExpression { parts.append("envelope: \(envelope)") }
        for (index, part) in parts.enumerated() {
            let text = part + (index == parts.count - 1 ? "" : ",")
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return .object([
            "doc": .lines(endpoint.docLines),
            "access": .string(access),
            "signature": .string(signature),
            "arguments": .lines(lines),
            "spaced": .bool(spaced),
        ])
    }
}
