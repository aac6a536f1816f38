import Foundation

/// A value that can go into a path, a query item or a header: scalars, enums (by raw
/// value), and arrays of them (a query item repeats for each element).
public protocol ParameterValue: Sendable {
    /// The texts this value is sent as: one for a scalar, one per element for an array.
    var parameterValues: [String] { get }
}

extension String: ParameterValue {
    /// The string itself.
    public var parameterValues: [String] { [self] }
}

extension Int: ParameterValue {
    /// The integer's text.
    public var parameterValues: [String] { [String(self)] }
}

extension Int64: ParameterValue {
    /// The integer's text.
    public var parameterValues: [String] { [String(self)] }
}

extension Double: ParameterValue {
    /// The number's text (`3`, not `3.0`, for a whole number).
    public var parameterValues: [String] { [Mapping.string(self)] }
}

extension Float: ParameterValue {
    /// The number's text (`3`, not `3.0`, for a whole number).
    public var parameterValues: [String] { [Mapping.string(self)] }
}

extension Bool: ParameterValue {
    /// `true` or `false`.
    public var parameterValues: [String] { [self ? "true" : "false"] }
}

extension Decimal: ParameterValue {
    /// The decimal's text, with a period.
    public var parameterValues: [String] { [description] }
}

extension UUID: ParameterValue {
    /// The UUID's text, uppercase as `uuidString` writes it.
    public var parameterValues: [String] { [uuidString] }
}

extension URL: ParameterValue {
    /// The URL's absolute text, percent-encoded as any other value is.
    public var parameterValues: [String] { [absoluteString] }
}

extension Array: ParameterValue where Element: ParameterValue {
    /// Every element's values, in order.
    public var parameterValues: [String] { flatMap(\.parameterValues) }
}
extension Optional: ParameterValue where Wrapped: ParameterValue {
    /// The wrapped value's values, or none (the parameter is left out) for nil.
    public var parameterValues: [String] { self?.parameterValues ?? [] }
}
extension ParameterValue where Self: RawRepresentable, RawValue == String {
    /// The raw value, for a string enum.
    public var parameterValues: [String] { [rawValue] }
}

/// A query item or header: a name and its values (none when an optional argument is nil).
public struct Parameter: Sendable, Hashable {
    /// The query item's or header's name.
    public var name: String
    /// The values, each sent as its own item (or joined when `joined` is set); none leaves the parameter out.
    public var values: [String]
    /// An object sent as a query item: its fields as bracket-style items (`created[gte]=1`),
    /// sent instead of `values`.
    public var items: [Item] = []
    /// Set when `values` are written as one item (`unexploded(_:)`), joined as this style
    /// writes them; each value percent-encoded, the separator not.
    public var joined: QueryStyle?
    /// Set by `allowingReserved()`: a query item's reserved characters go unescaped.
    public var reservedAllowed = false

    /// One `name=value` of an object query item.
    public struct Item: Sendable, Hashable {
        /// The item's name, brackets included (`created[gte]`).
        public var name: String
        /// The item's value.
        public var value: String
    }

    /// An object, a dictionary or an array of them, sent in the bracket style (OpenAPI's
    /// `deepObject`, the form encoder's rules): `created[gte]=1&created[lt]=9`,
    /// `lines[0][price]=p_1`; nothing when nil.
    public init(_ name: String, deepObject value: (some Encodable & Sendable)?) {
        self.name = name
        self.values = []
        guard let json = Self.json(value) else { return }
        self.items = FormEncoding.pairs(json, name: name).map { Item(name: $0.0, value: $0.1) }
    }

    /// A scalar, an enum or an array of them; an optional that is nil gives no values, so the item is left out.
    public init(_ name: String, _ value: some ParameterValue) {
        self.name = name
        self.values = value.parameterValues
    }

    /// A date (or dates) in the spec's format.
    public init(_ name: String, _ date: Date?, format: DateFormat) {
        self.name = name
        self.values = date.map { [format.parameterValue($0)] } ?? []
    }

