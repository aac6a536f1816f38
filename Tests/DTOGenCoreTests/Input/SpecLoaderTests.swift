import Foundation
import Testing
@testable import DTOGenCore

/// The loader: which JSON files in a specs folder are specs. Sample payloads and OpenAPI
/// documents (and the files those documents refer to) can live beside the specs that name them.
struct SpecLoaderTests {
    @Test func samplesAndDocumentsBesideSpecsAreNotSpecs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dtogen-loader-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files: [String: String] = [
            "store.json":
                #"{ "types": { "Item": { "id": "Int" } }, "endpoints": [{ "name": "item", "path": "/item", "response": "Item", "examples": ["samples/item.json"] }] }"#,
            "samples/item.json": #"{ "id": 1 }"#,
            "pets.json": #"{ "name": "Pets", "openapi": "docs/pets.json" }"#,
            "docs/pets.json":
                #"{ "openapi": "3.0.0", "info": { "title": "Pets", "version": "1" }, "paths": { "/pets": { "get": { "operationId": "listPets", "responses": { "200": { "description": "ok", "content": { "application/json": { "schema": { "$ref": "models/pet.json" } } } } } } } } }"#,
            "docs/models/pet.json": #"{ "type": "object", "properties": { "name": { "type": "string" } } }"#,
            "legacy.json": #"{ "swagger": "2.0", "info": { "title": "Old", "version": "1" }, "paths": {} }"#,
        ]
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let inputs = try SpecLoader.load(folder.path)
        #expect(inputs.map(\.path) == ["pets.json", "store.json"])
        let result = Generator.generate(inputs)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        #expect(result.files.contains { $0.path == "Pets.DTOs.swift" && $0.contents.contains("struct Pet:") })
    }
}
