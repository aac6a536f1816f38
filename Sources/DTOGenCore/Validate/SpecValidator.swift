import Foundation

/// Checks the rules of a spec that need no type resolution: names, paths and their
/// parameters, envelopes. Closed vocabularies (methods, kinds, options) are checked as
/// `SpecReader` reads them into their types.
struct SpecValidator {
    var sink: DiagnosticSink

    mutating func validate(_ spec: Spec) {
        if let name = spec.name, SwiftName.upperCamel(name.value).isEmpty || !SwiftName.isIdentifier(name.value) {
            sink.error(
                "DTG2001", name.location,
                "'name' must be a PascalCase identifier such as \"Quakes\", found '\(name.value)'")
        }
        if let namespace = spec.namespace {
            if !SwiftName.isTypeName(namespace.value) {
                sink.error(
                    "DTG2002", namespace.location,
                    "'options.namespace' must be a Swift type name such as \"Stripe\", found '\(namespace.value)'")
            } else if SwiftName.reservedTypes.contains(namespace.value) {
                sink.error(
                    "DTG2003", namespace.location,
                    "'options.namespace' '\(namespace.value)' would shadow Swift's '\(namespace.value)'; choose another name"
                )
            }
        }
        if let baseURL = spec.baseURL { validateBaseURL(baseURL) }
        validateErrors(error: spec.error, errors: spec.errors)
        if let envelope = spec.envelope?.value { validate(envelope) }
        for kind in spec.kinds {
            if spec.types.contains(where: { $0.name == kind.name.value })
                || SwiftName.reservedTypes.contains(kind.name.value)
            {
                sink.error(
                    "DTG2004", kind.name.location,
                    "kind '\(kind.name.value)' has the name of a type; kinds and types share the module's names")
            } else if SwiftName.runtimeTypes.contains(kind.name.value) {
                sink.error(
                    "DTG2005", kind.name.location,
                    "kind '\(kind.name.value)' has the name of a DTORuntime type; choose another, such as '\(kind.name.value)Auth'"
                )
            }
        }
        var names: [String: SourceLocation] = [:]
        for endpoint in spec.endpoints {
            validate(endpoint)
            if let first = names[endpoint.name.value] {
                sink.error(
                    "DTG2006", endpoint.name.location,
                    "duplicate endpoint name '\(endpoint.name.value)' (first at \(first))")
            } else {
                names[endpoint.name.value] = endpoint.name.location
            }
        }
    }

    mutating func validateBaseURL(_ baseURL: Located<String>) {
        guard let components = URLComponents(string: baseURL.value),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty
        else {
            sink.error(
                "DTG2007", baseURL.location,
                "'baseURL' must be an absolute http or https URL such as \"https://api.example.com/v1\", found '\(baseURL.value)'"
            )
            return
        }
        if components.query != nil || components.fragment != nil {
            sink.error(
                "DTG2008", baseURL.location, "'baseURL' must not have a query or fragment; put query items on endpoints"
            )
        }
    }

    mutating func validate(_ envelope: EnvelopeSpec) {
        if envelope.data.value.isEmpty {
            sink.error("DTG2009", envelope.data.location, "the envelope's 'data' key must not be empty")
        }
        if case .key(let key)? = envelope.success, key.value.isEmpty {
            sink.error("DTG2010", key.location, "the envelope's 'success' key must not be empty")
        }
        if case .equals(let key, _)? = envelope.success, key.value.isEmpty {
            sink.error("DTG2011", key.location, "the envelope's 'success' key must not be empty")
        }
    }

    mutating func validate(_ endpoint: EndpointSpec) {
        let name = endpoint.name
        if !SwiftName.isIdentifier(name.value) || SwiftName.reservedMembers.contains(name.value) {
            sink.error(
                "DTG2012", name.location,
                "endpoint name '\(name.value)' is not a valid Swift function name; use lowerCamelCase such as \"searchItems\""
            )
        } else if name.value.first?.isUppercase == true {
            sink.warning("DTG2013", name.location, "endpoint name '\(name.value)' should be lowerCamelCase")
        }
        if let envelope = endpoint.envelope?.value { validate(envelope) }
        validateErrors(error: endpoint.error, errors: endpoint.errors)
        let method = endpoint.method?.value ?? .get
        if !method.allowsResponse, let response = endpoint.response {
            sink.error(
                "DTG2014", response.location, "a \(method.rawValue) request has no response body; remove 'response'")
        }
        if !method.allowsBody, let body = endpoint.body {
            sink.error(
                "DTG2015", body.location,
                "a \(method.rawValue) request cannot have a body (URLSession and most servers drop or reject it); send the values as 'query' items, or use POST"
            )
        }
        validateStream(endpoint)
        validateResponses(endpoint)
        if endpoint.stream != nil, let first = endpoint.responseHeaders.first {
            sink.error(
                "DTG2033", first.keyLocation,
                "'responseHeaders' is not supported on a stream endpoint: 'client.stream' gives the events, not a response; remove it"
            )
        }
        let placeholders = pathPlaceholders(endpoint.path)
        for param in endpoint.params where !placeholders.contains(where: { $0.name == param.key }) {
            let hint = Suggest.hint(for: param.key, in: placeholders.map(\.name))
            sink.error(
                "DTG2016", param.keyLocation,
                "path parameter '\(param.key)' does not appear in the path '\(endpoint.path.value)'\(hint.isEmpty ? "; write it as {\(param.key)}" : hint)"
            )
        }
    }

