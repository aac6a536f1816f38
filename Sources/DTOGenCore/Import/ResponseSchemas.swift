import Foundation
import PositionalJSON

extension OpenAPITranslator {
    /// The document's schemas (keys under `#/components/schemas` or `#/definitions`) that some
    /// operation's response can hold, through references at any depth. The others are only
    /// ever sent, so a `writeOnly` property they require stays required (Jira's request
    /// schemas mark every field `writeOnly`). Nil when a response refers to another file:
    /// what that file holds is not followed, so every schema counts as held.
    func schemasHeldByResponses() -> Set<String>? {
        let prefix = schemaPrefix
        var held: Set<String> = []
        var followed: Set<String> = []
        var pending: [JSONNode] = []
        for path in root["paths"]?.members ?? [] {
            for operation in path.value.members ?? [] where Self.methods.contains(operation.key) {
                if let responses = operation.value["responses"] { pending.append(responses) }
            }
        }
        while let node = pending.popLast() {
            switch node.value {
            case .object(let members):
                for member in members {
                    if member.key == "$ref", let ref = member.value.stringValue, followed.insert(ref).inserted {
                        guard ref.hasPrefix("#") else { return nil }
                        let key = Self.pointerKey(ref, under: prefix)
                        if let key { held.insert(key) }
                        if let target = Self.localNode(ref, in: root) { pending.append(target) }
                    } else {
                        pending.append(member.value)
                    }
                }
            case .array(let elements):
                pending += elements
            default:
                break
            }
        }
        return held
    }

    /// The schema key a local reference names (`#/components/schemas/Pet` → `Pet`), the
    /// pointer's escapes and percent-encoding undone.
    static func pointerKey(_ ref: String, under prefix: String) -> String? {
        guard ref.hasPrefix(prefix) else { return nil }
        let rest = String(ref.dropFirst(prefix.count))
        guard !rest.contains("/") else { return nil }
        return unescapePointerToken(rest.removingPercentEncoding ?? rest)
    }

    /// The node a local reference (`#/...`) points at, or nil.
    static func localNode(_ ref: String, in root: JSONNode) -> JSONNode? {
        guard ref.hasPrefix("#") else { return nil }
        let pointer = String(ref.dropFirst())
        var current = root
        for raw in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = unescapePointerToken(String(raw).removingPercentEncoding ?? String(raw))
            if let next = current[token] {
                current = next
            } else if let elements = current.elements, let index = Int(token), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return nil
            }
        }
        return current
    }

    static func unescapePointerToken(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}
