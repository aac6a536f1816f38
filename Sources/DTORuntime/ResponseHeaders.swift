import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(os)
import os
#endif
#if canImport(DTODateRules)
internal import DTODateRules
#endif

/// An endpoint's typed response headers: the struct dtogen generates for its
/// `responseHeaders` (`CreateJobResponseHeaders`), read from each response's headers and
/// returned beside the body by `APIClient.response(for:using:)` as `responseHeaders`.
public protocol ResponseHeaders: Sendable {
    /// Reads each declared header. An optional header that is missing or malformed is nil
    /// (a malformed one is logged); only a required one throws.
    init(from headers: ResponseHeaderFields) throws
}

/// The headers of a response, looked up whatever the case of their names and read as typed
/// values: what a generated `ResponseHeaders` struct reads itself from.
public struct ResponseHeaderFields: Sendable {
    /// As the server sent them.
    public var fields: [String: String]

    /// The headers of a response (`APIResponse.headers`).
    public init(_ fields: [String: String]) {
        self.fields = fields
    }

    /// A header's text, whatever the case of its name; nil when the response has none.
    public func text(_ name: String) -> String? {
        HeaderLookup.value(name, in: fields)
    }

    /// A header read as a number, a flag, a URL, a UUID or text; nil when it is missing or
    /// malformed (logged).
    public func value<Value: HeaderFieldValue>(_ name: String, as type: Value.Type) -> Value? {
        optional(name, expecting: String(describing: type)) { Value(headerField: $0) }
    }

    /// A header read as an enum's raw value; nil when it is missing or none of its cases (logged).
    public func value<Value: RawRepresentable>(_ name: String, as type: Value.Type) -> Value?
    where Value.RawValue: HeaderFieldValue {
        optional(name, expecting: String(describing: type)) { Self.raw($0, as: type) }
    }

    /// A comma-separated header (`Allow: GET, HEAD`) read as a list; nil when it is missing
    /// or an element is malformed (logged).
    public func values<Value: HeaderFieldValue>(_ name: String, as type: Value.Type) -> [Value]? {
        optional(name, expecting: "a list of \(type)") { Self.list($0) { Value(headerField: $0) } }
    }

    /// A comma-separated header read as a list of an enum's cases; nil when it is missing or
    /// an element is none of them (logged).
    public func values<Value: RawRepresentable>(_ name: String, as type: Value.Type) -> [Value]?
    where Value.RawValue: HeaderFieldValue {
        optional(name, expecting: "a list of \(type)") { Self.list($0) { Self.raw($0, as: type) } }
    }

    /// A date header: an HTTP date (`Expires: Wed, 21 Oct 2026 07:28:00 GMT`, the three forms
    /// RFC 9110 accepts) unless `format` says otherwise; nil when missing or malformed (logged).
    public func date(_ name: String, format: DateFormat? = nil) -> Date? {
        optional(name, expecting: Self.dateDescription(format)) { Self.date($0, format: format) }
    }

    /// `value(_:as:)` for a header the response must have: a missing or malformed one throws
    /// `APIError.decoding` (at `headers.<name>`).
    public func requiredValue<Value: HeaderFieldValue>(_ name: String, as type: Value.Type) throws -> Value {
        try required(name, expecting: String(describing: type)) { Value(headerField: $0) }
    }

    /// `value(_:as:)` of an enum, for a header the response must have.
    public func requiredValue<Value: RawRepresentable>(_ name: String, as type: Value.Type) throws -> Value
    where Value.RawValue: HeaderFieldValue {
        try required(name, expecting: String(describing: type)) { Self.raw($0, as: type) }
    }

    /// `values(_:as:)` for a header the response must have.
    public func requiredValues<Value: HeaderFieldValue>(_ name: String, as type: Value.Type) throws -> [Value] {
        try required(name, expecting: "a list of \(type)") { Self.list($0) { Value(headerField: $0) } }
    }

    /// `values(_:as:)` of an enum, for a header the response must have.
    public func requiredValues<Value: RawRepresentable>(_ name: String, as type: Value.Type) throws -> [Value]
    where Value.RawValue: HeaderFieldValue {
        try required(name, expecting: "a list of \(type)") { Self.list($0) { Self.raw($0, as: type) } }
    }

    /// `date(_:format:)` for a header the response must have.
    public func requiredDate(_ name: String, format: DateFormat? = nil) throws -> Date {
        try required(name, expecting: Self.dateDescription(format)) { Self.date($0, format: format) }
    }

    private func optional<Value>(_ name: String, expecting: String, _ parse: (String) -> Value?) -> Value? {
        guard let text = text(name) else { return nil }
        guard let value = parse(text) else {
            HeaderDiagnostics.log("response header '\(name)': '\(text)' is not \(Self.article(expecting)); read as nil")
            return nil
        }
        return value
    }

