import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The four ways APIs page through lists (`"paginate"` in a spec). Each gives the next
/// page's endpoint, or nil when the page just read was the last.
@_spi(Generated)
public enum Pagination {
    /// `starting_after=<last id>` while `has_more` says there is more (Stripe).
    public static func cursor<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, param: String, value: (some ParameterValue)?, more: Bool = true
    ) -> Endpoint<Kind, Response>? {
        guard more, let value, !value.parameterValues.isEmpty else { return nil }
        return endpoint.settingQuery(param, value)
    }

    /// `cursor=<next_cursor>` until the response's cursor is null or empty.
    public static func next<Kind, Response>(
        _ endpoint: Endpoint<Kind, Response>, param: String, value: (some ParameterValue)?
    ) -> Endpoint<Kind, Response>? {
        guard let value, !value.parameterValues.allSatisfy(\.isEmpty) else { return nil }
        return endpoint.settingQuery(param, value)
    }

    /// The `Link: <https://...>; rel="next"` header (RFC 8288; GitHub).
    public static func link<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, headers: [String: String])
        -> Endpoint<Kind, Response>?
    {
        guard let header = headers.first(where: { $0.key.lowercased() == "link" })?.value,
            let next = nextLink(in: header)
        else { return nil }
        var copy = endpoint
        copy.absoluteURL = next
        return copy
    }

    /// `page=N+1` until a page comes back empty.
    public static func page<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, param: String, empty: Bool)
        -> Endpoint<Kind, Response>?
    {
        guard !empty else { return nil }
        let current = endpoint.query.last { $0.name == param }?.values.first.flatMap { Int($0) } ?? 1
        return endpoint.settingQuery(param, current + 1)
    }

    /// The target of `rel="next"` in a `Link` header.
    public static func nextLink(in header: String) -> URL? {
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = pieces.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let isNext = pieces.dropFirst().contains { piece in
                let lowered = piece.lowercased().replacingOccurrences(of: " ", with: "")
                return lowered == "rel=\"next\"" || lowered == "rel=next"
                    || (lowered.hasPrefix("rel=\"") && lowered.dropFirst(5).split(separator: " ").contains("next"))
            }
            if isNext { return URL(string: String(target.dropFirst().dropLast())) }
        }
        return nil
    }
}

/// The pages of a paged endpoint, fetched one at a time as the sequence is iterated
/// (`client.pages(.listCharges(limit: 100), using: token)`); stops on the last page and on
/// cancellation.
public struct APIPages<Kind: EndpointKind, Response: Sendable>: AsyncSequence, Sendable {
    public typealias Element = Response

    let client: APIClient
    let first: Endpoint<Kind, Response>
    let data: Kind.RequestData

    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: APIClient
        var next: Endpoint<Kind, Response>?
        let data: Kind.RequestData

        public mutating func next() async throws -> Response? {
            guard let endpoint = next else { return nil }
            try _Concurrency.Task.checkCancellation()
            let response = try await client.response(for: endpoint, using: data)
            next = endpoint.nextPage?(endpoint, response.value, response.headers)
            return response.value
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, next: first, data: data)
    }
}

extension APIClient {
    /// Every page of a paged endpoint, as an async sequence of its responses.
    public func pages<Kind, Response>(_ endpoint: Endpoint<Kind, Response>, using data: Kind.RequestData) -> APIPages<
        Kind, Response
    > {
        APIPages(client: self, first: endpoint, data: data)
    }

    /// `pages(_:using:)` for an endpoint that needs no request data.
    public func pages<Response>(_ endpoint: Endpoint<EndpointKinds.Public, Response>) -> APIPages<
        EndpointKinds.Public, Response
    > {
        pages(endpoint, using: ())
    }
}
