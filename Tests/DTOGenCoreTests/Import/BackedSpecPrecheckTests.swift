import Foundation
import PositionalJSON
import Testing
import TestSupport

@testable import DTOGenCore

/// A spec backed by a document is resolved once: what the resolver would reject in its
/// document (a parameter a request cannot carry, a form body that is not an object) is found
/// before, by the same rules asked of the spec's shapes, and left out first.
struct BackedSpecPrecheckTests {
    /// The precheck's errors, and the resolver's for the same rules, of a backed spec as read.
    static func findings(_ input: SpecInput) throws -> (prechecked: [String], resolved: [String]) {
        let read = OpenAPIBackedSpec.read(input)
        let spec = try #require(read.spec, "\(read.expanding + read.reading)")
        let prechecked = BackedSpecPrecheck.errors(in: spec).sorted().map(\.description)
        let stages = Generator.resolve(
            read: [Generator.ReadSpec(spec: spec, base: "Backed")], options: GeneratorOptions()
        )
        .1.all
        let resolved = stages.filter { ["DTG3006", "DTG3029"].contains($0.code.rawValue) }.sorted().map(\.description)
        return (prechecked, resolved)
    }

    static func backed(_ document: String, spec: String = #"{ "openapi": "api.yaml" }"#) -> SpecInput {
        SpecInput(path: "api.json", bytes: Array(spec.utf8), files: ["api.yaml": Array(document.utf8)])
    }

    /// Every shape the rules tell apart: an alias of a dictionary in an array (Jira's
    /// `[StringList]`), an object header written in place (Linode's `X-Filter`), arrays of
    /// arrays, an object path parameter, a multipart body that is an array, and what they
    /// accept (an object query item, a one-of of scalars, an array of dates).
    static let document = """
        openapi: 3.0.0
        info: { title: Things, version: "1" }
        paths:
          /places/{where}:
            get:
              operationId: getPlace
              parameters:
                - { name: where, in: path, required: true, schema: { $ref: "#/components/schemas/Where" } }
              responses:
                "200": { description: ok }
          /things:
            get:
              operationId: getThings
              parameters:
                - { name: properties, in: query, schema: { type: array, items: { $ref: "#/components/schemas/StringList" } } }
                - { name: filter, in: query, schema: { $ref: "#/components/schemas/Where" } }
                - { name: at, in: query, schema: { type: array, items: { type: string, format: date-time } } }
                - { name: size, in: query, schema: { oneOf: [{ type: integer }, { type: string }] } }
                - { name: X-Filter, in: header, schema: { type: object, properties: { a: { type: string } } } }
                - { name: X-Ids, in: header, schema: { type: array, items: { type: array, items: { type: integer } } } }
                - { name: X-Where, in: header, schema: { $ref: "#/components/schemas/Where" } }
              responses:
                "200": { description: ok }
          /uploads:
            post:
              operationId: upload
              requestBody:
                content:
                  multipart/form-data: { schema: { type: string, format: binary } }
              responses:
                "204": { description: done }
        components:
          schemas:
            Where: { type: object, properties: { x: { type: number } } }
            StringList: { type: object, additionalProperties: { type: string } }
        """

    @Test func findsWhatTheResolverFindsWithItsMessages() throws {
        let (prechecked, resolved) = try Self.findings(Self.backed(Self.document))
        #expect(prechecked == resolved)
        #expect(prechecked.count == 6, "\(prechecked.joined(separator: "\n"))")
        #expect(prechecked.contains { $0.contains("query item 'properties'") && $0.contains("found [StringList]?") })
        #expect(prechecked.contains { $0.contains("header 'X-Filter'") && $0.contains("found GetThingsXFilter?") })
        #expect(prechecked.contains { $0.contains("path parameter 'where'") && $0.hasSuffix("found Where [DTG3006]") })
        #expect(prechecked.contains { $0.contains("'bodyEncoding: multipart' needs a 'body' that is an object") })
        #expect(!prechecked.contains { $0.contains("'filter'") || $0.contains("'at'") || $0.contains("'size'") })
    }

