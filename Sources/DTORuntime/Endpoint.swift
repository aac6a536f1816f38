import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if compiler(>=6.2)
/// What kind of endpoint a factory builds: what request data it needs (nothing, an access
/// token, anything of yours) and how that data goes into the request.
///
/// The client calls a kind wherever it sends the request, never on the caller's actor, so a
/// conformance cannot be isolated to one (`SendableMetatype`): in a module whose default
/// isolation is `MainActor`, declare your kind `nonisolated`.
public protocol EndpointKind: SendableMetatype {
    /// What the caller passes to `send(_:using:)` for an endpoint of this kind (`Void`, a
    /// token, a key).
    associatedtype RequestData: Sendable
    /// Puts the request data into the request (an `Authorization` header, a query item)
    /// before the middlewares see it.
    static func prepare(_ request: inout URLRequest, with data: RequestData)
    /// Asynchronous work on the request after `prepare`, just before it is sent (fetching or
    /// refreshing a token). The default changes nothing.
    static func authorize(_ request: URLRequest, with data: RequestData) async throws -> URLRequest
}
#else
/// What kind of endpoint a factory builds: what request data it needs (nothing, an access
/// token, anything of yours) and how that data goes into the request.
///
/// The client calls a kind wherever it sends the request, never on the caller's actor, so a
/// conformance cannot be isolated to one (`SendableMetatype`): in a module whose default
/// isolation is `MainActor`, declare your kind `nonisolated`.
public protocol EndpointKind {
    /// What the caller passes to `send(_:using:)` for an endpoint of this kind (`Void`, a
    /// token, a key).
    associatedtype RequestData: Sendable
    /// Puts the request data into the request (an `Authorization` header, a query item)
    /// before the middlewares see it.
    static func prepare(_ request: inout URLRequest, with data: RequestData)
    /// Asynchronous work on the request after `prepare`, just before it is sent (fetching or
    /// refreshing a token). The default changes nothing.
    static func authorize(_ request: URLRequest, with data: RequestData) async throws -> URLRequest
}
#endif

extension EndpointKind {
    /// Gives the request back unchanged: most kinds do all their work in `prepare`.
    public static func authorize(_ request: URLRequest, with data: RequestData) async throws -> URLRequest { request }
}

/// Gives the token for each request, refreshing it when it has expired: the request data of
/// `EndpointKinds.Refreshing` (`"kind": "refreshing"`).
public protocol AccessTokenProvider: Sendable {
    /// The token to send now, refreshed first if it has expired. Called once per request, retries included.
    func accessToken() async throws -> String
}

/// The two kinds every app has. Define your own `EndpointKind` for anything else
/// (an API key header, a signed request) and name it in a spec's `kind`.
public enum EndpointKinds {
    /// No request data.
    public enum Public: EndpointKind {
        /// Changes nothing: a public request carries no credentials.
        public static func prepare(_ request: inout URLRequest, with data: Void) {}
    }

    /// Sends `Authorization: Bearer <token>` with a token the provider gives for each
    /// request (and may refresh first).
    public enum Refreshing: EndpointKind {
        /// Changes nothing: the token is asked for in `authorize(_:with:)`, just before sending, where waiting is possible.
        public static func prepare(_ request: inout URLRequest, with provider: any AccessTokenProvider) {}

        public static func authorize(_ request: URLRequest, with provider: any AccessTokenProvider) async throws
            -> URLRequest
        {
            var authorized = request
            authorized.setValue("Bearer \(try await provider.accessToken())", forHTTPHeaderField: "Authorization")
            return authorized
        }
    }

    /// Sends `Authorization: Bearer <token>`.
    public enum Private: EndpointKind {
        /// Sets `Authorization: Bearer <token>`.
        public static func prepare(_ request: inout URLRequest, with token: AccessToken) {
            request.setValue("Bearer \(token.rawValue)", forHTTPHeaderField: "Authorization")
        }
    }
}

/// A bearer token: the request data of `EndpointKinds.Private`, a type of its own so a token is never passed where another string was meant.
public struct AccessToken: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension EndpointKinds {
    /// HTTP basic authentication: `Authorization: Basic <base64 of user:password>`
    /// (`"kind": "basic"`).
    public enum Basic: EndpointKind {
        /// Sets `Authorization: Basic` with the credentials' base64.
        public static func prepare(_ request: inout URLRequest, with credentials: BasicCredentials) {
            let encoded = Data("\(credentials.username):\(credentials.password)".utf8).base64EncodedString()
            request.setValue("Basic \(encoded)", forHTTPHeaderField: "Authorization")
        }
    }
}

