import Foundation
@testable import DTOGenCore
import PositionalJSON

/// JSON text that a schema of the document allows, as a server would answer: every property
/// (to a depth), the first of an enum, the first (or a chosen) variant of a one-of, one
/// element of an array, `""` for an optional URL; `writeOnly` properties are left out of
/// responses.
struct DocumentSampler {
    let document: WireDocument
    /// Which variant of each one-of the value takes: the first (0), or the `variant`-th
    /// (the last when a one-of has fewer), so responses of every variant are judged too.
    var variant = 0

    /// Whether a value is of a schema's `type` (any value when the schema gives none).
    static func hasType(_ value: JSONNode, _ type: String?) -> Bool {
        switch (type, value.value) {
        case (nil, _): true
        case ("string", .string): true
        case ("boolean", .bool): true
        case ("integer", .number), ("number", .number): true
        case ("object", .object), ("array", .array): true
        default: false
        }
    }

    func sample(_ schema: JSONNode, depth: Int = 0) -> String {
        let schema = document.follow(schema)
        if depth > 40 { return "null" }
        // A value of the schema's type: Linode's `replication_commit_type` (a string) lists
        // `true` and `false`, YAML's reading of the `on` and `off` it meant.
        if let values = schema["enum"]?.elements,
            let first = values.first(where: { $0.value != .null && Self.hasType($0, type(of: schema)) })
        {
            return Self.text(first)
        }
        if let constant = schema["const"] { return Self.text(constant) }
        // Deep down, what could recurse stops (an empty array; null for an object), and a
        // scalar is still a value of its type (Jira's clauses nest past the limit).
        if depth > 10 {
            switch type(of: schema) {
            case "array": return "[]"
            case "string", "integer", "number", "boolean": break
            default: return "null"
            }
        }
        if let parts = schema["allOf"]?.elements {
            var members: [(String, String)] = []
            for part in parts {
                for member in objectMembers(document.follow(part), depth: depth)
                where !members.contains(where: { $0.0 == member.0 }) {
                    members.append(member)
                }
            }
            if !members.isEmpty || parts.contains(where: { isObject(document.follow($0)) }) { return object(members) }
        }
        for key in ["oneOf", "anyOf"] {
            let variants = (schema[key]?.elements ?? []).filter { !isNull(document.follow($0)) }
            if let chosen = variants.isEmpty ? nil : variants[min(variant, variants.count - 1)] {
                return sample(chosen, depth: depth + 1)
            }
        }
        switch type(of: schema) {
        case "object":
            return object(objectMembers(schema, depth: depth))
        case "array":
            let count = max(1, Int(schema["minItems"]?.numberLexeme ?? "1") ?? 1)
            let element = schema["items"].map { sample($0, depth: depth + 1) } ?? "\"sample\""
            return "[" + Array(repeating: element, count: min(count, 3)).joined(separator: ",") + "]"
        case "integer":
            return schema["minimum"]?.numberLexeme.flatMap { Double($0) }.map {
                String(Int($0.rounded(.up)) + (schema["exclusiveMinimum"]?.boolValue == true ? 1 : 0))
            } ?? "1"
        case "number":
            return schema["minimum"]?.numberLexeme.map { $0 } ?? "1.5"
        case "boolean":
            return "true"
        case "string":
            let format = schema["contentEncoding"]?.stringValue == "base64" ? "byte" : schema["format"]?.stringValue
            return Self.quoted(
                Self.string(format: format, minLength: Int(schema["minLength"]?.numberLexeme ?? "0") ?? 0))
        default:
            return "\"sample\""
        }
    }

    /// The key a sample object has beside its declared properties when its schema allows others.
    static let extraKey = "x-sample-extra"

    func objectMembers(_ schema: JSONNode, depth: Int) -> [(String, String)] {
        let required = Set(schema["required"]?.elements?.compactMap(\.stringValue) ?? [])
        var members: [(String, String)] = []
        for property in schema["properties"]?.members ?? [] {
            let resolved = document.follow(property.value)
            if resolved["writeOnly"]?.boolValue == true { continue }
            guard required.contains(property.key) || depth < 4 else { continue }
            // An optional URL as many APIs send "no URL": `""`, which decodes as nil.
            if !required.contains(property.key), Self.isURL(resolved) {
                members.append((property.key, "\"\""))
                continue
            }
            members.append((property.key, sample(property.value, depth: depth + 1)))
        }
        // A key beside the declared ones where the schema allows it (`additionalProperties`
        // of a schema, or `true`), which `$additionalProperties` must keep.
        if let extra = schema["additionalProperties"], extra.members != nil || extra.boolValue == true {
            let key = members.isEmpty ? "key" : Self.extraKey
            members.append((key, extra.members == nil ? "\"sample\"" : sample(extra, depth: depth + 1)))
        }
        return members
    }

