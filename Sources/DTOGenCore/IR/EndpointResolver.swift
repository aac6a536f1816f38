/// Turns endpoints into factories: arguments in the contract's order (path parameters,
/// query items, headers, body) with final names and labels, the path's parts, the
/// parameters, envelope and the `Kind`/`Response` the factory constrains.
struct EndpointResolver {
    /// `Endpoint`'s and `StreamEndpoint`'s generic parameters, which the factories' extensions see.
    static let genericParameterNames = ["Kind", "Response", "Event"]

    /// The spec's types: parameters declare their inline enums there, a body or error type
    /// is looked up (and an error type marked) there.
    var types: TypeResolver
    /// The first deprecated field (or one of a deprecated type) a path of the endpoint being
    /// resolved reads (pagination's `from`): its factory is deprecated with it.
    var readDeprecation: Deprecation?
    /// Which types are deprecated, worked out once the endpoint reads a field.
    lazy var deprecatedTypes = DeprecatedTypes(types.table)
    /// The spec's own error types (`error`, `errors`), resolved once for every endpoint.
    var specErrors = ResolvedErrors()

    /// Error types as resolved: the one for any other status, and those by status.
    struct ResolvedErrors {
        var other: TypeRef?
        var byStatus: [(status: ErrorStatus, type: TypeRef)] = []
    }

