import Foundation

/// Checks the rules of a spec that need no type resolution: options, names, methods,
/// paths and their parameters, envelopes.
struct SpecValidator {
    var sink: DiagnosticSink

    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]

    mutating func validate(_ spec: Spec) {
        if let name = spec.name, SwiftName.upperCamel(name.value).isEmpty || !SwiftName.isIdentifier(name.value) {
            sink.error(name.location, "'name' must be a PascalCase identifier such as \"Quakes\", found '\(name.value)'")
        }
        if let access = spec.access, !["internal", "public"].contains(access.value) {
            sink.error(access.location, "unknown access level '\(access.value)'; expected 'internal' or 'public'\(Suggest.hint(for: access.value, in: ["internal", "public"]))")
        }
        if let dates = spec.dates, case .failure(let e) = DateFormatSpec.parse(dates.value) {
            sink.error(dates.location, e.message)
        }
        if let kind = spec.defaultKind { validateKind(kind) }
        if let naming = spec.naming, NamingStyle(rawValue: naming.value) == nil {
            sink.error(naming.location, "unknown naming '\(naming.value)'; expected 'swift' (initialisms uniformly cased: 'avatarURL') or 'camel' ('avatarUrl')\(Suggest.hint(for: naming.value, in: ["swift", "camel"]))")
        }
        if let enums = spec.enums, !["open", "closed"].contains(enums.value) {
            sink.error(enums.location, "unknown enums option '\(enums.value)'; expected 'open' (unknown values are kept) or 'closed'\(Suggest.hint(for: enums.value, in: ["open", "closed"]))")
        }
        if let namespace = spec.namespace {
            if !SwiftName.isTypeName(namespace.value) {
                sink.error(namespace.location, "'options.namespace' must be a Swift type name such as \"Stripe\", found '\(namespace.value)'")
            } else if SwiftName.reservedTypes.contains(namespace.value) {
                sink.error(namespace.location, "'options.namespace' '\(namespace.value)' would shadow Swift's '\(namespace.value)'; choose another name")
            }
        }
        if let baseURL = spec.baseURL { validateBaseURL(baseURL) }
        if let envelope = spec.envelope?.value { validate(envelope) }
        var names: [String: SourceLocation] = [:]
        for endpoint in spec.endpoints {
            validate(endpoint)
            if let first = names[endpoint.name.value] {
                sink.error(endpoint.name.location, "duplicate endpoint name '\(endpoint.name.value)' (first at \(first))")
            } else {
                names[endpoint.name.value] = endpoint.name.location
            }
        }
    }

    mutating func validateBaseURL(_ baseURL: Located<String>) {
        guard let components = URLComponents(string: baseURL.value),
              let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.host, !host.isEmpty else {
            sink.error(baseURL.location, "'baseURL' must be an absolute http or https URL such as \"https://api.example.com/v1\", found '\(baseURL.value)'")
            return
        }
        if components.query != nil || components.fragment != nil {
            sink.error(baseURL.location, "'baseURL' must not have a query or fragment; put query items on endpoints")
        }
    }

    mutating func validateKind(_ kind: Located<String>) {
        if ["public", "private", "refreshing"].contains(kind.value) { return }
        let parts = kind.value.split(separator: ".", omittingEmptySubsequences: false)
        let isTypeName = !parts.isEmpty && parts.allSatisfy { SwiftName.isIdentifier(String($0)) && $0.first?.isUppercase == true }
        if !isTypeName {
            let hint = Suggest.hint(for: kind.value, in: ["public", "private", "refreshing"])
            sink.error(kind.location, "unknown endpoint kind '\(kind.value)'\(hint.isEmpty ? "; expected 'public', 'private' or the name of your type that conforms to EndpointKind" : hint)")
        }
    }

    mutating func validate(_ envelope: EnvelopeSpec) {
        if envelope.data.value.isEmpty { sink.error(envelope.data.location, "the envelope's 'data' key must not be empty") }
        if case .key(let key)? = envelope.success, key.value.isEmpty { sink.error(key.location, "the envelope's 'success' key must not be empty") }
        if case .equals(let key, _)? = envelope.success, key.value.isEmpty { sink.error(key.location, "the envelope's 'success' key must not be empty") }
    }

    mutating func validate(_ endpoint: EndpointSpec) {
        let name = endpoint.name
        if !SwiftName.isIdentifier(name.value) || SwiftName.reservedMembers.contains(name.value) {
            sink.error(name.location, "endpoint name '\(name.value)' is not a valid Swift function name; use lowerCamelCase such as \"searchItems\"")
        } else if name.value.first?.isUppercase == true {
            sink.warning(name.location, "endpoint name '\(name.value)' should be lowerCamelCase")
        }
        if let method = endpoint.method, !Self.methods.contains(method.value) {
            let upper = method.value.uppercased()
            let hint = Self.methods.contains(upper) ? "; did you mean '\(upper)'?" : Suggest.hint(for: method.value, in: Self.methods)
            sink.error(method.location, "unknown method '\(method.value)'\(hint.isEmpty ? "; expected GET, POST, PUT, PATCH, DELETE or HEAD" : hint)")
        }
        if let kind = endpoint.kind { validateKind(kind) }
        if let envelope = endpoint.envelope?.value { validate(envelope) }
        if endpoint.method?.value == "HEAD", let response = endpoint.response {
            sink.error(response.location, "a HEAD request has no response body; remove 'response'")
        }
        if case let method = endpoint.method?.value ?? "GET", ["GET", "HEAD"].contains(method), let body = endpoint.body {
            sink.error(body.location, "a \(method) request cannot have a body (URLSession and most servers drop or reject it); send the values as 'query' items, or use POST")
        }
        let placeholders = pathPlaceholders(endpoint.path)
        for param in endpoint.params where !placeholders.contains(where: { $0.name == param.key }) {
            let hint = Suggest.hint(for: param.key, in: placeholders.map(\.name))
            sink.error(param.keyLocation, "path parameter '\(param.key)' does not appear in the path '\(endpoint.path.value)'\(hint.isEmpty ? "; write it as {\(param.key)}" : hint)")
        }
    }

    /// The `{name}` placeholders of a path, reporting malformed ones.
    mutating func pathPlaceholders(_ path: Located<String>) -> [(name: String, offset: Int)] {
        func at(_ offset: Int) -> SourceLocation { SourceLocation(line: path.location.line, column: path.location.column + 1 + offset) }
        if path.value.contains("://") || path.value.hasPrefix("//") {
            sink.error(path.location, "'path' is relative to the base URL; it cannot name a scheme or host")
        }
        if path.value.contains("?") || path.value.contains("#") {
            sink.error(path.location, "'path' must not contain '?' or '#'; declare query items in 'query'")
        }
        let template = PathTemplate(path.value)
        for problem in template.problems { sink.error(at(problem.offset), problem.message) }
        return template.placeholders
    }
}
