import Foundation
import Testing
@testable import DTOGenCore

/// References as real documents write them: a JSON pointer in a `$ref` is a URI fragment,
/// percent-encoded (RFC 6901 §6), and a reference to a schema the document does not declare
/// leaves only its uses untyped.
struct ReferenceTests {
    static func imported(_ document: String) -> (spec: [String: Any], result: ImportResult) {
        let result = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "doc.json")
        let spec = (try? JSONSerialization.jsonObject(with: Data(result.spec.utf8))) as? [String: Any] ?? [:]
        return (spec, result)
    }

    @Test func percentEncodedPointersResolve() throws {
        let document = ##"""
            {"swagger":"2.0","info":{"title":"Jobs","version":"1"},"paths":{"/jobs/{id}":{"get":{"operationId":"job","parameters":[{"name":"id","in":"path","required":true,"type":"string"}],"responses":{"200":{"description":"ok","schema":{"$ref":"#/definitions/Request%20class"}},"401":{"$ref":"#/paths/~1jobs~1%7Bid%7D/get/responses/200"}}}}},
             "definitions":{"Request class":{"type":"object","properties":{"name":{"type":"string"}}}}}
            """##
        let (spec, result) = Self.imported(document)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let types = try #require(spec["types"] as? [String: Any])
        #expect(types["RequestClass"] != nil)
        let endpoints = try #require(spec["endpoints"] as? [[String: Any]])
        #expect(endpoints.first?["response"] as? String == "RequestClass")
    }

    @Test func aDanglingSchemaReferenceIsJSONWithOneWarning() throws {
        let document = ##"""
            {"openapi":"3.0.0","info":{"title":"Shop","version":"1"},"paths":{"/items":{"get":{"operationId":"items","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Item"}}}}}}}},
             "components":{"schemas":{"Item":{"type":"object","properties":{"id":{"type":"string"},"a":{"$ref":"#/components/schemas/Toggle"},"b":{"$ref":"#/components/schemas/Toggle"}}}}}}
            """##
        let (spec, result) = Self.imported(document)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.message.contains("does not resolve") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.severity == .warning)
        #expect(warnings.first?.message.contains("'#/components/schemas/Toggle'") == true)
        let item = try #require((spec["types"] as? [String: Any])?["Item"] as? [String: Any])
        #expect(item["a"] as? String == "JSON?")
        #expect(item["id"] as? String == "String?")
        let generated = Generator.generate([SpecInput(path: "shop.json", bytes: Array(result.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
    }
}

/// A schema named like a generic parameter of the factories' extension (`Response`, `Kind`)
/// never changes what a factory's argument means.
struct GenericParameterNameTests {
    @Test func importRenamesSuchASchema() throws {
        let document = ##"""
            {"openapi":"3.0.0","info":{"title":"Basket","version":"1"},"paths":{"/basket":{"post":{"operationId":"fill","requestBody":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/Response"}}}},"responses":{"204":{"description":"ok"}}}}},
             "components":{"schemas":{"Response":{"type":"object","properties":{"id":{"type":"string"}}}}}}
            """##
        let result = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "basket.json")
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.spec.contains("\"ResponseObject\""))
        let generated = Generator.generate([SpecInput(path: "basket.json", bytes: Array(result.spec.utf8))])
        #expect(!generated.hasErrors, "\(generated.diagnostics)")
        let endpoints = try #require(generated.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("static func fill(body: ResponseObject) -> Self"))
    }

    @Test func aHandWrittenSpecIsToldToRenameIt() {
        let result = generate(
            #"{ "types": { "Response": { "id": "String" } }, "endpoints": [{ "name": "fill", "method": "POST", "path": "/basket", "body": "Response" }] }"#
        )
        #expect(result.hasErrors)
        #expect(
            result.diagnostics.map(\.message) == [
                "endpoint 'fill' takes 'body' of type 'Response', a name that inside the factory's extension means the endpoint's generic parameter; rename the type (for example 'ResponseBody')"
            ])
    }
}
