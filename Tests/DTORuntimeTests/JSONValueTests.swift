@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct JSONValueTests {
    /// Integers keep every digit in the whole Int64/UInt64 range (a Double would round them).
    @Test func integersStayExact() throws {
        let text = "[9007199254740993,-9223372036854775808,18446744073709551615,9007199254740992,3,1.5,-0.25]"
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(value[0] == .integer(9_007_199_254_740_993))
        #expect(value[1] == .integer(Int64.min))
        #expect(value[2] == .unsignedInteger(UInt64.max))
        #expect(value[3] == .number(9_007_199_254_740_992))
        #expect(value[4] == 3)
        #expect(value[0]?.int64Value == 9_007_199_254_740_993)
        #expect(String(decoding: try JSONEncoder().encode(value), as: UTF8.self) == text)
        #expect(Mapping.string(value[0]!) == "9007199254740993")
        #expect(Int(lenient: value[0]!) == 9_007_199_254_740_993)
    }
}
