import Testing
@testable import DTOGenCore

struct NamingTests {
    @Test(arguments: [
        ("day_of_birth", "dayOfBirth"), ("user-id", "userId"), ("2fa", "_2fa"), ("userID", "userId"),
        ("URLString", "urlString"), ("ID", "id"), ("already_camelCase", "alreadyCamelCase"), ("HTML", "html"),
        ("official-artwork", "officialArtwork"), ("  spaced  out ", "spacedOut"), ("a.b", "aB"), ("", "empty"),
        ("名前", "field"), ("init", "initValue"), ("self", "selfValue"), ("Type", "type"), ("container", "containerValue"),
    ])
    func propertyNames(_ key: String, _ expected: String) {
        #expect(SwiftName.property(key) == expected)
    }

    @Test(arguments: [
        ("class", "`class`"), ("default", "`default`"), ("type", "type"), ("Any", "`Any`"), ("_2fa", "_2fa"), ("where", "`where`"),
    ])
    func escaping(_ name: String, _ expected: String) {
        #expect(SwiftName.escaped(name) == expected)
    }

    @Test(arguments: [
        ("features", "feature"), ("abilities", "ability"), ("status", "status"), ("statuses", "status"),
        ("addresses", "address"), ("matches", "match"), ("boxes", "box"), ("people", "person"), ("game_indices", "game_index"),
        ("photoUrls", "photo_Url"), ("news", "news"), ("data", "data"), ("series", "series"), ("analysis", "analysis"), ("bus", "bus"),
    ])
    func singulars(_ plural: String, _ expected: String) {
        #expect(SwiftName.singular(plural) == expected)
    }

    @Test(arguments: [
        ("data", "DataObject"), ("type", "TypeObject"), ("error", "ErrorObject"), ("url", "Url"), ("URL", "Url"), ("Date", "DateObject"),
        ("official-artwork", "OfficialArtwork"), ("generation-i", "GenerationI"), ("self", "SelfObject"), ("2d", "_2d"),
    ])
    func typeNames(_ key: String, _ expected: String) {
        #expect(SwiftName.type(key) == expected)
    }

    @Test func distinctNamesAreDeterministic() {
        #expect(SwiftName.distinct("a", from: ["a"]) == "a2")
        #expect(SwiftName.distinct("a", from: ["a", "a2"]) == "a3")
        #expect(SwiftName.distinct("_1", from: ["_1"]) == "_1_2")
    }

    @Test(arguments: [
        ("quakes.json", "Quakes"), ("usgs/all_day.json", "Usgs_AllDay"), ("a/b/c.dtogen.json", "A_B_C"), ("../x.json", "Spec_X"), ("---.json", "Spec"),
    ])
    func fileNamesFromPaths(_ path: String, _ expected: String) {
        #expect(SwiftName.fileBase(forSpecPath: path) == expected)
    }

    @Test func stringLiteralsCannotBreakOut() {
        #expect(SwiftLiteral.string("a\"b") == #""a\"b""#)
        #expect(SwiftLiteral.string(#"\(x)"#) == #""\\(x)""#)
        #expect(SwiftLiteral.string("line\nbreak\r\t") == #""line\nbreak\r\t""#)
        #expect(SwiftLiteral.string("\u{0}\u{7}\u{2028}\u{202E}") == #""\0\u{7}\u{2028}\u{202E}""#)
        #expect(SwiftLiteral.string("é🙂") == "\"é🙂\"")
    }

    @Test func docCommentsStayComments() {
        #expect(SwiftLiteral.docLines("one\ntwo */ import Evil\n\nthree") == ["/// one", "/// two */ import Evil", "///", "/// three"])
        #expect(SwiftLiteral.docLines("a\u{2028}b\rc") == ["/// abc"])
    }
}