    /// `responses` replaces `response`; what reads or checks one response type (pages,
    /// streams, examples, domain mappings) does not take it yet.
    mutating func validateResponses(_ endpoint: EndpointSpec) {
        guard let first = endpoint.responses.first else { return }
        if let response = endpoint.response {
            sink.error(
                "DTG2030", response.location,
                "'responses' gives the body of each status; remove 'response' (or write it there as \"200\")")
        }
        let method = endpoint.method?.value ?? .get
        if !method.allowsResponse, let body = endpoint.responses.first(where: { $0.shape != nil }) {
            sink.error(
                "DTG2031", body.status.location,
                "a \(method.rawValue) request has no response body; write its statuses as null")
        }
        // (A stream needs a `response`, which `validateStream` says.)
        let others: [(String, SourceLocation?)] = [
            ("paginate", endpoint.paginate?.location),
            ("examples", endpoint.examples.first?.location), ("domain", endpoint.domains.first?.location),
        ]
        for case let (key, location?) in others {
            sink.error(
                "DTG2032", location,
                "'\(key)' cannot be combined with 'responses' (at \(first.status.location)); give the endpoint one 'response'"
            )
        }
    }

    /// `error` is what `errors` calls `default`: one place may say it once.
    mutating func validateErrors(error: Located<String>?, errors: [StatusErrorSpec]) {
        guard let error, let other = errors.first(where: { $0.status.value == .other }) else { return }
        sink.error(
            "DTG2029", other.status.location,
            "'error' (at \(error.location)) and the 'default' entry of 'errors' both give the type of any other status's body; keep one"
        )
    }

    /// `stream` needs a `response` (one event's type) and excludes what is about whole bodies;
    /// `end` and `events` are about server-sent events.
    mutating func validateStream(_ endpoint: EndpointSpec) {
        guard let stream = endpoint.stream else {
            for (key, location) in [("end", endpoint.end?.location), ("events", endpoint.events?.location)] {
                if let location {
                    sink.error(
                        "DTG2017", location,
                        "'\(key)' applies to a stream of server-sent events; add \"stream\": \"sse\"")
                }
            }
            return
        }
        if endpoint.response == nil {
            sink.error("DTG2018", stream.location, "a stream endpoint needs a 'response': the type of one event")
        }
        if stream.value != .sse {
            for (key, location) in [("end", endpoint.end?.location), ("events", endpoint.events?.location)] {
                if let location {
                    sink.error(
                        "DTG2019", location,
                        "'\(key)' applies to server-sent events (\"stream\": \"sse\"), not to JSON Lines")
                }
            }
        }
        if let end = endpoint.end, end.value.isEmpty { sink.error("DTG2020", end.location, "'end' must not be empty") }
        if let paginate = endpoint.paginate {
            sink.error("DTG2021", paginate.location, "a stream is not paged; remove 'paginate'")
        }
        if let envelope = endpoint.envelope, envelope.value != nil {
            sink.error(
                "DTG2022", envelope.location,
                "a stream's events are decoded one by one as 'response'; remove 'envelope'")
        }
        if let domain = endpoint.domains.first {
            sink.error(
                "DTG2023", domain.location,
                "'domain' maps a response body; a stream endpoint has none (map each event in the loop that reads it)")
        }
        if let example = endpoint.examples.first {
            sink.error("DTG2024", example.location, "'examples' are response bodies; a stream endpoint has none")
        }
    }

    /// The `{name}` placeholders of a path, reporting malformed ones.
    mutating func pathPlaceholders(_ path: Located<String>) -> [(name: String, offset: Int)] {
        func at(_ offset: Int) -> SourceLocation {
            SourceLocation(
                line: path.location.line, column: path.location.column + 1 + offset, file: path.location.file)
        }
        if path.value.contains("://") || path.value.hasPrefix("//") {
            sink.error("DTG2025", path.location, "'path' is relative to the base URL; it cannot name a scheme or host")
        }
        if path.value.contains("?") || path.value.contains("#") {
            sink.error(
                "DTG2026", path.location,
                "'path' must not contain '?' or '#'; declare query items in 'query' (a fixed one as { \"$value\": \"true\" })"
            )
        }
        let template = PathTemplate(path.value)
        for problem in template.problems { sink.error("DTG2027", at(problem.offset), problem.message) }
        for other in template.otherStyleParameters {
            sink.warning(
                "DTG2028", at(other.offset),
                "'\(other.segment)' is literal text in a path; write a path parameter as {\(other.name)}")
        }
        return template.placeholders
    }
}
