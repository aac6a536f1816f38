import Foundation

/// Operations to endpoints: names, parameters, bodies, responses, error types and kinds.
extension OpenAPITranslator {
    static let methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"]

    mutating func operations() -> [EndpointSpec] {
        var endpoints: [EndpointSpec] = []
        for path in root["paths"]?.members ?? [] {
            let pathPointer = "#/paths/" + Self.escape(path.key)
            // `/files/{id}#shared_link`: a variant of the same path (Box), an endpoint of its
            // own under its operation's name; the fragment is never sent. `/responses?beta=true`
            // (OpenAI): the query is sent with every request, as constant query items.
            let (sent, constants) = Self.split(pathKey: path.key)
            guard let item = followed(path.value, pointer: pathPointer), let members = item.members else { continue }
            let shared = item["parameters"]?.elements ?? []
            for member in members where Self.methods.contains(member.key) {
                let pointer = pathPointer + "/" + member.key
                guard member.key != "trace" else {
                    warn(
                        "DTG4029", member.value, pointer,
                        "\(member.key.uppercased()) operations are not supported; left out")
                    continue
                }
                // An operation may be a reference (to another file, as DigitalOcean's are).
                guard let operationNode = followed(member.value, pointer: pointer) else { continue }
                let name = endpointName(operationNode, method: member.key, path: path.key)
                let id = operationNode["operationId"]?.stringValue
                let tags = operationNode["tags"]?.elements?.compactMap(\.stringValue) ?? []
                operationTable.append((id, name, tags))
                if let selection, !selection.contains(id: id, name: name, tags: tags) { continue }
                // `/<upload_url>` (DigitalOcean's upload to a URL a response gives): OpenAPI
                // reads no parameter there, so the request would go to that text itself.
                if let other = PathTemplate(sent).otherStyleParameters.first {
                    warn(
                        "DTG4050", member.value, pointer,
                        "operation '\(name)' is left out: its path writes '\(other.segment)', which is no parameter in OpenAPI (a parameter is {\(other.name)}); the request would be sent to that text"
                    )
                    continue
                }
                for endpoint in operation(
                    operationNode, name: name, method: member.key, path: sent, pathLocation: path.keyLocation,
                    shared: shared, pointer: pointer, constants: constants)
                {
                    var located = endpoint
                    located.location = operationNode.location
                    endpoints.append(located)
                }
            }
        }
        return endpoints
    }

    mutating func endpointName(_ operation: JSONNode, method: String, path: String) -> String {
        takenEndpointNames.claim(
            ImportedNames.endpoint(
                operationId: operation["operationId"]?.stringValue, method: method, path: path, style: naming))
    }