/// The request data of `EndpointKinds.Basic`.
public struct BasicCredentials: Sendable, Hashable {
    /// The user name (no `:` allowed, as RFC 7617 says).
    public var username: String
    /// The password.
    public var password: String

    /// Credentials for `EndpointKinds.Basic`.
    public init(username: String, password: String) {
        self.username = username
        self.password = password
    }
}

/// An API key: the request data of the kinds a spec declares in `"kinds"` (`APIKeyKind`).
public struct APIKey: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// Where an API key is sent, under the name the API's document gives it.
public enum APIKeyLocation: Sendable, Hashable {
    /// In the request header of this name.
    case header(String)
    /// In the query item of this name.
    case query(String)
}

/// A kind that sends an API key: dtogen generates one per kind a spec declares in `"kinds"`
/// (`{ "apiKey": { "header": "X-API-Key" } }`), so the app only passes the key.
public protocol APIKeyKind: EndpointKind where RequestData == APIKey {
    /// Where this API's key goes, as its document declares it.
    static var apiKeyLocation: APIKeyLocation { get }
}

extension APIKeyKind {
    /// Puts the key where `apiKeyLocation` says, percent-encoded as any query item is.
    public static func prepare(_ request: inout URLRequest, with key: APIKey) {
        switch apiKeyLocation {
        case .header(let name):
            request.setValue(key.rawValue, forHTTPHeaderField: name)
        case .query(let name):
            guard let url = request.url, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
                return
            }
            // Encoded as every query item is (a `+` in a key is never read as a space).
            let item = QueryEncoding.encode(name) + "=" + QueryEncoding.encode(key.rawValue)
            components.percentEncodedQuery =
                components.percentEncodedQuery.map { $0.isEmpty ? item : $0 + "&" + item } ?? item
            request.url = components.url ?? url
        }
    }
}

/// An HTTP method: a struct, not an enum, so that any method a server accepts can be sent.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`: the response has no body, so its endpoints return `Void`.
    public static let head = HTTPMethod(rawValue: "HEAD")
    /// Since runtime version 7.
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}

