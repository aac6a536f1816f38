/// The document's `default`s: a property a response may leave out decodes as its default
/// (`$default`), and a parameter's default is said in the factory's doc comment, since the
/// server applies it when the argument is left out.
extension OpenAPITranslator {
    /// The `$default` of a property that is not required in a type only responses hold: the
    /// document's `default` when it fits the property's shape (a scalar or an enum value),
    /// else nil, with a warning when there is a default that does not fit.
    mutating func documentDefault(of property: JSONNode, field: ShapeSpec, pointer: String) -> JSONNode? {
        // The app's own type reads what it reads; a parameter's object is sent, not read.
        if let name = field.reference, appTypes[name] != nil { return nil }
        guard !translatingParameter else { return nil }
        // A reference that dangles has been reported where it is translated.
        let schema = quietlyFollowed(property) ?? property
        guard let written = property["default"] ?? schema["default"] else { return nil }
        if case .null = written.value { return nil }
        guard let fits = Self.fits(written, schema: schema, field: field) else { return nil }
        guard fits else {
            let expected: String
            if let type = field.reference, schema["enum"] == nil {
                expected = "is not \(["Int", "Int64"].contains(type) ? "an" : "a") \(type)"
            } else {
                expected = "is not one of the values its 'enum' lists"
            }
            warn(
                "DTG4051", written, pointer,
                "default \(DraftJSON(written).text(indent: 0)) \(expected); the property stays optional")
            return nil
        }
        return written
    }

    /// Whether `value` fits a field of `field`'s shape: nil where dtogen writes no `$default`
    /// (objects, arrays, dates, URLs and other formats), whatever the value.
    static func fits(_ value: JSONNode, schema: JSONNode, field: ShapeSpec) -> Bool? {
        // One of the values an `enum` lists (a string enum is a type of its own; an integer
        // one stays `Int`, checked below too).
        if let values = schema["enum"]?.elements,
            !values.contains(where: { DraftJSON($0) == DraftJSON(value) })
        {
            return false
        }
        guard let type = field.reference else { return schema["enum"] != nil ? true : nil }
        switch (type, value.value) {
        case ("String", .string): return true
        case ("Bool", .bool): return true
        case ("Int", .number(let lexeme)), ("Int64", .number(let lexeme)):
            return Int64(lexeme) != nil
        case ("Double", .number), ("Float", .number), ("Decimal", .number): return true
        case ("String", _), ("Bool", _), ("Int", _), ("Int64", _), ("Double", _), ("Float", _), ("Decimal", _):
            return false
        default: return schema["enum"] != nil ? true : nil
        }
    }

    /// A parameter's doc with the document's default said at its end (``Default: `20`.``).
    static func documented(_ doc: String?, default value: JSONNode?) -> String? {
        guard let value else { return doc }
        if case .null = value.value { return doc }
        let said = "Default: `\(DraftJSON(value).text(indent: 0))`."
        guard let doc, !doc.isEmpty else { return said }
        let trimmed = String(doc.reversed().drop(while: \.isWhitespace).reversed())
        let ended = trimmed.last.map { ".!?:".contains($0) } ?? true
        return trimmed + (ended ? " " : ". ") + said
    }

    /// A parameter schema that says no type and no structure, only an `example`, a
    /// `description`, a `format`...: with the type its `format` names (`int64` an integer,
    /// `double` a number), else its example's, else `string`. Nil for any other schema, and
    /// for `{}`, which allows any value (sent as its JSON's scalars).
    static func typedAsText(_ schema: JSONNode) -> JSONNode? {
        guard case .object(let members) = schema.value, !members.isEmpty else { return nil }
        let structural: Set<String> = [
            "type", "$ref", "enum", "const", "oneOf", "anyOf", "allOf", "not", "properties", "items",
            "additionalProperties",
        ]
        guard !members.contains(where: { structural.contains($0.key) }) else { return nil }
        let type: String
        let bounded = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"].compactMap {
            schema[$0]
        }
        switch (schema["format"]?.stringValue, (schema["example"] ?? schema["default"] ?? bounded.first)?.value) {
        case ("int32"?, _), ("int64"?, _), ("integer"?, _): type = "integer"
        case ("float"?, _), ("double"?, _), ("number"?, _): type = "number"
        case (nil, .number(let lexeme)?): type = Int64(lexeme) != nil ? "integer" : "number"
        case (nil, .bool?): type = "boolean"
        default: type = "string"
        }
        let typed = JSONNode.Member(
            key: "type", keyLocation: schema.location, value: JSONNode(value: .string(type), location: schema.location))
        return JSONNode(value: .object(members + [typed]), location: schema.location)
    }
}
