import Foundation
import Testing

@testable import DTORuntime

/// `Endpoint.error(decoding:statusCode:)`: the entry for the code, else its class's, else
/// the endpoint's `decodeError`; a body the chosen type cannot decode is no error at all.
struct ErrorStatusTests {
    struct Gone: Decodable, Error, Sendable { let gone: String }
    struct Client: Decodable, Error, Sendable { let client: String }
    struct Fallback: Decodable, Error, Sendable { let fallback: String }

    let endpoint = Endpoint<EndpointKinds.Public, Void>(path: "/x") { _ in }
        .decodingErrors(as: Fallback.self, for: .other)
        .decodingErrors(as: Client.self, for: .statusClass(4))
        .decodingErrors(as: Gone.self, for: .code(410))

    func described(_ json: String, _ status: Int) -> String {
        endpoint.error(decoding: Data(json.utf8), statusCode: status).map { "\($0)" } ?? "nil"
    }

    @Test func theMostSpecificEntryDecodes() {
        #expect(described(#"{"gone": "yes"}"#, 410) == #"Gone(gone: "yes")"#)
        #expect(described(#"{"client": "no"}"#, 404) == #"Client(client: "no")"#)
        #expect(described(#"{"fallback": "x"}"#, 500) == #"Fallback(fallback: "x")"#)
        // The chosen type only: a 410 body that is a `Client` is no `Gone`.
        #expect(described(#"{"client": "no"}"#, 410) == "nil")
    }

    @Test func statusesAreWrittenAsSpecsWriteThem() {
        #expect([ErrorStatus.code(404), .statusClass(5), .other].map(\.description) == ["404", "5XX", "default"])
    }
}
