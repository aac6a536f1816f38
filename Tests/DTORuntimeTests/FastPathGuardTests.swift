import Foundation
import TestSupport
import Testing

/// `FastJSONValue` and `FastJSONObject` are views into a tape they do not keep alive, so
/// reading one after its `init(fastJSON:)` returns reads freed memory. The guard: reading
/// one needs `@_spi(Generated)`, which generated files import and other code must ask for by
/// name. Checked by compiling app code against the runtime as a separate module.
struct FastPathGuardTests {
    /// App code that keeps a value and reads it later.
    static let keepsAValue = """
        final class Keeper: @unchecked Sendable { var value: FastJSONValue? }
        struct Mine: FastJSONDecodable {
            let name: String
            init(fastJSON value: FastJSONValue) throws {
                Keeper().value = value
                var object = try value.object()
                name = try object.decode(String.self, forKey: "name")
            }
            init(from decoder: any Decoder) throws { name = "" }
        }
        """

    @Test func readingATapeValueNeedsTheGeneratedSPI() throws {
        let plain = try Swiftc.typecheck([], with: "import DTORuntime\n" + Self.keepsAValue, runtime: .module)
        #expect(plain.status != 0)
        #expect(plain.output.contains("'object' is inaccessible due to '@_spi' protection level"), "\(plain.output)")
        let asked = try Swiftc.typecheck(
            [], with: "@_spi(Generated) import DTORuntime\n" + Self.keepsAValue, runtime: .module)
        #expect(asked.status == 0, "\(asked.output)")
    }
}
