import DTORuntime
import Foundation
import Testing

/// The app's model for `jsonmapping.json`.
struct ProfileModel: Equatable {
    var website: URL?
    var color: String?
    var age: Int
    var since: Date?
    var score: Double?
    var first: String?
    var raw: JSONValue?
}

/// Mapping from `JSON` values with conversions, and `"default": null` for an optional
/// domain field (issue 10).
struct JSONMappingTests {
    func model(_ json: String) throws -> ProfileModel {
        ProfileModel(from: try decodeBoth(Profile.self, from: Data(json.utf8)))
    }

    @Test func jsonValuesConvert() throws {
        let value = try model(
            #"""
            {"blog": "https://blog.example", "extra": {"color": "red", "age": "41", "since": "2020-01-01T00:00:00Z", "tags": [7]}, "meta": {"score": 2.5}}
            """#)
        #expect(
            value
                == ProfileModel(
                    website: URL(string: "https://blog.example"), color: "red", age: 41,
                    since: Date(timeIntervalSince1970: 1_577_836_800),
                    score: 2.5, first: "7", raw: "red"
                ))
    }

    @Test func aNullDefaultMakesAFailedConversionNil() throws {
        let value = try model(#"{"blog": "", "extra": {"age": true, "since": "yesterday"}, "meta": {}}"#)
        #expect(value == ProfileModel(website: nil, color: nil, age: 0, since: nil, score: nil, first: nil, raw: nil))
    }
}
