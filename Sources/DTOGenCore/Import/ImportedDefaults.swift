/// The document's `default`s: a property a response may leave out decodes as its default
/// (`$default`), and a parameter's default is said in the factory's doc comment, since the
/// server applies it when the argument is left out.
extension OpenAPITranslator {
    /// The `$default` of a property that is not required in a type only responses hold: the
    /// document's `default` when it fits the property's shape (a scalar or an enum value),
    /// else nil, with a warning when there is a default that does not fit.
    mutating func documentDefault(of property: JSONNode, field: DraftShape, pointer: String) -> DraftJSON? {
        // A reference that dangles has been reported where it is translated.
        let schema = quietlyFollowed(property) ?? property
        guard let written = property["default"] ?? schema["default"] else { return nil }
        if case .null = written.value { return nil }
        guard let fits = Self.fits(written, schema: schema, field: field) else { return nil }
        guard fits else {
            let expected: String
            if case .string(let type) = field.base.unlocated, schema["enum"] == nil {
                expected = "is not \(["Int", "Int64"].contains(type) ? "an" : "a") \(type)"
            } else {
                expected = "is not one of the values its 'enum' lists"
            }
            warn(
                "DTG4051", written, pointer,
                "default \(DraftJSON(written).text(indent: 0)) \(expected); the property stays optional")
            return nil
        }
        return DraftJSON(written)
    }

    /// Whether `value` fits a field of `field`'s shape: nil where dtogen writes no `$default`
    /// (objects, arrays, dates, URLs and other formats), whatever the value.
    static func fits(_ value: JSONNode, schema: JSONNode, field: DraftShape) -> Bool? {
        // One of the values an `enum` lists (a string enum is a type of its own; an integer
        // one stays `Int`, checked below too).
        if let values = schema["enum"]?.elements,
            !values.contains(where: { DraftJSON($0) == DraftJSON(value) })
        {
            return false
        }
        guard case .string(let type) = field.base.unlocated else { return schema["enum"] != nil ? true : nil }
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
}
