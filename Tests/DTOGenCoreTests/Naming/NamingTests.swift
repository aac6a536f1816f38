import Foundation
import Testing
@testable import DTOGenCore

struct NamingTests {
    @Test(arguments: [
        ("day_of_birth", "dayOfBirth"), ("user-id", "userID"), ("2fa", "_2fa"), ("userID", "userID"),
        ("URLString", "urlString"), ("ID", "id"), ("already_camelCase", "alreadyCamelCase"), ("HTML", "html"),
        ("official-artwork", "officialArtwork"), ("  spaced  out ", "spacedOut"), ("a.b", "aB"), ("", "empty"),
        ("名前", "field"), ("init", "initValue"), ("self", "selfValue"), ("Type", "type"),
        ("container", "containerValue"),
    ])
    func propertyNames(_ key: String, _ expected: String) {
        #expect(SwiftName.property(key) == expected)
    }

    @Test(arguments: [
        ("class", "`class`"), ("default", "`default`"), ("type", "type"), ("Any", "`Any`"), ("_2fa", "_2fa"),
        ("where", "`where`"),
    ])
    func escaping(_ name: String, _ expected: String) {
        #expect(SwiftName.escaped(name) == expected)
    }

    @Test(arguments: [
        ("features", "feature"), ("abilities", "ability"), ("status", "status"), ("statuses", "status"),
        ("addresses", "address"), ("matches", "match"), ("boxes", "box"), ("people", "person"),
        ("game_indices", "game_index"),
        ("photoUrls", "photo_Url"), ("news", "news"), ("data", "data"), ("series", "series"), ("analysis", "analysis"),
        ("bus", "bus"),
    ])
    func singulars(_ plural: String, _ expected: String) {
        #expect(SwiftName.singular(plural) == expected)
    }

    @Test(arguments: [
        ("data", "DataObject"), ("type", "TypeObject"), ("error", "ErrorObject"), ("url", "URLObject"),
        ("URL", "URLObject"), ("Date", "DateObject"),
        ("official-artwork", "OfficialArtwork"), ("generation-i", "GenerationI"), ("self", "SelfObject"), ("2d", "_2d"),
    ])
    func typeNames(_ key: String, _ expected: String) {
        #expect(SwiftName.type(key) == expected)
    }

    /// Swift API Design Guidelines casing (`options.naming: "swift"`, the default), beside plain camel case.
    @Test(arguments: [
        ("avatar_url", "avatarURL", "avatarUrl"), ("node_id", "nodeID", "nodeId"), ("html_url", "htmlURL", "htmlUrl"),
        ("id", "id", "id"), ("url", "url", "url"), ("api_key", "apiKey", "apiKey"),
        ("user_api_key", "userAPIKey", "userApiKey"),
        ("user_ids", "userIDs", "userIds"), ("URLString", "urlString", "urlString"), ("paid", "paid", "paid"),
        ("gravatar_id", "gravatarID", "gravatarId"), ("https_only", "httpsOnly", "httpsOnly"),
        ("use_https", "useHTTPS", "useHttps"),
        ("hashValue", "hashValueField", "hashValueField"), ("hash", "hashField", "hashField"),
    ])
    func swiftAndCamelCasing(_ key: String, _ swift: String, _ camel: String) {
        #expect(SwiftName.property(key) == swift)
        #expect(SwiftName.property(key, style: .camel) == camel)
    }

    @Test(arguments: [
        ("image_url", "ImageURL", "ImageUrl"), ("api", "API", "Api"), ("node_ids", "NodeIDs", "NodeIds"),
        ("html", "HTML", "Html"),
    ])
    func swiftAndCamelTypeNames(_ key: String, _ swift: String, _ camel: String) {
        #expect(SwiftName.type(key) == swift)
        #expect(SwiftName.type(key, style: .camel) == camel)
    }

    /// Every public type of DTORuntime is a name a spec type is renamed away from when the
    /// runtime's sources share the generated module.
    @Test func everyRuntimeTypeIsKnown() throws {
        let folder = packageRoot.appendingPathComponent("Sources/DTORuntime")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where line.first != " " {
                var words = line.split(separator: " ")
                if words.first?.hasPrefix("@_spi") == true { words.removeFirst() }
                guard words.first == "public" else { continue }
                words.removeFirst()
                if words.first == "final" { words.removeFirst() }
                guard let keyword = words.first,
                    ["struct", "enum", "class", "protocol", "typealias"].contains(keyword), words.count > 1
                else { continue }
                names.insert(String(words[1].prefix { $0.isLetter || $0.isNumber || $0 == "_" }))
            }
        }
        #expect(names.count > 40)
        #expect(names.subtracting(SwiftName.runtimeTypes).sorted() == [])
    }

    @Test(arguments: [
        ("quakes.json", "Quakes"), ("usgs/all_day.json", "AllDay"), ("a/b/c.dtogen.json", "C"), ("../x.json", "X"),
        ("---.json", "Spec"),
    ])
    func fileNamesFromPaths(_ path: String, _ expected: String) {
        #expect(SwiftName.fileBase(forSpecPath: path) == expected)
    }

    /// One rule for the command line and the plugins: the file name, with just enough folders
    /// to tell specs of the same file name apart.
    @Test func fileBasesAreTheFileNameUnlessTwoSpecsShareIt() {
        #expect(Generator.fileBases(forSpecPaths: ["billing/charges.json", "users.json"]) == ["Charges", "Users"])
        #expect(
            Generator.fileBases(forSpecPaths: ["a/charges.json", "b/charges.json", "c.json"]) == [
                "A_Charges", "B_Charges", "C",
            ])
        #expect(
            Generator.fileBases(forSpecPaths: ["x/a/s.json", "y/a/s.json", "b/s.json"]) == ["X_A_S", "Y_A_S", "B_S"])
        // The plugin sees paths from the target's folder, the command line from the specs folder: same names.
        #expect(
            Generator.fileBases(forSpecPaths: ["Specs/charges.dtogen.json"])
                == Generator.fileBases(forSpecPaths: ["charges.json"]))
    }

    @Test func stringLiteralsCannotBreakOut() {
        #expect(SwiftLiteral.string("a\"b") == #""a\"b""#)
        #expect(SwiftLiteral.string(#"\(x)"#) == #""\\(x)""#)
        #expect(SwiftLiteral.string("line\nbreak\r\t") == #""line\nbreak\r\t""#)
        #expect(SwiftLiteral.string("\u{0}\u{7}\u{2028}\u{202E}") == #""\0\u{7}\u{2028}\u{202E}""#)
        #expect(SwiftLiteral.string("é🙂") == "\"é🙂\"")
    }

    @Test func docCommentsStayComments() {
        #expect(
            SwiftLiteral.docLines("one\ntwo */ import Evil\n\nthree") == [
                "/// one", "/// two */ import Evil", "///", "/// three",
            ])
        #expect(SwiftLiteral.docLines("a\u{2028}b\rc") == ["/// abc"])
    }
}
