import Foundation
@testable import DTOGenCore
import PositionalJSON

/// An OpenAPI document as the wire test reads it, on its own terms (not the importer's):
/// local `$ref`s followed, an operation by method and path, its parameters, request body
/// and first 2xx JSON response.
struct WireDocument {
    let root: JSONNode
    var swagger2: Bool { root["swagger"] != nil }

    /// The node a `$ref` chain ends at (a local JSON pointer, percent-decoded, RFC 6901).
    func follow(_ node: JSONNode) -> JSONNode {
        var current = node
        for _ in 0..<32 {
            guard let reference = current["$ref"]?.stringValue, let target = pointer(reference) else { return current }
            current = target
        }
        return current
    }

    func pointer(_ reference: String) -> JSONNode? {
        guard reference.hasPrefix("#") else { return nil }
        let fragment = String(reference.dropFirst()).removingPercentEncoding ?? String(reference.dropFirst())
        var node = root
        for token in fragment.split(separator: "/", omittingEmptySubsequences: true) {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let elements = node.elements, let index = Int(key), elements.indices.contains(index) {
                node = elements[index]
            } else if let next = node[key] {
                node = next
            } else {
                return nil
            }
        }
        return node
    }

    struct Operation {
        var method: String
        var path: String
        var node: JSONNode
        var parameters: [JSONNode]
    }

    /// The operation of a method on a path as the spec writes it (the path key without its
    /// query part or fragment).
    func operation(method: String, path: String) -> Operation? {
        for member in root["paths"]?.members ?? [] {
            var key = member.key
            if let cut = key.firstIndex(where: { $0 == "?" || $0 == "#" }) { key = String(key[..<cut]) }
            guard key == path else { continue }
            let item = follow(member.value)
            guard let node = item[method.lowercased()].map(follow) else { continue }
            var parameters: [String: JSONNode] = [:]
            var order: [String] = []
            for list in [item["parameters"], node["parameters"]] {
                for parameter in list?.elements ?? [] {
                    let resolved = follow(parameter)
                    let id = (resolved["in"]?.stringValue ?? "") + ":" + (resolved["name"]?.stringValue ?? "")
                    if parameters[id] == nil { order.append(id) }
                    parameters[id] = resolved
                }
            }
            return Operation(
                method: method, path: member.key, node: node, parameters: order.compactMap { parameters[$0] })
        }
        return nil
    }

    /// A parameter's schema: its `schema`, the JSON `content`'s, or (2.0) the parameter itself.
    func schema(ofParameter parameter: JSONNode) -> JSONNode? {
        if swagger2 { return parameter }
        if let schema = parameter["schema"] { return follow(schema) }
        return parameter["content"]?.members?.first { Self.isJSON($0.key) }?.value["schema"].map(follow)
    }

    static func isJSON(_ media: String) -> Bool {
        let base = media.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return base == "application/json" || base.hasSuffix("+json") || base == "*/*"
    }

    /// The first 2xx response's JSON schema, and its status (200 for `2XX`).
    func responseSchema(_ operation: Operation) -> (schema: JSONNode, status: Int)? {
        for member in operation.node["responses"]?.members ?? [] where member.key.hasPrefix("2") {
            let response = follow(member.value)
            let status = Int(member.key) ?? 200
            if swagger2 {
                if let schema = response["schema"] { return (follow(schema), status) }
                continue
            }
            if let media = response["content"]?.members?.first(where: { Self.isJSON($0.key) }),
                let schema = media.value["schema"]
            {
                return (follow(schema), status)
            }
        }
        return nil
    }

    /// The request body's schema for a media type (2.0: the body parameter's).
    func bodySchema(_ operation: Operation, media: String) -> JSONNode? {
        if swagger2 {
            return operation.parameters.first { $0["in"]?.stringValue == "body" }?["schema"].map(follow)
        }
        guard let content = operation.node["requestBody"].map(follow)?["content"]?.members else { return nil }
        let base = media.split(separator: ";").first.map(String.init) ?? media
        let chosen =
            content.first { $0.key == base } ?? (Self.isJSON(base) ? content.first { Self.isJSON($0.key) } : nil)
            ?? content.first { $0.key == "*/*" }
        return chosen?.value["schema"].map(follow)
    }

    /// The `style` a form body's `encoding` gives each field (`deepObject`: Stripe's brackets);
    /// a field it does not name is in the `form` style, exploded (OpenAPI's default).
    func formStyles(_ operation: Operation) -> [String: String] {
        let media = operation.node["requestBody"].map(follow)?["content"]?["application/x-www-form-urlencoded"]
        var styles: [String: String] = [:]
        for field in media?["encoding"]?.members ?? [] {
            if let style = field.value["style"]?.stringValue { styles[field.key] = style }
        }
        return styles
    }

    var bodyRequired: (Operation) -> Bool {
        { operation in
            if swagger2 {
                return operation.parameters.contains {
                    $0["in"]?.stringValue == "body" && $0["required"]?.boolValue == true
                }
            }
            return operation.node["requestBody"].map(follow)?["required"]?.boolValue == true
        }
    }
}

extension JSONNode {
    var numberLexeme: String? {
        if case .number(let lexeme) = value { return lexeme }
        return nil
    }
}
