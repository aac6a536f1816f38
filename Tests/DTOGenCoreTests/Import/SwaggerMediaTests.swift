import Foundation
import Testing
@testable import DTOGenCore

/// Swagger 2.0's `produces` and `consumes` decide what 3.0's `content` decides: Docker
/// Engine's `/_ping` answers `text/plain` (`OK`, the raw text), and its image upload is a
/// tar archive sent with that media type, not an endpoint left out.
struct SwaggerMediaTests {
    @Test func producesAndConsumesDecideTheMedia() throws {
        let document = ##"""
            {"swagger":"2.0","info":{"title":"Engine","version":"1"},"produces":["application/json"],"paths":{
              "/_ping":{"get":{"operationId":"SystemPing","produces":["text/plain"],"responses":{"200":{"description":"ok","schema":{"type":"string","example":"OK"}}}}},
              "/images/load":{"post":{"operationId":"ImageLoad","consumes":["application/x-tar"],
                "parameters":[{"name":"imagesTarball","in":"body","schema":{"type":"string","format":"binary"}}],
                "responses":{"200":{"description":"ok"}}}},
              "/build":{"post":{"operationId":"ImageBuild","consumes":["application/octet-stream"],
                "parameters":[{"name":"inputStream","in":"body","schema":{"type":"string","format":"binary"}},
                  {"name":"Content-type","in":"header","type":"string","enum":["application/x-tar"],"default":"application/x-tar"}],
                "responses":{"200":{"description":"ok"}}}},
              "/info":{"get":{"operationId":"SystemInfo","responses":{"200":{"description":"ok","schema":{"type":"object","properties":{"ID":{"type":"string"}}}}}}}}}
            """##
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "engine.json")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(imported.spec.utf8)) as? [String: Any])
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        let byName = Dictionary(endpoints.map { ($0["name"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["systemPing"]?["response"] as? String == "String")
        #expect(byName["imageLoad"]?["body"] as? String == "Data")
        #expect(byName["imageLoad"]?["contentType"] as? String == "application/x-tar")
        // Its `Content-type` header parameter says the one type `/build` takes.
        #expect(byName["imageBuild"]?["contentType"] as? String == "application/x-tar")
        #expect((byName["systemInfo"]?["response"] as? [String: String]) == ["ID": "String?"], "JSON stays JSON")
        let generated = Generator.generate([SpecInput(path: "engine.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors && generated.diagnostics.isEmpty, "\(generated.diagnostics)")
    }
}
