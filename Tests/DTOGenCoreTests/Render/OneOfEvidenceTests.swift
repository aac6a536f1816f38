import Foundation
import Testing
import TestSupport

@testable import DTOGenCore

/// An untagged one-of decodes the variant the value is, by evidence, in both decoders: a
/// variant whose constant contradicts the value goes last (PagerDuty's cache variables,
/// where the first variant's open `type` took `external_data` and dropped `ttl_seconds`),
/// then the one that declares most of the value's keys at every level, then the one whose
/// open enums take fewer unknown values, then the order written.
struct OneOfEvidenceTests {
    static let spec = #"""
        {
          "name": "Cache",
          "types": {
            "RecentValue": {
              "name": "String",
              "configuration": { "type": { "$enum": ["recent_value"], "$unknown": "other" }, "source": "String?" }
            },
            "TriggerCount": {
              "name": "String",
              "configuration": { "type": { "$enum": ["trigger_event_count"], "$unknown": "other" }, "ttl_seconds": "Int?" }
            },
            "ExternalData": {
              "name": "String",
              "configuration": {
                "type": { "$enum": ["external_data"], "$unknown": "other" },
                "ttl_seconds": "Int?", "data_type": "String?"
              }
            },
            "CacheVariable": { "$oneOf": ["RecentValue", "TriggerCount", "ExternalData"] },
            "Short": { "id": "String", "note": "String?" },
            "Long": { "id": "String", "note": "String?", "extra": "String?" },
            "Sized": { "$oneOf": ["Short", "Long"] },
            "Light": { "color": { "$enum": ["red", "green"], "$unknown": "other" } },
            "Fruit": { "color": { "$enum": ["yellow", "orange"], "$unknown": "other" } },
            "Colored": { "$oneOf": ["Light", "Fruit"] },
            "Lists": { "$oneOf": [["Short"], ["Long"], "String"] },
            "Loose": { "id": "String?", "$additionalProperties": "String" },
            "Tight": { "id": "String?", "method": "String?" },
            "Either": { "$oneOf": ["Loose", "Tight"] },
            "Holder": {
              "variable": "CacheVariable", "sized": ["Sized"], "colored": "Colored", "lists": "Lists", "either": ["Either"]
            }
          },
          "endpoints": [{ "name": "holder", "path": "/holder", "response": "Holder" }]
        }
        """#

    @Test func bothDecodersChooseTheVariantTheValueIs() throws {
        let result = Generator.generate([SpecInput(path: "cache.json", bytes: Array(Self.spec.utf8))])
        #expect(!result.hasErrors && result.diagnostics.isEmpty, "\(result.diagnostics)")
        // Without fast decoding (whose declared conformances need version 14), what it needs.
        let plain = Generator.generate(
            [SpecInput(path: "cache.json", bytes: Array(Self.spec.utf8))],
            options: GeneratorOptions(fastDecoding: false))
        let plainDTOs = try #require(plain.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(plainDTOs.contains("GeneratedCodeSupport.Version13"), "the file needs the runtime that ranks")
        let main = ##"""
            import Foundation
            @_spi(Testing) import DTORuntime