    /// Dates in the spec's format, one value each; nil gives none.
    public init(_ name: String, _ dates: [Date]?, format: DateFormat) {
        self.name = name
        self.values = (dates ?? []).map { format.parameterValue($0) }
    }
}

/// How a query item writes an array (or an object's keys and values) that is not exploded:
/// OpenAPI's `form` (`tags=a,b`, Swagger 2.0's default `csv`), `spaceDelimited`
/// (`tags=a%20b`) and `pipeDelimited` (`tags=a|b`).
public enum QueryStyle: Sendable, Hashable {
    /// Values joined by commas: `tags=a,b`.
    case form
    /// Values joined by spaces: `tags=a%20b`.
    case spaceDelimited
    /// Values joined by pipes: `tags=a|b`.
    case pipeDelimited

    /// The separator as it stands in a query: a space and `|` are not allowed unescaped.
    var encodedSeparator: String {
        switch self {
        case .form: ","
        case .spaceDelimited: "%20"
        case .pipeDelimited: "%7C"
        }
    }
}

extension Parameter {
    /// The query item with RFC 3986's reserved characters sent as they are (OpenAPI's
    /// `allowReserved`: `path=/a/b:c`), except `&`, `=`, `+` and `#`, which would change what
    /// the query says, and `[`, `]`, which a URL's query cannot hold.
    public func allowingReserved() -> Parameter {
        var copy = self
        copy.reservedAllowed = true
        return copy
    }

    /// The item with its values as one, joined as `style` writes them: `tags=a,b` rather
    /// than `tags=a&tags=b`. No values (a nil argument) stay no item.
    public func unexploded(_ style: QueryStyle = .form) -> Parameter {
        var copy = self
        copy.joined = style
        if !items.isEmpty {
            copy.values = items.flatMap { [$0.name, $0.value] }
            copy.items = []
        }
        return copy
    }

    /// An object sent in the `form` style: exploded, each of its fields an item of its own
    /// (`R=100&G=200`); not exploded (`.unexploded()`), one item of keys and values
    /// (`color=R,100,G,200`). Fields are in key order; nested objects and arrays are sent as
    /// JSON text, which no style defines; nothing when nil.
    public init(_ name: String, object value: (some Encodable & Sendable)?) {
        self.name = name
        self.values = []
        guard case .object(let members)? = Self.json(value) else { return }
        self.items = Self.fields(members)
    }

    /// A value whose type says only that it is JSON (`JSONValue`, a one-of of scalars such as
    /// Kubernetes's `IntOrString`, or an array of those), sent as the JSON it encodes to:
    /// a scalar as its text, an array as its elements (exploded or not, as `unexploded(_:)`
    /// says), an object as its fields (as `init(_:object:)`); nothing when nil or null.
    public init(_ name: String, encoded value: (some Encodable & Sendable)?) {
        self.name = name
        self.values = []
        guard let json = Self.json(value) else { return }
        switch json {
        case .object(let members):
            items = Self.fields(members)
        case .array(let elements):
            values = elements.compactMap(Self.text)
        default:
            values = Self.text(json).map { [$0] } ?? []
        }
    }

    /// A value sent as its JSON text in one item (OpenAPI's `content: application/json` on a
    /// parameter: `filter={"status":"active"}`), keys sorted so a request is the same on every
    /// run; nothing when nil.
    public init(_ name: String, json value: (some Encodable & Sendable)?) {
        self.name = name
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let value, let data = try? encoder.encode(value) else {
            self.values = []
            return
        }
        self.values = [String(decoding: data, as: UTF8.self)]
    }

