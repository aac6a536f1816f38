import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint whose path, query and header names, envelope keys and doc are full of quotes,
/// backslashes and `\(`: the generated Swift compiles (this target builds), and the request
/// carries exactly those strings, percent-encoded, with nothing interpolated.
struct HostileEndpointTests {
    @Test func requestCarriesTheSpecStringsVerbatim() throws {
        let body = try decodeBoth(Keywords.self, from: Data(HostileKeysTests.keywordsJSON.utf8))
        let endpoint: Endpoint<EndpointKinds.Public, Keywords> = .injection(
            id: "x/y?z", qX: "a b&c=d+e", default: 1, "me", xEvil: "v", body: body)
        let request = try endpoint.makeRequest(baseURL: HostileAPI.baseURL, with: ())
        #expect(
            request.url?.absoluteString
                == "https://api.example.com/v1/a%22b/%5C(evil)/x%2Fy%3Fz/c%20d*/?q%22%5C%28x%29=a%20b%26c%3Dd%2Be&default=1&self=me"
        )
        #expect(request.value(forHTTPHeaderField: "X-Evil-*") == "v")
        #expect(request.httpMethod == "POST")
        let sent = try decodeBoth(Keywords.self, from: try #require(request.httpBody))
        #expect(sent == body)
    }

    /// Spec types named like `Endpoint`'s generic parameters: the factories' extensions name
    /// them as type arguments (`Endpoint<Public, Response>`), which Swift looks up in this
    /// module; `where Response == Response` would compare the parameter with itself.
    @Test func typesNamedResponseAndKindAreTheSpecs() throws {
        let response: Endpoint<EndpointKinds.Public, Response> = .response
        #expect(try response.decode(Data(#"{"id": 7}"#.utf8)).id == 7)
        let kinds: Endpoint<EndpointKinds.Private, [Kind]> = .kinds
        #expect(
            try kinds.makeRequest(baseURL: HostileAPI.baseURL, with: AccessToken(rawValue: "t")).url?.path
                == "/v1/kinds")
    }

    @Test func envelopeKeysAreUsedVerbatim() throws {
        let endpoint: Endpoint<EndpointKinds.Public, Keywords> = .injection(
            id: "1", body: try decodeBoth(Keywords.self, from: Data(HostileKeysTests.keywordsJSON.utf8)))
        let ok = #"{"o\\k":"\\(yes)","m\"sg":"fine","da\"ta":{"p\"1":\#(HostileKeysTests.keywordsJSON)}}"#
        #expect(try endpoint.decode(Data(ok.utf8)).userID == 10)
        let failed = #"{"o\\k":"no","m\"sg":"nope \\(x)"}"#
        #expect(throws: APIError.unsuccessful(message: #"nope \(x)"#, success: "no")) {
            try endpoint.decode(Data(failed.utf8))
        }
    }
}
