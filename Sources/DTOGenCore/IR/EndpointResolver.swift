/// Turns endpoints into factories: arguments in the contract's order (path parameters,
/// query items, headers, body) with final names and labels, the path's parts, the
/// parameters, envelope and the `Kind`/`Response` the factory constrains.
extension TypeResolver {
    mutating func endpoint(_ endpoint: EndpointSpec, response: TypeRef?, body: TypeRef?, spec: Spec) -> EndpointIR {
        let pascal = SwiftName.upperCamel(endpoint.name.value, style: naming)
        var arguments: [EndpointIR.Argument] = []
        var names: [String: String] = [:]

        func argumentName(_ property: PropertySpec) -> String {
            uniqueName(for: property, taken: &names, noun: "argument name")
        }

        func label(_ property: PropertySpec, name: String) -> String? {
            guard let label = property.shape.label else { return nil }
            if label.value == "_" || SwiftName.isArgumentLabel(label.value) {
                return label.value == name ? nil : label.value
            }
            sink.error(label.location, "'$label' must be an identifier or \"_\", found '\(label.value)'")
            return nil
        }

        /// Resolves a parameter's type and checks it is something a URL or header can carry;
        /// adds its argument and returns how its value is sent.
        func parameter(_ property: PropertySpec, what: String, optionalDefaultsToNil: Bool) -> ParameterValue? {
            let name = argumentName(property)
            var shape = property.shape
            let typeName = SwiftName.parameterType(endpoint: pascal, key: property.key, style: naming)
            if shape.typeName == nil, case .enumeration = shape.kind {
                shape.typeName = Located(typeName, at: shape.location)
            }
            guard var type = resolve(shape, hint: typeName, parent: nil, element: false) else { return nil }
            parameterTypes.append(type)
            guard isParameterType(type.nonOptional) else {
                sink.error(shape.location, "\(what) '\(property.key)' must be a scalar, an enum, a Date, or an array of those; found \(table.describe(type))")
                return nil
            }
            var format: DateFormatSpec?
            if containsDate(type) {
                format = defaultDates
                if let written = shape.format, case .success(let f) = DateFormatSpec.parse(written.value) { format = f }
            }
            if let written = shape.format {
                if case .failure(let e) = DateFormatSpec.parse(written.value) { sink.error(written.location, e.message) }
                if !containsDate(type) { sink.error(written.location, "'$format' applies to Date parameters; '\(property.key)' is \(table.describe(type))") }
            }
            for (location, modifier) in [(shape.lossy?.location, "$lossy")] + (shape.lenient ? [(shape.location, "$lenient")] : []) {
                if let location { sink.error(location, "'\(modifier)' applies to response fields, not to \(what)s") }
            }
            var defaultValue: Literal?
            if let node = shape.defaultValue {
                switch Literals.literal(node, as: type.nonOptional, in: table, dateFormat: format) {
                case .success(let literal):
                    defaultValue = literal
                    type = type.nonOptional
                case .failure(let error):
                    Literals.report(error, what: "'$default' of '\(property.key)'", type: type.nonOptional, node: node, table: table, into: &sink)
                }
            }
            if defaultValue == nil, optionalDefaultsToNil, type.isOptional { defaultValue = .null }
            arguments.append(EndpointIR.Argument(label: label(property, name: name), name: name, type: type, defaultValue: defaultValue))
            var rawValue = ParameterValue.RawValue.none
            if table.isEnum(type.nonOptional) {
                rawValue = .single
            } else if case .array(let element) = table.resolved(type.nonOptional), table.isEnum(element) {
                rawValue = .elements
            }
            return ParameterValue(argument: name, optional: type.isOptional, rawValue: rawValue, dateFormat: format)
        }

        // Path parameters, in the order they appear in the path.
        var path: [PathPart] = []
        var declared: [String: PropertySpec] = [:]
        for param in endpoint.params { declared[param.key] = param }
        for part in PathTemplate(endpoint.path.value).parts {
            switch part {
            case .literal(let text):
                path.append(.literal(text))
            case .placeholder(let key, _):
                let property = declared[key] ?? PropertySpec(key: key, keyLocation: endpoint.path.location, shape: ShapeSpec(kind: .reference("String"), location: endpoint.path.location))
                guard let value = parameter(property, what: "path parameter", optionalDefaultsToNil: false) else { continue }
                if value.optional {
                    sink.error(property.shape.optionalLocation ?? property.shape.location, "path parameter '\(key)' cannot be optional: the path needs a value")
                }
                if let type = arguments.last?.type, table.isArray(type.nonOptional) {
                    sink.error(property.shape.location, "path parameter '\(key)' cannot be an array")
                }
                path.append(.parameter(value))
            }
        }

        var query: [NamedParameter] = []
        for property in endpoint.query {
            guard let value = parameter(property, what: "query item", optionalDefaultsToNil: true) else { continue }
            query.append(NamedParameter(name: property.key, value: value))
        }
        var headers: [NamedParameter] = []
        for property in endpoint.headers {
            if !isHeaderName(property.key) {
                sink.error(property.keyLocation, "'\(property.key)' is not a valid HTTP header name")
                continue
            }
            guard let value = parameter(property, what: "header", optionalDefaultsToNil: true) else { continue }
            headers.append(NamedParameter(name: property.key, value: value))
        }
        var bodyArgument: String?
        if let body {
            let name = names["body"] == nil ? "body" : SwiftName.distinct("body", from: Set(names.keys))
            arguments.append(EndpointIR.Argument(label: name == "body" ? nil : "body", name: name, type: body, defaultValue: body.isOptional ? .null : nil))
            bodyArgument = name
        }

        let envelope: EnvelopeSpec?
        if let override = endpoint.envelope { envelope = override.value } else { envelope = spec.envelope?.value }

        var errorType: TypeRef?
        if let written = endpoint.error ?? spec.error {
            errorType = errorBody(written)
        }

        let kindName = endpoint.kind?.value ?? spec.defaultKind?.value ?? "public"
        let kind: EndpointKindRef = kindName == "public" ? .public : kindName == "private" ? .private : .custom(kindName)
        return EndpointIR(
            name: endpoint.name.value, doc: endpoint.doc?.value, kind: kind, response: response, arguments: arguments,
            method: endpoint.method?.value ?? "GET", pathTemplate: endpoint.path.value, path: path, query: query,
            headers: headers, body: bodyArgument, envelope: envelope.map(EnvelopeIR.init), errorType: errorType,
            timeout: endpoint.timeout?.value
        )
    }

