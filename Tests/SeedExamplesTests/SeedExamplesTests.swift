import DTORuntime
import Foundation
import Testing
@testable import SeedExamples

/// The committed Generated/ (from specs/) with the hand-written models in Examples/SeedModels.
struct SeedExamplesTests {
    static let payloads = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/payloads")

    /// Seed 000's upsert, with `update(from:)` (`"update": true`): a second import of a changed
    /// feed updates the stored rows, by their unique `code`, instead of adding new ones.
    @Test func aSecondImportUpdatesRowsByCode() throws {
        let data = try Data(contentsOf: Self.payloads.appendingPathComponent("usgs-all-day.geojson.json"))
        var rows: [String: StoredQuake] = [:]
        func upsert(_ feed: GeoFeatureCollection) {
            for feature in feed.features {
                if let stored = rows[feature.properties.code] {
                    stored.update(from: feature)
                } else {
                    rows[feature.properties.code] = StoredQuake(from: feature)
                }
            }
        }
        let first = try JSONDecoder().decode(GeoFeatureCollection.self, from: data)
        upsert(first)
        #expect(rows.count == first.features.count)
        let code = try #require(first.features.first?.properties.code)
        let stored = try #require(rows[code])

        // The same feed later: the first quake was re-measured and re-located.
        var json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var features = try #require(json["features"] as? [[String: Any]])
        var properties = try #require(features[0]["properties"] as? [String: Any])
        properties["mag"] = 6.1
        properties["place"] = "10 km N of Somewhere"
        features[0]["properties"] = properties
        json["features"] = features
        upsert(try JSONDecoder().decode(GeoFeatureCollection.self, from: JSONSerialization.data(withJSONObject: json)))
        #expect(rows.count == first.features.count, "no row was added")
        #expect(rows[code] === stored, "the stored row was updated in place")
        #expect(stored.magnitude == 6.1)
        #expect(stored.place == "10 km N of Somewhere")
    }

    @Test func usgsFeedMapsToQuakes() throws {
        let data = try Data(contentsOf: Self.payloads.appendingPathComponent("usgs-all-day.geojson.json"))
        let feed = try JSONDecoder().decode(GeoFeatureCollection.self, from: data)
        #expect(feed.features.count == 30)
        #expect(feed.metadata.count == 233)
        #expect(feed.metadata.generated == Date(timeIntervalSince1970: 1548873165))
        let first = feed.features[0]
        #expect(first.id == "nc73138176")
        #expect(first.properties.mag == 2.79)
        #expect(first.properties.status == .automatic)
        #expect(first.properties.magnitudeType == "md")
        #expect(first.properties.tsunami == false, "0 is coerced to false by $lenient")
        #expect(first.properties.alert == nil)
        #expect(feed.features.allSatisfy { $0.id == $0.properties.net + $0.properties.code })
        #expect(try JSONDecoder().decode(GeoFeatureCollection.self, from: JSONEncoder().encode(feed)) == feed)

        let quakes = try Quake.from(feed)
        #expect(quakes.count == 30)
        #expect(quakes[0].code == "73138176")
        #expect(quakes[0].magnitude == 2.79)
        #expect(quakes[0].time == Date(timeIntervalSince1970: 1548872933.560))
        #expect(
            quakes[0].location
                == Location(name: "4km WSW of Daly City, CA", longitude: -122.512001, latitude: 37.6756668))
    }

    @Test func userMappingFlattensNameAndConvertsTimestamp() {
        let dto = UserDTO(name: .init(first: "Ada", last: "Lovelace"), email: "ada@example.com", dayOfBirth: 0)
        let user = User(from: dto)
        #expect(
            user
                == User(
                    firstName: "Ada", lastName: "Lovelace", email: "ada@example.com",
                    dateOfBirth: Date(timeIntervalSince1970: 0)))
    }

    @Test func catalogProductsAreLenient() throws {
        let json =
            #"[{"id":1,"name":7,"price":"9.90","in_stock":"1","tags":["a",2,"b"],"updated_at":"2024-05-01 10:00:00"},{"id":2,"price":null}]"#
        let products = try JSONDecoder().decode([Product].self, from: Data(json.utf8))
        #expect(products[0].name == "7")
        #expect(products[0].price == Decimal(string: "9.9"))
        #expect(products[0].inStock)
        #expect(products[0].tags == ["a", "b"])
        #expect(products[1].tags == [])
        #expect(products[1].name == "" && products[1].price == 0 && !products[1].inStock)
        let items = CatalogItem.from(products)
        #expect(items[0] == CatalogItem(id: 1, title: "7", price: Decimal(string: "9.9") ?? 0, isAvailable: true))
    }

    @Test func storeSearchMapsEachItem() throws {
        let json =
            #"{"query":"swift","total":1,"items":[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Book","price":10,"category":"comics"}]}"#
        let results = try JSONDecoder().decode(SearchResults.self, from: Data(json.utf8))
        #expect(results.items[0].category == .other("comics"))
        let items = StoreItem.from(results)
        #expect(
            items == [
                StoreItem(
                    id: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!, name: "Book", price: 10,
                    imageURL: nil, category: "comics")
            ])
    }
}
