import Foundation
import Testing
@testable import DTOGenCore

/// What Linode's request bodies write: a property restated in a later `allOf` part, and a
/// string enum that YAML 1.1 tools wrote with booleans in it.
struct RestatedPropertyTests {
    static let document = """
        openapi: 3.0.0
        info: { title: Linode, version: "1" }
        servers: [{ url: "https://api.linode.example" }]
        paths:
          /volumes/{id}:
            put:
              operationId: putVolume
              parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
              requestBody:
                content:
                  application/json:
                    schema:
                      allOf:
                        - $ref: "#/components/schemas/Volume"
                        - { type: object, properties: { size: { readOnly: true }, linode_id: { readOnly: true } } }
              responses:
                "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/Volume" } } } }
          /vpcs:
            post:
              operationId: postVpc
              requestBody:
                content:
                  application/json:
                    schema:
                      allOf:
                        - { required: [label] }
                        - { properties: { subnets: { required: [ipv4] } } }
                        - type: object
                          properties:
                            label: { type: string }
                            commit: { type: string, enum: [true, local, remote_write, false] }
                            subnets: { type: array, items: { type: object, properties: { ipv4: { type: string } } } }
              responses: { "204": { description: ok } }
        components:
          schemas:
            Volume:
              type: object
              properties:
                id: { type: integer, readOnly: true }
                label: { type: string }
                size: { type: integer }
                linode_id: { type: integer, nullable: true }
        """

    @Test func aLaterPartsStatementOfAPropertyHolds() throws {
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "linode.yaml")
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        #expect(
            imported.diagnostics.map(\.description) == [
                "linode.yaml:31:51: warning: #/paths/~1vpcs/post/requestBody/content/application~1json/schema/properties/commit/enum: the schema's type is string: the enum's values that are not strings are left out [DTG4048]"
            ])
        let spec = imported.spec
        // `size` and `linode_id`, read-only as the second part restates them, are not sent;
        // neither is the id the schema itself marks.
        #expect(spec.contains(#""body": {\#n        "label": "String?"\#n      }"#), "\(spec)")
        // A statement that only constrains yields to the one with a type: `subnets` is an array.
        #expect(
            spec.contains(#""subnets": {\#n          "$type": [\#n            {\#n              "ipv4": "String?"\#n"#),
            "\(spec)")
        // Only the strings of a `type: string` enum are values.
        #expect(spec.contains(#""commit": { "$enum": ["local", "remote_write"], "$optional": true }"#), "\(spec)")
        let main = #"""
            import Foundation
            let request = try Endpoint<EndpointKinds.Public, Void>.postVpc(
                body: PostVpcBody(subnets: [.init(ipv4: "10.0.0.0/24")], label: "v", commit: .remoteWrite)
            ).makeRequest(baseURL: LinodeAPI.baseURL, with: ())
            let sent = try JSONSerialization.jsonObject(with: request.httpBody ?? Data())
            print(String(decoding: try JSONSerialization.data(withJSONObject: sent, options: .sortedKeys), as: UTF8.self))
            """#
        let run = try OpenAPIImportTests.generateAndRun(spec, main: main)
        #expect(
            run.output == #"{"commit":"remote_write","label":"v","subnets":[{"ipv4":"10.0.0.0\/24"}]}"# + "\n",
            "\(run.output)")
    }
}
