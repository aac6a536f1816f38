import Foundation
@testable import DTOGenCore
import PositionalJSON

/// A request a generated factory built, as the wire test's program records it.
struct RecordedRequest: Codable {
    var name: String
    var method: String
    var url: String
    var headers: [String: String]
    /// The body, base64.
    var body: String?
    /// Set when the program could not build the request or decode the sample response.
    var requestError: String?
    var decodeError: String?
    var decoded: Bool?
    /// Keys beside the declared ones (`DocumentSampler.extraKey`) in the sample response, and in the
    /// value it decoded to, encoded again: `$additionalProperties` keeps them.
    var extrasSent: Int?
    var extrasKept: Int?
}

/// Judges a request by the document alone: the operation's path template and method, each
/// declared parameter (required ones present, values of their schema's type, arrays and
/// objects as their style writes them), nothing undeclared in the query, and a body of the
/// declared media that the body schema allows (no `readOnly` property sent). Formats other
/// than dates and `pattern`s are not checked.
struct RequestChecker {
    let document: WireDocument

    func problems(_ request: RecordedRequest, _ operation: WireDocument.Operation) -> [String] {
        var problems: [String] = []
        guard let url = URLComponents(string: request.url) else { return ["the URL \(request.url) does not parse"] }
        if request.method != operation.method.uppercased() {
            problems.append("method \(request.method), the document says \(operation.method.uppercased())")
        }
        var template = operation.path
        if let cut = template.firstIndex(where: { $0 == "?" || $0 == "#" }) { template = String(template[..<cut]) }
        let pathValues = match(path: url.percentEncodedPath, template: template)
        if pathValues == nil { problems.append("path \(url.percentEncodedPath) does not match \(template)") }
        // The path key's own query (`/responses?beta=true`), sent on every request.
        var fixed: Set<String> = []
        if let query = operation.path.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "&") { fixed.insert(String(pair.split(separator: "=").first ?? "")) }
        }
        let items = (url.percentEncodedQueryItems ?? []).map {
            ($0.name.removingPercentEncoding ?? $0.name, ($0.value ?? "").removingPercentEncoding ?? "")
        }
        var claimed: Set<String> = fixed
        let lowerHeaders = Dictionary(
            request.headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        let cookies = Dictionary(
            (lowerHeaders["cookie"] ?? "").split(separator: ";").compactMap { pair -> (String, String)? in
                let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { return nil }
                return (String(parts[0]), String(parts[1]).removingPercentEncoding ?? String(parts[1]))
            }, uniquingKeysWith: { a, _ in a })
        for parameter in operation.parameters {
            guard let name = parameter["name"]?.stringValue, let place = parameter["in"]?.stringValue else { continue }
            let required = parameter["required"]?.boolValue == true
            let schema = document.schema(ofParameter: parameter)
            let json = !document.swagger2 && parameter["schema"] == nil
            switch place {
            case "path":
                guard let value = pathValues?[name] else {
                    if pathValues != nil { problems.append("path parameter '\(name)' is not in the path") }
                    continue
                }
                problems += check(
                    texts: split(value, style: parameter["style"]?.stringValue ?? "simple", schema: schema), schema,
                    "path parameter '\(name)'")
            case "query":
                var values = items.filter { $0.0 == name }.map(\.1)
                let style = parameter["style"]?.stringValue ?? (document.swagger2 ? "form" : "form")
                if style == "deepObject" || (schema.map { isObject($0) } ?? false) {
                    let bracketed = items.filter { $0.0.hasPrefix(name + "[") }
                    for item in bracketed { claimed.insert(item.0) }
                    // An object in the form style, exploded: its fields are items of their own.
                    if let properties = schema?["properties"]?.members, style == "form",
                        parameter["explode"]?.boolValue ?? true
                    {
                        for property in properties { claimed.insert(property.key) }
                        if values.isEmpty
                            && !items.contains(where: { item in properties.contains { $0.key == item.0 } })
                            && bracketed.isEmpty && required
                        {
                            problems.append("required query item '\(name)' is missing")
                        }
                        continue
                    }
                    if values.isEmpty && bracketed.isEmpty && required {
                        problems.append("required query item '\(name)' is missing")
                    }
                    if !bracketed.isEmpty || style == "deepObject" { claimed.insert(name); continue }
                }
                claimed.insert(name)
                if values.isEmpty {
                    if required { problems.append("required query item '\(name)' is missing") }
                    continue
                }
                if json {
                    problems += values.flatMap { checkJSONText($0, schema, "query item '\(name)'") }
                    continue
                }
                let explode = parameter["explode"]?.boolValue ?? (style == "form")
                let format = document.swagger2 ? (parameter["collectionFormat"]?.stringValue ?? "csv") : nil
                if schema.map(isArray) == true {
                    if (format == nil && !explode) || (format != nil && format != "multi") {
                        let separator =
                            switch format ?? style {
                            case "ssv", "spaceDelimited": " "
                            case "pipes", "pipeDelimited": "|"
                            case "tsv": "\t"
                            default: ","
                            }
                        if values.count > 1 {
                            problems.append("query item '\(name)' is repeated; its style writes one item")
                        }
                        values = values.flatMap { $0.components(separatedBy: separator) }
                    }
                } else if values.count > 1 {
                    problems.append("query item '\(name)' is repeated, but it is not an array")
                }
                problems += check(texts: values, schema, "query item '\(name)'")
            case "header":
                guard let value = lowerHeaders[name.lowercased()] else {
                    if required && !["accept", "content-type", "authorization"].contains(name.lowercased()) {
                        problems.append("required header '\(name)' is missing")
                    }
                    continue
                }
                problems +=
                    json
                    ? checkJSONText(value, schema, "header '\(name)'")
                    : check(texts: split(value, style: "simple", schema: schema), schema, "header '\(name)'")
            case "cookie":
                guard let value = cookies[name] else {
                    if required { problems.append("required cookie '\(name)' is missing") }
                    continue
                }
                problems +=
                    json
                    ? checkJSONText(value, schema, "cookie '\(name)'")
                    : check(texts: split(value, style: "simple", schema: schema), schema, "cookie '\(name)'")
            default:
                continue
            }
        }
        for (name, _) in items where !claimed.contains(name) {
            problems.append("query item '\(name)' is not declared")
        }
        problems += body(request, operation)
        return problems
    }

    func body(_ request: RecordedRequest, _ operation: WireDocument.Operation) -> [String] {
        let data = request.body.flatMap { Data(base64Encoded: $0) } ?? Data()
        let formFields = operation.parameters.filter { $0["in"]?.stringValue == "formData" }
        let declared =
            document.swagger2
            ? (operation.parameters.contains { $0["in"]?.stringValue == "body" } || !formFields.isEmpty)
            : operation.node["requestBody"] != nil
        if data.isEmpty {
            return declared && document.bodyRequired(operation) ? ["the required body is missing"] : []
        }
        guard declared else { return ["a body is sent; the operation declares none"] }
        let media = request.headers.first { $0.key.lowercased() == "content-type" }?.value ?? ""
        let base = media.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if document.swagger2, !formFields.isEmpty {
            let names = base == "multipart/form-data" ? partNames(data) : formNames(data)
            var problems: [String] = []
            for field in formFields where field["required"]?.boolValue == true {
                if let name = field["name"]?.stringValue, !names.contains(name) {
                    problems.append("required form field '\(name)' is missing")
                }
            }
            for name in names where !formFields.contains(where: { $0["name"]?.stringValue == name }) {
                problems.append("form field '\(name)' is not declared")
            }
            return problems
        }
        guard let schema = document.bodySchema(operation, media: base) else {
            return ["the body is sent as \(base), which the operation does not declare"]
        }
        switch base {
        case _ where WireDocument.isJSON(base):
            guard let node = try? JSONReader.parse(bytes: Array(data)) else { return ["the body is not JSON"] }
            return validate(node, schema, "body", request: true)
        case "application/x-www-form-urlencoded", "multipart/form-data":
            let names = base == "multipart/form-data" ? partNames(data) : formNames(data)
            let object = document.follow(schema)
            let properties = object["properties"]?.members ?? []
            var problems: [String] = []
            for name in object["required"]?.elements?.compactMap(\.stringValue) ?? [] where !names.contains(name) {
                if document.follow(properties.first { $0.key == name }?.value ?? object)["readOnly"]?.boolValue != true
                {
                    problems.append("required form field '\(name)' is missing")
                }
            }
            // In the form style (a field the `encoding` does not make a deepObject), an array
            // of scalars repeats its name and an object's fields are names of their own.
            let styles = base == "multipart/form-data" ? [:] : document.formStyles(operation)
            var flattened: Set<String> = []
            for property in properties where styles[property.key, default: "form"] == "form" {
                let name = property.key
                let field = document.follow(property.value)
                if field["type"]?.stringValue == "array",
                    document.follow(field["items"] ?? field)["type"]?.stringValue != "object",
                    base != "multipart/form-data",
                    formPairs(data).contains(where: { $0.hasPrefix(name + "[") })
                {
                    problems.append("form field '\(name)' is written in brackets; the document's style is 'form'")
                }
                flattened.formUnion((field["properties"]?.members ?? []).map { $0.key })
            }
            if object["additionalProperties"]?.boolValue != true, !properties.isEmpty {
                for name in names where !properties.contains(where: { $0.key == name }) && !flattened.contains(name) {
                    problems.append("form field '\(name)' is not declared")
                }
            }
            return problems
        default:
            return []
        }
    }

    /// The top-level names of a form body (`a[b]=1` counts as `a`).
    func formNames(_ data: Data) -> Set<String> {
        Set(formPairs(data).compactMap { $0.split(separator: "[").first.map(String.init) })
    }

    /// The names of a form body's pairs, decoded (`a[b]`).
    func formPairs(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).split(separator: "&").map { pair in
            String(pair.split(separator: "=", maxSplits: 1).first ?? "").replacingOccurrences(of: "+", with: " ")
                .removingPercentEncoding ?? ""
        }
    }

    func partNames(_ data: Data) -> Set<String> {
        let text = String(decoding: data, as: UTF8.self)
        var names: Set<String> = []
        var rest = text[...]
        while let range = rest.range(of: "name=\"") {
            let after = rest[range.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            names.insert(String(after[..<end]).split(separator: "[").first.map(String.init) ?? "")
            rest = after[end...]
        }
        return names
    }

    /// The path's values by placeholder, or nil when it does not match the template.
    func match(path: String, template: String) -> [String: String]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let patterns = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard segments.count == patterns.count else { return nil }
        var values: [String: String] = [:]
        for (segment, pattern) in zip(segments, patterns) {
            var regex = "^"
            var names: [String] = []
            var rest = pattern[...]
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                regex += NSRegularExpression.escapedPattern(for: String(rest[..<open])) + "(.+?)"
                names.append(String(rest[rest.index(after: open)..<close]))
                rest = rest[rest.index(after: close)...]
            }
            regex += NSRegularExpression.escapedPattern(for: String(rest)) + "$"
            let decoded = String(segment)
            guard let expression = try? NSRegularExpression(pattern: regex),
                let found = expression.firstMatch(in: decoded, range: NSRange(decoded.startIndex..., in: decoded))
            else { return nil }
            for (index, name) in names.enumerated() {
                guard let range = Range(found.range(at: index + 1), in: decoded) else { return nil }
                values[name] = String(decoded[range])
            }
        }
        return values
    }

    /// A path, header or cookie value's items: an array's are separated by commas (or the
    /// label and matrix styles' prefixes), each percent-decoded after splitting.
    func split(_ value: String, style: String, schema: JSONNode?) -> [String] {
        var text = value
        switch style {
        case "label": if text.hasPrefix(".") { text.removeFirst() }
        case "matrix": if let equals = text.firstIndex(of: "=") { text = String(text[text.index(after: equals)...]) }
        default: break
        }
        let separator: Character = style == "label" ? "." : ","
        let parts =
            schema.map(isArray) == true
            ? text.split(separator: separator, omittingEmptySubsequences: false).map(String.init) : [text]
        return parts.map { $0.removingPercentEncoding ?? $0 }
    }

    func isArray(_ schema: JSONNode) -> Bool {
        let schema = document.follow(schema)
        return DocumentSampler(document: document).type(of: schema) == "array"
    }

    func isObject(_ schema: JSONNode) -> Bool {
        let schema = document.follow(schema)
        return DocumentSampler(document: document).type(of: schema) == "object" || schema["allOf"] != nil
    }

    /// Texts of a scalar (or an array's items) against the schema's type and enum.
    func check(texts: [String], _ schema: JSONNode?, _ what: String) -> [String] {
        guard var schema = schema.map(document.follow) else { return [] }
        if isArray(schema), let items = schema["items"] { schema = document.follow(items) }
        var problems: [String] = []
        for text in texts {
            if let values = schema["enum"]?.elements,
                !values.contains(where: {
                    DocumentSampler.text($0) == DocumentSampler.quoted(text) || DocumentSampler.text($0) == text
                })
            {
                problems.append("\(what) is '\(text)', not one of its values")
                continue
            }
            switch DocumentSampler(document: document).type(of: schema) {
            case "integer": if Int(text) == nil { problems.append("\(what) is '\(text)', not an integer") }
            case "number": if Double(text) == nil { problems.append("\(what) is '\(text)', not a number") }
            case "boolean":
                if text != "true" && text != "false" { problems.append("\(what) is '\(text)', not a boolean") }
            case "string": problems += checkFormat(text, schema, what)
            default: break
            }
        }
        return problems
    }

    func checkJSONText(_ text: String, _ schema: JSONNode?, _ what: String) -> [String] {
        guard let node = try? JSONReader.parse(bytes: Array(text.utf8)) else {
            return ["\(what) is not JSON text: \(text)"]
        }
        return schema.map { validate(node, $0, what, request: true) } ?? []
    }

    func checkFormat(_ text: String, _ schema: JSONNode, _ what: String) -> [String] {
        switch schema["format"]?.stringValue {
        case "date-time":
            return text.range(of: #"^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}"#, options: .regularExpression) == nil
                ? ["\(what) is '\(text)', not a date-time"] : []
        case "date":
            return text.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) == nil
                ? ["\(what) is '\(text)', not a date"] : []
        default:
            return []
        }
    }

    /// JSON against a schema: types, enums, required and declared properties, items,
    /// `allOf`, and a one-of or any-of that some variant allows. An `allOf` part's
    /// `additionalProperties: false` does not refuse what another part or the schema beside
    /// it declares (`alsoDeclared`), nor, in a property they both declare, what either
    /// declares there (`nestedDeclared`): the documents mean the merged object (Linode closes
    /// each part of its bodies and restates `rules` beside them), though JSON Schema's letter
    /// refuses it.
    func validate(
        _ node: JSONNode, _ schema: JSONNode, _ path: String, request: Bool, depth: Int = 0,
        alsoDeclared: Set<String> = [], nestedDeclared: [String: Set<String>] = [:]
    ) -> [String] {
        let schema = document.follow(schema)
        guard depth < 40 else { return [] }
        let sampler = DocumentSampler(document: document)
        if case .null = node.value {
            let nullable =
                schema["nullable"]?.boolValue == true || sampler.type(of: schema) == "null"
                || schema["type"]?.elements?.contains { $0.stringValue == "null" } == true
                || schema["enum"]?.elements?.contains { $0.value == .null } == true
                || (schema["oneOf"] ?? schema["anyOf"])?.elements?.contains { sampler.isNull(document.follow($0)) }
                    == true
            return nullable ? [] : ["\(path) is null"]
        }
        var problems: [String] = []
        let parts = schema["allOf"]?.elements ?? []
        var alsoDeclared = alsoDeclared
        var nestedDeclared = nestedDeclared
        if !parts.isEmpty {
            for statement in [schema] + parts.map(document.follow) {
                for property in statement["properties"]?.members ?? [] {
                    alsoDeclared.insert(property.key)
                    let names = (document.follow(property.value)["properties"]?.members ?? []).map(\.key)
                    nestedDeclared[property.key, default: []].formUnion(names)
                }
            }
        }
        for part in parts {
            problems += validate(
                node, part, path, request: request, depth: depth + 1, alsoDeclared: alsoDeclared,
                nestedDeclared: nestedDeclared)
        }
        for key in ["oneOf", "anyOf"] {
            guard let variants = schema[key]?.elements else { continue }
            if !variants.contains(where: { validate(node, $0, path, request: request, depth: depth + 1).isEmpty }) {
                problems.append("\(path) matches no variant of its \(key)")
            }
        }
        if let values = schema["enum"]?.elements,
            !values.contains(where: { DocumentSampler.text($0) == DocumentSampler.text(node) })
        {
            problems.append("\(path) is \(DocumentSampler.text(node)), not one of its values")
        }
        let type = sampler.type(of: schema)
        switch (type, node.value) {
        case (nil, _), ("null", _): break
        case ("string", .string(let text)): problems += checkFormat(text, schema, path)
        case ("integer", .number(let lexeme)):
            if Int64(lexeme) == nil && Double(lexeme).map({ $0 != $0.rounded() }) != false {
                problems.append("\(path) is \(lexeme), not an integer")
            }
        case ("number", .number), ("boolean", .bool): break
        case ("array", .array(let elements)):
            if let items = schema["items"] {
                for (index, element) in elements.enumerated() {
                    problems += validate(element, items, "\(path)[\(index)]", request: request, depth: depth + 1)
                }
            }
        case ("object", .object(let members)):
            let properties = schema["properties"]?.members ?? []
            for name in schema["required"]?.elements?.compactMap(\.stringValue) ?? []
            where !members.contains(where: { $0.key == name }) {
                let property = properties.first { $0.key == name }.map { document.follow($0.value) }
                if request && property?["readOnly"]?.boolValue == true { continue }
                if !request && property?["writeOnly"]?.boolValue == true { continue }
                problems.append("\(path).\(name) is required and missing")
            }
            for member in members {
                if let property = properties.first(where: { $0.key == member.key }) {
                    if request && document.follow(property.value)["readOnly"]?.boolValue == true {
                        problems.append("\(path).\(member.key) is readOnly and sent")
                    }
                    problems += validate(
                        member.value, property.value, "\(path).\(member.key)", request: request, depth: depth + 1,
                        alsoDeclared: nestedDeclared[member.key] ?? [])
                } else if let extra = schema["additionalProperties"] {
                    if extra.boolValue == false, !alsoDeclared.contains(member.key) {
                        problems.append("\(path).\(member.key) is not declared")
                    } else if extra.members != nil {
                        problems += validate(
                            member.value, extra, "\(path).\(member.key)", request: request, depth: depth + 1)
                    }
                }
            }
        default:
            problems.append("\(path) is \(node.kindDescription), the schema says \(type ?? "?")")
        }
        return problems
    }
}