    mutating func endpoint(_ endpoint: EndpointSpec, response: TypeRef?, body: TypeRef?, spec: Spec) -> EndpointIR {
        let pascal = SwiftName.upperCamel(endpoint.name.value, style: types.naming)
        var arguments: [EndpointIR.Argument] = []
        var names = OwnedNames()

        func argumentName(_ property: PropertySpec) -> String {
            types.uniqueName(for: property, taken: &names, noun: "argument name")
        }

        func label(_ property: PropertySpec, name: String) -> String? {
            guard let label = property.shape.label else { return nil }
            if label.value == "_" || SwiftName.isArgumentLabel(label.value) {
                return label.value == name ? nil : label.value
            }
            types.sink.error(
                "DTG3001", label.location, "'$label' must be an identifier or \"_\", found '\(label.value)'")
            return nil
        }

        /// Resolves a parameter's type and checks it is something a URL or header can carry;
        /// adds its argument and returns how its value is sent.
        func parameter(_ property: PropertySpec, place: ParameterPlace, optionalDefaultsToNil: Bool) -> ParameterValue?
        {
            let what = place.rawValue
            if let constant = property.shape.constant {
                guard place != .path else {
                    types.sink.error(
                        "DTG3002", constant.location,
                        "'$value' applies to query items and headers; a path parameter is an argument of the factory")
                    return nil
                }
                let shape = property.shape
                if shape.defaultValue != nil || shape.label != nil || shape.name != nil || shape.optional
                    || shape.format != nil
                {
                    types.sink.error(
                        "DTG3003", constant.location,
                        "'$value' is sent as it is on every request; \(what) '\(property.key)' takes no '$default', '$label', '$name', '$format' or '?' with it"
                    )
                }
                if case .reference(let type) = shape.kind, type != "String" {
                    types.sink.error(
                        "DTG3004", shape.location,
                        "'$value' is sent as text; \(what) '\(property.key)' is String (leave out '$type')")
                }
                return ParameterValue(argument: "", optional: false, rawValue: .none, constant: constant.value)
            }
            let name = argumentName(property)
            var shape = property.shape
            let typeName = SwiftName.parameterType(endpoint: pascal, key: property.key, style: types.naming)
            if shape.typeName == nil, case .enumeration = shape.kind {
                shape.typeName = Located(typeName, at: shape.location)
            }
            guard var type = types.resolve(shape, hint: typeName, parent: nil, element: false) else { return nil }
            types.parameterTypes.append(type)
            // `$style: "json"`: any value, as its JSON text. Otherwise an object query item
            // goes in the bracket style (`created[gte]=1`) or, with `$style: form`, as items of
            // its own; a value typed only as JSON (`JSONValue`, `IntOrString`) as the JSON
            // scalars it encodes to.
            let json = shape.style?.value == .json && place != .path
            let table = types.table
            let level = table.level(type.nonOptional)
            let object = !json && place == .query && table.isObjectQueryType(level)
            let encoded =
                !json && !object && place != .path && !table.isParameterType(level)
                && table.isEncodedParameterType(level)
            // A DTO writes its dates in the spec's format; a bare Date would be the encoder's.
            if json, types.containsDate(type) || types.table.resolved(type.nonOptional) == .scalar(.file) {
                types.sink.error(
                    "DTG3005", shape.location,
                    "\(what) '\(property.key)' is sent as JSON text; send a date or a file in the default style, found \(types.table.describe(type))"
                )
                return nil
            }
            guard json || ParameterRules.isSendable(level, at: place, in: table) else {
                ParameterRules.reportUnsendable(
                    place, key: property.key, found: table.describe(type), at: shape.location, in: &types.sink)
                return nil
            }
            var format: DateFormatSpec?
            if types.containsDate(type) { format = shape.format?.value.date ?? types.defaultDates }
            if let written = shape.format, !types.containsDate(type) || written.value.date == nil {
                types.sink.error(
                    "DTG3007", written.location,
                    "'$format' applies to Date parameters; '\(property.key)' is \(types.table.describe(type))")
            }
            for (location, modifier) in [(shape.lossy?.location, "$lossy")]
                + (shape.lenient ? [(shape.location, "$lenient")] : [])
            {
                if let location {
                    types.sink.error("DTG3008", location, "'\(modifier)' applies to response fields, not to \(what)s")
                }
            }
            var defaultValue: Literal?
            if let node = shape.defaultValue {
                if let literal = Literals.value(
                    node, as: type.nonOptional, in: types.table, dateFormat: format,
                    what: "'$default' of '\(property.key)'", into: &types.sink)
                {
                    defaultValue = literal
                    type = type.nonOptional
                }
            }
            if defaultValue == nil, optionalDefaultsToNil, type.isOptional { defaultValue = .null }
            arguments.append(
                EndpointIR.Argument(
                    label: label(property, name: name), name: name, type: type, defaultValue: defaultValue,
                    doc: shape.doc?.value, deprecation: shape.deprecated?.value))
            var rawValue = ParameterValue.RawValue.none
            if types.table.isEnum(type.nonOptional) {
                rawValue = .single
            } else if case .array(let element) = types.table.resolved(type.nonOptional), types.table.isEnum(element) {
                rawValue = .elements
            }
            if place == .path, format != nil, types.table.isArray(type.nonOptional) {
                types.sink.error(
                    "DTG3009", shape.location,
                    "path parameter '\(property.key)' cannot be an array of dates; send them as strings")
            }
            var value = ParameterValue(
                argument: name, optional: type.isOptional, rawValue: json || encoded ? .none : rawValue,
                dateFormat: format, object: object)
            value.encoded = encoded
            value.key = property.key
            style(&value, shape, place: place, key: property.key, type: type.nonOptional)
            return value
        }

        /// `$style` and `$explode`: allowed in the place, for the values they shape.
        func style(_ value: inout ParameterValue, _ shape: ShapeSpec, place: ParameterPlace, key: String, type: TypeRef)
        {
            let allowed = ParameterStyle.allowed(in: place)
            var style = value.object ? .deepObject : allowed[0]
            if let written = shape.style {
                if !allowed.contains(written.value) {
                    types.sink.error(
                        "DTG3010", written.location,
                        "a \(place.rawValue) is written in the \(allowed.map { "'\($0.rawValue)'" }.joined(separator: ", ")) style\(allowed.count > 1 ? "s" : ""); '\(key)' cannot be '\(written.value.rawValue)'"
                    )
                } else if written.value == .deepObject, !value.object,
                    !types.table.isArray(type) || value.dateFormat != nil
                {
                    types.sink.error(
                        "DTG3011", written.location,
                        "'deepObject' writes an object's fields (`\(key)[field]=value`) or an array's elements (`\(key)[]=value`, Stripe's `expand[]`); '\(key)' is \(types.table.describe(type))"
                    )
                } else if value.object, ![.deepObject, .form].contains(written.value) {
                    types.sink.error(
                        "DTG3012", written.location,
                        "an object query item is written in the 'deepObject' or 'form' style; '\(key)' cannot be '\(written.value.rawValue)'"
                    )
                } else if value.encoded, written.value == .deepObject {
                    types.sink.error(
                        "DTG3013", written.location,
                        "'deepObject' writes an object's fields or an array's elements; '\(key)' is \(types.table.describe(type)), sent as the JSON scalars it encodes to"
                    )
                } else if value.dateFormat != nil, place == .path, written.value != .simple {
                    types.sink.error(
                        "DTG3014", written.location, "a Date path parameter is written in the 'simple' style")
                } else {
                    style = written.value
                }
            }
            value.style = style
            // OpenAPI's default: exploded in the form style only.
            value.explode = shape.explode?.value ?? (style == .form || style == .deepObject)
            if let explode = shape.explode, style == .deepObject, !explode.value {
                types.sink.error("DTG3015", explode.location, "'deepObject' is always exploded")
            }
            if let allow = shape.allowReserved {
                if place != .query {
                    types.sink.error(
                        "DTG3016", allow.location,
                        "'$allowReserved' applies to query items; a \(place.rawValue) '\(key)' is escaped as its place requires"
                    )
                } else {
                    value.allowReserved = allow.value
                }
            }
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
                let property =
                    declared[key]
                    ?? PropertySpec(
                        key: key, keyLocation: endpoint.path.location,
                        shape: ShapeSpec(kind: .reference("String"), location: endpoint.path.location))
                guard let value = parameter(property, place: .path, optionalDefaultsToNil: false) else { continue }
                if value.optional {
                    types.sink.error(
                        "DTG3017", property.shape.optionalLocation ?? property.shape.location,
                        "path parameter '\(key)' cannot be optional: the path needs a value")
                }
                path.append(.parameter(value))
            }
        }

