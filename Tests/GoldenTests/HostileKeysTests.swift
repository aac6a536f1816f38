import DTORuntime
import Foundation
import Testing

/// The hostile spec (Tests/Fixtures/golden-specs/hostile.json): keys that are keywords,
/// reserved names, empty, non-ASCII, colliding after sanitising, or full of quotes and
/// backslashes. The generated code must compile (it does, or this target would not build)
/// and decode and encode every one of those keys exactly.
struct HostileKeysTests {
    static let keywordsJSON = #"""
        {"class":"c","default":1,"self":"s","init":true,"Type":"t","protocol":null,"where":5,"hashValue":7,
         "CodingKeys":"ck","container":"box","":"empty","_":3,"2fa":false,"名前":"name","user_id":10,"userId":11,
         "+1":1,"-1":2,"$ref":"#/ref","quote\"key":"q","back\\slash":"b","interp\\(x)":"i","new\nline":"n"}
        """#

    @Test func keywordKeysDecodeAndEncodeUnchanged() throws {
        let value = try decodeBoth(Keywords.self, from: Data(Self.keywordsJSON.utf8))
        #expect(value.class == "c")
        #expect(value.default == 1)
        #expect(value.selfValue == "s")
        #expect(value.initValue)
        #expect(value.type == "t")
        #expect(value.protocol == nil)
        #expect(value.where == 5)
        #expect(value.hashValueField == 7)
        #expect(value.codingKeys == "ck")
        #expect(value.containerValue == "box")
        #expect(value.empty == "empty")
        #expect(value.field == 3)
        #expect(value._2fa == false)
        #expect(value.field2 == "name")
        #expect(value.userID == 10)
        #expect(value.userID2 == 11)
        #expect(value._1 == 1)
        #expect(value._1_2 == 2)
        #expect(value.ref == "#/ref")
        #expect(value.quoteKey == "q")
        #expect(value.backSlash == "b")
        #expect(value.interpX == "i")
        #expect(value.newLine == "n")

        let original = try JSONSerialization.jsonObject(with: Data(Self.keywordsJSON.utf8)) as? NSDictionary
        var reencoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any] ?? [:]
        reencoded["protocol"] = NSNull()  // nil is left out when encoding; the source had null
        #expect(NSDictionary(dictionary: reencoded) == original)
    }

    @Test func nestedTypesNeverShadowSwiftTypes() throws {
        let json = #"""
            {"data":{"value":1},"type":{"name":"n"},"error":"worse","url":{"href":"h"},"date":{"day":2},"string":{"text":"t"},
             "shadowing":{"inner":3},"keywords":{"again":4},"items":[{"id":1}],"categories":[{"id":2}],"status":[{"id":3}],"statuses":[{"id":4}],
             "values":{"count":5}}
            """#
        let value = try decodeBoth(Shadowing.self, from: Data(json.utf8))
        let data: Shadowing.DataObject = value.data
        let type: Shadowing.TypeObject = value.type
        let error: Shadowing.ErrorValue = value.error
        let date: Shadowing.DateObject = value.date
        let item: Shadowing.Item = value.items[0]
        let category: Shadowing.Category = value.categories[0]
        #expect(
            data.value == 1 && type.name == "n" && error == .worse && date.day == 2 && item.id == 1 && category.id == 2)
        #expect(value.shadowing.inner == 3)
        // A nested type takes a top-level type's name only where its declaration does not
        // refer to that type: `top` is the file-scope `Keywords`, so the inline `keywords`
        // is `Keywords2`; nothing in `Shadowing` names the enum `Values`, so `values` is `Values`.
        let keywords: Shadowing.Keywords2 = value.keywords
        let top: Keywords? = value.top
        let values: Shadowing.Values = value.values
        #expect(keywords.again == 4 && values.count == 5)
        #expect(top == nil)
        #expect(value.status[0].id == 3 && value.statuses[0].id == 4)
        // Swift's own types are still reachable inside the generated scope.
        #expect(Swift.type(of: value.string.text) == String.self)
    }

    @Test func enumValuesWithHostileText() throws {
        let json =
            #"["in-progress","in_progress","default","self","rawValue","2nd","","quote\"d","back\\slash","\\(evil)","init","unknown","surprise"]"#
        let values = try decodeBoth([Values].self, from: Data(json.utf8))
        #expect(
            values == [
                .inProgress, .inProgress2, .default, .selfCase, .rawValueCase, ._2nd, .empty, .quoteD, .backSlash,
                .evil, .initCase, .unknown, .unknown2("surprise"),
            ])
        #expect(values[9].rawValue == #"\(evil)"#)
        let encoded = String(decoding: try JSONEncoder().encode(values), as: UTF8.self)
        let again = try decodeBoth([Values].self, from: Data(encoded.utf8))
        #expect(again == values)
        #expect(encoded.contains("surprise"))
    }
}
