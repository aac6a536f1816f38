import Foundation

/// How a response body wraps its payload: `{"status": true, "msg": "", "data": {...}}`.
public struct Envelope: Sendable, Hashable {
    /// When an envelope reports success (`"success"` in a spec's envelope).
    public enum Success: Sendable, Hashable {
        /// Success when this key is `true`.
        case key(String)
        /// Success when this key equals this JSON value (`"success": "true"`, `"code": 0`).
        case equals(key: String, value: JSONValue)
    }

    /// The key that holds the payload.
    public var data: String
    /// How to tell success from failure; nil when the envelope always carries a payload.
    public var success: Success?
    /// The key of the server's message, thrown in `APIError.unsuccessful` when the success rule fails.
    public var message: String?
    /// Keys to walk inside `data` before the payload starts.
    public var path: [String]

    /// An envelope as a spec's `"envelope"` declares it.
    public init(data: String, success: Success? = nil, message: String? = nil, path: [String] = []) {
        self.data = data
        self.success = success
        self.message = message
        self.path = path
    }
}

struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

enum ResponseDecoding {
    static let envelopeKey = CodingUserInfoKey(rawValue: "dtogen.envelope")

    /// Through `FastDecoder`: generated types (and the envelope around them) read its tape
    /// with their fast paths; errors are `JSONDecoder`'s.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, envelope: Envelope?) throws -> T {
        guard let envelope, let key = envelopeKey else { return try FastDecoder().decode(T.self, from: data) }
        var decoder = FastDecoder()
        decoder.userInfo[key] = envelope
        return try decoder.decode(Enveloped<T>.self, from: data).payload
    }

    /// For endpoints without a payload: only the success rule is checked.
    static func checkEnvelope(_ envelope: Envelope, in data: Data) throws {
        guard let key = envelopeKey else { return }
        var decoder = FastDecoder()
        decoder.userInfo[key] = envelope
        _ = try decoder.decode(EnvelopeCheck.self, from: data)
    }

    static func check(_ container: KeyedDecodingContainer<AnyCodingKey>, _ envelope: Envelope) throws {
        guard let rule = envelope.success else { return }
        let found: JSONValue?
        let succeeded: Bool
        switch rule {
        case .key(let key):
            found = try? container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey(key))
            succeeded = found == .bool(true)
        case .equals(let key, let value):
            found = try? container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey(key))
            succeeded = found == value
        }
        guard succeeded else {
            let message = envelope.message.flatMap {
                (try? container.decodeIfPresent(JSONValue.self, forKey: AnyCodingKey($0))) ?? nil
            }
            throw APIError.unsuccessful(message: message.map(describe), success: found)
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .number(let n): return Mapping.string(n)
        case .integer(let i): return String(i)
        case .unsignedInteger(let u): return String(u)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object:
            let data = (try? JSONEncoder().encode(value)) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
    }
}

private struct EnvelopeCheck: Decodable {
    init(from decoder: any Decoder) throws {
        guard let key = ResponseDecoding.envelopeKey, let envelope = decoder.userInfo[key] as? Envelope else { return }
        try ResponseDecoding.check(decoder.container(keyedBy: AnyCodingKey.self), envelope)
    }
}

/// Decodes the payload inside an envelope in one pass: checks the success rule, then walks
/// `data` and `path` through nested containers, so coding paths in errors stay accurate.
private struct Enveloped<Payload: Decodable>: Decodable {
    let payload: Payload

    init(from decoder: any Decoder) throws {
        let root = try decoder.container(keyedBy: AnyCodingKey.self)
        guard let key = ResponseDecoding.envelopeKey, let envelope = decoder.userInfo[key] as? Envelope else {
            payload = try Payload(from: decoder)
            return
        }
        try ResponseDecoding.check(root, envelope)
        var container = root
        var current = AnyCodingKey(envelope.data)
        for step in envelope.path {
            container = try container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: current)
            current = AnyCodingKey(step)
        }
        payload = try container.decode(Payload.self, forKey: current)
    }
}