    /// The JSON a value encodes to; nil for nil or what does not encode.
    static func json(_ value: (some Encodable & Sendable)?) -> JSONValue? {
        guard let value, let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// An object's fields as items of their own, in key order (null ones left out).
    static func fields(_ members: [String: JSONValue]) -> [Item] {
        members.keys.sorted().compactMap { key in Self.text(members[key] ?? .null).map { Item(name: key, value: $0) } }
    }

    static func text(_ value: JSONValue) -> String? {
        if let scalar = value.scalarText { return scalar }
        if case .null = value { return nil }
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}

extension Parameter {
    /// The `Cookie` header of an endpoint's cookies: `session=abc; theme=dark` (an array's
    /// values joined by `,`, OpenAPI's `form` style), each value percent-encoded where a
    /// cookie value cannot hold it (RFC 6265: no space, `"`, `,`, `;` or `\\`); no header
    /// when every cookie is nil.
    public init(cookies: [Parameter]) {
        name = "Cookie"
        let pairs = cookies.compactMap { cookie -> String? in
            guard !cookie.values.isEmpty else { return nil }
            return cookie.name + "=" + cookie.values.map(CookieEncoding.encode).joined(separator: ",")
        }
        values = pairs.isEmpty ? [] : [pairs.joined(separator: "; ")]
    }
}

enum CookieEncoding {
    /// RFC 6265's cookie-octets, less `%` (the escape itself).
    static let allowed: CharacterSet = {
        var set = CharacterSet()
        for byte in UInt8(0x21)...UInt8(0x7E) where ![0x22, 0x2C, 0x3B, 0x5C, 0x25].contains(byte) {
            set.insert(Unicode.Scalar(byte))
        }
        return set
    }()

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}

/// How a path parameter is written (OpenAPI's path styles): `simple` (`3,4,5`, the default),
/// `label` (`.3.4.5`), `matrix` (`;id=3,4,5`, exploded `;id=3;id=4;id=5`).
public enum PathStyle: Sendable, Hashable {
    /// Values joined by commas (`3,4,5`), OpenAPI's default for paths.
    case simple
    /// Each value after a period (`.3.4.5`).
    case label
    /// `;name=3,4,5`, or `;name=3;name=4;name=5` when exploded.
    case matrix(name: String, explode: Bool)
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
    /// The path as it goes into the URL.
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

        /// A value as one path segment: `/`, `?` and `%` in it are percent-encoded; an array's values are joined by commas.
        public mutating func appendInterpolation(_ value: some ParameterValue) {
            encoded += PathEncoding.encodeSegment(value.parameterValues.joined(separator: ","))
        }

        /// A value in a path style: each value percent-encoded, the style's separators not.
        public mutating func appendInterpolation(_ value: some ParameterValue, style: PathStyle) {
            let values = value.parameterValues.map(PathEncoding.encodeSegmentValue)
            switch style {
            case .simple:
                encoded += values.joined(separator: ",")
            case .label:
                encoded += "." + values.joined(separator: ".")
            case .matrix(let name, let explode):
                let key = ";" + PathEncoding.encodeSegmentValue(name)
                if explode, !values.isEmpty {
                    encoded += values.map { key + "=" + $0 }.joined()
                } else {
                    encoded += values.isEmpty ? key : key + "=" + values.joined(separator: ",")
                }
            }
        }

        /// A date in the spec's format, as one path segment.
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

    /// One value of a styled path parameter: the style's separators (`,` `.` `;` `=`) are
    /// escaped inside it, so they only ever separate values.
    static let valueAllowed: CharacterSet = {
        var set = segmentAllowed
        set.remove(charactersIn: ",.=")
        return set
    }()

    static func encodeSegmentValue(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: valueAllowed) ?? ""
    }

    static func encodeLiteral(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? ""
    }
}

enum QueryEncoding {
    /// RFC 3986 unreserved characters only: `+`, `&`, `=` and spaces are always escaped.
    static let allowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// Unreserved characters and the reserved ones that leave a query's structure as it is.
    static let allowedWithReserved = allowed.union(CharacterSet(charactersIn: ":/?@!$'()*,;"))

    static func encode(_ value: String, reserved: Bool = false) -> String {
        value.addingPercentEncoding(withAllowedCharacters: reserved ? allowedWithReserved : allowed) ?? ""
    }
}
