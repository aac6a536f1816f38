import Foundation
import Testing

@_spi(Testing) @testable import DTORuntime

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

/// RFC 9457 problem documents: the members the RFC names, the others in `extensions`, and a
/// member of the wrong JSON type read as nil rather than failing the whole body.
struct ProblemDetailsTests {
    static let body = Data(
        #"{"type": "https://example.com/probs/out-of-credit", "title": "Out of credit", "status": "403", "detail": "Balance 30", "balance": 30, "accounts": ["/a/1"]}"#
            .utf8)

    @Test func bothDecodersReadTheMembersAndKeepTheRest() throws {
        for problem in [
            try JSONDecoder().decode(ProblemDetails.self, from: Self.body),
            try FastDecoder().decodeWithoutFallback(ProblemDetails.self, from: Self.body),
        ] {
            #expect(problem.type == "https://example.com/probs/out-of-credit")
            #expect(problem.title == "Out of credit" && problem.detail == "Balance 30" && problem.instance == nil)
            #expect(problem.status == nil, "a status written as a string is no number")
            #expect(problem.extensions["balance"]?.doubleValue == 30)
            #expect(problem.extensions["accounts"]?[0]?.stringValue == "/a/1")
            #expect(problem.description == "Out of credit: Balance 30")
        }
    }

    @Test func encodingKeepsEveryMember() throws {
        let problem = ProblemDetails(title: "Gone", status: 410, extensions: ["id": .string("7")])
        let again = try JSONDecoder().decode(ProblemDetails.self, from: JSONEncoder().encode(problem))
        #expect(again == problem)
        #expect(ProblemDetails().description == "problem")
    }
}

/// An entry for `.other` set by hand on `statusErrors` decodes when `decodeError` is nil.
@Test func anOtherEntrySetByHandIsTheLastResort() {
    var endpoint = Endpoint<EndpointKinds.Public, Void>(path: "/x") { _ in }
    endpoint.statusErrors[.other] = { _ in ErrorStatusTests.Gone(gone: "by hand") }
    #expect(endpoint.error(decoding: Data("{}".utf8), statusCode: 500).map { "\($0)" } == #"Gone(gone: "by hand")"#)
}
