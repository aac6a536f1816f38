import DTORuntime
import Foundation
import LoopbackServer
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A spec backed by an OpenAPI document (`Tests/Fixtures/conformance-specs/petstore3.json`
/// over the Swagger Petstore 3 document), end to end: the endpoints dtogen generated from
/// the document send what the document describes, and decode what it says comes back.
@Suite(.serialized)
struct OpenAPIClientTests {
    static let pet =
        #"{"id": 10, "name": "doggie", "category": {"id": 1, "name": "Dogs"}, "photoUrls": ["https://example.com/d.png"], "tags": [{"id": 0, "name": "good"}], "status": "available"}"#

    @Test func queryPathAndBodiesGoWhereTheDocumentSays() async throws {
        let server = try LoopbackServer { request in
            switch (request.method, request.path) {
            case ("GET", "/pet/findByStatus"): .json("[\(OpenAPIClientTests.pet)]")
            case ("GET", "/pet/10"), ("POST", "/pet"), ("POST", "/pet/10"): .json(OpenAPIClientTests.pet)
            case ("POST", "/pet/10/uploadImage"): .json(#"{"code": 200, "type": "ok", "message": "uploaded 4 bytes"}"#)
            case ("POST", "/store/order"):
                .json(
                    #"{"id": 3, "petId": 10, "quantity": 1, "shipDate": "2026-11-23T10:00:00Z", "status": "placed", "complete": false}"#
                )
            case ("DELETE", "/pet/10"): .respond(status: 200, headers: [:], body: Data())
            case ("GET", "/user/login"): .json(#""logged in user session:42""#)
            default: .json("{}", status: 404)
            }
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let token = AccessToken(rawValue: "secret")

        let available = try await client.send(.findPetsByStatus(status: .available), using: token)
        #expect(available.map(\.name) == ["doggie"])
        #expect(available.first?.category?.name == "Dogs")
        #expect(available.first?.status == .available)

        let pet = try await client.send(.getPetByID(petID: 10))
        #expect(pet.photoURLs == ["https://example.com/d.png"])

        let added = try await client.send(
            .addPet(body: Petstore3.Pet(name: "doggie", photoURLs: [], status: .pending)), using: token)
        #expect(added.id == 10)

        _ = try await client.send(.updatePetWithForm(petID: 10, name: "rex", status: "sold"), using: token)
        let upload = try await client.send(
            .uploadFile(petID: 10, additionalMetadata: "front", body: Data([1, 2, 3, 4])), using: token)
        #expect(upload.message == "uploaded 4 bytes")

        let order = try await client.send(
            .placeOrder(body: Petstore3.Order(petID: 10, quantity: 1, status: .placed)), using: token)
        #expect(order.shipDate == Date(timeIntervalSince1970: 1_795_428_000))
        try await client.send(.deletePet(petID: 10, apiKey: "k"), using: token)
        // A JSON string response: read as JSON, so the quotes are not part of the value.
        #expect(
            try await client.send(.loginUser(username: "ann", password: "pw")) == .string("logged in user session:42"))

        let requests = server.requests
        #expect(
            requests.map { "\($0.method) \($0.target)" } == [
                "GET /pet/findByStatus?status=available",
                "GET /pet/10",
                "POST /pet",
                "POST /pet/10?name=rex&status=sold",
                "POST /pet/10/uploadImage?additionalMetadata=front",
                "POST /store/order",
                "DELETE /pet/10",
                "GET /user/login?username=ann&password=pw",
            ])
        #expect(requests[0].headers["authorization"] == "Bearer secret")
        #expect(
            requests[1].headers["authorization"] == nil, "getPetById is public in the spec, whatever the document says")
        let sent = try JSONSerialization.jsonObject(with: requests[2].body) as? [String: Any]
        #expect(sent?["name"] as? String == "doggie")
        #expect(sent?["photoUrls"] as? [String] == [])
        #expect(sent?["status"] as? String == "pending")
        #expect(requests[4].headers["content-type"] == "application/octet-stream")
        #expect(requests[4].body == Data([1, 2, 3, 4]))
        #expect(requests[6].headers["api_key"] == "k")
    }
}
