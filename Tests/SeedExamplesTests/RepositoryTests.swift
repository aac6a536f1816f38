import DTORuntime
import Foundation
import LoopbackServer
import Testing
@testable import SeedExamples

/// Seed 002 and 003's app layer: a view model that knows only the generated repository
/// protocol, given the live repository (against the loopback server) or the stub (from the
/// spec's example payload, no network), and a stub made to fail.
@Suite(.serialized)
struct RepositoryTests {
    /// What a SwiftUI view model looks like when the network hides behind the repository.
    @MainActor
    final class QuakeList {
        let repository: any QuakesRepository
        private(set) var quakes: [Quake] = []
        private(set) var failure: String?

        init(repository: any QuakesRepository) {
            self.repository = repository
        }

        func load() async {
            do {
                quakes = try await repository.allDay().sorted { $0.magnitude > $1.magnitude }
                failure = nil
            } catch {
                failure = "\(error)"
            }
        }
    }

    @Test @MainActor func theStubAnswersFromTheSpecsExample() async throws {
        let list = QuakeList(repository: QuakesRepositoryStub())
        await list.load()
        #expect(list.failure == nil)
        #expect(list.quakes.count == 30, "the 30 features of usgs-all-day.geojson.json, named in specs/quakes.json")
        #expect(list.quakes.first?.magnitude == 5.4, "the strongest of the feed")

        let offline = QuakeList(
            repository: QuakesRepositoryStub().failing(.allDay, with: URLError(.notConnectedToInternet)))
        await offline.load()
        #expect(offline.quakes.isEmpty)
        #expect(
            offline.failure?.contains("NSURLErrorDomain") == true || offline.failure?.contains("-1009") == true,
            "\(offline.failure ?? "")")

        await #expect(throws: QuakesRepositoryStub.NoExample.self) {
            _ = try await QuakesRepositoryStub().summary(feed: "all_hour")
        }
    }

    @Test @MainActor func theLiveRepositorySendsThroughTheClient() async throws {
        let feed = try Data(contentsOf: SeedExamplesTests.payloads.appendingPathComponent("usgs-all-day.geojson.json"))
        let server = try LoopbackServer { _ in .json(String(decoding: feed, as: UTF8.self)) }
        defer { server.stop() }
        let list = QuakeList(repository: QuakesRepositoryLive(client: APIClient(baseURL: server.baseURL)))
        await list.load()
        #expect(list.failure == nil)
        #expect(list.quakes.count == 30)
        #expect(server.requests.map(\.target) == ["/earthquakes/feed/v1.0/summary/all_day.geojson"])

        // The same protocol, the DTO where the spec maps no domain model.
        let repository: any QuakesRepository = QuakesRepositoryLive(client: APIClient(baseURL: server.baseURL))
        let summary = try await repository.summary(feed: "all_hour")
        #expect(summary.features.count == 30)
        #expect(server.requests.last?.target == "/earthquakes/feed/v1.0/summary/all_hour.geojson")
    }

    struct Tokens: AccessTokenProvider {
        func accessToken() async throws -> String { "fresh" }
    }

    /// Private and refreshing endpoints get their request data from the providers given once.
    @Test func providersSupplyTokensPerRequest() async throws {
        let server = try LoopbackServer { request in
            request.path == "/me/items"
                ? .json(#"{"result":[]}"#)
                : .json(#"{"result":{"query":"swift","total":1,"items":[\#(EndToEndTests.item)]}}"#)
        }
        defer { server.stop() }
        let repository: any StoreRepository = StoreRepositoryLive(
            client: APIClient(baseURL: server.baseURL),
            accessToken: { AccessToken(rawValue: "secret") },
            tokenProvider: { Tokens() }
        )
        let found = try await repository.search(for: "swift", page: nil)
        #expect(found.map(\.name) == ["Book"])
        #expect(try await repository.myItems().isEmpty)
        #expect(server.requests.map { $0.headers["authorization"] } == ["Bearer secret", "Bearer fresh"])
    }

    /// Seed 002 the other way: the body built from the app's model (`bodyFrom`), checked by the server.
    @Test func aBodyBuiltFromTheDomainModel() async throws {
        let server = try LoopbackServer { _ in
            .json(
                #"{"result":{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Lamp","price":12.5,"category":"home"}}"#
            )
        }
        defer { server.stop() }
        let listing = NewListing(
            title: "Lamp", price: .init(amount: 12.5, currency: "EUR"), tags: ["home"], attributes: ["color": "red"])
        let created = try await APIClient(baseURL: server.baseURL).send(
            .createItem(from: listing), using: AccessToken(rawValue: "t"))
        #expect(created.name == "Lamp")
        let body = String(decoding: try #require(server.requests.first).body, as: UTF8.self)
        #expect(body == "metadata%5Bcolor%5D=red&name=Lamp&price=12.5&tags%5B%5D=home", "the form body, keys sorted")
        #expect(
            CreateItemBody(from: listing)
                == CreateItemBody(name: "Lamp", price: 12.5, tags: ["home"], metadata: ["color": "red"]))
    }
}