        var query: [NamedParameter] = []
        for property in endpoint.query {
            guard let value = parameter(property, place: .query, optionalDefaultsToNil: true) else { continue }
            query.append(NamedParameter(name: property.key, value: value))
        }
        var headers: [NamedParameter] = []
        for property in endpoint.headers {
            if !FormatRules.isHeaderName(property.key) {
                types.sink.error("DTG3018", property.keyLocation, "'\(property.key)' is not a valid HTTP header name")
                continue
            }
            guard let value = parameter(property, place: .header, optionalDefaultsToNil: true) else { continue }
            headers.append(NamedParameter(name: property.key, value: value))
        }
        var cookies: [NamedParameter] = []
        for property in endpoint.cookies {
            if !FormatRules.isHeaderName(property.key) {
                types.sink.error("DTG3019", property.keyLocation, "'\(property.key)' is not a valid cookie name")
                continue
            }
            guard let value = parameter(property, place: .cookie, optionalDefaultsToNil: true) else { continue }
            cookies.append(NamedParameter(name: property.key, value: value))
        }
        var bodyArgument: String?
        if let body {
            let name = names.free("body")
            arguments.append(
                EndpointIR.Argument(
                    label: name == "body" ? nil : "body", name: name, type: body,
                    defaultValue: body.isOptional ? .null : nil))
            bodyArgument = name
        }

