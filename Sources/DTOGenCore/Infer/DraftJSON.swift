/// A spec draft as `infer` writes it: ordered JSON, printed the way a person would write a
/// spec (one property a line, short modifier objects and shape arrays on one line), so the
/// same samples always give the same bytes and the draft reads well in a diff.
indirect enum DraftJSON: Equatable, Sendable {
    case null
    case string(String)
    case bool(Bool)
    /// A number as written (a JSON lexeme).
    case number(String)
    case array([DraftJSON])
    case object([(String, DraftJSON)])
    /// A value with where it comes from (the node of an OpenAPI document it translates), so
    /// a spec backed by the document reports problems there. Printed as the value alone.
    case located(DraftJSON, SourceLocation)

    static func == (lhs: DraftJSON, rhs: DraftJSON) -> Bool {
        lhs.text(indent: 0) == rhs.text(indent: 0)
    }

    /// A JSON value read from a file (an earlier spec), without its positions.
    init(_ node: JSONNode) {
        switch node.value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let lexeme): self = .number(lexeme)
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map { DraftJSON($0) })
        case .object(let members): self = .object(members.map { ($0.key, DraftJSON($0.value)) })
        }
    }

    /// A draft as positioned nodes: each at the document node it translates, or (what the
    /// importer adds, such as a `name`) at the nearest such node around it.
    func node(at location: SourceLocation) -> JSONNode {
        switch self {
        case .located(let value, let inner): value.node(at: inner)
        case .null: JSONNode(value: .null, location: location)
        case .string(let text): JSONNode(value: .string(text), location: location)
        case .bool(let value): JSONNode(value: .bool(value), location: location)
        case .number(let lexeme): JSONNode(value: .number(lexeme), location: location)
        case .array(let elements): JSONNode(value: .array(elements.map { $0.node(at: location) }), location: location)
        case .object(let members):
            // A key is where its value comes from (a type's name at its schema).
            JSONNode(
                value: .object(
                    members.map {
                        JSONNode.Member(
                            key: $0.0, keyLocation: $0.1.location ?? location, value: $0.1.node(at: location))
                    }), location: location)
        }
    }

    /// Where a located value comes from.
    var location: SourceLocation? {
        if case .located(_, let location) = self { return location }
        return nil
    }

    /// The value of `key`, when this is an object that has it.
    subscript(key: String) -> DraftJSON? {
        if case .located(let value, _) = self { return value[key] }
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    /// The document: two-space indentation and a final newline.
    var document: String { text(indent: 0) + "\n" }

    /// `prefix`: columns before the value on its first line (`"key": `).
    func text(indent: Int, prefix: Int = 0) -> String {
        if let line = oneLine, indent + prefix + line.count <= 100 { return line }
        let pad = String(repeating: " ", count: indent + 2)
        let close = String(repeating: " ", count: indent)
        switch self {
        case .located(let value, _):
            return value.text(indent: indent, prefix: prefix)
        case .array(let elements):
            return "[\n" + elements.map { pad + $0.text(indent: indent + 2) }.joined(separator: ",\n") + "\n\(close)]"
        case .object(let members):
            return "{\n"
                + members.map {
                    pad + Self.quoted($0.0) + ": " + $0.1.text(indent: indent + 2, prefix: Self.quoted($0.0).count + 2)
                }.joined(separator: ",\n") + "\n\(close)}"
        default:
            return oneLine ?? ""
        }
    }

    /// The value on one line, for scalars, modifier objects (`{ "$type": "JSON?", ... }`) and
    /// arrays of those; nil for an object with properties, which always takes one per line.
    private var oneLine: String? {
        switch self {
        case .null: return "null"
        case .string(let text): return Self.quoted(text)
        case .bool(let value): return value ? "true" : "false"
        case .number(let lexeme): return lexeme
        case .located(let value, _): return value.oneLine
        case .array(let elements):
            let parts = elements.compactMap(\.oneLine)
            return parts.count == elements.count ? "[" + parts.joined(separator: ", ") + "]" : nil
        case .object(let members):
            if members.isEmpty { return "{}" }
            guard members.allSatisfy({ $0.0.hasPrefix("$") && !$0.0.hasPrefix("$$") }) else { return nil }
            let parts = members.compactMap { member in member.1.oneLine.map { Self.quoted(member.0) + ": " + $0 } }
            return parts.count == members.count ? "{ " + parts.joined(separator: ", ") + " }" : nil
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

/// A shape of a draft before `?` and modifiers are put on it (`infer` builds these; import
/// builds the spec's own `ShapeSpec`): `"Int"` with `optional` becomes `"Int?"`; with
/// modifiers, `{ "$type": ..., ... }`.
struct DraftShape: Sendable {
    /// A type reference (`"Int"`), an array shape, or an object shape (properties or `$` keys).
    var base: DraftJSON
    var optional = false
    var modifiers: [(String, DraftJSON)] = []

    var json: DraftJSON {
        switch base {
        case .string(let reference):
            let written = DraftJSON.string(reference + (optional ? "?" : ""))
            return modifiers.isEmpty ? written : .object([("$type", written)] + modifiers)
        case .object(let members):
            return .object(members + (optional ? [("$optional", .bool(true))] : []) + modifiers)
        default:
            if !optional && modifiers.isEmpty { return base }
            return .object([("$type", base)] + (optional ? [("$optional", .bool(true))] : []) + modifiers)
        }
    }
}
