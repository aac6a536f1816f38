import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// `""` in an optional URL property (what many APIs send for "no URL") decodes as `nil` in
/// both decoders, where `URL(string: "")` made the whole response fail; a required URL that
/// receives `""` still fails, and the app's own `Codable` types are left as they are.
struct EmptyURLTests {
    static let spec = #"""
        {
          "name": "Profiles",
          "types": {
            "Link": "URL",
            "Profile": {
              "avatar_url": "URL?", "home": "URL", "site": "Link?",
              "backup": { "$type": "URL?", "$lenient": true }
            },
            "Post": { "at": "Date", "image": "URL?", "$examples": ["post.json"] }
          },
          "endpoints": [
            { "name": "profile", "path": "/profile", "response": "Profile" },
            { "name": "post", "path": "/post", "response": "Post" }
          ]
        }
        """#

    @Test func anOptionalURLReadsEmptyAsNilInBothDecoders() throws {
        let post = Array(#"{ "at": "2026-01-02T03:04:05Z", "image": "" }"#.utf8)
        let result = Generator.generate([
            SpecInput(path: "profiles.json", bytes: Array(Self.spec.utf8), files: ["post.json": post])
        ])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        // Without fast decoding (whose declared conformances need version 14), what it needs.
        let plain = Generator.generate(
            [SpecInput(path: "profiles.json", bytes: Array(Self.spec.utf8), files: ["post.json": post])],
            options: GeneratorOptions(fastDecoding: false))
        let plainDTOs = try #require(plain.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(plainDTOs.contains("GeneratedCodeSupport.Version12"), "the file needs the runtime that reads it so")
        let main = #"""
            import Foundation
            import DTORuntime

            /// The app's own type: its URL reads as Foundation reads it.
            struct Mine: Codable { let url: URL? }

            func show(_ body: () throws -> Any) -> String {
                do { return "\(try body())" } catch { return "error" }
            }
            let empty = Data(#"{ "avatar_url": "", "home": "https://a.example", "site": "", "backup": "" }"#.utf8)
            let json = try JSONDecoder().decode(Profile.self, from: empty)
            let fast = try FastDecoder().decode(Profile.self, from: empty)
            print(json == fast, json.avatarURL as Any, json.site as Any, json.backup as Any, json.home)
            let encoded = String(decoding: try JSONEncoder().encode(json), as: UTF8.self)
            print(encoded.contains("avatar_url"), encoded.contains("home"))
            let post = Data(#"{ "at": "2026-01-02T03:04:05Z", "image": "" }"#.utf8)
            let images = (
                try JSONDecoder().decode(Post.self, from: post).image, try FastDecoder().decode(Post.self, from: post).image
            )
            print(images.0 as Any, images.1 as Any)
            let set = Data(#"{ "avatar_url": "https://b.example/a.png", "home": "https://a.example" }"#.utf8)
            print(try FastDecoder().decode(Profile.self, from: set).avatarURL?.absoluteString ?? "nil")
            let required = Data(#"{ "home": "" }"#.utf8)
            print(
                show { try JSONDecoder().decode(Profile.self, from: required) },
                show { try FastDecoder().decode(Profile.self, from: required) })
            print(show { try JSONDecoder().decode(Mine.self, from: Data(#"{ "url": "" }"#.utf8)) })
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output
                == "true nil nil nil https://a.example\nfalse true\nnil nil\nhttps://b.example/a.png\nerror error\nerror\n",
            "\(run.output)")
    }

    /// `dtogen verify` reads samples as the decoders do: `""` fits an optional URL, not a
    /// required one, nor a generic type's `T?` that is a URL (its call is the generic one).
    @Test func verifyReadsEmptyAsTheDecodersDo() {
        let spec = Self.spec.replacingOccurrences(
            of: #""home": "URL","#, with: #""home": "URL", "$examples": ["profile.json"],"#
        ).replacingOccurrences(
            of: #""Link": "URL","#, with: #""Link": "URL", "Box<T>": { "v": "T?" },"#
        ).replacingOccurrences(
            of: #"{ "name": "post", "path": "/post", "response": "Post" }"#,
            with:
                #"{ "name": "post", "path": "/post", "response": "Post" }, { "name": "box", "path": "/box", "response": "Box<URL>", "examples": ["box.json"] }"#
        )
        let files = [
            "profile.json": #"{ "avatar_url": "", "home": "" }"#, "box.json": #"{ "v": "" }"#,
            "post.json": #"{ "at": "2026-01-02T03:04:05Z", "image": "" }"#,
        ].mapValues { Array($0.utf8) }
        let result = Generator.generate([SpecInput(path: "profiles.json", bytes: Array(spec.utf8), files: files)])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 2, "\(result.diagnostics)")
        #expect(errors.allSatisfy { $0.code == "DTG5021" }, "\(errors)")
        #expect(errors.contains { $0.file == "profile.json" } && errors.contains { $0.file == "box.json" }, "\(errors)")
    }
}