    /// A path key's path, and the query items its `?query` fixes (a `#fragment` is dropped).
    static func split(pathKey: String) -> (path: String, constants: [(String, String)]) {
        var rest = pathKey
        if let hash = rest.firstIndex(of: "#") { rest = String(rest[..<hash]) }
        guard let question = rest.firstIndex(of: "?") else { return (rest, []) }
        let query = rest[rest.index(after: question)...]
        var constants: [(String, String)] = []
        for pair in query.split(separator: "&") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let value = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
            if !key.isEmpty, !constants.contains(where: { $0.0 == key }) { constants.append((key, value)) }
        }
        return (String(rest[..<question]), constants)
    }

    /// The operation's endpoint; with a streamed response (server-sent events, JSON Lines)
    /// that is a stream endpoint, and an operation that answers either way gets both, the
    /// stream's name ending in `Stream`.
    mutating func operation(
        _ operation: JSONNode, name: String, method: String, path: String, pathLocation: SourceLocation,
        shared: [JSONNode], pointer: String, constants: [(String, String)] = []
    ) -> [EndpointSpec] {
        var endpoint = EndpointSpec(
            name: .unplaced(name), path: Located(path, at: pathLocation), params: [], query: [], headers: [],
            location: .unplaced)
        let typedMethod = HTTPMethod(rawValue: method.uppercased())
        if let typedMethod, typedMethod != .get { endpoint.method = .unplaced(typedMethod) }
        let (kind, alternatives) = self.kind(for: operation, pointer: pointer)
        endpoint.kind = kind.map(Located.unplaced)

        // Parameters: the path item's, overridden by the operation's of the same name and place.
        var parameters: [(node: JSONNode, pointer: String)] = []
        for (index, raw) in shared.enumerated() {
            if let node = followed(raw, pointer: pointer + "/../parameters/\(index)") {
                parameters.append((node, pointer + "/../parameters/\(index)"))
            }
        }
        for (index, raw) in (operation["parameters"]?.elements ?? []).enumerated() {
            let parameterPointer = pointer + "/parameters/\(index)"
            guard let node = followed(raw, pointer: parameterPointer) else { continue }
            parameters.removeAll {
                $0.node["name"]?.stringValue == node["name"]?.stringValue
                    && $0.node["in"]?.stringValue == node["in"]?.stringValue
            }
            parameters.append((node, parameterPointer))
        }
        let pathNames = Set(PathTemplate(path).placeholders.map(\.name))
        // A path key's query may be a template (`/search?term={term}`): each `{name}` is the
        // query item of the parameter it names, which the document declares `in: path`.
        var templated: [(key: String, placeholder: String)] = []
        var constants = constants
        constants.removeAll { constant in
            guard constant.1.hasPrefix("{"), constant.1.hasSuffix("}"), constant.1.count > 2 else { return false }
            templated.append((constant.0, String(constant.1.dropFirst().dropLast())))
            return true
        }
        var params: [(String, ShapeSpec)] = []
        var query: [(String, ShapeSpec)] = []
        var headers: [(String, ShapeSpec)] = []
        var cookies: [(String, ShapeSpec)] = []
        var formFields: [(String, ShapeSpec)] = []
        // A `formData` array: sent as its `collectionFormat` says, never in brackets: `multi`
        // repeats its key, the others are one delimited value (`bodyStyles`).
        var formArrays = false
        var formStyles: [BodyStyleSpec] = []
        var swaggerBody: JSONNode?
        // A `Content-Type` header parameter with one value (Docker's `/build`: `application/x-tar`).
        var declaredContentType: String?
        for (node, parameterPointer) in parameters {
            guard let name = node["name"]?.stringValue, let place = node["in"]?.stringValue else {
                warn("DTG4030", node, parameterPointer, "a parameter needs 'name' and 'in'; left out")
                continue
            }
            if place == "body" {
                swaggerBody = node["schema"]
                continue
            }
            // `content: {application/json: {schema}}`: the value's JSON text (Linode's `X-Filter`).
            var jsonContent: (schema: JSONNode, pointer: String)?
            if !swagger2, node["schema"] == nil, let content = node["content"]?.members {
                if place != "path", let media = content.first(where: { Self.isJSON($0.key) }),
                    let schema = media.value["schema"]
                {
                    jsonContent = (schema, parameterPointer + "/content/" + Self.escape(media.key) + "/schema")
                } else {
                    warn(
                        "DTG4031", node, parameterPointer,
                        "parameter '\(name)' is sent as \(content.map(\.key).joined(separator: ", ")) content, which dtogen sends only as JSON in a query item, a header or a cookie; left out"
                    )
                    continue
                }
            }
            guard var schema = swagger2 ? node : jsonContent?.schema ?? node["schema"] else {
                warn(
                    "DTG4032", node, parameterPointer,
                    "parameter '\(name)' has neither 'schema' nor 'content'; left out")
                continue
            }
            // A path parameter, query item, header or cookie is text on the wire: one whose
            // schema says no type (Cloudflare's `{ example: "699d…" }`) is a string.
            if !swagger2, jsonContent == nil, let typed = Self.typedAsText(schema) { schema = typed }
            translatingParameter = true
            var shape = self.shape(
                schema, pointer: jsonContent?.pointer ?? parameterPointer, hint: SwiftName.type(name, style: naming),
                inMultipart: true
            )
            translatingParameter = false
            if place != "formData", jsonContent == nil, isScalarChoice(schema, pointer: parameterPointer) {
                // `anyOf: [integer, string]` (DigitalOcean's snapshot IDs): a URL or a header
                // carries text whichever it is.
                shape = ShapeSpec(.reference("String"), optional: shape.optional).placed(at: schema.location)
            }
            shape.doc = nil
            let written = node["description"]?.stringValue
            if let doc = Self.documented(written, default: schema["default"]), !doc.isEmpty {
                shape.doc = .unplaced(doc)
            }
            Self.markDeprecated(&shape, node)
            if place == "formData" {
                if node["required"]?.boolValue != true { shape.optional = true }
                formFields.append((name, shape.unplaced))
                if Self.types(of: schema).contains("array") {
                    formArrays = true
                    if let style = formFieldStyle(node, pointer: parameterPointer) {
                        formStyles.append(Self.bodyStyle(style, key: name))
                    }
                }
                continue
            }
            // How arrays and objects are written: `style`/`explode` (3.x), `collectionFormat` (2.0).
            if place == "query", node["allowReserved"]?.boolValue == true {
                shape.allowReserved = .unplaced(true)
            }
            if jsonContent != nil {
                shape.style = .unplaced(.json)
            } else if let typed = ParameterPlace(openAPI: place) {
                guard
                    let (style, explode) = parameterStyle(node, schema: schema, place: typed, pointer: parameterPointer)
                else { continue }
                shape.style = style.map(Located.unplaced)
                shape.explode = explode.map(Located.unplaced)
            }
            switch place {
            case "path" where !pathNames.contains(name) && templated.contains { $0.placeholder == name }:
                shape.optional = false
                for entry in templated where entry.placeholder == name { query.append((entry.key, shape)) }
            case "path":
                guard pathNames.contains(name) else {
                    warn(
                        "DTG4033", node, parameterPointer,
                        "path parameter '\(name)' is not in the path '\(path)'; left out")
                    continue
                }
                shape.optional = false
                params.append((name, shape))
            case "query":
                if node["required"]?.boolValue != true { shape.optional = true }
                query.append((name, shape))
            case "header":
                if ["accept", "content-type", "authorization"].contains(name.lowercased()) {
                    let values = (schema["enum"]?.elements ?? []).compactMap(\.stringValue)
                    if name.lowercased() == "content-type",
                        let value = values.count == 1 ? values[0] : schema["default"]?.stringValue
                    {
                        declaredContentType = value
                        continue
                    }
                    warn("DTG4034", node, parameterPointer, "header '\(name)' is set by the client; left out")
                    continue
                }
                if node["required"]?.boolValue != true { shape.optional = true }
                headers.append((name, shape))
            case "cookie":
                if node["required"]?.boolValue != true { shape.optional = true }
                cookies.append((name, shape))
            default:
                warn("DTG4035", node, parameterPointer, "\(place) parameters are not supported; '\(name)' is left out")
            }
        }
        // A template no parameter declares is a text of its own.
        for entry in templated where !query.contains(where: { $0.0 == entry.key }) {
            query.append((entry.key, ShapeSpec(.reference("String"))))
        }
        Self.nameArguments(&params, &query, &headers, &cookies, style: naming)
        func properties(_ list: [(String, ShapeSpec)]) -> [PropertySpec] {
            list.map { PropertySpec(key: $0.0, keyLocation: .unplaced, shape: $0.1) }
        }
        endpoint.params = properties(params)
        // The path key's own query, sent with every request (a parameter of the same name wins).
        let fixed = constants.filter { constant in !query.contains { $0.0 == constant.0 } }.map { constant in
            var sent = ShapeSpec(.reference("String")).placed(at: pathLocation)
            sent.constant = .unplaced(constant.1)
            return (constant.0, sent)
        }
        endpoint.query = properties(fixed + query)
        endpoint.headers = properties(headers)
        endpoint.cookies = properties(cookies)

        // The request body.
        let bodyAllowed = typedMethod?.allowsBody ?? false
        if var body = requestBody(
            operation, swaggerBody: swaggerBody, formFields: formFields, formArrays: formArrays,
            formStyles: formStyles, pointer: pointer, hint: SwiftName.upperCamel(name, style: naming) + "Body")
        {
            if let declaredContentType, body.contentType != nil { body.contentType = declaredContentType }
            if bodyAllowed {
                endpoint.body = body.shape
                endpoint.contentType = body.contentType.map(Located.unplaced)
                endpoint.bodyEncoding = body.encoding.map(Located.unplaced)
                endpoint.bodyStyles = body.styles
            } else {
                warn(
                    "DTG4036", operation["requestBody"] ?? operation, pointer,
                    "a \(method.uppercased()) request has no body in dtogen; the body is left out")
            }
        }

        // The success response and the error type.
        let (answer, error) = responses(
            operation, pointer: pointer + "/responses", hint: SwiftName.upperCamel(name, style: naming) + "Response")
        // A HEAD answer is headers only: the body a document declares for it (Kubernetes's,
        // the GET's) never arrives, so the endpoint returns Void instead of being left out.
        let answersWithBody = typedMethod?.allowsResponse ?? true
        if let answer, answersWithBody {
            endpoint.response = answer.response
            endpoint.responses = answer.byStatus
            if answer.withoutEnvelope { endpoint.envelope = .unplaced(nil) }
        }
        endpoint.error = error.error.map(Located.unplaced)
        endpoint.errors = error.errors
        endpoint.responseHeaders = responseHeaders(operation, pointer: pointer + "/responses")
        var doc = (operation["summary"] ?? operation["description"])?.stringValue ?? ""
        if !alternatives.isEmpty {
            // Which of the schemes the operation accepts the endpoint uses, said where a reader sees it.
            doc +=
                (doc.isEmpty ? "" : "\n\n")
                + "Sends a bearer token; the API also accepts \(alternatives.joined(separator: ", "))."
        }
        if !doc.isEmpty { endpoint.doc = .unplaced(doc) }
        if operation["deprecated"]?.boolValue == true { endpoint.deprecated = .unplaced(Deprecation(message: nil)) }
        guard answersWithBody,
            let streamed = streamedResponse(
                operation, pointer: pointer + "/responses", hint: SwiftName.upperCamel(name, style: naming) + "Event")
        else {
            return [endpoint]
        }
        // The stream: the request as the endpoint sends it, the events as the response.
        var stream = endpoint
        stream.response = streamed.response
        stream.envelope = nil
        stream.stream = .unplaced(streamed.style)
        // `client.stream` gives the events, not a response with headers.
        stream.responseHeaders = []
        stream.end = streamed.end.map(Located.unplaced)
        stream.events = streamed.events.map(Located.unplaced)
        guard streamed.alone else {
            stream.name = .unplaced(takenEndpointNames.claim(name + "Stream"))
            return [endpoint, stream]
        }
        return [stream]
    }

    /// Parameters that would give the factory one argument name twice (Kubernetes's path
    /// `path` and query `path`, Twilio's `StartTime<` and `StartTime>`) are named here, with
    /// `$name`, so generating the spec has nothing to warn about: a comparison takes its
    /// meaning (`startTimeBefore`), another clash its place (`pathQuery`). The first keeps
    /// the plain name, in the factory's order (path, query, headers).
    static func nameArguments(
        _ params: inout [(String, ShapeSpec)], _ query: inout [(String, ShapeSpec)],
        _ headers: inout [(String, ShapeSpec)], _ cookies: inout [(String, ShapeSpec)], style: NamingStyle
    ) {
        var taken = NameScope()
        func name(_ list: inout [(String, ShapeSpec)], place: String) {
            for index in list.indices {
                if let chosen = ImportedNames.explicitName(list[index].0, taken: &taken, place: place, style: style) {
                    list[index].1.name = .unplaced(chosen)
                }
            }
        }
        name(&params, place: "Path")
        name(&query, place: "Query")
        name(&headers, place: "Header")
        name(&cookies, place: "Cookie")
    }

    /// The success response's event stream, when it has one: `stream`, `response` (one
    /// event's type), `end` when the document says the stream ends with `data: [DONE]` (in the
    /// request's or the events' schemas), and `events: named` when every event is an object
    /// of `event` and `data` (OpenAI's Assistants stream). `alone`: no other content.
    mutating func streamedResponse(_ operation: JSONNode, pointer: String, hint: String) -> StreamedResponse? {
        guard !swagger2, let success = (operation["responses"]?.members ?? []).first(where: { $0.key.hasPrefix("2") }),
            let response = followed(success.value, pointer: pointer + "/" + success.key),
            let content = response["content"]?.members
        else { return nil }
        for (mediaType, style) in Self.streamMediaTypes {
            guard let style, let entry = content.first(where: { Self.baseMediaType($0.key) == mediaType }) else {
                continue
            }
            let schemaPointer = pointer + "/" + success.key + "/content/" + Self.escape(entry.key) + "/schema"
            var streamed = StreamedResponse(
                response: entry.value["schema"].map {
                    jsonResponse($0, pointer: schemaPointer, hint: hint).placed(at: $0.location)
                } ?? ShapeSpec(.reference("JSON")),
                style: style, alone: !content.contains { !Self.isStream($0.key) })
            if style == .sse {
                var searched = 0
                let schemas = [operation["requestBody"], entry.value["schema"]].compactMap { $0 }
                if schemas.contains(where: { mentions("[DONE]", in: $0, depth: 4, searched: &searched) }) {
                    streamed.end = "[DONE]"
                }
                if let schema = entry.value["schema"], isNamedEvent(schema, depth: 4) { streamed.events = .named }
            }
            return streamed
        }
        return nil
    }

    /// Media types of bodies sent as a stream, in the order one is picked, and how dtogen
    /// reads each (nil: it does not, as `application/json-seq`).
    static let streamMediaTypes: [(String, StreamStyle?)] = [
        ("text/event-stream", .sse), ("application/jsonl", .jsonl), ("application/x-ndjson", .jsonl),
        ("application/x-jsonlines", .jsonl), ("application/json-seq", nil),
    ]

    static func isStream(_ mediaType: String) -> Bool {
        let base = baseMediaType(mediaType)
        return streamMediaTypes.contains { $0.0 == base }
    }

    /// `Application/JSON; charset=utf-8` → `application/json`.
    static func baseMediaType(_ mediaType: String) -> String {
        mediaType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }

    /// A local schema a `$ref` names, without reporting one that does not resolve (the
    /// translation reports those).
    func localTarget(_ node: JSONNode) -> JSONNode? {
        guard let ref = node["$ref"]?.stringValue else { return node }
        let prefix = "#/components/schemas/"
        guard ref.hasPrefix(prefix) else { return nil }
        return root["components"]?["schemas"]?[String(ref.dropFirst(prefix.count))]
    }

    /// Whether `text` is in a string of the schema (a description, an enum value), following
    /// local references `depth` levels deep; at most a few thousand nodes are looked at.
    func mentions(_ text: String, in node: JSONNode, depth: Int, searched: inout Int) -> Bool {
        searched += 1
        guard searched < 5_000, let node = localTarget(node) else { return false }
        switch node.value {
        case .string(let value): return value.contains(text)
        case .array(let elements):
            return elements.contains { mentions(text, in: $0, depth: depth, searched: &searched) }
        case .object(let members):
            if node["$ref"] != nil { return false }
            return members.contains { member in
                if member.value["$ref"] != nil, depth == 0 { return false }
                return mentions(
                    text, in: member.value, depth: member.value["$ref"] == nil ? depth : depth - 1, searched: &searched)
            }
        default: return false
        }
    }

    /// Every object the schema can be (through one-ofs) has the properties `event` and `data`.
    func isNamedEvent(_ schema: JSONNode, depth: Int) -> Bool {
        guard depth > 0, let resolved = localTarget(schema) else { return false }
        if let variants = (resolved["oneOf"] ?? resolved["anyOf"])?.elements, !variants.isEmpty {
            return variants.allSatisfy { isNamedEvent($0, depth: depth - 1) }
        }
        guard let properties = resolved["properties"] else { return false }
        return properties["event"] != nil && properties["data"] != nil
    }

    /// The body keys of an endpoint: `body`, and `bodyEncoding`/`contentType` when not JSON.
    mutating func requestBody(
        _ operation: JSONNode, swaggerBody: JSONNode?, formFields: [(String, ShapeSpec)], formArrays: Bool,
        formStyles: [BodyStyleSpec], pointer: String, hint: String
    ) -> RequestBody? {
        translating = SchemaUse(sent: true, received: false)
        defer { translating = .received }
        if swagger2 {
            let consumes = (operation["consumes"] ?? root["consumes"])?.elements?.compactMap(\.stringValue) ?? []
            if let swaggerBody {
                let body = shape(swaggerBody, pointer: pointer + "/parameters/body", hint: hint)
                // Bytes (`format: binary`, Docker's tar archives) go with the media type the
                // operation consumes.
                if body.reference == "Data" {
                    let media = consumes.first { !Self.isJSON($0) && $0 != "*/*" } ?? "application/octet-stream"
                    return RequestBody(shape: body, contentType: media)
                }
                return RequestBody(shape: body)
            }
            guard !formFields.isEmpty else { return nil }
            let multipart =
                consumes.contains("multipart/form-data")
                || formFields.contains { field in
                    // Only a field written as its bare type (`"File"`), as the draft read it.
                    if case .string(let reference) = SpecWriter.shape(field.1) { return reference.hasPrefix("File") }
                    return false
                }
            // An array field is sent as its `collectionFormat` says, never in brackets: `multi`
            // repeats its key (`formExploded`); `csv` (the default), `ssv` and `pipes` are one
            // delimited value (`bodyStyles`). A multipart body sends each item as a part.
            let encoding: BodyEncoding = multipart ? .multipart : formArrays ? .formExploded : .form
            let fields = formFields.map { PropertySpec(key: $0.0, keyLocation: .unplaced, shape: $0.1) }
            return RequestBody(
                shape: ShapeSpec(.object(fields)), encoding: encoding, styles: multipart ? [] : formStyles)
        }
        guard let raw = operation["requestBody"], let body = followed(raw, pointer: pointer + "/requestBody"),
            let content = body["content"]?.members, !content.isEmpty
        else { return nil }
        let bodyPointer = pointer + "/requestBody/content/"
        if let json = content.first(where: { Self.isJSON($0.key) }) {
            guard let schema = json.value["schema"] else { return RequestBody(shape: ShapeSpec(.reference("JSON"))) }
            let body = shape(schema, pointer: bodyPointer + Self.escape(json.key) + "/schema", hint: hint)
            // Bytes under `*/*` (springdoc's upload endpoints): sent as they are.
            if body.reference == "Data", json.key == "*/*" {
                return RequestBody(shape: body, contentType: "application/octet-stream")
            }
            return RequestBody(shape: body)
        }
        for (type, encoding) in [
            ("application/x-www-form-urlencoded", BodyEncoding.form), ("multipart/form-data", .multipart),
        ] {
            guard let form = content.first(where: { $0.key == type }), let schema = form.value["schema"] else {
                continue
            }
            // `properties: {}` with nothing else (Stripe's GET and DELETE): no fields, no body.
            if let resolved = followed(schema, pointer: bodyPointer + Self.escape(type) + "/schema"),
                resolved["properties"]?.members?.isEmpty == true,
                resolved["allOf"] == nil, resolved["oneOf"] == nil, resolved["anyOf"] == nil,
                resolved["additionalProperties"].map({ $0.boolValue == false }) ?? true
            {
                return nil
            }
            let encoding = encoding == .form ? formEncoding(form.value, schema: schema) : encoding
            let shape = self.shape(
                schema, pointer: bodyPointer + Self.escape(type) + "/schema", hint: hint,
                inMultipart: encoding == .multipart)
            guard shape.isPlainObject else {
                if let reference = shape.reference, reference != "JSON" {
                    return RequestBody(shape: ShapeSpec(.reference(reference)), encoding: encoding)
                }
                warn(
                    "DTG4037", form.value, bodyPointer + Self.escape(type),
                    "a \(encoding.rawValue) body must be an object with properties; left out")
                return nil
            }
            let styles = encoding == .multipart ? [] : encodingStyles(form.value, schema: schema)
            return RequestBody(shape: shape, encoding: encoding, styles: styles)
        }
        guard let first = content.first else { return nil }
        return RequestBody(
            shape: ShapeSpec(.reference("Data")),
            contentType: first.key == "*/*" ? "application/octet-stream" : first.key)
    }

    /// How a form body's fields are written: as OpenAPI's default (`form` style, exploded)
    /// when a field is an array or an object, unless the media type's `encoding` says
    /// `deepObject` (Stripe's brackets); the bracket style otherwise (the same bytes).
    mutating func formEncoding(_ media: JSONNode, schema: JSONNode) -> BodyEncoding {
        if let encodings = media["encoding"]?.members,
            encodings.contains(where: { $0.value["style"]?.stringValue == "deepObject" })
        {
            return .form
        }
        let properties = quietlyFollowed(schema)?["properties"]?.members ?? []
        let structured = properties.contains { property in
            guard let field = quietlyFollowed(property.value) else { return false }
            let type = field["type"]?.stringValue
            return type == "array" || type == "object" || field["items"] != nil || field["properties"] != nil
        }
        return structured ? .formExploded : .form
    }

    /// A Swagger 2.0 `formData` array's `collectionFormat` as a `bodyStyles` entry; nil for
    /// `multi`, which `formExploded` writes (and `tsv`, sent so too, with a warning).
    mutating func formFieldStyle(_ node: JSONNode, pointer: String) -> ParameterStyle? {
        let format = node["collectionFormat"]?.stringValue ?? "csv"
        guard let (style, explode) = ParameterStyle.collectionFormat(format, in: .query) else {
            warn(
                "DTG4049", node, pointer,
                "form field '\(node["name"]?.stringValue ?? "")' is an array in the '\(format)' collection format, which dtogen does not write; its items are sent repeated"
            )
            return nil
        }
        return explode ? nil : style
    }

    /// A `bodyStyles` entry for an unexploded style: `$explode: false` only for `form`, whose
    /// default is exploded.
    static func bodyStyle(_ style: ParameterStyle, key: String) -> BodyStyleSpec {
        BodyStyleSpec(
            key: key, keyLocation: .unplaced, style: .unplaced(style), explode: style == .form ? .unplaced(false) : nil)
    }

    /// OpenAPI 3's `encoding` of a form body's array fields as `bodyStyles` entries: `form`
    /// unexploded, `spaceDelimited` and `pipeDelimited` (the others are the body encoding's).
    mutating func encodingStyles(_ media: JSONNode, schema: JSONNode) -> [BodyStyleSpec] {
        let properties = quietlyFollowed(schema)?["properties"]?.members ?? []
        var styles: [BodyStyleSpec] = []
        for member in media["encoding"]?.members ?? [] {
            let (key, encoding) = (member.key, member.value)
            guard let written = encoding["style"]?.stringValue, let style = ParameterStyle(rawValue: written),
                EndpointResolver.formDelimiter(style) != nil,
                !(encoding["explode"]?.boolValue ?? (style == .form)),
                let property = properties.first(where: { $0.key == key }).flatMap({ quietlyFollowed($0.value) }),
                Self.types(of: property).contains("array"),
                let items = property["items"].flatMap({ quietlyFollowed($0) }),
                Self.types(of: items).allSatisfy({ !["array", "object"].contains($0) }), items["properties"] == nil
            else { continue }
            styles.append(Self.bodyStyle(style, key: key))
        }
        return styles
    }

    /// A JSON response's shape: the wrapper's data when the spec has an envelope.
    mutating func responseShape(_ schema: JSONNode, pointer: String, hint: String) -> ShapeSpec {
        guard let inner = unwrapped(schema) else { return jsonResponse(schema, pointer: pointer, hint: hint) }
        // No data schema, or a free-form object (`Result<Void>`'s `data`, often null): any JSON.
        guard let data = inner, let resolved = followed(data, pointer: pointer), !Self.isFreeForm(resolved) else {
            return ShapeSpec(.reference("JSON"))
        }
        return jsonResponse(data, pointer: pointer + "/properties/" + (envelope?.data ?? "data"), hint: hint)
    }

    /// A JSON response's shape. A JSON string is read as `JSON` (`.string`): a `String`
    /// response in a spec is the raw text, which would keep the quotes.
    mutating func jsonResponse(_ schema: JSONNode, pointer: String, hint: String) -> ShapeSpec {
        let shape = self.shape(schema, pointer: pointer, hint: hint)
        if shape.reference == "String" {
            warn(
                "DTG4038", schema, pointer,
                "a JSON string response is read as JSON (JSONValue.string); \"String\" in a spec means the raw text")
            return ShapeSpec(.reference("JSON"), optional: shape.optional)
        }
        return shape.unplaced
    }

    /// `{}` or `{ type: object }` with nothing more said.
    static func isFreeForm(_ schema: JSONNode) -> Bool {
        let said = ["properties", "items", "$ref", "allOf", "oneOf", "anyOf", "additionalProperties", "enum"].contains {
            schema[$0] != nil
        }
        return !said && types(of: schema).allSatisfy { $0 == "object" || $0 == "null" }
    }

    static func isJSON(_ mediaType: String) -> Bool {
        let type = baseMediaType(mediaType)
        // springdoc writes `*/*` for every JSON body it describes.
        return type == "application/json" || type.hasSuffix("+json") || type == "*/*"
    }

    /// The response keys of the first 2xx response (or, when several 2xx responses answer
    /// different bodies, of each), and the type an error body decodes as.
    mutating func responses(_ operation: JSONNode, pointer: String, hint: String) -> (Answer?, ErrorTypes) {
        let responses = operation["responses"]?.members ?? []
        var result: Answer?
        if envelope == nil, let byStatus = bodiesByStatus(responses, of: operation, pointer: pointer, hint: hint) {
            // Written differently, the same once translated (a description apart): one response.
            let same = Set(byStatus.map { $0.shape.map(SharedShapes.key) }).count == 1
            result =
                same ? byStatus.first?.shape.map { Answer(response: $0) } : Answer(response: nil, byStatus: byStatus)
        } else {
            let success = responses.first { $0.key.hasPrefix("2") }
            result = success.flatMap { successAnswer($0, of: operation, pointer: pointer, hint: hint) }
            // With a detected envelope, a response that is not the wrapper is read as it is.
            if envelope != nil, !(successSchema(operation).map { unwrapped($0) != nil } ?? false) {
                result = Answer(response: result?.response, withoutEnvelope: true)
            }
        }
        return (result, errorTypes(responses, pointer: pointer, operation: operation))
    }

    /// Each success status's body, in order of status, when two success statuses are written
    /// with different bodies (`200` a job, `202` a ticket, `204` none); nil when they are
    /// written alike (as Kubernetes's `200`, `201` and `202` are), when one is a stream, or
    /// when there is one status. The first is translated as the one `response` would be; a
    /// later one's inline shapes are named after its status (`CreateJobAccepted`).
    mutating func bodiesByStatus(_ responses: [JSONNode.Member], of operation: JSONNode, pointer: String, hint: String)
        -> [StatusResponseSpec]?
    {
        let statuses = responses.compactMap { member -> (Int, JSONNode.Member)? in
            guard case .success(let code) = StatusResponseSpec.read(member.key) else { return nil }
            return (code, member)
        }.sorted { $0.0 < $1.0 }
        guard statuses.count > 1 else { return nil }
        let bodies = statuses.map { successBody($0.1, pointer: pointer) }
        guard Set(bodies).count > 1, !bodies.contains(Self.streamedBody) else { return nil }
        let base = hint.hasSuffix("Response") ? String(hint.dropLast("Response".count)) : hint
        return statuses.enumerated().map { index, entry in
            let (code, member) = entry
            let name = HTTPStatus.caseName(code)
            let statusHint = index == 0 ? hint : base + name.prefix(1).uppercased() + name.dropFirst()
            let shape = successAnswer(member, of: operation, pointer: pointer, hint: statusHint)?.response
            return StatusResponseSpec(status: .unplaced(code), shape: shape)
        }
    }

    static let streamedBody = "stream"

    /// What a success response's body is, to tell two apart before translating them: its
    /// media and schema as written, `none` without one.
    mutating func successBody(_ member: JSONNode.Member, pointer: String) -> String {
        guard let response = followed(member.value, pointer: pointer + "/" + member.key) else { return "none" }
        if swagger2 { return response["schema"].map { "json " + Self.structure($0) } ?? "none" }
        guard let all = response["content"]?.members, !all.isEmpty else { return "none" }
        if all.contains(where: { Self.isStream($0.key) }) { return Self.streamedBody }
        if let json = all.first(where: { Self.isJSON($0.key) }) {
            return "json " + (json.value["schema"].map(Self.structure) ?? "")
        }
        return all.contains(where: { $0.key.hasPrefix("text/") }) ? "text" : "data"
    }

    /// A node as text without its locations: two schemas written alike have the same.
    static func structure(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            "{" + members.map { SwiftLiteral.string($0.key) + ":" + structure($0.value) }.joined(separator: ",") + "}"
        case .array(let elements): "[" + elements.map(structure).joined(separator: ",") + "]"
        case .string(let text): SwiftLiteral.string(text)
        default: "\(node.value)"
        }
    }

    /// One success response's body as the endpoint's `response` says it.
    mutating func successAnswer(_ success: JSONNode.Member, of operation: JSONNode, pointer: String, hint: String)
        -> Answer?
    {
        guard let response = followed(success.value, pointer: pointer + "/" + success.key) else { return nil }
        let successPointer = pointer + "/" + success.key
        if swagger2 {
            // What the operation produces decides as `content` does in 3.0: text when it
            // produces no JSON but text (Docker's `/_ping`, `OK`), bytes when neither.
            let produces = producedTypes(of: operation)
            guard let schema = response["schema"] else { return nil }
            if !produces.isEmpty, !produces.contains(where: Self.isJSON) {
                return Answer(
                    response: ShapeSpec(.reference(produces.contains { $0.hasPrefix("text/") } ? "String" : "Data")))
            }
            return Answer(
                response: responseShape(schema, pointer: successPointer + "/schema", hint: hint)
                    .placed(at: schema.location))
        }
        guard let all = response["content"]?.members, !all.isEmpty else { return nil }
        // A streamed body is a stream endpoint of its own (`streamedResponse`).
        let plain = all.filter { !Self.isStream($0.key) }
        let content = plain.isEmpty ? all : plain
        if let json = content.first(where: { Self.isJSON($0.key) }) {
            guard let schema = json.value["schema"] else { return Answer(response: ShapeSpec(.reference("JSON"))) }
            return Answer(
                response: responseShape(
                    schema, pointer: successPointer + "/content/" + Self.escape(json.key) + "/schema", hint: hint
                ).placed(at: schema.location))
        }
        if content.contains(where: { $0.key.hasPrefix("text/") }) {
            return Answer(response: ShapeSpec(.reference("String")))
        }
        return Answer(response: ShapeSpec(.reference("Data")))
    }

    /// The types the bodies of the 4xx and 5xx responses (`404`, `4XX`, `default`) decode as,
    /// where one names an object type, by status: all one type is the endpoint's `error`,
    /// else its `errors` without the entries a less specific one already gives.
    mutating func errorTypes(_ responses: [JSONNode.Member], pointer: String, operation: JSONNode) -> ErrorTypes {
        var byStatus: [ErrorStatus: String] = [:]
        for response in responses {
            let key = response.key.lowercased() == "default" ? "default" : response.key.uppercased()
            guard case .success(let status) = ErrorStatus.read(key), status.isClientOrServerError,
                let type = errorType(of: response, pointer: pointer, operation: operation)
            else { continue }
            byStatus[status] = byStatus[status] ?? type
        }
        let types = Set(byStatus.values)
        if types.count == 1, let type = types.first { return ErrorTypes(error: type) }
        let statuses = Set(byStatus.keys)
        let entries = byStatus.filter { status, type in
            status.fallback(among: statuses).flatMap { byStatus[$0] } != type
        }
        .sorted { $0.key < $1.key }
        return ErrorTypes(errors: entries.map { StatusErrorSpec(status: .unplaced($0.key), type: .unplaced($0.value)) })
    }

    /// An error response's type: an object schema with a type of its own (a component, or a
    /// schema in another file: DigitalOcean's `models/error.yml`), or DTORuntime's
    /// `ProblemDetails` for an RFC 9457 body the document gives no schema.
    mutating func errorType(of response: JSONNode.Member, pointer: String, operation: JSONNode) -> String? {
        guard let followed = followed(response.value, pointer: pointer + "/" + response.key) else { return nil }
        let json = followed["content"]?.members?.first(where: { Self.isJSON($0.key) })
        let schema = swagger2 ? followed["schema"] : json?.value["schema"]
        if schema == nil,
            isProblemDetails(swagger2 ? producedTypes(of: operation).first(where: Self.isJSON) : json?.key)
        {
            return SwiftName.problemDetails
        }
        guard let schema, let ref = schema["$ref"]?.stringValue,
            let (target, node) = resolveTarget(ref, at: schema, pointer: pointer + "/" + response.key),
            node["properties"] != nil || node["allOf"] != nil
        else { return nil }
        return typeName(of: target, node: node, ref: ref)
    }

    /// An RFC 9457 media type, while the document declares no schema named `ProblemDetails`
    /// (which the name would then mean).
    func isProblemDetails(_ mediaType: String?) -> Bool {
        guard let mediaType, Self.baseMediaType(mediaType) == "application/problem+json" else { return false }
        let schemas = swagger2 ? root["definitions"] : root["components"]?["schemas"]
        return schemas?[SwiftName.problemDetails] == nil
    }

    /// What a Swagger 2.0 operation produces (its own list, else the document's).
    func producedTypes(of operation: JSONNode) -> [String] {
        (operation["produces"] ?? root["produces"])?.elements?.compactMap(\.stringValue) ?? []
    }

    /// `private` for bearer tokens and OAuth, a kind of the app's own for API keys and basic auth, nil for none.
    /// The kind of an operation's endpoint, and the other schemes it accepts when that is a
    /// bearer token chosen among several (`security: [{ApiKey: []}, {Bearer: []}]`): the
    /// runtime sends bearer tokens itself, so it wins.
    mutating func kind(for operation: JSONNode, pointer: String) -> (KindReference?, alternatives: [String]) {
        guard let requirements = (operation["security"] ?? root["security"])?.elements, !requirements.isEmpty else {
            return (nil, [])
        }
        let definitions = swagger2 ? root["securityDefinitions"] : root["components"]?["securitySchemes"]
        let schemes = requirements.compactMap { $0.members?.first?.key }
        let bearer = schemes.first { scheme in
            guard let raw = definitions?[scheme], let definition = followed(raw, pointer: pointer + "/security") else {
                return false
            }
            return Self.sendsBearer(definition)
        }
        if let bearer, schemes.count > 1 {
            return (.private, schemes.filter { $0 != bearer })
        }
        return (kind(scheme: schemes.first, definitions: definitions, pointer: pointer), [])
    }

    static func sendsBearer(_ definition: JSONNode) -> Bool {
        let type = definition["type"]?.stringValue ?? ""
        return type == "oauth2" || type == "openIdConnect"
            || (type == "http" && definition["scheme"]?.stringValue?.lowercased() == "bearer")
    }

    mutating func kind(scheme: String?, definitions: JSONNode?, pointer: String) -> KindReference? {
        guard let scheme, let raw = definitions?[scheme], let definition = followed(raw, pointer: pointer + "/security")
        else { return nil }
        let type = definition["type"]?.stringValue ?? ""
        switch type {
        case "oauth2", "openIdConnect": return .private
        case "http" where definition["scheme"]?.stringValue?.lowercased() == "bearer": return .private
        case "http" where definition["scheme"]?.stringValue?.lowercased() == "basic": return .basic
        case "apiKey" where ["header", "query"].contains(definition["in"]?.stringValue ?? ""):
            // A kind of the spec's own `kinds`: generated, so the app only passes the key.
            let place = definition["in"]?.stringValue ?? "header"
            let keyName = definition["name"]?.stringValue ?? scheme
            if let declared = declaredKinds.first(where: { $0.scheme == scheme }) {
                return .custom(declared.kind.name.value)
            }
            let base = ImportedNames.apiKeyKind(scheme: scheme, style: naming)
            // A kind is a type of the app's module: it takes a name no type has, and no
            // type named later takes it (a shared shape, a schema of another file).
            let name = takenTypeNames.claim(base)
            declaredKinds.append(
                (
                    scheme,
                    KindDeclaration(
                        name: .unplaced(name), placement: place == "query" ? .query(keyName) : .header(keyName))
                ))
            return .custom(name)
        default:
            // Schemes that give one name are one kind of the app's.
            let base = SwiftName.type(scheme, style: naming)
            if let known = customKindNames[base] { return .custom(known) }
            let name = takenTypeNames.claim(base)
            customKindNames[base] = name
            let detail =
                type == "apiKey"
                ? "sends the API key in the \(definition["in"]?.stringValue ?? "header") '\(definition["name"]?.stringValue ?? scheme)'"
                : "sends '\(scheme)' (\(type)\(definition["scheme"]?.stringValue.map { " \($0)" } ?? ""))"
            customKinds.append((name, detail))
            return .custom(name)
        }
    }
}

