import Foundation

/// A value that can go into a path, a query item or a header: scalars, enums (by raw
/// value), and arrays of them (a query item repeats for each element).
public protocol ParameterValue: Sendable {
    var parameterValues: [String] { get }
}

extension String: ParameterValue { public var parameterValues: [String] { [self] } }
extension Int: ParameterValue { public var parameterValues: [String] { [String(self)] } }
extension Int64: ParameterValue { public var parameterValues: [String] { [String(self)] } }
extension Double: ParameterValue { public var parameterValues: [String] { [Mapping.string(self)] } }
extension Float: ParameterValue { public var parameterValues: [String] { [Mapping.string(self)] } }
extension Bool: ParameterValue { public var parameterValues: [String] { [self ? "true" : "false"] } }
extension Decimal: ParameterValue { public var parameterValues: [String] { [description] } }
extension UUID: ParameterValue { public var parameterValues: [String] { [uuidString] } }
extension URL: ParameterValue { public var parameterValues: [String] { [absoluteString] } }
extension Array: ParameterValue where Element: ParameterValue {
    public var parameterValues: [String] { flatMap(\.parameterValues) }
}
extension Optional: ParameterValue where Wrapped: ParameterValue {
    public var parameterValues: [String] { self?.parameterValues ?? [] }
}
extension ParameterValue where Self: RawRepresentable, RawValue == String {
    public var parameterValues: [String] { [rawValue] }
}

/// A query item or header: a name and its values (none when an optional argument is nil).
public struct Parameter: Sendable, Hashable {
    public var name: String
    public var values: [String]
    /// An object sent as a query item: its fields as bracket-style items (`created[gte]=1`),
    /// sent instead of `values`.
    public var items: [Item] = []

    /// One `name=value` of an object query item.
    public struct Item: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// An object, a dictionary or an array of them, sent in the bracket style (OpenAPI's
    /// `deepObject`, the form encoder's rules): `created[gte]=1&created[lt]=9`,
    /// `lines[0][price]=p_1`; nothing when nil.
    public init(_ name: String, deepObject value: (some Encodable & Sendable)?) {
        self.name = name
        self.values = []
        guard let value, let data = try? JSONEncoder().encode(value), let json = try? JSONDecoder().decode(JSONValue.self, from: data) else { return }
        self.items = FormEncoding.pairs(json, name: name).map { Item(name: $0.0, value: $0.1) }
    }

    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }

    /// A date (or dates) in the spec's format.
    public init(_ name: String, _ date: Date?, format: DateFormat) {
        self.name = name
        self.values = date.map { [format.parameterValue($0)] } ?? []
    }

    public init(_ name: String, _ dates: [Date]?, format: DateFormat) {
        self.name = name
        self.values = (dates ?? []).map { format.parameterValue($0) }
    }
}

extension DateFormat {
    func parameterValue(_ date: Date) -> String {
        switch raw(from: date) {
        case .number(let n): return Mapping.string(n)
        case .string(let s): return s
        }
    }
}

/// A path written as a string literal with interpolated parameters:
/// `"/users/\(id)/repos"`. Each interpolated value is percent-encoded as (part of) one
/// segment, so a `/` or `?` in a value can never add a segment or a query.
public struct EndpointPath: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public private(set) var percentEncoded: String

    public init(stringLiteral value: String) {
        percentEncoded = PathEncoding.encodeLiteral(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        percentEncoded = stringInterpolation.encoded
    }

    public var description: String { percentEncoded }

    public struct StringInterpolation: StringInterpolationProtocol {
        var encoded = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            encoded += PathEncoding.encodeLiteral(literal)
        }

        public mutating func appendInterpolation(_ value: some ParameterValue) {
            encoded += PathEncoding.encodeSegment(value.parameterValues.joined(separator: ","))
        }

        public mutating func appendInterpolation(_ date: Date, format: DateFormat) {
            encoded += PathEncoding.encodeSegment(format.parameterValue(date))
        }
    }
}

enum PathEncoding {
    /// Characters allowed unescaped inside one path segment.
    static let segmentAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/;?#%")
        return set
    }()

    static let pathAllowed: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "?#%;")
        return set
    }()

    static func encodeSegment(_ value: String) -> String {
        if value == "." { return "%2E" }
        if value == ".." { return "%2E%2E" }
        return value.addingPercentEncoding(withAllowedCharacters: segmentAllowed) ?? ""
    }

    static func encodeLiteral(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? ""
    }
}

enum QueryEncoding {
    /// RFC 3986 unreserved characters only: `+`, `&`, `=` and spaces are always escaped.
    static let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
