/// A spec as the text a person would write: the one writer of the spec format, for what
/// `dtogen import` and `dtogen infer` build. Each value in its shortest form (`"Pet?"`, not
/// `{ "$type": "Pet", "$optional": true }`), keys in one order (what a shape is, then
/// whether it is optional, then its modifiers), so reading the text gives the spec back.
enum SpecWriter {
    /// The document: two-space indentation, short values on one line, a final newline.
    static func text(_ spec: Spec) -> String { json(spec).document }

    /// `locating`: each type's shape and each endpoint are `.located` where they are (what
    /// import builds, for its check and a backed spec's merge).
    static func json(_ spec: Spec, locating: Bool = false) -> DraftJSON {
        var top: [(String, DraftJSON)] = []
        if let name = spec.name { top.append(("name", .string(name.value))) }
        if let baseURL = spec.baseURL { top.append(("baseURL", .string(baseURL.value))) }
        if !spec.imports.isEmpty { top.append(("imports", .array(spec.imports.map { .string($0.value) }))) }
        let options = self.options(spec)
        if !options.isEmpty { top.append(("options", .object(options))) }
        if let envelope = spec.envelope { top.append(("envelope", json(envelope.value))) }
        if let error = spec.error { top.append(("error", .string(error.value))) }
        if !spec.errors.isEmpty { top.append(("errors", errors(spec.errors))) }
        if let repository = spec.repository {
            top.append(
                ("repository", repository.value.isEmpty ? .bool(true) : .object([("name", .string(repository.value))])))
        }
        if !spec.kinds.isEmpty { top.append(("kinds", .object(spec.kinds.map(kind)))) }
        if !spec.externalTypes.isEmpty {
            top.append(("externalTypes", .object(spec.externalTypes.map(externalType))))
        }
        if !spec.types.isEmpty { top.append(("types", .object(spec.types.map { type($0, locating: locating) }))) }
        if !spec.mappings.isEmpty { top.append(("mappings", .array(spec.mappings.map { domain($0) }))) }
        top.append(("endpoints", .array(spec.endpoints.map { endpoint($0, locating: locating) })))
        return .object(top)
    }

    private static func options(_ spec: Spec) -> [(String, DraftJSON)] {
        var options: [(String, DraftJSON)] = []
        if let access = spec.access { options.append(("access", .string(access.value.rawValue))) }
        if let dates = spec.dates { options.append(("dates", .string(dates.value.name))) }
        if let kind = spec.defaultKind { options.append(("kind", .string(kind.value.written))) }
        if let namespace = spec.namespace { options.append(("namespace", .string(namespace.value))) }
        if let enums = spec.enums { options.append(("enums", .string(enums.value.rawValue))) }
        if let naming = spec.naming { options.append(("naming", .string(naming.value.rawValue))) }
        if let identifiable = spec.identifiable { options.append(("identifiable", .bool(identifiable.value))) }
        if let unused = spec.unusedTypes { options.append(("unusedTypes", .string(unused.value.rawValue))) }
        if let files = spec.dtoFiles { options.append(("dtoFiles", .number(String(files.value)))) }
        return options
    }

    private static func kind(_ kind: KindDeclaration) -> (String, DraftJSON) {
        let place: (String, DraftJSON) =
            switch kind.placement {
            case .header(let name): ("header", .string(name))
            case .query(let name): ("query", .string(name))
            }
        return (kind.name.value, .object([("apiKey", .object([place]))]))
    }

    private static func externalType(_ entry: ExternalTypeSpec) -> (String, DraftJSON) {
        guard let schema = entry.schema else { return (entry.name.value, .string(entry.swiftType.value)) }
        return (entry.name.value, .object([("type", .string(entry.swiftType.value)), ("schema", shape(schema))]))
    }

    private static func type(_ type: NamedShape, locating: Bool) -> (String, DraftJSON) {
        (writtenName(type), shape(type.shape, locating: locating))
    }

    /// A type's key in `types`: its name, with its generic parameters (`Page<T>`).
    static func writtenName(_ type: NamedShape) -> String {
        type.genericParameters.isEmpty
            ? type.name : type.name + "<" + type.genericParameters.joined(separator: ", ") + ">"
    }

