/// Response headers to `responseHeaders`: what the success responses declare under
/// `headers`, each read as the scalar its schema says.
extension OpenAPITranslator {
    /// The headers of every 2xx response, one entry per name (ignoring case; the first
    /// spelling written), in the order written. A header is required when every success
    /// response requires it. `Content-Type` is left out, as OpenAPI says (it is the body's).
    mutating func responseHeaders(_ operation: JSONNode, pointer: String) -> [PropertySpec] {
        var order: [String] = []
        var found: [String: (key: String, shape: ShapeSpec, required: Int)] = [:]
        var successes = 0
        for member in operation["responses"]?.members ?? [] {
            guard case .success = StatusResponseSpec.read(member.key),
                let response = followed(member.value, pointer: pointer + "/" + member.key)
            else { continue }
            successes += 1
            var here: Set<String> = []
            for header in response["headers"]?.members ?? [] {
                let lowered = header.key.lowercased()
                let headerPointer = pointer + "/" + member.key + "/headers/" + Self.escape(header.key)
                guard lowered != "content-type", here.insert(lowered).inserted,
                    let node = followed(header.value, pointer: headerPointer)
                else { continue }
                guard FormatRules.isHeaderName(header.key) else {
                    warn("DTG4053", node, headerPointer, "'\(header.key)' is not a valid header name; left out")
                    continue
                }
                let required = node["required"]?.boolValue == true ? 1 : 0
                if let first = found[lowered] {
                    found[lowered]?.required = first.required + required
                    continue
                }
                order.append(lowered)
                found[lowered] = (header.key, headerShape(node, header: header.key, pointer: headerPointer), required)
            }
        }
        var names = NameScope()
        return order.compactMap { lowered in
            guard let (key, written, required) = found[lowered] else { return nil }
            var shape = written
            shape.optional = required < successes
            // Two headers that give one property (`X-Limit`, `Limit`): the later is numbered
            // here, so generating the spec has nothing to warn about.
            let name = SwiftName.responseHeaderProperty(key, style: naming)
            let claimed = names.claim(name)
            if claimed != name { shape.name = .unplaced(claimed) }
            return PropertySpec(key: key, keyLocation: .unplaced, shape: shape)
        }
    }

    /// A header's value as `responseHeaders` reads it: a number, a flag, a date, a UUID, a
    /// comma-separated list of scalars, else text (an enum too, so a new value still reads;
    /// a Swagger 2.0 list of another delimiter too).
    mutating func headerShape(_ node: JSONNode, header: String, pointer: String) -> ShapeSpec {
        let schema = swagger2 ? node : node["schema"].flatMap { followed($0, pointer: pointer + "/schema") }
        var shape = ShapeSpec(.reference("String"))
        if let schema, let (scalar, format) = headerScalar(schema) {
            shape = ShapeSpec(.reference(scalar))
            // HTTP's own date headers are HTTP dates, whatever format a document gives them.
            if !Self.httpDateHeaders.contains(header.lowercased()) {
                shape.format = format.map { .unplaced(.date($0)) }
            }
        } else if let schema, Self.types(of: schema).contains("array"),
            (node["collectionFormat"]?.stringValue ?? "csv") == "csv"
        {
            var element = ShapeSpec(.reference("String"))
            let items = schema["items"].flatMap { followed($0, pointer: pointer + "/items") }
            if let items, let (scalar, format) = headerScalar(items), format == nil {
                element = ShapeSpec(.reference(scalar))
            }
            shape = ShapeSpec(.array(element))
        }
        if let doc = node["description"]?.stringValue, !doc.isEmpty { shape.doc = .unplaced(doc) }
        Self.markDeprecated(&shape, node)
        return shape.placed(at: node.location)
    }

    /// The headers HTTP defines as HTTP dates (RFC 9110).
    static let httpDateHeaders: Set<String> = [
        "date", "expires", "last-modified", "retry-after", "if-modified-since", "if-unmodified-since",
    ]

    /// The scalar a header schema names, and a date's format; nil for anything else.
    func headerScalar(_ schema: JSONNode) -> (String, DateFormatSpec?)? {
        let types = Self.types(of: schema).filter { $0 != "null" }
        guard types.count == 1 else { return nil }
        let format = schema["format"]?.stringValue
        switch types[0] {
        case "integer": return (format == "int64" ? "Int64" : "Int", nil)
        case "number": return ("Double", nil)
        case "boolean": return ("Bool", nil)
        case "string" where format == "date-time": return ("Date", .iso8601)
        case "string" where format == "uuid": return ("UUID", nil)
        case "string": return ("String", nil)
        default: return nil
        }
    }
}
