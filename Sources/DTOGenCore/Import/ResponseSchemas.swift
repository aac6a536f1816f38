import Foundation
import PositionalJSON

extension OpenAPITranslator {
    /// The document's schemas (keys under `#/components/schemas` or `#/definitions`) that some
    /// operation's response can hold, through references at any depth. The others are only
    /// ever sent, so a `writeOnly` property they require stays required (Jira's request
    /// schemas mark every field `writeOnly`). Nil when a response refers to another file:
    /// what that file holds is not followed, so every schema counts as held.
    func schemasHeldByResponses() -> Set<String>? {
        schemasHeld { _, operation in [operation["responses"]].compactMap { $0 } }
    }

    /// The document's schemas that some operation's request can send (its `requestBody`, or
    /// Swagger 2.0's body and form parameters): their `readOnly` properties are left out of
    /// what is sent. Nil when a request refers to another file.
    func schemasHeldByRequests() -> Set<String>? {
        schemasHeld { item, operation in
            [operation["requestBody"]].compactMap { $0 } + (operation["parameters"]?.elements ?? [])
                + (item["parameters"]?.elements ?? [])
        }
    }

    /// The schemas reached from what `roots` gives for each operation (and its path item).
    private func schemasHeld(from roots: (_ item: JSONNode, _ operation: JSONNode) -> [JSONNode]) -> Set<String>? {
        var held: Set<String> = []
        var followed: Set<String> = []
        var pending: [JSONNode] = []
        for path in root["paths"]?.members ?? [] {
            for operation in path.value.members ?? [] where Self.methods.contains(operation.key) {
                pending += roots(path.value, operation.value)
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

/// Where a translated type goes, which decides what some of its properties become: in a
/// type no response holds (a request body's own, a schema only requests send or nothing
/// uses) a required `writeOnly` property stays required and a required, nullable one gets
/// `$writeNull`; a `readOnly` property is `$readOnly` in a type that is sent and read, and
/// not declared in one that is only sent.
struct SchemaUse: Equatable, Sendable {
    /// A request can send it.
    var sent: Bool
    /// A response can hold it.
    var received: Bool

    /// A response's, a parameter's: what is read.
    static let received = SchemaUse(sent: false, received: true)
}
