import Foundation
import Testing
@testable import DTOGenCore

/// `SwiftPrinter` on its own: IR values in, Swift text out.
struct SwiftPrinterTests {
    let printer = SwiftPrinter(table: TypeTable(), runtime: RuntimeSymbols(module: "DTORuntime"))

    /// A date literal is exactly the instant it stands for (`Date(timeIntervalSince1970:)`
    /// subtracts 2001's offset, so the shortest double of the seconds is not always it).
    @Test(arguments: [
        "1969-09-20T05:42:56.196Z", "2020-01-01T00:00:00.002Z", "2024-02-29T12:00:00Z", "1970-01-01T00:00:00Z",
    ])
    func dateLiteralsAreExact(_ text: String) throws {
        let date = try #require(
            DateFormatSpec.iso8601Fractional.date(
                from: JSONNode(value: .string(text), location: SourceLocation(line: 1, column: 1))))
        let literal = printer.literal(.date(date))
        let value: Double
        if literal.hasPrefix("Date(timeIntervalSince1970: ") {
            value = try #require(Double(literal.dropFirst("Date(timeIntervalSince1970: ".count).dropLast()))
            #expect(Date(timeIntervalSince1970: value) == date, "\(literal)")
        } else {
            value = try #require(Double(literal.dropFirst("Date(timeIntervalSinceReferenceDate: ".count).dropLast()))
            #expect(Date(timeIntervalSinceReferenceDate: value) == date, "\(literal)")
        }
    }

    @Test func methodsAreTheRuntimesStaticMembers() {
        #expect(
            HTTPMethod.allCases.map(printer.method) == [
                ".get", ".post", ".put", ".patch", ".delete", ".head", ".options",
            ])
    }

    @Test(arguments: [
        ("9007199254740993", true, "9007199254740992"), ("5e-324", true, "Double(bitPattern: 0x1)"),
        ("1.17549435e-38", false, "1.1754944e-38"), ("16777217", false, "16777216"),
        ("1e-45", false, "Float(bitPattern: 0x1)"),
        ("0.1", true, nil), ("1e300", true, nil), ("42", false, nil),
    ])
    func floatingPointLiteralsAreWhatSwiftHolds(_ lexeme: String, _ isDouble: Bool, _ held: String?) {
        #expect(
            (isDouble ? FloatLiteral.held(lexeme, as: Double.self) : FloatLiteral.held(lexeme, as: Float.self)) == held)
    }
}
