extension TypeResolver {
    /// `responseHeaders`: each header's property and type, then the struct of them,
    /// `<Endpoint>ResponseHeaders`, declared beside the spec's types under a name none of
    /// them has. Nil when no header is left to read.
    mutating func responseHeaders(_ entries: [PropertySpec], of endpoint: String, pascal: String) -> DeclID? {
        var names = OwnedNames()
        var seen: [String: String] = [:]
        var fields: [Decl.HeaderField] = []
        for entry in entries {
            if !FormatRules.isHeaderName(entry.key) {
                sink.error("DTG3158", entry.keyLocation, "'\(entry.key)' is not a valid HTTP header name")
                continue
            }
            if let first = seen[entry.key.lowercased()] {
                sink.error(
                    "DTG3157", entry.keyLocation,
                    "'\(entry.key)' is the header '\(first)' again: header names ignore case; keep one")
                continue
            }
            seen[entry.key.lowercased()] = entry.key
            if let field = responseHeader(entry, pascal: pascal, names: &names) { fields.append(field) }
        }
        guard !fields.isEmpty else { return nil }
        let wanted = pascal + "ResponseHeaders"
        let name = freeTopLevelName(wanted)
        let location = entries.first?.keyLocation ?? .unplaced
        if name != wanted {
            sink.warning(
                "DTG3155", location,
                "'\(wanted)', the name of '\(endpoint)''s response headers, is also a type's; it is generated as '\(name)'"
            )
        }
        return declareEndpointType(
            name, kind: .responseHeaders(fields),
            doc: "The headers `\(endpoint)`'s responses carry, read as typed values.",
            at: location)
    }

    /// One header: its property (named without an `X-`), its type, and its date format.
    private mutating func responseHeader(_ entry: PropertySpec, pascal: String, names: inout OwnedNames)
        -> Decl.HeaderField?
    {
        var shape = entry.shape
        let modifiers: [(String, SourceLocation?)] = [
            ("$default", shape.defaultValue?.location), ("$lossy", shape.lossy?.location),
            ("$nullable", shape.nullable?.location), ("$writeNull", shape.writeNull?.location),
            ("$readOnly", shape.readOnly?.location), ("$lenient", shape.lenient ? shape.location : nil),
        ]
        for case let (modifier, location?) in modifiers {
            sink.error(
                "DTG3156", location,
                "response header '\(entry.key)' takes no '\(modifier)': a header the response may lack is optional ('?')"
            )
        }
        let name = uniqueName(
            for: entry, taken: &names, noun: "property name",
            derived: SwiftName.responseHeaderProperty(entry.key, style: naming))
        let hint = pascal + SwiftName.upperCamel(name, style: naming)
        if shape.typeName == nil, case .enumeration = shape.kind { shape.typeName = Located(hint, at: shape.location) }
        guard let type = resolve(shape, hint: hint, parent: nil, element: false) else { return nil }
        parameterTypes.append(type)
        guard isHeaderValue(type.nonOptional) else {
            sink.error(
                "DTG3154", shape.location,
                "response header '\(entry.key)' is \(table.describe(type.nonOptional)); a header is read as String, Int, Int64, Double, Float, Bool, Decimal, Date, URL, UUID, an enum, or a comma-separated list of those (not of dates)"
            )
            return nil
        }
        var dateFormat: DateFormatSpec?
        if let written = shape.format {
            switch written.value {
            case .date(let format) where table.resolved(type.nonOptional) == .scalar(.date): dateFormat = format
            default:
                sink.error(
                    "DTG3159", written.location,
                    "'$format' on response header '\(entry.key)' gives a Date header's format (an HTTP date unless it says otherwise); '\(entry.key)' is \(table.describe(type.nonOptional))"
                )
            }
        }
        // A deprecated header's property is computed over a private one, so the struct's own
        // code uses no deprecated name: that one's name is the struct's too.
        let storage = shape.deprecated.map { _ in names.claim("_" + name, for: entry.key + " (storage)").name }
        return Decl.HeaderField(
            header: entry.key, name: name, type: type, dateFormat: dateFormat, doc: shape.doc?.value,
            deprecation: shape.deprecated?.value, storage: storage)
    }

    /// What the runtime reads from a header's text: a scalar, an enum of them, a list of either.
    private func isHeaderValue(_ type: TypeRef, inList: Bool = false) -> Bool {
        switch type {
        case .scalar(.file), .scalar(.data): return false
        case .scalar(.date): return !inList
        case .scalar: return true
        case .array(let element): return !inList && isHeaderValue(element, inList: true)
        case .named(let id):
            switch table[id].kind {
            case .enumeration: return true
            case .alias(let target): return isHeaderValue(target, inList: inList)
            default: return false
            }
        default: return false
        }
    }
}
