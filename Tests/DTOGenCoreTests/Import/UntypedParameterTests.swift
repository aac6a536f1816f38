import Foundation
import Testing
@testable import DTOGenCore

/// A path parameter, query item or header is text on the wire whatever its schema says:
/// one whose schema gives no type (Cloudflare's identifiers are `{ example: "699d…" }`) is
/// imported as a string (or the number its `format` names), not left out with its operation.
struct UntypedParameterTests {
    @Test func parametersWithoutATypeAreText() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Devices, version: "1" }
            servers: [{ url: "https://api.example" }]
            paths:
              /devices/{identifier}:
                get:
                  operationId: getDevice
                  parameters:
                    - { name: identifier, in: path, required: true, schema: { example: 699d98642c564d2e855e9661899b7252 } }
                    - { name: page, in: query, schema: { format: int64, description: The page. } }
                    - { name: X-Trace, in: header, schema: { description: A trace id. } }
                    - { name: limit, in: query, schema: { example: 20 } }
                    - { name: size, in: query, schema: { default: 20 } }
                    - { name: ratio, in: query, schema: { minimum: 0.5 } }
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { type: object, properties: { id: { type: string } } } } } }
            """
        let imported = OpenAPIImporter.importDocument(bytes: Array(document.utf8), path: "devices.yaml")
        #expect(!imported.hasErrors && imported.diagnostics.isEmpty, "\(imported.diagnostics)")
        for line in [
            #""identifier": "String""#, #""page": "Int64?""#, #""X-Trace": "String?""#, #""limit": "Int?""#,
            #""size": { "$type": "Int?", "$doc": "Default: `20`." }"#, #""ratio": "Double?""#,
        ] {
            #expect(imported.spec.contains(line), "\(line)\n\(imported.spec)")
        }
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, GetDeviceResponse>
                .getDevice(identifier: "699d98642c564d2e855e9661899b7252", page: 2, limit: 5, xTrace: "t1")
                .makeRequest(baseURL: DevicesAPI.baseURL, with: ())
            print(request.url?.absoluteString ?? "-", request.value(forHTTPHeaderField: "X-Trace") ?? "-")
            """#
        let run = try OpenAPIImportTests.generateAndRun(imported.spec, main: main)
        #expect(
            run.output == "https://api.example/devices/699d98642c564d2e855e9661899b7252?page=2&limit=5 t1\n",
            "\(run.output)")
    }
}