    /// The parts it finds are left out before the one resolve, with import's warnings; the
    /// rest is generated.
    @Test func whatItFindsIsLeftOutWithImportsWarnings() throws {
        #expect(Generator.resolution([Self.backed(Self.document)], options: GeneratorOptions()).stageRuns == 1)
        let result = Generator.generate([Self.backed(Self.document)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.description)
        let imported = OpenAPIImporter.importDocument(bytes: Array(Self.document.utf8), path: "api.yaml")
        #expect(warnings == imported.diagnostics.filter { $0.severity == .warning }.map(\.description))
        #expect(warnings.contains { $0.contains("endpoint 'upload' is left out") && $0.contains("[DTG4002]") })
        let endpoints = try #require(result.files.first { $0.path.hasSuffix("Endpoints.swift") }?.contents)
        #expect(endpoints.contains("filter: Where? = nil"), "\(endpoints)")
        #expect(!endpoints.contains("X-Filter") && !endpoints.contains("upload"))
    }

    /// The spec's own types win over its document's, and the rules see them: a header the
    /// document gives an object is kept when the spec says that type is an enum.
    @Test func seesTheSpecsOwnTypes() throws {
        let spec = #"{ "openapi": "api.yaml", "types": { "Where": { "$enum": ["here", "there"] } } }"#
        let (prechecked, resolved) = try Self.findings(Self.backed(Self.document, spec: spec))
        #expect(prechecked == resolved)
        #expect(!prechecked.contains { $0.contains("'X-Where'") || $0.contains("'where'") })
        #expect(prechecked.count == 4, "\(prechecked.joined(separator: "\n"))")
    }

    /// A type the rules cannot see before resolving (the spec makes `Where` generic) is left
    /// to the resolver: what it rejects is then left out by a second resolve, as before.
    @Test func leavesToTheResolverWhatItCannotSee() throws {
        let spec = #"{ "openapi": "api.yaml", "types": { "Where<T>": { "x": "T" } } }"#
        let (prechecked, _) = try Self.findings(Self.backed(Self.document, spec: spec))
        #expect(!prechecked.contains { $0.contains("'X-Where'") || $0.contains("'where'") })
        let runs = Generator.resolution([Self.backed(Self.document, spec: spec)], options: GeneratorOptions()).stageRuns
        #expect(runs == 2)
        let result = Generator.generate([Self.backed(Self.document, spec: spec)])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let warnings = result.diagnostics.filter { $0.severity == .warning }.map(\.description)
        #expect(
            warnings.contains { $0.contains("header 'X-Where' of endpoint 'getThings' is left out") }, "\(warnings)")
    }

    /// The types in its messages are spelled as the resolver spells them: in the spec's
    /// namespace, un-shadowed, an element written in place by its singular name.
    @Test func spellsTypesAsTheResolverDoes() throws {
        let document = """
            openapi: 3.0.0
            info: { title: Things, version: "1" }
            paths:
              /things:
                get:
                  operationId: getThings
                  parameters:
                    - { name: X-Boxes, in: header, schema: { type: array, items: { type: object, properties: { a: { type: string } } } } }
                    - { name: X-Where, in: header, schema: { $ref: "#/components/schemas/Type" } }
                  responses:
                    "200": { description: ok }
            components:
              schemas:
                Type: { type: object, properties: { x: { type: number } } }
            """
        let spec = #"{ "openapi": "api.yaml", "options": { "namespace": "API" } }"#
        let (prechecked, resolved) = try Self.findings(Self.backed(document, spec: spec))
        #expect(prechecked == resolved)
        #expect(prechecked.count == 2, "\(prechecked.joined(separator: "\n"))")
        #expect(prechecked.contains { $0.contains("found [API.GetThingsXBox]?") }, "\(prechecked)")
        #expect(prechecked.contains { $0.contains("found API.TypeObject?") }, "\(prechecked)")
    }
}
