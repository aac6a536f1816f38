import Foundation

/// A response with a case per success status (`"responses"` in a spec): generated enums
/// conform (`.ok(Job)`, `.accepted(JobTicket)`, `.noContent`), and an endpoint whose
/// response is one decodes the body as the status that arrived says. A 2xx status the type
/// does not list is thrown as `APIError.status`.
public protocol StatusResponse: Sendable {
    /// The response a 2xx body with `statusCode` is (inside `envelope`, when there is one),
    /// or nil when the type lists no such status.
    init?(statusCode: Int, body: Data, envelope: Envelope?) throws
}

extension StatusResponse {
    /// One status's JSON body, inside `envelope` when there is one: what generated
    /// `init(statusCode:body:envelope:)`s call for each case with a payload.
    @_spi(Generated)
    public static func decodeBody<T: Decodable>(_ type: T.Type, from body: Data, envelope: Envelope?) throws -> T {
        try ResponseDecoding.decode(T.self, from: body, envelope: envelope)
    }

    /// A status without a body: any body is accepted, as for an endpoint without a response,
    /// and an envelope's failure still throws.
    @_spi(Generated)
    public static func checkEnvelope(of body: Data, _ envelope: Envelope?) throws {
        if let envelope, !body.isEmpty { try ResponseDecoding.checkEnvelope(envelope, in: body) }
    }
}

extension Endpoint where Response: StatusResponse {
    /// An endpoint whose response is decoded by its status (`"responses"` in a spec).
    public init(
        method: HTTPMethod = .get, path: EndpointPath, query: [Parameter] = [], headers: [Parameter] = [],
        body: (any Encodable & Sendable)? = nil, envelope: Envelope? = nil
    ) {
        self.init(method: method, path: path, query: query, headers: headers, body: body) { _ in
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [], debugDescription: "\(Response.self) is decoded by the response's status"))
        }
        decodeByStatus = { statusCode, data in
            guard let response = try Response(statusCode: statusCode, body: data, envelope: envelope) else {
                throw APIError.status(code: statusCode, body: data)
            }
            return response
        }
    }
}