    // MARK: shapes

    /// A shape: what it is (a reference, an array, an object's properties, `$enum`, `$dict`,
    /// `$oneOf`), then `$optional` where the reference cannot say it, then its modifiers.
    /// `locating`: each shape not `unplaced` is `.located` where it is (what import builds).
    static func shape(_ shape: ShapeSpec, locating: Bool = false) -> DraftJSON {
        let written = unlocated(shape, locating: locating)
        guard locating, shape.location != .unplaced else { return written }
        return .located(written, shape.location)
    }

    private static func unlocated(_ shape: ShapeSpec, locating: Bool) -> DraftJSON {
        let modifiers = self.modifiers(shape)
        switch shape.kind {
        case .reference(let name):
            let written = DraftJSON.string(name + (shape.optional ? "?" : ""))
            // `{ "$value": "true" }` reads as a String sent as that text.
            if name == "String", !shape.optional, shape.constant != nil { return .object(modifiers) }
            return modifiers.isEmpty ? written : .object([("$type", written)] + modifiers)
        case .array(let element):
            let written = DraftJSON.array([self.shape(element, locating: locating)])
            if !shape.optional && modifiers.isEmpty { return written }
            return .object([("$type", written)] + optional(shape) + modifiers)
        case .object(let properties):
            var members = properties.map {
                (writtenKey($0.key), self.shape($0.shape, locating: locating))
            }
            if let additional = shape.additionalProperties {
                members.append(("$additionalProperties", self.shape(additional.shape, locating: locating)))
            }
            return .object(members + optional(shape) + modifiers)
        case .dictionary(let value):
            return .object([("$dict", self.shape(value, locating: locating))] + optional(shape) + modifiers)
        case .enumeration(let values):
            var members: [(String, DraftJSON)] = [("$enum", .array(values.map { .string($0.value) }))]
            if let unknown = shape.unknownCase { members.append(("$unknown", .string(unknown.value))) }
            return .object(members + optional(shape) + modifiers)
        case .oneOf(let variants):
            return .object(oneOf(variants, of: shape, locating: locating) + optional(shape) + modifiers)
        }
    }

    /// A property's key as an object of the format writes it: `$$ref` for the JSON key
    /// `$ref`, since a key that starts with `$` is a modifier.
    static func writtenKey(_ key: String) -> String { key.hasPrefix("$") ? "$" + key : key }

    private static func optional(_ shape: ShapeSpec) -> [(String, DraftJSON)] {
        shape.optional ? [("$optional", .bool(true))] : []
    }

    private static func oneOf(_ variants: [OneOfVariantSpec], of shape: ShapeSpec, locating: Bool) -> [(
        String, DraftJSON
    )] {
        let written: DraftJSON =
            variants.contains { $0.tag != nil }
            ? .object(variants.map { ($0.tag?.value ?? "", self.shape($0.shape, locating: locating)) })
            : .array(variants.map { self.shape($0.shape, locating: locating) })
        var members: [(String, DraftJSON)] = [("$oneOf", written)]
        if let discriminator = shape.discriminator { members.append(("$discriminator", .string(discriminator.value))) }
        if let unknown = shape.unknownVariant {
            members.append(("$unknown", unknown.value == "unknown" ? .bool(true) : .string(unknown.value)))
        }
        return members
    }

