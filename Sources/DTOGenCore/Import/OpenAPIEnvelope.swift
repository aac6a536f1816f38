/// A response wrapper that most operations share (springdoc's `Result<T>` and friends:
/// `{ "code": 0, "msg": "ok", "data": ... }`): the spec gets one `envelope`, and each
/// operation's response is the wrapper's `data`.
struct DetectedEnvelope: Sendable {
    var data: String
    var successKey: String
    var success: EnvelopeSpec.Success?
    var message: String?

    /// Wrappers with the same keys are the same envelope.
    var signature: String { [data, successKey, message ?? ""].joined(separator: "|") }

    /// The spec's `envelope`.
    var spec: EnvelopeSpec {
        EnvelopeSpec(
            data: .unplaced(data), success: success, message: message.map { .unplaced($0) }, path: [],
            location: .unplaced)
    }
}

extension OpenAPITranslator {
    static let dataKeys = ["data", "result"]
    static let successKeys = ["success", "code", "status"]
    static let messageKeys = ["msg", "message"]

    /// The wrapper a schema is, if it is one: an object with a data key and a success key.
    mutating func wrapper(_ schema: JSONNode) -> DetectedEnvelope? {
        guard let properties = schema["properties"]?.members else { return nil }
        let keys = properties.map(\.key)
        guard let data = Self.dataKeys.first(where: keys.contains),
            let successKey = Self.successKeys.first(where: keys.contains)
        else { return nil }
        var envelope = DetectedEnvelope(
            data: data, successKey: successKey, message: Self.messageKeys.first(where: keys.contains))
        if let property = properties.first(where: { $0.key == successKey })?.value,
            let resolved = followed(property, pointer: "")
        {
            if Self.types(of: resolved).contains("boolean") {
                envelope.success = .key(.unplaced(successKey))
            } else if let value = resolved["enum"]?.elements?.count == 1 ? resolved["enum"]?.elements?.first : nil,
                let literal = Self.literal(value)
            {
                envelope.success = .equals(key: .unplaced(successKey), value: literal)
            }
            // A code without a stated success value: the envelope only unwraps.
        }
        return envelope
    }

    /// A string, number or boolean, as a value an envelope's success equals.
    static func literal(_ node: JSONNode) -> JSONNode? {
        switch node.value {
        case .string, .number, .bool: JSONNode(value: node.value, location: .unplaced)
        default: nil
        }
    }

    /// The JSON schema of an operation's first 2xx response, references followed.
    mutating func successSchema(_ operation: JSONNode) -> JSONNode? {
        guard let success = operation["responses"]?.members?.first(where: { $0.key.hasPrefix("2") }),
            let response = followed(success.value, pointer: "")
        else { return nil }
        let schema =
            swagger2
            ? response["schema"] : response["content"]?.members?.first(where: { Self.isJSON($0.key) })?.value["schema"]
        return schema.flatMap { followed($0, pointer: "") }
    }

    /// Looks at every selected operation's response: when more than half of them (and at
    /// least two) are one wrapper, that is the spec's envelope.
    mutating func detectEnvelope() {
        var counts: [String: (count: Int, envelope: DetectedEnvelope)] = [:]
        var total = 0
        for path in root["paths"]?.members ?? [] {
            guard let item = followed(path.value, pointer: ""), let members = item.members else { continue }
            for member in members where Self.methods.contains(member.key) {
                let id = member.value["operationId"]?.stringValue
                if let selection,
                    !selection.contains(
                        id: id, name: id.map { SwiftName.lowerCamel($0, style: naming) } ?? "",
                        tags: member.value["tags"]?.elements?.compactMap(\.stringValue) ?? [])
                {
                    continue
                }
                guard let schema = successSchema(member.value) else { continue }
                total += 1
                if let found = wrapper(schema) {
                    counts[found.signature, default: (0, found)].count += 1
                }
            }
        }
        guard
            let best = counts.values.max(by: { ($0.count, $1.envelope.signature) < ($1.count, $0.envelope.signature) }),
            best.count >= 2, best.count * 2 > total
        else { return }
        envelope = best.envelope
        for member in schemas where wrapper(member.value)?.signature == best.envelope.signature {
            wrapperSchemas.insert(member.key)
        }
    }

    /// An operation's response inside the envelope: the wrapper's data schema; nil when
    /// the response is not the wrapper.
    mutating func unwrapped(_ schema: JSONNode) -> JSONNode?? {
        guard let envelope, let resolved = followed(schema, pointer: ""),
            wrapper(resolved)?.signature == envelope.signature
        else { return nil }
        return .some(resolved["properties"]?[envelope.data])
    }
}