extension OpenAPITranslator {
    /// A `oneOf`/`anyOf` whose every variant is a string, a number or a boolean.
    mutating func isScalarChoice(_ schema: JSONNode, pointer: String) -> Bool {
        guard let resolved = followed(schema, pointer: pointer),
            let variants = (resolved["oneOf"] ?? resolved["anyOf"])?.elements, !variants.isEmpty
        else { return false }
        return variants.allSatisfy { variant in
            guard let node = followed(variant, pointer: pointer) else { return false }
            let types = Self.types(of: node).filter { $0 != "null" }
            return types.count == 1 && ["string", "integer", "number", "boolean"].contains(types[0])
                && node["enum"] == nil
        }
    }

    /// An object schema, or an array of objects (through references).
    /// A parameter's `$style` and `$explode`, given only for an array or an object and only
    /// where they differ from dtogen's defaults (the form style exploded for query items, the
    /// bracket style for objects in a query, simple for paths and headers); nil, with a
    /// warning, when dtogen cannot write the parameter as the document says.
    mutating func parameterStyle(_ node: JSONNode, schema: JSONNode, place: ParameterPlace, pointer: String) -> (
        style: ParameterStyle?, explode: Bool?
    )? {
        let resolved = followed(schema, pointer: pointer) ?? schema
        let isArray = Self.types(of: resolved).contains("array")
        let isObject = !isArray && isObjectSchema(schema, pointer: pointer)
        // An object in a path or a header is the resolver's to reject, with its reason.
        guard isArray || (isObject && place == .query) else { return (nil, nil) }
        let name = node["name"]?.stringValue ?? ""
        var style: ParameterStyle
        var explode: Bool
        if swagger2 {
            // `collectionFormat`: csv by default.
            let format = node["collectionFormat"]?.stringValue ?? "csv"
            guard let read = ParameterStyle.collectionFormat(format, in: place) else {
                warn(
                    "DTG4039", node, pointer,
                    "\(place.openAPI) parameter '\(name)' is an array in the '\(format)' collection format, which dtogen does not write; left out"
                )
                return nil
            }
            (style, explode) = read
        } else {
            let written = node["style"]?.stringValue
            let defaultStyle = ParameterStyle.allowed(in: place)[0]
            guard let read = written.map({ ParameterStyle(rawValue: $0) }) ?? defaultStyle, read != .json else {
                warn(
                    "DTG4040", node, pointer,
                    "\(place.openAPI) parameter '\(name)' has the style '\(written ?? "")', which dtogen does not write; left out"
                )
                return nil
            }
            style = read
            // deepObject is only defined exploded.
            explode = style == .deepObject || (node["explode"]?.boolValue ?? (style == .form))
        }
        let allowed = ParameterStyle.allowed(in: place)
        if isObject, place != .query || ![.form, .deepObject].contains(style) || !allowed.contains(style) {
            warn(
                "DTG4041", node, pointer,
                "\(place.openAPI) parameter '\(name)' is an object in the '\(style.rawValue)' style; dtogen writes objects in query items only, in the 'form' or 'deepObject' style; left out"
            )
            return nil
        }
        // An array in the deepObject style (Stripe's `expand`) is sent in the bracket style,
        // `expand[]=a&expand[]=b`, as Stripe reads it.
        guard allowed.contains(style) else {
            warn(
                "DTG4042", node, pointer,
                "\(place.openAPI) parameter '\(name)' is \(isArray ? "an array" : "an object") in the '\(style.rawValue)' style, which a \(place.openAPI) parameter cannot be written in; left out"
            )
            return nil
        }
        let defaultStyle: ParameterStyle = isObject ? .deepObject : allowed[0]
        return (
            style == defaultStyle ? nil : style, explode == (style == .form || style == .deepObject) ? nil : explode
        )
    }