    /// The type named by `error`: an object type declared here (it is generated conforming to
    /// `Error`) or imported from a spec that names it as its `error` too.
    mutating func errorBody(_ written: Located<String>) -> TypeRef? {
        guard let id = named[written.value] else {
            let hint = Suggest.hint(for: written.value, in: named.keys.sorted())
            sink.error(written.location, "unknown error type '\(written.value)'\(hint.isEmpty ? "; declare it in 'types'" : hint)")
            return nil
        }
        guard case .structure = table[id].kind, table[id].genericParameters.isEmpty else {
            sink.error(written.location, "'error' must name an object type, such as { \"code\": \"String\", \"message\": \"String\" }; '\(written.value)' is not one")
            return nil
        }
        if table[id].external, !table[id].isErrorBody {
            sink.error(written.location, "'\(written.value)' is declared in an imported spec; name it as 'error' there too, so it is generated conforming to Error")
            return nil
        }
        table[id].isErrorBody = true
        return .named(id)
    }

    func isParameterType(_ type: TypeRef) -> Bool {
        switch table.resolved(type) {
        case .scalar: return true
        case .named: return table.isEnum(type)
        case .array(let element):
            let inner = table.resolved(element)
            return !inner.isOptional && !table.isArray(inner) && isParameterType(inner)
        default: return false
        }
    }

    func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
    }
}
