import DTORuntime
import Foundation
import StationsKit

// Decodes the bundled USGS feed with the DTOs the build plugin generated, maps it onto the
// app's models, and prints a summary. Exits non-zero if anything is off.
guard let url = Bundle.module.url(forResource: "all_day", withExtension: "geojson"),
      let data = FileManager.default.contents(atPath: url.path) else {
    print("QuakesApp: the bundled feed is missing")
    exit(1)
}
do {
    // This target isolates to the main actor by default (Xcode 26's setting); the DTOs the
    // plugin generated still decode anywhere, here in a detached task.
    let feed = try await Task.detached { try JSONDecoder().decode(GeoFeatureCollection.self, from: data) }.value
    let quakes = try Quake.from(feed)
    let strongest = quakes.max { $0.magnitude < $1.magnitude }
    print("\(feed.metadata.title): \(quakes.count) quakes decoded, strongest M\(strongest?.magnitude ?? 0) \(strongest?.name ?? "")")

    let stations = Station.from([StationDTO(id: "s1", name: "Menlo Park", elevationM: 12.5, active: true)])
    print("stations: \(stations.map(\.name).joined(separator: ", "))")

    // The seed pipeline: repository → domain models, and feed → upsert by `code`.
    let repository: any USGSRepository = USGSRepositoryStub()
    let fromStub = try await repository.summary(feed: "all_day")
    let store = QuakeStore()
    let firstImport = try store.upsert(feed)
    let secondImport = try store.upsert(feed)
    print("repository (stub): \(fromStub.count) quakes; upserts: \(firstImport.inserted) inserted, then \(secondImport.updated) updated, \(store.quakes.count) stored")
    guard fromStub.count == 30, firstImport.inserted == 30, secondImport == (0, 30), store.quakes.count == 30 else {
        print("QuakesApp: the repository or the upsert went wrong")
        exit(1)
    }

    let endpoint: Endpoint<EndpointKinds.Public, GeoFeatureCollection> = .summary(feed: "all_day")
    let request = try endpoint.makeRequest(baseURL: USGSAPI.baseURL, with: ())
    print("request: \(request.httpMethod ?? "") \(request.url?.absoluteString ?? "")")
    guard quakes.count == 30, request.url?.absoluteString == "https://earthquake.usgs.gov/earthquakes/feed/v1.0/summary/all_day.geojson" else {
        print("QuakesApp: unexpected result")
        exit(1)
    }
} catch {
    print("QuakesApp: \(error)")
    exit(1)
}
