import DTORuntime
import Foundation
import LoopbackServer
import Testing

/// The conformance specs' endpoints against a loopback server that serves the real payloads.
struct ConformanceEndToEndTests {
    @Test func stringSuccessEnvelope() async throws {
        let payload = try Payloads.data("cwb-envelope-success-result-records.json")
        let server = try LoopbackServer { request in
            request.query?.contains("fail") == true ? .json(#"{"success":"false","result":null}"#) : .json(payload)
        }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL.appendingPathComponent("api/v1/rest"))
        let records = try await client.send(
            .forecast36Hours(locationName: "宜蘭縣"), using: AccessToken(rawValue: "CWB-KEY"))
        #expect(try AreaForecast.from(records).first?.area == "宜蘭縣")
        let request = try #require(server.requests.first)
        #expect(request.target == "/api/v1/rest/datastore/F-C0032-001?locationName=%E5%AE%9C%E8%98%AD%E7%B8%A3")
        #expect(request.headers["authorization"] == "Bearer CWB-KEY")

        await #expect(throws: APIError.unsuccessful(message: nil, success: "false")) {
            try await client.send(.forecast36Hours(locationName: "fail"), using: AccessToken(rawValue: "CWB-KEY"))
        }
    }

    @Test func arrayQueryItemsRepeat() async throws {
        let payload = try Payloads.data("petstore-v2-findByStatus-available.json")
        let server = try LoopbackServer { _ in .json(payload) }
        defer { server.stop() }
        let pets = try await APIClient(baseURL: server.baseURL.appendingPathComponent("v2")).send(
            .findByStatus(status: [.available, .sold, .unknown("on hold")]))
        #expect(pets.count == 30)
        #expect(server.requests.first?.target == "/v2/pet/findByStatus?status=available&status=sold&status=on%20hold")
    }

    @Test func enumAndOptionalQueryItems() async throws {
        let payload = try Payloads.data("github-issues.json")
        let server = try LoopbackServer { _ in .json(payload) }
        defer { server.stop() }
        let client = APIClient(baseURL: server.baseURL)
        let issues = try await client.send(
            .issues(
                owner: "nerdishbynature", repo: "octokit.swift", state: .all, labels: ["help wanted", "bug"],
                perPage: 50))
        #expect(IssueSummary.from(issues).map(\.number) == [188, 153, 111, 73, 40, 38])
        _ = try await client.send(.issues(owner: "a", repo: "b"))
        #expect(
            server.requests.map(\.target) == [
                "/repos/nerdishbynature/octokit.swift/issues?state=all&labels=help%20wanted&labels=bug&per_page=50",
                "/repos/a/b/issues",
            ])
    }

    @Test func integerPathParameterAndTrailingSlash() async throws {
        let payload = try Payloads.data("pokeapi-pokemon-132-ditto.json")
        let server = try LoopbackServer { _ in .json(payload) }
        defer { server.stop() }
        let pokemon = try await APIClient(baseURL: server.baseURL.appendingPathComponent("api/v2")).send(
            .pokemon(id: 132))
        #expect(try Creature(from: pokemon).name == "ditto")
        #expect(server.requests.first?.target == "/api/v2/pokemon/132/")
    }

    @Test func postBodyRoundTrip() async throws {
        let server = try LoopbackServer { request in
            .json(
                request.body.isEmpty ? Data() : Data(#"{"userId":1,"id":101,"title":"t","body":"b"}"#.utf8), status: 201
            )
        }
        defer { server.stop() }
        let post = try await APIClient(baseURL: server.baseURL).send(
            .createPost(body: CreatePostBody(userID: 1, title: "t", body: "b")))
        #expect(post.id == 101)
        let sent = try JSONSerialization.jsonObject(with: try #require(server.requests.first).body) as? [String: Any]
        #expect(sent?["title"] as? String == "t")
        #expect(server.requests.first?.method == "POST")
    }

    @Test func publicAccessLevelCompilesAsPublic() {
        // Stripe's spec says `"access": "public"`: its factory is public API of this module.
        let endpoint: Endpoint<EndpointKinds.Private, Customer> = .customer(id: "cus_1")
        #expect(endpoint.path.percentEncoded == "/customers/cus_1")
        #expect(StripeAPI.baseURL.absoluteString == "https://api.stripe.com/v1")
    }
}
