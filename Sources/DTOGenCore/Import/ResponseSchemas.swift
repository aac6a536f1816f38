import Foundation
import PositionalJSON

extension OpenAPITranslator {
    /// The document's schemas (keys under `#/components/schemas` or `#/definitions`) that some
    /// operation's response can hold, through references at any depth. The others are only
    /// ever sent, so a `writeOnly` property they require stays required (Jira's request
    /// schemas mark every field `writeOnly`). Nil when a response refers to another file:
    /// what that file holds is not followed, so every schema counts as held.
    func schemasHeldByResponses() -> Set<String>? {
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
                        // The document is the first file read (`OpenAPIDocuments.files`).
                        let pointer = String(ref.dropFirst())
                        let target = OpenAPIDocuments.Target(
                            file: 0, pointer: pointer.removingPercentEncoding ?? pointer)
                        if let key = component(target)?.key { held.insert(key) }
                        if case .success(let node) = documents.node(at: target) { pending.append(node) }
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
}