            let payload = Data(
                #"""
                {
                  "variable": { "name": "v", "configuration": { "type": "external_data", "ttl_seconds": 600, "data_type": "string" } },
                  "sized": [{ "id": "a" }, { "id": "b", "extra": "x" }, { "id": "c", "note": "n" }],
                  "colored": { "color": "orange" },
                  "lists": [{ "id": "d", "extra": "y" }],
                  "either": [{ "method": "m" }, { "id": "i", "other": "o" }, { "method": "m", "other": "o" }]
                }
                """#.utf8)
            let json = try JSONDecoder().decode(Holder.self, from: payload)
            let fast = try FastDecoder().decodeWithoutFallback(Holder.self, from: payload)
            print(json == fast)
            print(json.variable.externalData?.configuration.ttlSeconds ?? -1)
            // {"id"} and {"id", "note"} tie (the order written), {"id", "extra"} is a Long.
            print(json.sized.map { $0.short != nil ? "short" : "long" }.joined(separator: " "))
            print(json.colored.fruit != nil, json.lists.longList?.first?.extra ?? "-")
            // A key a variant names outranks any it keeps among its others; with as many named,
            // the one that keeps the value whole.
            print(json.either.map { $0.tight != nil ? "tight" : "loose" }.joined(separator: " "))
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            print(String(decoding: try encoder.encode(json.variable), as: UTF8.self))
            let trigger = Data(#"{ "name": "t", "configuration": { "type": "trigger_event_count", "ttl_seconds": 5 } }"#.utf8)
            let triggers = (try JSONDecoder().decode(CacheVariable.self, from: trigger), try FastDecoder().decodeWithoutFallback(CacheVariable.self, from: trigger))
            print(triggers.0 == triggers.1, triggers.0.triggerCount != nil)
            // No variant's constant holds: each is still tried, and the first that decodes wins.
            let other = Data(#"{ "name": "o", "configuration": { "type": "something_new", "source": "s" } }"#.utf8)
            print(try JSONDecoder().decode(CacheVariable.self, from: other).recentValue != nil, try FastDecoder().decodeWithoutFallback(CacheVariable.self, from: other).recentValue != nil)
            """##
        let run = try Swiftc.buildAndRun(result.files, main: main)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output == """
                true
                600
                short long short
                true y
                tight loose tight
                {"configuration":{"data_type":"string","ttl_seconds":600,"type":"external_data"},"name":"v"}
                true true
                true true

                """,
            "\(run.output)")
    }

    /// A one-of nested in a generic type holds its shapes in a computed property (Swift has
    /// no stored static one there), and type-checks in a main-actor module and in Swift 5.
    @Test func aOneOfInAGenericTypeComputesItsShapes() throws {
        let spec = #"""
            {
              "types": {
                "Page<T>": {
                  "items": ["T"],
                  "cursor": { "$oneOf": [{ "next": "String" }, { "next": "String?", "done": "Bool" }] }
                },
                "Item": { "id": "String" }
              },
              "endpoints": [{ "name": "items", "path": "/items", "response": "Page<Item>" }]
            }
            """#
        let result = Generator.generate([SpecInput(path: "page.json", bytes: Array(spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.contains("private static var variantShapes: [[DTORuntime.OneOf.Shape]] { ["), "\(dtos)")
        for flags in [["-swift-version", "6", "-default-isolation", "MainActor"], ["-swift-version", "5"]] {
            let run = try Swiftc.typecheck(result.files, runtime: .module, flags: flags)
            #expect(run.status == 0, "\(flags): \(Swiftc.errors(run.output))")
        }
    }

    /// The shapes look into objects a few levels deep, stop at a type that holds itself, and
    /// take a lenient enum as open.
    @Test func shapesStopAtDepthAndCycles() throws {
        let spec = #"""
            {
              "types": {
                "Node": { "id": "String", "child": "Node?", "kind": { "$enum": ["a", "b"], "$lenient": true, "$optional": true } },
                "Deep": { "one": { "two": { "three": { "four": { "kind": { "$enum": ["x"] } } } } } },
                "Choice": { "$oneOf": ["Node", "Deep"] }
              },
              "endpoints": [{ "name": "choice", "path": "/c", "response": "Choice" }]
            }
            """#
        let (irs, diagnostics) = Generator.resolve(
            [SpecInput(path: "s.json", bytes: Array(spec.utf8))], options: GeneratorOptions())
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let table = try #require(irs.first).types
        func shape(_ name: String) throws -> EvidenceShape {
            let id = try #require(table.decls.indices.first { table.decls[$0].name == name })
            return table.evidenceShape(TypeRef.named(DeclID(index: id)))
        }
        #expect(
            try shape("Node")
                == .object(
                    keys: ["id", "child", "kind"],
                    nested: [.init(key: "kind", shape: .values(["a", "b"], open: true))], others: nil))
        // `Deep`'s keys and `one`'s are looked into; `two`'s (a third level) are not.
        let deep = try shape("Deep")
        let printer = SwiftPrinter(table: table, runtime: RuntimeSymbols(module: "DTORuntime"))
        #expect(
            printer.oneOfShape(deep)
                == #".object(["one"], nested: [("one", .object(["two"]))])"#)
    }

    /// An earlier variant whose evidence covers a later one's is warned about; one that a
    /// later variant outranks on a nested key is not.
    @Test func aCoveredVariantIsWarnedAboutAndANestedDifferenceIsNot() {
        func warnings(_ types: String) -> [String] {
            let spec =
                #"{ "types": { \#(types), "C": { "$oneOf": ["A", "B"] } }, "endpoints": [{ "name": "c", "path": "/c", "response": "C" }] }"#
            return Generator.generate([SpecInput(path: "s.json", bytes: Array(spec.utf8))]).diagnostics.map(
                \.code.rawValue)
        }
        #expect(warnings(#""A": { "id": "String", "x": "Int?" }, "B": { "id": "String" }"#) == ["DTG3088"])
        #expect(
            warnings(
                #""A": { "id": "String", "x": { "k": "Int?" } }, "B": { "id": "String", "x": { "k": "Int?", "j": "Int?" } }"#
            )
            .isEmpty)
        #expect(
            warnings(#""A": { "t": { "$enum": ["a"] } }, "B": { "t": { "$enum": ["b"] } }"#).isEmpty)
    }
}