        // Inside `extension Endpoint<Kind, Response>` those names are the extension's generic
        // parameters, so an argument of a type named so would silently be another type.
        for argument in arguments {
            guard
                let shadowed = EndpointResolver.genericParameterNames.first(where: {
                    types.table.mentions(argument.type, topLevelName: $0)
                })
            else { continue }
            types.sink.error(
                "DTG3020", endpoint.name.location,
                "endpoint '\(endpoint.name.value)' takes '\(argument.name)' of type '\(shadowed)', a name that inside the factory's extension means the endpoint's generic parameter; rename the type (for example '\(shadowed)Body')"
            )
        }

        let envelope: EnvelopeSpec?
        if let override = endpoint.envelope { envelope = override.value } else { envelope = spec.envelope?.value }

        let errors = endpointErrors(endpoint)

        let kind = endpoint.kind?.value ?? spec.defaultKind?.value ?? .public
        readDeprecation = nil
        var resolved = EndpointIR(
            name: endpoint.name.value, doc: endpoint.doc?.value, deprecation: endpoint.deprecated?.value, kind: kind,
            response: response, arguments: arguments,
            method: endpoint.method?.value ?? .get, pathTemplate: endpoint.path.value, path: path, query: query,
            headers: headers, body: bodyArgument, envelope: envelope.map(EnvelopeIR.init), errorType: errors.other,
            timeout: endpoint.timeout?.value,
            pagination: endpoint.paginate.flatMap { pagination($0, response: response) },
            bodyEncoding: bodyEncoding(endpoint, body: body),
            rawBodyContentType: rawBodyContentType(endpoint, body: body),
            rawResponse: response.flatMap { type -> TypeRef.Scalar? in
                if case .scalar(let scalar) = type, scalar == .data || scalar == .string { return scalar }
                return nil
            }
        )
        resolved.location = endpoint.name.location
        resolved.statusErrors = errors.byStatus
        resolved.cookies = cookies
        resolved.formDelimiters = formDelimiters(endpoint, body: body, encoding: resolved.bodyEncoding)
        // What the pagination closure reads deprecates the factory with it.
        resolved.readsDeprecated = readDeprecation
        if let bodyFrom = endpoint.bodyFrom { resolved.bodyFrom = self.bodyFrom(bodyFrom, body: body) }
        if let stream = endpoint.stream {
            if resolved.rawResponse == .data, let written = endpoint.response {
                types.sink.error(
                    "DTG3021", written.location, "a stream's events are JSON values or text; 'response' cannot be Data")
            }
            resolved.stream = StreamIR(
                style: stream.value, end: endpoint.end?.value, named: endpoint.events?.value == .named,
                text: resolved.rawResponse == .string)
            // Events are decoded one by one: the envelope and the raw body are about whole bodies.
            resolved.envelope = nil
            resolved.rawResponse = nil
        }
        return resolved
    }

    /// `bodyFrom`: each key must be one of the body's, each required body key must be listed,
    /// each path a chain of Swift property names on the model.
    mutating func bodyFrom(_ spec: BodyFromSpec, body: TypeRef?) -> BodyFromIR? {
        guard let body, let (id, fields) = types.table.fields(of: body.nonOptional) else {
            types.sink.error(
                "DTG3022", spec.location, "'bodyFrom' builds the body from a model; the endpoint needs an object 'body'"
            )
            return nil
        }
        guard SwiftName.isTypeName(spec.model.value.split(separator: ".").last.map(String.init) ?? "") else {
            types.sink.error("DTG3023", spec.model.location, "'\(spec.model.value)' is not a Swift type name")
            return nil
        }
        var result: [BodyFromIR.Field] = []
        let keys = fields.map(\.jsonKey)
        for entry in spec.fields {
            guard let field = fields.first(where: { $0.jsonKey == entry.key }) else {
                if !types.table[id].failedKeys.contains(entry.key) {
                    types.sink.error(
                        "DTG3024", entry.keyLocation,
                        "no key '\(entry.key)' in the body \(types.table[id].qualifiedName)\(Suggest.hint(for: entry.key, in: keys))"
                    )
                }
                continue
            }
            let path = entry.path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard
                path.allSatisfy({
                    SwiftName.isIdentifier($0) || SwiftName.isIdentifier($0.replacingOccurrences(of: "`", with: ""))
                })
            else {
                types.sink.error(
                    "DTG3025", entry.path.location,
                    "'\(entry.path.value)' is not a path of properties on \(spec.model.value) (names joined by '.', such as \"name.first\")"
                )
                continue
            }
            result.append(BodyFromIR.Field(name: field.name, path: path, location: entry.keyLocation))
        }
        for field in fields
        where !spec.fields.contains(where: { $0.key == field.jsonKey }) && !field.type.isOptional
            && field.defaultValue == nil
        {
            types.sink.error(
                "DTG3026", spec.location,
                "body key '\(field.jsonKey)' (\(types.table.describe(field.type))) is required; 'bodyFrom' must say where it comes from on \(spec.model.value)"
            )
        }
        return BodyFromIR(model: spec.model.value, bodyType: id, fields: result, location: spec.model.location)
    }

    /// `"body": "Data"` is sent as it is, under `contentType` (which it needs).
    mutating func rawBodyContentType(_ endpoint: EndpointSpec, body: TypeRef?) -> String? {
        let isData = body == .scalar(.data)
        if let contentType = endpoint.contentType {
            guard isData else {
                types.sink.error(
                    "DTG3027", contentType.location,
                    "'contentType' goes with \"body\": \"Data\", the bytes sent as they are; other bodies are JSON, form or multipart"
                )
                return nil
            }
            return contentType.value
        }
        if isData, let body = endpoint.body {
            types.sink.error("DTG3028", body.location, "a \"Data\" body needs 'contentType', such as \"image/png\"")
        }
        return nil
    }

    /// How the body is sent when not as JSON: `form` or `multipart`, which need an object body.
    mutating func bodyEncoding(_ endpoint: EndpointSpec, body: TypeRef?) -> BodyEncoding? {
        guard let encoding = endpoint.bodyEncoding, encoding.value != .json else { return nil }
        guard let body, types.table.structure(body) != nil else {
            ParameterRules.reportFormBodyNotObject(encoding, in: &types.sink)
            return nil
        }
        return encoding.value
    }

    /// `bodyStyles`: each named field of a form body is an array written as one value, its
    /// elements joined (`form` unexploded: `a,b`; `spaceDelimited`; `pipeDelimited`).
    mutating func formDelimiters(_ endpoint: EndpointSpec, body: TypeRef?, encoding: BodyEncoding?)
        -> [(key: String, delimiter: String)]
    {
        guard let first = endpoint.bodyStyles.first else { return [] }
        guard encoding == .form || encoding == .formExploded else {
            types.sink.error(
                "DTG3143", first.keyLocation,
                "'bodyStyles' says how the fields of a form body are written; it needs 'bodyEncoding: form' or 'formExploded'"
            )
            return []
        }
        let fields = body.flatMap { types.table.fields(of: $0)?.fields } ?? []
        var delimiters: [(key: String, delimiter: String)] = []
        for entry in endpoint.bodyStyles {
            guard let field = fields.first(where: { $0.jsonKey == entry.key }) else {
                let hint = Suggest.hint(for: entry.key, in: fields.map(\.jsonKey))
                types.sink.error(
                    "DTG3144", entry.keyLocation,
                    "'bodyStyles' names '\(entry.key)', which is not a field of the body\(hint)")
                continue
            }
            guard case .array(let element) = types.table.resolved(field.type.nonOptional),
                Self.isDelimitable(types.table.resolved(element.nonOptional), in: types.table)
            else {
                types.sink.error(
                    "DTG3145", entry.keyLocation,
                    "'bodyStyles' writes an array of scalars as one value; '\(entry.key)' is \(types.table.describe(field.type))"
                )
                continue
            }
            let style = entry.style?.value ?? .form
            let exploded = entry.explode?.value ?? (style == .form)
            guard !exploded, let delimiter = Self.formDelimiter(style) else {
                types.sink.error(
                    "DTG3146", entry.style?.location ?? entry.keyLocation,
                    "a form body field in 'bodyStyles' is 'form' with '$explode: false' (a,b), 'spaceDelimited' or 'pipeDelimited'; an exploded array is what 'bodyEncoding: formExploded' writes"
                )
                continue
            }
            delimiters.append((entry.key, delimiter))
        }
        return delimiters.sorted { $0.key < $1.key }
    }

    /// The text between a delimited field's elements: `form` unexploded `,`, `spaceDelimited`
    /// a space, `pipeDelimited` `|`.
    static func formDelimiter(_ style: ParameterStyle) -> String? {
        switch style {
        case .form: ","
        case .spaceDelimited: " "
        case .pipeDelimited: "|"
        default: nil
        }
    }

    /// Elements a form writes as text: scalars, dates and string enums.
    static func isDelimitable(_ element: TypeRef, in table: TypeTable) -> Bool {
        switch element {
        case .scalar(let scalar): return scalar != .file && scalar != .data
        case .named(let id):
            if case .enumeration = table[id].kind { return true }
            return false
        default: return false
        }
    }

    /// The next-page rule of a paged endpoint, its paths checked against the response.
    mutating func pagination(_ spec: PaginateSpec, response: TypeRef?) -> PaginationIR? {
        guard let response else {
            types.sink.error(
                "DTG3030", spec.location, "'paginate' needs the endpoint to have a 'response' to page through")
            return nil
        }
        func param() -> String? {
            guard let param = spec.param else {
                types.sink.error(
                    "DTG3031", spec.location,
                    "'paginate' with style '\(spec.style.value.rawValue)' needs 'param': the query item the next page sets"
                )
                return nil
            }
            return param.value
        }
        func path(_ written: Located<String>?, what: String, wants: (TypeRef) -> Bool, expected: String)
            -> MappingExpression?
        {
            guard let written else {
                types.sink.error(
                    "DTG3032", spec.location, "'paginate' with style '\(spec.style.value.rawValue)' needs '\(what)'")
                return nil
            }
            guard let (expression, type) = responsePath(written, on: response) else { return nil }
            guard wants(type) else {
                types.sink.error(
                    "DTG3033", written.location,
                    "'\(what)' must lead to \(expected); '\(written.value)' is \(types.table.describe(type))")
                return nil
            }
            return expression
        }
        let table = types.table
        let isCursor = { (type: TypeRef) in
            [TypeRef.scalar(.string), .scalar(.int), .scalar(.int64)].contains(table.resolved(type.nonOptional))
        }
        switch spec.style.value {
        case .cursor:
            guard let name = param(),
                let value = path(spec.from, what: "from", wants: isCursor, expected: "a String or Int")
            else { return nil }
            var more: MappingExpression?
            if let whileKey = spec.whileKey {
                guard
                    let expression = path(
                        whileKey, what: "while", wants: { table.resolved($0.nonOptional) == .scalar(.bool) },
                        expected: "a Bool")
                else { return nil }
                more = expression
            }
            return .cursor(param: name, value: value, more: more)
        case .next:
            guard let name = param(),
                let value = path(spec.from, what: "from", wants: isCursor, expected: "a String or Int")
            else { return nil }
            return .next(param: name, value: value)
        case .link:
            return .link
        case .page:
            guard let name = param() else { return nil }
            if let from = spec.from {
                guard
                    let items = path(
                        from, what: "from", wants: { !$0.isOptional && table.isArray($0) },
                        expected: "an array that is always there")
                else { return nil }
                return .page(param: name, items: items)
            }
            guard table.isArray(response) else {
                types.sink.error(
                    "DTG3034", spec.location,
                    "'paginate' with style 'page' on an object response needs 'from': the array that is empty on the last page"
                )
                return nil
            }
            return .page(param: name, items: .response)
        }
    }

    /// A path into the response for pagination (the `ValuePath` syntax): keys, `[0]` (the
    /// first element) and `[-1]` (the last). The type is optional when any step may be nil.
    mutating func responsePath(_ path: Located<String>, on root: TypeRef) -> (MappingExpression, TypeRef)? {
        let parsed: ValuePath
        switch ValuePath.parse(path.value) {
        case .success(let value): parsed = value
        case .failure(let error):
            types.sink.error("DTG3035", ValuePath.location(of: error.offset, in: path), error.message)
            return nil
        }
        var expression = MappingExpression.response
        var type = types.table.resolved(root)
        var lastOptional = false
        var anyOptional = false
        for step in parsed.steps {
            switch step {
            case .key(let name, let offset):
                guard let (id, fields) = types.table.fields(of: type.nonOptional) else {
                    types.sink.error(
                        "DTG3036", ValuePath.location(of: offset, in: path),
                        "'\(name)' cannot be read from \(types.table.describe(type.nonOptional)), which is not an object"
                    )
                    return nil
                }
                guard let field = fields.first(where: { $0.jsonKey == name }) else {
                    if !types.table[id].failedKeys.contains(name) {
                        types.sink.error(
                            "DTG3037", ValuePath.location(of: offset, in: path),
                            types.table.missingKey(name, in: id, keys: fields.map(\.jsonKey)))
                    }
                    return nil
                }
                expression = .member(expression, name: field.name, optionalChain: lastOptional)
                if readDeprecation == nil { readDeprecation = deprecatedTypes.read(field, of: id, table: types.table) }
                type = types.table.resolved(field.type)
                lastOptional = type.isOptional
                anyOptional = anyOptional || lastOptional
            case .index(let index, let offset):
                guard case .array(let element) = types.table.resolved(type.nonOptional), index == 0 || index == -1
                else {
                    types.sink.error(
                        "DTG3038", ValuePath.location(of: offset, in: path),
                        "'[\(index)]' in '\(path.value)': pagination paths take [0] (the first element) or [-1] (the last) of an array"
                    )
                    return nil
                }
                expression = .member(expression, name: index == 0 ? "first" : "last", optionalChain: lastOptional)
                type = types.table.resolved(element).nonOptional
                lastOptional = true
                anyOptional = true
            }
        }
        return (expression, anyOptional ? .optional(type.nonOptional) : type.nonOptional)
    }

    /// The spec's `error` and `errors`, each resolved (and reported) once.
    mutating func resolveSpecErrors(_ spec: Spec) {
        specErrors = resolve(error: spec.error, errors: spec.errors)
    }

    /// An endpoint's error types: its `error` (or `default`) for any other status, else the
    /// spec's; by status, the spec's entries, each replaced by the endpoint's entry for the
    /// same status; from the most specific.
    mutating func endpointErrors(_ endpoint: EndpointSpec) -> ResolvedErrors {
        let own = resolve(error: endpoint.error, errors: endpoint.errors)
        let statuses = Set(endpoint.errors.map(\.status.value))
        let inherited = specErrors.byStatus.filter { !statuses.contains($0.status) }
        let ownOther = endpoint.error != nil || statuses.contains(.other)
        return ResolvedErrors(
            other: ownOther ? own.other : specErrors.other,
            byStatus: (inherited + own.byStatus).sorted { $0.status < $1.status })
    }

    /// `error` and `errors` as written in one place: each type looked up (and marked an
    /// error body), with a message naming the key that names it.
    mutating func resolve(error: Located<String>?, errors: [StatusErrorSpec]) -> ResolvedErrors {
        var resolved = ResolvedErrors()
        if let error { resolved.other = types.errorBody(error) }
        for entry in errors {
            let status = entry.status.value
            guard let type = types.errorBody(entry.type, what: "the error type of status '\(status.written)'") else {
                continue
            }
            if status == .other {
                resolved.other = type
            } else {
                resolved.byStatus.append((status, type))
            }
        }
        return resolved
    }
}