/// A request the app can make and the type its response decodes to. `Kind` and `Response`
/// are phantom types: the compiler checks that a private endpoint gets a token and that
/// the caller gets the right payload. Generated factories build these.
public struct Endpoint<Kind: EndpointKind, Response: Sendable>: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The path under the client's base URL, its parameters already percent-encoded.
    public var path: EndpointPath
    /// The query items, in order; an item without values is left out.
    public var query: [Parameter]
    /// Header parameters; one without values is left out.
    public var headers: [Parameter]
    /// Encoded as JSON when the request is made.
    public var body: (any Encodable & Sendable)?
    /// Turns the response body into `Response` (unwrapping the envelope, if any).
    public var decode: @Sendable (Data) throws -> Response
    /// Turns a 2xx body into `Response` by its status, when the response has a case per
    /// status (`StatusResponse`); `decode` is not used then.
    public var decodeByStatus: (@Sendable (Int, Data) throws -> Response)?
    /// Turns a non-2xx body into the endpoint's error type, when it has one (`"error"` in a spec):
    /// for a status no entry of `statusErrors` matches.
    public var decodeError: (@Sendable (Data) -> (any Error & Sendable)?)?
    /// Error types by status (`"errors"` in a spec): a body that comes with a status an entry
    /// matches is decoded by the most specific one (a code before its class).
    /// (`decodingErrors(as:for:)` keeps `.other` in `decodeError`; an entry for `.other` set
    /// here is used when `decodeError` is nil.)
    public var statusErrors: [ErrorStatus: @Sendable (Data) -> (any Error & Sendable)?] = [:]
    /// Seconds before the request times out (`"timeout"` in a spec); nil: the client's default.
    public var timeout: TimeInterval?
    /// The next page's endpoint, from this one, its response and the response's headers;
    /// nil on the last page (`"paginate"` in a spec; `APIClient.pages`).
    public var nextPage: (@Sendable (Self, Response, [String: String]) -> Self?)?
    /// A whole URL that replaces the base URL, path and query (a `Link: <...>; rel="next"` page).
    public var absoluteURL: URL?
    /// How the body is sent (`"bodyEncoding"` in a spec).
    public var bodyEncoding: BodyEncoding = .json
    /// The fields of a form body whose arrays are one value, their elements joined by the
    /// field's delimiter (`tags=a,b`: OpenAPI's `form` style unexploded, Swagger 2.0's `csv`;
    /// `"bodyStyles"` in a spec). Other arrays are written as `bodyEncoding` says.
    public var formFieldDelimiters: [String: String] = [:]

    /// An endpoint as a generated factory builds it; set the other properties afterwards.
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, decode: @escaping @Sendable (Data) throws -> Response
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.decode = decode
    }

    /// This endpoint, decoding a body that comes with a non-2xx status as `type` (thrown as
    /// `APIError.server`); a body that does not decode still gives `APIError.status`.
    public func decodingErrors<ErrorBody: Decodable & Error & Sendable>(as type: ErrorBody.Type) -> Self {
        var copy = self
        copy.decodeError = { data in try? FastDecoder().decode(ErrorBody.self, from: data) }
        return copy
    }

    /// This endpoint, decoding a body that comes with a status `status` matches as `type`
    /// (thrown as `APIError.server`); `.other` is `decodingErrors(as:)`. A code's entry wins
    /// over its class's, and the class's over `.other`; a body the chosen type cannot decode
    /// gives `APIError.status`.
    public func decodingErrors<ErrorBody: Decodable & Error & Sendable>(
        as type: ErrorBody.Type, for status: ErrorStatus
    ) -> Self {
        guard status != .other else { return decodingErrors(as: type) }
        var copy = self
        copy.statusErrors[status] = { data in try? FastDecoder().decode(ErrorBody.self, from: data) }
        return copy
    }

    /// The error a non-2xx body gives: the most specific entry for `statusCode` decodes it;
    /// nil when there is no entry or the body does not decode.
    public func error(decoding body: Data, statusCode: Int) -> (any Error & Sendable)? {
        let decode =
            statusErrors[.code(statusCode)] ?? statusErrors[.statusClass(statusCode / 100)] ?? decodeError
            ?? statusErrors[.other]
        return decode?(body)
    }

    /// This endpoint, paged: `next` gives the following page's endpoint, or nil after the last.
    public func paginated(_ next: @escaping @Sendable (Self, Response, [String: String]) -> Self?) -> Self {
        var copy = self
        copy.nextPage = next
        return copy
    }

    /// This endpoint with the query item `name` set to `value` (replacing any it had).
    public func settingQuery(_ name: String, _ value: some ParameterValue) -> Self {
        var copy = self
        copy.query.removeAll { $0.name == name }
        copy.query.append(Parameter(name, value))
        return copy
    }

    /// This endpoint, sending its body as `encoding` says.
    public func encodingBody(as encoding: BodyEncoding) -> Self {
        var copy = self
        copy.bodyEncoding = encoding
        return copy
    }

    /// This endpoint, writing each named array field of its form body as one value, its
    /// elements joined by the field's delimiter (`["tags": ","]`: `tags=a,b`).
    public func delimitingFormFields(_ delimiters: [String: String]) -> Self {
        var copy = self
        copy.formFieldDelimiters = delimiters
        return copy
    }

    /// This endpoint with its own timeout, in seconds.
    public func timingOut(after seconds: TimeInterval) -> Self {
        var copy = self
        copy.timeout = seconds
        return copy
    }

    /// The request for this endpoint. The path is appended to the base URL's path (never
    /// replacing it, never changing its host), query items are percent-encoded in order.
    public func makeRequest(baseURL: URL, with data: Kind.RequestData) throws -> URLRequest {
        try makeRequest(baseURL: baseURL, with: data, streamingFiles: false).request
    }

    /// The request, and with `streamingFiles` a multipart body with files on disk
    /// (`FilePart(fileURL:)`) written to a temporary file instead of into the request: the
    /// caller uploads it from there, then removes it.
    func makeRequest(baseURL: URL, with data: Kind.RequestData, streamingFiles: Bool) throws -> (
        request: URLRequest, bodyFile: URL?
    ) {
        if let absoluteURL {
            var request = URLRequest(url: absoluteURL)
            return try finish(&request, with: data, streamingFiles: streamingFiles)
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw APIError.invalidRequest("the base URL \(baseURL) cannot be used")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") { basePath.removeLast() }
        var endpointPath = path.percentEncoded
        if !endpointPath.hasPrefix("/") { endpointPath = "/" + endpointPath }
        components.percentEncodedPath = basePath + endpointPath
        let items = query.flatMap { item in
            let reserved = item.reservedAllowed
            if let style = item.joined {
                return item.values.isEmpty
                    ? []
                    : [
                        "\(QueryEncoding.encode(item.name))="
                            + item.values.map { QueryEncoding.encode($0, reserved: reserved) }.joined(
                                separator: style.encodedSeparator)
                    ]
            }
            return item.values.map {
                "\(QueryEncoding.encode(item.name))=\(QueryEncoding.encode($0, reserved: reserved))"
            }
                + item.items.map {
                    "\(QueryEncoding.encode($0.name))=\(QueryEncoding.encode($0.value, reserved: reserved))"
                }
        }
        components.percentEncodedQuery = items.isEmpty ? nil : items.joined(separator: "&")
        guard let url = components.url else {
            throw APIError.invalidRequest("cannot build a URL from \(baseURL) and \(path.percentEncoded)")
        }
        var request = URLRequest(url: url)
        return try finish(&request, with: data, streamingFiles: streamingFiles)
    }

    /// Method, timeout, headers, body and the kind's request data.
    private func finish(_ request: inout URLRequest, with data: Kind.RequestData, streamingFiles: Bool) throws -> (
        request: URLRequest, bodyFile: URL?
    ) {
        var bodyFile: URL?
        if let timeout { request.timeoutInterval = timeout }
        request.httpMethod = method.rawValue
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        for header in headers where !header.values.isEmpty {
            request.setValue(header.values.joined(separator: ","), forHTTPHeaderField: header.name)
        }
        if let body, case .raw(let contentType) = bodyEncoding, let bytes = body as? Data {
            request.httpBody = bytes
            request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        } else if let body {
            do {
                let json = try RequestBodyEncoding.encoder().encode(body)
                if bodyEncoding != .multipart, FilePart.namesAFile(json) {
                    // Its JSON would send the path, not the file.
                    throw APIError.invalidRequest(
                        "a FilePart(fileURL:) is sent only in a multipart body; use FilePart(data:filename:contentType:)"
                    )
                }
                switch bodyEncoding {
                case .json:
                    request.httpBody = json
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                case .form, .formExploded:
                    let value = try JSONDecoder().decode(JSONValue.self, from: json)
                    request.httpBody = Data(
                        FormEncoding.encode(
                            value, exploded: bodyEncoding == .formExploded, delimiters: formFieldDelimiters
                        ).utf8)
                    request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
                case .raw(let contentType):
                    request.httpBody = json
                    request.setValue(contentType, forHTTPHeaderField: "Content-Type")
                case .multipart:
                    let boundary = "dtogen-" + UUID().uuidString
                    let value = try JSONDecoder().decode(JSONValue.self, from: json)
                    if streamingFiles, MultipartEncoding.hasFiles(value) {
                        bodyFile = try MultipartEncoding.temporaryFile(value, boundary: boundary)
                    } else {
                        request.httpBody = try MultipartEncoding.encode(value, boundary: boundary)
                    }
                    request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
                }
            } catch let error as APIError {
                throw error
            } catch {
                throw APIError.invalidRequest("the request body cannot be encoded: \(error)")
            }
        }
        Kind.prepare(&request, with: data)
        return (request, bodyFile)
    }
}

extension Endpoint where Response == Data {
    /// This endpoint, returning the response body as it is (`"response": "Data"`).
    public func decodingRawBody() -> Self {
        var copy = self
        copy.decode = { $0 }
        return copy
    }
}

extension Endpoint where Response == String {
    /// This endpoint, returning the response body as UTF-8 text (`"response": "String"`).
    public func decodingText() -> Self {
        var copy = self
        copy.decode = { String(decoding: $0, as: UTF8.self) }
        return copy
    }
}

extension Endpoint where Response: Decodable {
    /// An endpoint whose body decodes to `Response`, optionally inside an envelope.
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, envelope: Envelope? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { data in
            try ResponseDecoding.decode(Response.self, from: data, envelope: envelope)
        }
    }
}

extension Endpoint where Response == Void {
    /// An endpoint with no response payload: any body is accepted (and a failing envelope
    /// still throws).
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, envelope: Envelope? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { data in
            if let envelope, !data.isEmpty { try ResponseDecoding.checkEnvelope(envelope, in: data) }
        }
    }
}
