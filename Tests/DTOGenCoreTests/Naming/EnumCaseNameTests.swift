import Foundation
import Testing
@testable import DTOGenCore

/// Enum case names follow from the values alone: values that give one name share it by a
/// fixed rule, whatever order they are written in, and the open enums' catch-all never
/// clashes with a value. Neither prints a warning (imported specs generate quietly).
struct EnumCaseNameTests {
    @Test func valuesThatGiveOneNameShareItByRawValue() {
        let written = ["Etc/GMT-1", "Etc/GMT+1", "Etc/GMT", "utc"]
        let names = SwiftName.enumCaseNames(written, style: .swift)
        #expect(names == ["etcGmt1_2", "etcGmt1", "etcGmt", "utc"])
        // The same values in another order, and one more that clashes: each value keeps its name
        // unless the newcomer sorts first.
        let reordered = ["utc", "Etc/GMT+1", "Etc/GMT", "Etc/GMT-1", "Etc/GMT_1"]
        let again = Dictionary(
            uniqueKeysWithValues: zip(reordered, SwiftName.enumCaseNames(reordered, style: .swift)))
        #expect(
            again["Etc/GMT-1"] == "etcGmt1_2" && again["Etc/GMT+1"] == "etcGmt1" && again["Etc/GMT_1"] == "etcGmt1_3")
        // A suffixed name never takes another value's own name.
        #expect(SwiftName.enumCaseNames(["a-2", "a+", "a-"], style: .swift) == ["a2", "a", "a3"])
    }

    @Test func theCatchAllOfAnOpenEnumNeverClashes() throws {
        let result = generate(
            #"{ "options": { "enums": "open" }, "types": { "T": { "state": { "$enum": ["known", "unknown"] } } }, "endpoints": [] }"#
        )
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let dtos = try #require(result.files.first { $0.path.contains("DTOs") }?.contents)
        #expect(dtos.contains("case unknownValue(String)"))
        #expect(dtos.contains("case unknown\n"))
        let clash = generate(
            #"{ "types": { "T": { "state": { "$enum": ["Etc/GMT-1", "Etc/GMT+1"] } } }, "endpoints": [] }"#)
        #expect(clash.diagnostics.isEmpty, "\(clash.diagnostics)")
    }
}
