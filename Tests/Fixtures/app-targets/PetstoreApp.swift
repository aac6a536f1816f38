import DTORuntime
import Foundation

// App code beside the output of an imported document (swift-openapi-generator's reference
// Petstore): the client called on the main actor, a response decoded in a detached task.

@MainActor
final class PetsViewModel {
    let client = APIClient(baseURL: PetstoreAPI.baseURL)
    var stats: PetStats?
    var pets: Pets = []

    func load(_ data: Data) async throws {
        stats = try await client.send(.getStats)
        pets = try await Task.detached { try FastDecoder().decode(Pets.self, from: data) }.value
    }
}

func petsInBackground(_ data: Data) async throws -> Int {
    let pets = try await Task.detached { try JSONDecoder().decode(Pets.self, from: data) }.value
    let stats = try await Task.detached { try await APIClient(baseURL: PetstoreAPI.baseURL).send(.getStats) }.value
    return pets.count + (stats.count > 0 ? 1 : 0)
}
