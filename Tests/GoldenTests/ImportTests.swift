import DTORuntime
import Foundation
import Testing

/// The app's models for `common.json` and `billing/invoices.json`.
struct Amount: Equatable {
    var cents: Int
    var currency: String
}

struct BillSummary: Equatable {
    var id: String
    var total: Amount
    var firstLine: Int
}

/// Specs that use each other (spec-format-2 §4): `billing/invoices.json` imports
/// `common.json`'s `Money`, its generic `List<T>` and its `Money` → `Amount` mapping; each type
/// is generated once, in its own spec's files.
struct ImportTests {
    @Test func importedTypesAndMappingsAreUsableByName() throws {
        let json =
            #"{"data": [{"id": "b1", "total": {"amount": 900, "currency": "eur"}, "lines": {"data": [{"amount": 400, "currency": "eur"}], "has_more": false}}], "has_more": false}"#
        let bills = try decodeBoth(List<Bill>.self, from: Data(json.utf8))
        #expect(
            try BillSummary.from(bills) == [
                BillSummary(id: "b1", total: Amount(cents: 900, currency: "eur"), firstLine: 400)
            ])
        #expect(try decodeBoth(List<Bill>.self, from: JSONEncoder().encode(bills)) == bills)
    }

    @Test func importedTypesAreGeneratedOnlyInTheirOwnSpec() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")
        let billing = try String(contentsOf: folder.appendingPathComponent("Invoices.DTOs.swift"), encoding: .utf8)
        #expect(!billing.contains("struct Money"))
        #expect(!billing.contains("struct List"))
        let common = try String(contentsOf: folder.appendingPathComponent("Common.DTOs.swift"), encoding: .utf8)
        #expect(common.contains("struct Money: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {"))
    }
}
