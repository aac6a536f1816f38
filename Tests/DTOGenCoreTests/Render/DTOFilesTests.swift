import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `options.dtoFiles`: a spec's DTOs split over several files, each top-level type (with its
/// nested types and fast paths) in the file its name picks.
struct DTOFilesTests {
    static let spec = #"""
        { "name": "Shop", "options": { "namespace": "Shop", "dtoFiles": 3 },
          "types": {
            "Item": { "id": "Int", "price": { "amount": "Int", "currency": "String" }, "state": { "$enum": ["new", "sold"] } },
            "Tree": { "name": "String", "children": ["Tree"] },
            "Node": { "value": "Int", "next": "Node?" },
            "Shape": { "$oneOf": { "circle": "Circle", "square": "Square" }, "$discriminator": "kind" },
            "Circle": { "radius": "Double" }, "Square": { "side": "Double" },
            "Page": { "items": ["Item"], "tree": "Tree", "node": "Node", "shapes": ["Shape"], "at": "Date" }
          },
          "endpoints": [{ "name": "page", "path": "/page", "response": "Page" }] }
        """#

    static func generate(_ spec: String = spec, keepsEmptyFiles: Bool = false) -> GenerationResult {
        var options = GeneratorOptions(keepsEmptyFiles: keepsEmptyFiles)
        options.runtimeModule = nil
        return Generator.generate([SpecInput(path: "shop.json", bytes: Array(spec.utf8))], options: options)
    }

    /// The file a type is declared in (`struct Name`, `enum Name`, ... at the namespace's level).
    static func file(declaring type: String, in result: GenerationResult) -> String? {
        result.files.first { file in
            file.contents.split(separator: "\n").contains { line in
                ["    nonisolated struct ", "    nonisolated enum ", "    nonisolated indirect enum "].contains {
                    line.hasPrefix($0 + type + ":") || line.hasPrefix($0 + type + " ")
                }
            }
        }?.path
    }

    @Test func eachTypeIsInTheFileItsNamePicks() throws {
        let result = Self.generate()
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let names = ["Item", "Tree", "Node", "Shape", "Circle", "Square", "Page"]
        let expected = ["Shop.DTOs.swift", "Shop.DTOs.2.swift", "Shop.DTOs.3.swift"]
        for name in names {
            #expect(
                Self.file(declaring: name, in: result) == expected[SpecFileNaming.dtoFileIndex(ofType: name, count: 3)],
                "\(name)")
        }
        // The rule spreads these seven over all three files, and only the first declares
        // the namespace.
        #expect(Set(names.map { SpecFileNaming.dtoFileIndex(ofType: $0, count: 3) }) == [0, 1, 2])
        #expect(result.files.map(\.path).sorted() == (expected + ["Shop.Endpoints.swift"]).sorted())
        #expect(result.files.filter { $0.contents.contains("enum Shop {}") }.map(\.path) == ["Shop.DTOs.swift"])
        // A type's fast path is in its file (a boxed field's storage is private to it).
        for name in names {
            let declaring = try #require(Self.file(declaring: name, in: result))
            let withFastPath = result.files.filter {
                $0.contents.contains("extension Shop.\(name) {\n    init(fastJSON")
            }
            .map(\.path)
            #expect(withFastPath == [declaring], "\(name)")
        }
        // Split, the module compiles and decodes as one file does.
        let main = #"""
            import Foundation
            let json = #"{"items": [{"id": 1, "price": {"amount": 5, "currency": "EUR"}, "state": "sold"}], "tree": {"name": "a", "children": [{"name": "b", "children": []}]}, "node": {"value": 1, "next": {"value": 2}}, "shapes": [{"kind": "circle", "radius": 1.5}, {"kind": "square", "side": 2}], "at": "2026-11-24T12:00:00Z"}"#
            let page = try FastDecoder().decodeWithoutFallback(Shop.Page.self, from: Data(json.utf8))
            print(page.items[0].price.currency, page.items[0].state, page.tree.children[0].name, page.node.next?.value ?? 0, page.shapes.count)
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main, runtime: .sources)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(run.output == "EUR sold b 2 2\n", "\(run.output)")
    }

    /// Adding a type moves no other; an empty file is written only when every file must be
    /// (the build plugin names them before dtogen runs).
    @Test func filesAreStableAndEmptyOnesOnlyForThePlugin() throws {
        let before = Self.generate()
        let after = Self.generate(
            Self.spec.replacingOccurrences(
                of: #""Circle": { "radius": "Double" },"#,
                with: #""Circle": { "radius": "Double" }, "Extra": { "x": "Int" },"#))
        for name in ["Item", "Tree", "Node", "Shape", "Circle", "Square", "Page"] {
            #expect(Self.file(declaring: name, in: before) == Self.file(declaring: name, in: after), "\(name)")
        }
        let one =
            #"{ "name": "Shop", "options": { "dtoFiles": 4 }, "types": { "Item": { "id": "Int" } }, "endpoints": [] }"#
        let names = SpecFileNaming.dtoFileNames(base: "Shop", count: 4)
        #expect(Self.generate(one).files.map(\.path) == [names[SpecFileNaming.dtoFileIndex(ofType: "Item", count: 4)]])
        #expect(
            Self.generate(one, keepsEmptyFiles: true).files.map(\.path).sorted()
                == SpecFileNaming.outputFileNames(base: "Shop", dtoFiles: 4).sorted())
    }
}
