@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What each kind of endpoint adds to a request: a bearer token, HTTP basic credentials, an
/// API key in the header or query item a spec's `"kinds"` names.
struct EndpointKindTests {
    enum HeaderKey: APIKeyKind {
        static let apiKeyLocation = APIKeyLocation.header("X-API-Key")
    }

    enum QueryKey: APIKeyKind {
        static let apiKeyLocation = APIKeyLocation.query("api_key")
    }

    let base = URL(string: "https://h.example/v1/")!

    @Test func basicAuthSendsEncodedCredentials() throws {
        let endpoint = Endpoint<EndpointKinds.Basic, JSONValue>(path: "/me")
        let request = try endpoint.makeRequest(
            baseURL: base, with: BasicCredentials(username: "sk_test", password: "pä:ss"))
        let expected = "Basic " + Data("sk_test:pä:ss".utf8).base64EncodedString()
        #expect(request.value(forHTTPHeaderField: "Authorization") == expected)
        #expect(expected == "Basic c2tfdGVzdDpww6Q6c3M=")
    }

    @Test func apiKeysGoWhereTheKindSays() throws {
        let inHeader = try Endpoint<HeaderKey, JSONValue>(path: "/pets").makeRequest(
            baseURL: base, with: APIKey(rawValue: "k+1"))
        #expect(inHeader.value(forHTTPHeaderField: "X-API-Key") == "k+1")
        #expect(inHeader.url?.absoluteString == "https://h.example/v1/pets")
        let inQuery = try Endpoint<QueryKey, JSONValue>(path: "/pets", query: [.init("limit", 2)]).makeRequest(
            baseURL: base, with: APIKey(rawValue: "k+1 &"))
        #expect(inQuery.url?.absoluteString == "https://h.example/v1/pets?limit=2&api_key=k%2B1%20%26")
        #expect(inQuery.value(forHTTPHeaderField: "Authorization") == nil)
        let alone = try Endpoint<QueryKey, JSONValue>(path: "/pets").makeRequest(
            baseURL: base, with: APIKey(rawValue: "k"))
        #expect(alone.url?.absoluteString == "https://h.example/v1/pets?api_key=k")
    }
}