    /// The modifiers that are not what the shape is, in the order import writes them.
    private static func modifiers(_ shape: ShapeSpec) -> [(String, DraftJSON)] {
        var result: [(String, DraftJSON)] = []
        func add(_ modifier: Modifier, _ value: DraftJSON?) {
            if let value { result.append((modifier.rawValue, value)) }
        }
        add(.format, shape.format.map { .string(written($0.value)) })
        add(.typeName, shape.typeName.map { .string($0.value) })
        add(.doc, shape.doc.map { .string($0.value) })
        add(.allowReserved, shape.allowReserved.map { .bool($0.value) })
        add(.style, shape.style.map { .string($0.value.rawValue) })
        add(.explode, shape.explode.map { .bool($0.value) })
        add(.defaultValue, shape.defaultValue.map { DraftJSON($0) })
        add(.writeNull, shape.writeNull.map { .bool($0.value) })
        add(.readOnly, shape.readOnly.map { .bool($0.value) })
        add(.deprecated, shape.deprecated.map { deprecation($0.value) })
        add(.name, shape.name.map { .string($0.value) })
        add(.label, shape.label.map { .string($0.value) })
        add(.value, shape.constant.map { .string($0.value) })
        add(.nullable, shape.nullable.map { .bool($0.value) })
        add(.lenient, shape.lenient ? .bool(true) : nil)
        add(.lossy, shape.lossy.map { .bool($0.value) })
        add(.examples, shape.examples.isEmpty ? nil : .array(shape.examples.map { .string($0.value) }))
        return result
    }

    private static func written(_ format: FieldFormat) -> String {
        switch format {
        case .stringEncoded: "string"
        case .date(let format): format.name
        }
    }

    private static func deprecation(_ deprecation: Deprecation) -> DraftJSON {
        deprecation.message.map(DraftJSON.string) ?? .bool(true)
    }

    // MARK: endpoints

    /// An endpoint; `locating`: the endpoint, its path and each shape not `unplaced` are
    /// `.located` where they are (what import builds).
    static func endpoint(_ endpoint: EndpointSpec, locating: Bool = false) -> DraftJSON {
        let written = unlocated(endpoint, locating: locating)
        guard locating, endpoint.location != .unplaced else { return written }
        return .located(written, endpoint.location)
    }

    private static func unlocated(_ endpoint: EndpointSpec, locating: Bool) -> DraftJSON {
        func shape(_ shape: ShapeSpec) -> DraftJSON { self.shape(shape, locating: locating) }
        var members: [(String, DraftJSON)] = [("name", .string(endpoint.name.value))]
        if let method = endpoint.method { members.append(("method", .string(method.value.rawValue))) }
        let path = DraftJSON.string(endpoint.path.value)
        members.append(
            ("path", locating && endpoint.path.location != .unplaced ? .located(path, endpoint.path.location) : path))
        if let kind = endpoint.kind { members.append(("kind", .string(kind.value.written))) }
        for (key, arguments) in [
            ("params", endpoint.params), ("query", endpoint.query), ("headers", endpoint.headers),
            ("cookies", endpoint.cookies),
        ] where !arguments.isEmpty {
            members.append((key, .object(arguments.map { ($0.key, shape($0.shape)) })))
        }
        if let body = endpoint.body { members.append(("body", shape(body))) }
        if let encoding = endpoint.bodyEncoding { members.append(("bodyEncoding", .string(encoding.value.rawValue))) }
        if !endpoint.bodyStyles.isEmpty { members.append(("bodyStyles", .object(endpoint.bodyStyles.map(bodyStyle)))) }
        if let contentType = endpoint.contentType { members.append(("contentType", .string(contentType.value))) }
        if let response = endpoint.response { members.append(("response", shape(response))) }
        if !endpoint.responses.isEmpty {
            members.append(
                (
                    "responses",
                    .object(endpoint.responses.map { (String($0.status.value), $0.shape.map(shape) ?? .null) })
                ))
        }
        if !endpoint.responseHeaders.isEmpty {
            members.append(("responseHeaders", .object(endpoint.responseHeaders.map { ($0.key, shape($0.shape)) })))
        }
        if let stream = endpoint.stream { members.append(("stream", .string(stream.value.rawValue))) }
        if let end = endpoint.end { members.append(("end", .string(end.value))) }
        if let events = endpoint.events { members.append(("events", .string(events.value.rawValue))) }
        if let envelope = endpoint.envelope { members.append(("envelope", json(envelope.value))) }
        if let error = endpoint.error { members.append(("error", .string(error.value))) }
        if !endpoint.errors.isEmpty { members.append(("errors", errors(endpoint.errors))) }
        if let timeout = endpoint.timeout { members.append(("timeout", .number(timeout.value))) }
        if let paginate = endpoint.paginate { members.append(("paginate", self.paginate(paginate))) }
        if !endpoint.domains.isEmpty {
            let domains = endpoint.domains.map { domain($0) }
            members.append(("domain", domains.count == 1 ? domains[0] : .array(domains)))
        }
        if let bodyFrom = endpoint.bodyFrom { members.append(("bodyFrom", self.bodyFrom(bodyFrom))) }
        if let doc = endpoint.doc { members.append(("doc", .string(doc.value))) }
        if let deprecated = endpoint.deprecated { members.append(("deprecated", deprecation(deprecated.value))) }
        if !endpoint.examples.isEmpty {
            members.append(("examples", .array(endpoint.examples.map { .string($0.value) })))
        }
        return .object(members)
    }