    private func required<Value>(_ name: String, expecting: String, _ parse: (String) -> Value?) throws -> Value {
        guard let text = text(name) else {
            throw APIError.decoding(codingPath: "headers.\(name)", description: "missing response header '\(name)'")
        }
        guard let value = parse(text) else {
            throw APIError.decoding(
                codingPath: "headers.\(name)", description: "'\(text)' is not \(Self.article(expecting))")
        }
        return value
    }

    /// A date format as a message names it: `an HTTP date`, `a date in seconds since 1970`.
    private static func dateDescription(_ format: DateFormat?) -> String {
        guard let format else { return "an HTTP date" }
        let described = format.description
        return described.hasPrefix("a ") || described.hasPrefix("an ") ? described : "a date in \(described)"
    }

    private static func article(_ expecting: String) -> String {
        let words = ["a ", "an "]
        if words.contains(where: expecting.hasPrefix) { return expecting }
        return "a value of type \(expecting)"
    }

    private static func raw<Value: RawRepresentable>(_ text: String, as type: Value.Type) -> Value?
    where Value.RawValue: HeaderFieldValue {
        Value.RawValue(headerField: text).flatMap(Value.init(rawValue:))
    }

    /// The elements of a comma-separated list (RFC 9110 §5.6.1): trimmed, empty ones skipped.
    private static func list<Value>(_ text: String, _ parse: (String) -> Value?) -> [Value]? {
        var values: [Value] = []
        for element in text.split(separator: ",") {
            let trimmed = element.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard let value = parse(trimmed) else { return nil }
            values.append(value)
        }
        return values
    }

    private static func date(_ text: String, format: DateFormat?) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let format { return format.date(from: .string(trimmed)) }
        return HTTPDate.date(trimmed)
    }
}

/// A header value dtogen reads: text, a number, a flag (`true`/`false`), a URL or a UUID.
public protocol HeaderFieldValue: Sendable {
    /// The value a header's text holds, or nil when it holds none.
    init?(headerField: String)
}

extension String: HeaderFieldValue {
    /// The text itself.
    public init?(headerField: String) { self = headerField }
}

extension Int: HeaderFieldValue {
    /// A whole number (`42`), spaces around it ignored.
    public init?(headerField: String) { self.init(headerField.trimmingCharacters(in: .whitespaces)) }
}

extension Int64: HeaderFieldValue {
    /// A whole number, spaces around it ignored.
    public init?(headerField: String) { self.init(headerField.trimmingCharacters(in: .whitespaces)) }
}

extension Double: HeaderFieldValue {
    /// A number (`0.25`), spaces around it ignored.
    public init?(headerField: String) { self.init(headerField.trimmingCharacters(in: .whitespaces)) }
}

extension Float: HeaderFieldValue {
    /// A number, spaces around it ignored.
    public init?(headerField: String) { self.init(headerField.trimmingCharacters(in: .whitespaces)) }
}

extension Decimal: HeaderFieldValue {
    /// A decimal number (`-12.50`, `1e3`), read exactly; text after the number makes it none.
    public init?(headerField: String) {
        let text = headerField.trimmingCharacters(in: .whitespaces)
        guard HeaderNumber.isDecimal(text),
            let value = Decimal(string: text, locale: Foundation.Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}

/// The text of a decimal number: a sign, digits with at most one point, an exponent.
private enum HeaderNumber {
    static func isDecimal(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
        let mantissa = scalars.prefix { $0 != "e" && $0 != "E" }
        let digits = mantissa.filter { ("0"..."9").contains($0) }.count
        let points = mantissa.filter { $0 == "." }.count
        guard digits > 0, points <= 1, digits + points == mantissa.count else { return false }
        var exponent = scalars.dropFirst(mantissa.count)
        guard !exponent.isEmpty else { return true }
        exponent = exponent.dropFirst()
        if let sign = exponent.first, sign == "+" || sign == "-" { exponent = exponent.dropFirst() }
        return !exponent.isEmpty && exponent.allSatisfy { ("0"..."9").contains($0) }
    }
}

extension Bool: HeaderFieldValue {
    /// `true` or `false`, whatever their case.
    public init?(headerField: String) {
        switch headerField.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true": self = true
        case "false": self = false
        default: return nil
        }
    }
}

extension URL: HeaderFieldValue {
    /// A URL (`Location: /jobs/7` is a relative one, as the server sent it).
    public init?(headerField: String) {
        let text = headerField.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        self.init(string: text)
    }
}

extension UUID: HeaderFieldValue {
    /// A UUID in its usual text form.
    public init?(headerField: String) { self.init(uuidString: headerField.trimmingCharacters(in: .whitespaces)) }
}

/// A response with its typed headers: what `APIClient.response(for:using:)` returns for an
/// endpoint that declares `responseHeaders`.
public struct APIResponseWithHeaders<Value: Sendable, Headers: ResponseHeaders>: Sendable {
    /// The decoded payload: what `APIClient.send` returns.
    public var value: Value
    /// The HTTP status, in 200–299.
    public var statusCode: Int
    /// As the server sent them; `header(_:)` looks them up ignoring case.
    public var headers: [String: String]
    /// The headers the endpoint declares, read as typed values
    /// (`response.responseHeaders.rateLimitRemaining`).
    public var responseHeaders: Headers