    func object(_ members: [(String, String)]) -> String {
        "{" + members.map { Self.quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    func isObject(_ schema: JSONNode) -> Bool { type(of: schema) == "object" }

    func isNull(_ schema: JSONNode) -> Bool { type(of: schema) == "null" }

    /// The schema's type (the first that is not `null`), or `object` for one with properties.
    func type(of schema: JSONNode) -> String? {
        if let type = schema["type"]?.stringValue { return type }
        if let types = schema["type"]?.elements?.compactMap(\.stringValue) {
            return types.first { $0 != "null" } ?? "null"
        }
        if schema["properties"] != nil || schema["additionalProperties"] != nil { return "object" }
        if schema["items"] != nil { return "array" }
        return nil
    }

    /// A string schema of a URL format that allows `""` (no length or pattern rule).
    static func isURL(_ schema: JSONNode) -> Bool {
        ["uri", "url"].contains(schema["format"]?.stringValue ?? "") && schema["minLength"] == nil
            && schema["pattern"] == nil && schema["enum"] == nil
    }

    static func string(format: String?, minLength: Int) -> String {
        let text =
            switch format {
            case "date-time": "2020-01-02T03:04:05Z"
            case "date": "2020-01-02"
            case "uuid": "00000000-0000-4000-8000-000000000000"
            case "uri", "url": "https://example.com/a"
            case "email": "a@example.com"
            case "byte", "binary": "AAEC"
            default: "sample"
            }
        return text.count >= minLength ? text : text + String(repeating: "x", count: minLength - text.count)
    }

    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let lexeme): lexeme
        case .string(let string): quoted(string)
        case .array(let elements): "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ string: String) -> String { DraftJSON.quoted(string) }
}

/// JSON text that a generated Swift type decodes: what a caller passes to a factory, built
/// from the spec's types (every required field, the first enum value, the first variant).
struct TypeSampler {
    let table: TypeTable
    /// Optional fields are filled to this depth (a body's own fields at 1), so what only an
    /// optional field sends (an array in a form body) is judged too; left out below.
    var optionalDepth = 0

    /// Nil when the type holds a file (no JSON makes a `FilePart`).
    func sample(_ type: TypeRef, depth: Int = 0, format: DateFormatSpec? = nil) -> String? {
        if depth > 12 { return nil }
        switch table.resolved(type) {
        case .optional(let wrapped): return sample(wrapped, depth: depth, format: format)
        case .scalar(let scalar):
            switch scalar {
            case .string: return "\"sample\""
            case .int, .int64: return "1"
            case .double, .float, .decimal: return "1.5"
            case .bool: return "true"
            case .date: return Self.date(format ?? .iso8601)
            case .url: return "\"https://example.com/a\""
            case .uuid: return "\"00000000-0000-4000-8000-000000000000\""
            case .data: return "\"AAEC\""
            case .file: return nil
            }
        case .json: return "\"sample\""
        case .array(let element): return sample(element, depth: depth + 1, format: format).map { "[\($0)]" }
        case .dictionary(let value): return sample(value, depth: depth + 1, format: format).map { "{\"key\":\($0)}" }
        case .named(let id):
            switch table[id].kind {
            case .structure(let fields):
                var members: [String] = []
                for field in fields {
                    let required = !field.type.isOptional && field.defaultValue == nil
                    guard required || depth < optionalDepth else { continue }
                    var dates: DateFormatSpec?
                    if case .date(let written, _) = field.coding.strategy { dates = written }
                    guard let value = sample(field.type, depth: depth + 1, format: dates) else {
                        if required { return nil }
                        continue
                    }
                    members.append(DocumentSampler.quoted(field.jsonKey) + ":" + value)
                }
                return "{" + members.joined(separator: ",") + "}"
            case .enumeration(let info):
                return info.cases.first.map { DocumentSampler.quoted($0.rawValue) } ?? "\"sample\""
            case .oneOf(let info):
                guard let first = info.variants.first else { return nil }
                return sample(first.type, depth: depth + 1)
            case .alias(let target):
                return sample(target, depth: depth + 1, format: format)
            case .appType:
                // What the app's type reads is its own.
                return nil
            case .statusResponses(let cases):
                // The first status's body: what a 200 answers.
                guard let payload = cases.first?.payload else { return nil }
                return sample(payload, depth: depth, format: format)
            case .responseHeaders:
                // Headers, never a body.
                return nil
            }
        case .generic, .parameter: return nil
        }
    }

    static func date(_ format: DateFormatSpec) -> String {
        switch format {
        case .iso8601: return "\"2020-01-02T03:04:05Z\""
        case .iso8601Fractional: return "\"2020-01-02T03:04:05.250Z\""
        case .secondsSince1970: return "1577934245"
        case .millisecondsSince1970: return "1577934245000"
        case .pattern(let pattern):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = pattern
            return DocumentSampler.quoted(formatter.string(from: Date(timeIntervalSince1970: 1_577_934_245)))
        }
    }
}
