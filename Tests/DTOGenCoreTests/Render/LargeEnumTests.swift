import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// An open enum of many values (Stripe's time zones: 600) reads a raw value through a nested
/// `String` enum instead of a switch over string literals, which costs seconds to compile;
/// it decodes, encodes and keeps unknown values as the switch does.
struct LargeEnumTests {
    @Test func manyValuesGoThroughTheKnownEnum() throws {
        let count = EnumContext.casesReadThroughKnown + 1
        let values = (0..<count).map { "\"Zone/\($0)\"" }.joined(separator: ", ")
        let spec = """
            { "options": { "enums": "open" },
              "types": { "Zone": { "$enum": [\(values), "default"] }, "Small": { "$enum": ["a", "b"] } },
              "endpoints": [] }
            """
        var options = GeneratorOptions()
        options.runtimeModule = nil
        let result = Generator.generate([SpecInput(path: "zones.json", bytes: Array(spec.utf8))], options: options)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.hasSuffix("DTOs.swift") }?.contents)
        #expect(dtos.components(separatedBy: "private enum Known: String {").count == 2, "only the large enum")
        #expect(dtos.contains("        case zone0 = \"Zone/0\"\n") && dtos.contains("        case `default`\n"))
        #expect(dtos.contains("        case .`default`: self = .`default`\n"))
        let main = #"""
            import Foundation
            let zones = try FastDecoder().decode([Zone].self, from: Data(#"["Zone/0", "Zone/100", "default", "Mars/Olympus"]"#.utf8))
            print(zones.map(\.rawValue).joined(separator: " "), zones[3] == .unknown("Mars/Olympus"), zones[2] == .default)
            print(String(decoding: try JSONEncoder().encode(zones), as: UTF8.self))
            print(Small(rawValue: "b") == .b, Small(rawValue: "c") == .unknown("c"))
            """#
        let run = try Swiftc.buildAndRun(result.files, main: main, runtime: .sources)
        #expect(run.status == 0, "\(Swiftc.errors(run.output))")
        #expect(
            run.output == """
                Zone/0 Zone/100 default Mars/Olympus true true
                ["Zone\\/0","Zone\\/100","default","Mars\\/Olympus"]
                true true

                """, "\(run.output)")
    }
}
