import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `options.naming` reaches the names import writes: types, endpoints and the `$name` a key
/// needs, for `dtogen import --naming` and for a spec backed by a document alike.
struct NamingStyleImportTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Profiles, version: "1" }
        servers: [{ url: "https://api.example.com" }]
        paths:
          /profiles/{profile_id}:
            get:
              operationId: get_profile_by_id
              parameters:
                - { name: profile_id, in: path, required: true, schema: { type: string } }
                - { name: avatar_url, in: query, schema: { type: string } }
                - { name: avatarURL, in: query, schema: { type: string } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/profile_url_info" } } } }
        components:
          schemas:
            profile_url_info:
              type: object
              properties:
                avatar_url: { type: string }
                html_url: { type: string }
        """

    static func imported(_ naming: NamingStyle) -> ImportResult {
        OpenAPIImporter.importDocument(
            bytes: Array(document.utf8), path: "profiles.yaml", options: ImportOptions(naming: naming))
    }

    @Test func swiftNamingCasesInitialismsUniformly() {
        let spec = Self.imported(.swift).spec
        #expect(spec.contains(#""ProfileURLInfo""#) && spec.contains(#""getProfileByID""#), "\(spec)")
        // `avatar_url` and `avatarURL` give one Swift name: the second says where it comes from.
        #expect(spec.contains(#""$name": "avatarURLQuery""#), "\(spec)")
        #expect(!spec.contains(#""naming""#))
    }

    @Test func camelNamingIsWrittenAndUsed() throws {
        let imported = Self.imported(.camel)
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        let spec = imported.spec
        #expect(spec.contains(#""naming": "camel""#), "\(spec)")
        #expect(spec.contains(#""ProfileUrlInfo""#) && spec.contains(#""getProfileById""#), "\(spec)")
        // Both keys give `avatarUrl` in camel case too: the `$name` is cased as the spec's names.
        #expect(spec.contains(#""$name": "avatarUrlQuery""#), "\(spec)")
        let run = try OpenAPIImportTests.generateAndRun(
            spec,
            main: #"""
                import Foundation
                let endpoint = Endpoint<EndpointKinds.Public, ProfileUrlInfo>.getProfileById(profileId: "p 1", avatarUrl: "a", avatarUrlQuery: "b")
                print(try endpoint.makeRequest(baseURL: ProfilesAPI.baseURL, with: ()).url?.absoluteString ?? "-")
                let info = try JSONDecoder().decode(ProfileUrlInfo.self, from: Data(#"{"avatar_url": "x", "html_url": "y"}"#.utf8))
                print(info.avatarUrl ?? "-", info.htmlUrl ?? "-")
                """#)
        #expect(run.diagnostics.isEmpty, "\(run.diagnostics)")
        #expect(
            run.output == "https://api.example.com/profiles/p%201?avatar_url=a&avatarURL=b\nx y\n", "\(run.output)")
    }

    /// A backed spec's `options.naming` reaches the document's translation.
    @Test func aBackedSpecsNamingReachesTheDocument() throws {
        let spec = #"{ "openapi": "profiles.yaml", "options": { "naming": "camel" } }"#
        let input = SpecInput(
            path: "profiles.json", bytes: Array(spec.utf8), files: ["profiles.yaml": Array(Self.document.utf8)])
        let result = Generator.generate([input])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        #expect(text.contains("struct ProfileUrlInfo:") && text.contains("static func getProfileById("), "\(text)")
        #expect(text.contains("avatarUrl: String? = nil") && text.contains("avatarUrlQuery: String? = nil"), "\(text)")
    }

    /// `--update` keeps the earlier spec's naming.
    @Test func theEarlierSpecsNamingIsRead() throws {
        let previous = try #require(PreviousImport(spec: Array(Self.imported(.camel).spec.utf8)))
        #expect(previous.naming == .camel)
        #expect(try #require(PreviousImport(spec: Array(Self.imported(.swift).spec.utf8))).naming == .swift)
    }
}
