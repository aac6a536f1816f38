import Foundation
import Testing
@testable import DTOGenCore

/// A `HEAD` operation that declares a response body (Kubernetes's, copied from the GET) is
/// imported as what it sends: a request whose answer is headers only.
struct HeadOperationTests {
    @Test func aHeadOperationWithADeclaredBodyReturnsVoid() throws {
        let document = ##"""
            {"openapi":"3.0.0","info":{"title":"Pods","version":"1"},"paths":{"/pods/{name}":{
              "parameters":[{"name":"name","in":"path","required":true,"schema":{"type":"string"}}],
              "get":{"operationId":"readPod","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pod"}}}}}},
              "head":{"operationId":"checkPod","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pod"}}}}}}}},
             "components":{"schemas":{"Pod":{"type":"object","properties":{"name":{"type":"string"}}}}}}
            """##
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "pods.json")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        let spec = try #require(try JSONSerialization.jsonObject(with: Data(imported.spec.utf8)) as? [String: Any])
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        let head = try #require(endpoints.first { $0["name"] as? String == "checkPod" })
        #expect(head["method"] as? String == "HEAD")
        #expect(head["response"] == nil)
        let generated = Generator.generate([SpecInput(path: "pods.json", bytes: Array(imported.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let factories = try #require(generated.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(
            factories.contains(
                "nonisolated extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.Public, Void> {\n    /// `HEAD /pods/{name}`\n    static func checkPod(name: String) -> Self {"
            ))
    }
}
