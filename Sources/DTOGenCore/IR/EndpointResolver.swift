/// Turns endpoints into factories: arguments in the contract's order (path parameters,
/// query items, headers, body) with final names and labels, the path as an interpolated
/// `EndpointPath`, parameters, envelope and the `Kind`/`Response` the factory constrains.
extension TypeResolver {
    mutating func endpoint(_ endpoint: EndpointSpec, response: TypeRef?, body: TypeRef?, spec: Spec, access: String) -> EndpointIR {
        let pascal = SwiftName.upperCamel(endpoint.name.value)
        var arguments: [EndpointIR.Argument] = []
        var names: [String: String] = [:]

        func argumentName(_ property: PropertySpec) -> String {
            uniqueName(for: property, taken: &names, noun: "argument name")
        }

        func label(_ property: PropertySpec, name: String) -> String? {
            guard let label = property.shape.label else { return nil }
            if label.value == "_" || (SwiftName.isIdentifier(label.value) && !["inout", "var", "let"].contains(label.value)) {
                return label.value == name ? nil : label.value
            }
            sink.error(label.location, "'$label' must be an identifier or \"_\", found '\(label.value)'")
            return nil
        }

        /// Resolves a parameter's type and checks it is something a URL or header can carry.
        func parameterType(_ property: PropertySpec, what: String) -> (type: TypeRef, format: DateFormatSpec?, literal: String?)? {
            var shape = property.shape
            if shape.typeName == nil, case .enumeration = shape.kind {
                shape.typeName = Located(pascal + SwiftName.upperCamel(property.key), at: shape.location)
            }
            guard var type = resolve(shape, hint: pascal + SwiftName.upperCamel(property.key), parent: nil, element: false) else { return nil }
            parameterTypes.append(type)
            guard isParameterType(type.nonOptional) else {
                sink.error(shape.location, "\(what) '\(property.key)' must be a scalar, an enum, a Date, or an array of those; found \(table.qualified(type))")
                return nil
            }
            var format: DateFormatSpec?
            if containsDate(type) {
                format = defaultDates
                if let written = shape.format, case .success(let f) = DateFormatSpec.parse(written.value) { format = f }
            }
            if let written = shape.format {
                if case .failure(let e) = DateFormatSpec.parse(written.value) { sink.error(written.location, e.message) }
                if !containsDate(type) { sink.error(written.location, "'$format' applies to Date parameters; '\(property.key)' is \(table.qualified(type))") }
            }
            for (location, modifier) in [(shape.lossy?.location, "$lossy")] + (shape.lenient ? [(shape.location, "$lenient")] : []) {
                if let location { sink.error(location, "'\(modifier)' applies to response fields, not to \(what)s") }
            }
            var literal: String?
            if let node = shape.defaultValue {
                switch Literals.literal(node, as: type.nonOptional, in: table, dateFormat: format) {
                case .success(let l):
                    literal = l
                    type = type.nonOptional
                case .failure(.mismatch(let expected)):
                    sink.error(node.location, "'$default' of '\(property.key)' must be \(expected) to match \(table.qualified(type.nonOptional)), found \(node.kindDescription)")
                case .failure(.message(let message)):
                    sink.error(node.location, message)
                }
            }
            return (type, format, literal)
        }

        // Path parameters, in the order they appear in the path.
        var pathExpression = "\""
        let scalars = Array(endpoint.path.value.unicodeScalars)
        var literal = ""
        var index = 0
        var declared: [String: PropertySpec] = [:]
        for param in endpoint.params { declared[param.key] = param }
        while index < scalars.count {
            if scalars[index] == "{", let close = scalars[index...].firstIndex(of: "}") {
                let key = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
                if !key.isEmpty, !key.contains("{"), !key.contains("/") {
                    pathExpression += SwiftLiteral.stringContent(literal)
                    literal = ""
                    let property = declared[key] ?? PropertySpec(key: key, keyLocation: endpoint.path.location, shape: ShapeSpec(kind: .reference("String"), location: endpoint.path.location))
                    let name = argumentName(property)
                    if let (type, format, defaultLiteral) = parameterType(property, what: "path parameter") {
                        if type.isOptional {
                            sink.error(property.shape.optionalLocation ?? property.shape.location, "path parameter '\(key)' cannot be optional: the path needs a value")
                        }
                        if case .array = table.resolved(type.nonOptional) {
                            sink.error(property.shape.location, "path parameter '\(key)' cannot be an array")
                        }
                        let reference = parameterExpression(SwiftName.escaped(name), type: type)
                        pathExpression += format.map { "\\(\(reference), format: \($0.swift))" } ?? "\\(\(reference))"
                        arguments.append(EndpointIR.Argument(label: label(property, name: name), name: name, type: table.qualified(type), defaultValue: defaultLiteral))
                    }
                    index = close + 1
                    continue
                }
            }
            literal.unicodeScalars.append(scalars[index])
            index += 1
        }
        pathExpression += SwiftLiteral.stringContent(literal) + "\""

        var queryItems: [String] = []
        for property in endpoint.query {
            let name = argumentName(property)
            guard let (type, format, defaultLiteral) = parameterType(property, what: "query item") else { continue }
            arguments.append(EndpointIR.Argument(label: label(property, name: name), name: name, type: table.qualified(type), defaultValue: defaultLiteral ?? (type.isOptional ? "nil" : nil)))
            queryItems.append(".init(\(SwiftLiteral.string(property.key)), \(parameterExpression(SwiftName.escaped(name), type: type))\(format.map { ", format: \($0.swift)" } ?? ""))")
        }
        var headerItems: [String] = []
        for property in endpoint.headers {
            if !isHeaderName(property.key) {
                sink.error(property.keyLocation, "'\(property.key)' is not a valid HTTP header name")
                continue
            }
            let name = argumentName(property)
            guard let (type, format, defaultLiteral) = parameterType(property, what: "header") else { continue }
            arguments.append(EndpointIR.Argument(label: label(property, name: name), name: name, type: table.qualified(type), defaultValue: defaultLiteral ?? (type.isOptional ? "nil" : nil)))
            headerItems.append(".init(\(SwiftLiteral.string(property.key)), \(parameterExpression(SwiftName.escaped(name), type: type))\(format.map { ", format: \($0.swift)" } ?? ""))")
        }
        var bodyExpression: String?
        if let body {
            let name = names["body"] == nil ? "body" : SwiftName.distinct("body", from: Set(names.keys))
            arguments.append(EndpointIR.Argument(label: name == "body" ? nil : "body", name: name, type: table.qualified(body), defaultValue: body.isOptional ? "nil" : nil))
            bodyExpression = SwiftName.escaped(name)
        }

        let envelopeSpec: EnvelopeSpec?
        if let override = endpoint.envelope { envelopeSpec = override.value } else { envelopeSpec = spec.envelope?.value }

        let kind = endpoint.kind?.value ?? spec.defaultKind?.value ?? "public"
        let kindType = kind == "public" ? "EndpointKinds.Public" : kind == "private" ? "EndpointKinds.Private" : kind
        let method = endpoint.method?.value ?? "GET"
        var docLines = endpoint.doc.map { SwiftLiteral.docLines($0.value) } ?? []
        if !docLines.isEmpty { docLines.append("///") }
        docLines.append("/// `\(SwiftLiteral.lineComment(method)) \(SwiftLiteral.lineComment(endpoint.path.value).replacingOccurrences(of: "`", with: "'"))`")
        return EndpointIR(
            name: endpoint.name.value, docLines: docLines, kindType: kindType,
            responseType: response.map { table.qualified($0) } ?? "Void", arguments: arguments,
            method: "." + method.lowercased(), pathExpression: pathExpression, queryItems: queryItems,
            headerItems: headerItems, bodyExpression: bodyExpression, envelopeExpression: envelopeSpec.map(Self.envelope)
        )
    }

    /// Enums are sent as their raw value; generated enums need not know about the runtime.
    func parameterExpression(_ name: String, type: TypeRef) -> String {
        let optional = type.isOptional ? "?" : ""
        switch table.resolved(type.nonOptional) {
        case .named(let id):
            if case .enumeration = table[id].kind { return "\(name)\(optional).rawValue" }
        case .array(let element):
            if case .named(let id) = table.resolved(element), case .enumeration = table[id].kind {
                return "\(name)\(optional).map(\\.rawValue)"
            }
        default:
            break
        }
        return name
    }

    func isParameterType(_ type: TypeRef) -> Bool {
        switch table.resolved(type) {
        case .scalar: return true
        case .named(let id):
            if case .enumeration = table[id].kind { return true }
            return false
        case .array(let element):
            let inner = table.resolved(element)
            return !inner.isOptional && !{ if case .array = inner { return true } else { return false } }() && isParameterType(inner)
        default: return false
        }
    }

    func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0)) }
    }

    static func envelope(_ envelope: EnvelopeSpec) -> String {
        var parts = ["data: \(SwiftLiteral.string(envelope.data.value))"]
        switch envelope.success {
        case .key(let key)?: parts.append("success: .key(\(SwiftLiteral.string(key.value)))")
        case .equals(let key, let value)?: parts.append("success: .equals(key: \(SwiftLiteral.string(key.value)), value: \(Literals.json(value)))")
        case nil: break
        }
        if let message = envelope.message { parts.append("message: \(SwiftLiteral.string(message.value))") }
        if !envelope.path.isEmpty { parts.append("path: [\(envelope.path.map { SwiftLiteral.string($0.value) }.joined(separator: ", "))]") }
        return "Envelope(\(parts.joined(separator: ", ")))"
    }
}