    /// A response as a transport stand-in or a middleware would build it.
    public init(value: Value, statusCode: Int, headers: [String: String], responseHeaders: Headers) {
        self.value = value
        self.statusCode = statusCode
        self.headers = headers
        self.responseHeaders = responseHeaders
    }

    /// A header's value, whatever the case of its name.
    public func header(_ name: String) -> String? {
        HeaderLookup.value(name, in: headers)
    }
}

extension EndpointKinds {
    /// The kind of an endpoint that declares `responseHeaders`: its `Base` kind's request
    /// data and authorization, and the type its response headers are read as, so
    /// `APIClient.response(for:using:)` can return them typed.
    public enum WithResponseHeaders<Base: EndpointKind, Headers: ResponseHeaders>: EndpointKind {
        /// The base kind's request data.
        public typealias RequestData = Base.RequestData

        /// What the base kind puts into the request.
        public static func prepare(_ request: inout URLRequest, with data: RequestData) {
            Base.prepare(&request, with: data)
        }

        /// What the base kind does before the request is sent.
        public static func authorize(_ request: URLRequest, with data: RequestData) async throws -> URLRequest {
            try await Base.authorize(request, with: data)
        }
    }
}

extension APIClient {
    /// Sends an endpoint that declares `responseHeaders` and returns the payload with the
    /// response's status, its headers, and the declared ones read as typed values. A
    /// required header that is missing or malformed throws `APIError.decoding`.
    public func response<Base, Headers, Response>(
        for endpoint: Endpoint<EndpointKinds.WithResponseHeaders<Base, Headers>, Response>,
        using data: Base.RequestData
    ) async throws -> APIResponseWithHeaders<Response, Headers> {
        let response: APIResponse<Response> = try await self.response(for: endpoint, using: data)
        return APIResponseWithHeaders(
            value: response.value, statusCode: response.statusCode, headers: response.headers,
            responseHeaders: try Headers(from: ResponseHeaderFields(response.headers)))
    }

    /// `response(for:using:)` for a public endpoint that declares `responseHeaders`.
    public func response<Headers, Response>(
        for endpoint: Endpoint<EndpointKinds.WithResponseHeaders<EndpointKinds.Public, Headers>, Response>
    ) async throws -> APIResponseWithHeaders<Response, Headers> {
        try await response(for: endpoint, using: ())
    }

    /// `send(_:using:)` for a public endpoint that declares `responseHeaders`.
    public func send<Headers, Response>(
        _ endpoint: Endpoint<EndpointKinds.WithResponseHeaders<EndpointKinds.Public, Headers>, Response>
    ) async throws -> Response {
        try await send(endpoint, using: ())
    }

    /// `pages(_:using:)` for a public endpoint that declares `responseHeaders`.
    public func pages<Headers, Response>(
        _ endpoint: Endpoint<EndpointKinds.WithResponseHeaders<EndpointKinds.Public, Headers>, Response>
    ) -> APIPages<EndpointKinds.WithResponseHeaders<EndpointKinds.Public, Headers>, Response> {
        pages(endpoint, using: ())
    }
}

/// Case-insensitive header lookup, shared by both response types.
enum HeaderLookup {
    static func value(_ name: String, in headers: [String: String]) -> String? {
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        return headers.first { $0.key.lowercased() == lowered }?.value
    }
}

/// HTTP dates (RFC 9110 §5.6.7): the IMF-fixdate servers send, and the two obsolete forms
/// recipients must still read.
private enum HTTPDate {
    private static let patterns = [
        "EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy",
    ]

    static func date(_ text: String) -> Date? {
        let collapsed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for pattern in patterns {
            if let date = DateRules.date(collapsed, pattern: pattern) { return date }
        }
        return nil
    }
}

/// Where a malformed optional header is reported: the unified log on Apple platforms,
/// standard error elsewhere.
private enum HeaderDiagnostics {
    static func log(_ message: String) {
        #if canImport(os)
        os.Logger(subsystem: "DTORuntime", category: "ResponseHeaders").warning("\(message, privacy: .public)")
        #else
        Foundation.FileHandle.standardError.write(Data("DTORuntime: \(message)\n".utf8))
        #endif
    }
}