    mutating func isObjectSchema(_ schema: JSONNode, pointer: String) -> Bool {
        guard let resolved = followed(schema, pointer: pointer) else { return false }
        if resolved["properties"] != nil || resolved["additionalProperties"] != nil || resolved["allOf"] != nil
            || Self.types(of: resolved).contains("object")
        {
            return true
        }
        if let items = resolved["items"], Self.types(of: resolved).contains("array") {
            return isObjectSchema(items, pointer: pointer)
        }
        return false
    }
}

extension ParameterStyle {
    /// Swagger 2.0's `collectionFormat` (`csv` when absent) as a style and explode, for a
    /// parameter in `place` (a `formData` field as a query item); nil for what dtogen does
    /// not write (`tsv`, and `multi` or `ssv` outside a query).
    static func collectionFormat(_ format: String, in place: ParameterPlace) -> (ParameterStyle, explode: Bool)? {
        switch (format, place) {
        case ("multi", .query): (.form, true)
        case ("csv", .query): (.form, false)
        case ("ssv", .query): (.spaceDelimited, false)
        case ("pipes", .query): (.pipeDelimited, false)
        case ("csv", _): (.simple, false)
        default: nil
        }
    }
}

/// What a request body is, as an endpoint says it.
struct RequestBody {
    var shape: ShapeSpec
    var contentType: String?
    var encoding: BodyEncoding?
    var styles: [BodyStyleSpec] = []
}

/// An operation's error types: one for every status (`error`), or some by status (`errors`).
struct ErrorTypes {
    var error: String?
    var errors: [StatusErrorSpec] = []
}

/// An operation's success response: its shape, or none (`Void`); `withoutEnvelope`: the spec's
/// envelope does not wrap it (`"envelope": null`).
struct Answer {
    var response: ShapeSpec?
    var withoutEnvelope = false
    /// Each success status's body, when they answer different ones (`responses`).
    var byStatus: [StatusResponseSpec] = []
}

/// A success response that is a stream of events.
struct StreamedResponse {
    /// One event's shape.
    var response: ShapeSpec
    var style: StreamStyle
    /// Whether the response has no other content (else the endpoint stays beside the stream's).
    var alone: Bool
    /// A server-sent event `data` that ends the stream (`[DONE]`).
    var end: String?
    var events: StreamEvents?
}
