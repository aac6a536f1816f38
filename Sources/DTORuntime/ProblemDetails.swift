import Foundation

/// An RFC 9457 problem document (`application/problem+json`): the error body of APIs that
/// give no schema of their own for it. `"error": "ProblemDetails"` (or an `errors` entry)
/// in a spec decodes error bodies as this type unless the spec declares a type of that name.
///
/// Every member is optional, as the RFC has it; a member of the wrong JSON type is `nil`
/// rather than a failure, so one odd field never hides the rest. Members the RFC does not
/// define are kept in ``extensions``.
public struct ProblemDetails: Codable, Sendable, Hashable, Error, CustomStringConvertible {
    /// A URI that identifies the problem type (`about:blank` when absent).
    public var type: String?
    /// A short summary of the problem type.
    public var title: String?
    /// The HTTP status the server sent with it.
    public var status: Int?
    /// What went wrong this time.
    public var detail: String?
    /// A URI that identifies this occurrence.
    public var instance: String?
    /// The members the RFC does not define (`"balance": 30`, `"errors": [...]`).
    public var extensions: [String: JSONValue]

    static let members: Set<String> = ["type", "title", "status", "detail", "instance"]

    /// A problem document with these members (to stub a failing call in tests, or to send one).
    public init(
        type: String? = nil, title: String? = nil, status: Int? = nil, detail: String? = nil, instance: String? = nil,
        extensions: [String: JSONValue] = [:]
    ) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.instance = instance
        self.extensions = extensions
    }

    public init(from decoder: any Decoder) throws {
        let object = try decoder.singleValueContainer().decode([String: JSONValue].self)
        type = object["type"]?.stringValue
        title = object["title"]?.stringValue
        status = object["status"]?.int64Value.flatMap { Int(exactly: $0) }
        detail = object["detail"]?.stringValue
        instance = object["instance"]?.stringValue
        extensions = object.filter { !Self.members.contains($0.key) }
    }

    public func encode(to encoder: any Encoder) throws {
        var object = extensions
        if let type { object["type"] = .string(type) }
        if let title { object["title"] = .string(title) }
        if let status { object["status"] = .integer(Int64(status)) }
        if let detail { object["detail"] = .string(detail) }
        if let instance { object["instance"] = .string(instance) }
        var container = encoder.singleValueContainer()
        try container.encode(object)
    }

    /// `title: detail`, or whichever of them there is.
    public var description: String {
        let text = [title, detail].compactMap { $0 }.joined(separator: ": ")
        return text.isEmpty ? type ?? "problem" : text
    }
}