    private static func bodyStyle(_ entry: BodyStyleSpec) -> (String, DraftJSON) {
        var members: [(String, DraftJSON)] = []
        if let style = entry.style { members.append((Modifier.style.rawValue, .string(style.value.rawValue))) }
        if let explode = entry.explode { members.append((Modifier.explode.rawValue, .bool(explode.value))) }
        return (entry.key, .object(members))
    }

    private static func json(_ envelope: EnvelopeSpec?) -> DraftJSON {
        guard let envelope else { return .null }
        var members: [(String, DraftJSON)] = [("data", .string(envelope.data.value))]
        switch envelope.success {
        case .key(let key): members.append(("success", .string(key.value)))
        case .equals(let key, let value):
            members.append(("success", .object([("key", .string(key.value)), ("equals", DraftJSON(value))])))
        case nil: break
        }
        if let message = envelope.message { members.append(("message", .string(message.value))) }
        if !envelope.path.isEmpty { members.append(("path", .array(envelope.path.map { .string($0.value) }))) }
        return .object(members)
    }

    private static func paginate(_ paginate: PaginateSpec) -> DraftJSON {
        var members: [(String, DraftJSON)] = [("style", .string(paginate.style.value.rawValue))]
        if let param = paginate.param { members.append(("param", .string(param.value))) }
        if let from = paginate.from { members.append(("from", .string(from.value))) }
        if let whileKey = paginate.whileKey { members.append(("while", .string(whileKey.value))) }
        return .object(members)
    }

    private static func bodyFrom(_ bodyFrom: BodyFromSpec) -> DraftJSON {
        .object([
            ("model", .string(bodyFrom.model.value)),
            ("fields", .object(bodyFrom.fields.map { ($0.key, .string($0.path.value)) })),
        ])
    }

    /// An endpoint's `domain`, or an entry of `mappings` (with its `dto`).
    private static func domain(_ domain: DomainSpec) -> DraftJSON {
        var members: [(String, DraftJSON)] = []
        if let dto = domain.dto { members.append(("dto", .string(dto.value))) }
        members.append(("model", .string(domain.model.value)))
        if let kind = domain.kind { members.append(("kind", .string(kind.value.rawValue))) }
        if let each = domain.each { members.append(("each", .string(each.value))) }
        if let update = domain.update { members.append(("update", .bool(update.value))) }
        if let fields = domain.fields { members.append(("fields", .object(fields.map(field)))) }
        return .object(members)
    }

    private static func field(_ field: FieldMappingSpec) -> (String, DraftJSON) {
        let source: DraftJSON =
            switch field.source {
            case .path(let path): .string(path.value)
            case .constant(let value): .object([("value", DraftJSON(value))])
            case .swift(let expression): .object([("swift", .string(expression.value))])
            case .converted(let from, let convert, let defaultValue):
                .object(
                    [("from", .string(from.value))] + (convert.map { [("convert", .string($0.value))] } ?? [])
                        + (defaultValue.map { [("default", DraftJSON($0))] } ?? []))
            }
        return (field.label, source)
    }

    /// `errors`: each status as a spec writes it, to its type.
    private static func errors(_ entries: [StatusErrorSpec]) -> DraftJSON {
        .object(entries.map { ($0.status.value.written, .string($0.type.value)) })
    }
}
