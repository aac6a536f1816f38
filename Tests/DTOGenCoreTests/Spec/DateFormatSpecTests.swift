import DTORuntime
import Foundation
import Testing
@testable import DTOGenCore

/// The generator reads dates in specs (defaults, sample payloads) by the rules the runtime
/// decodes them with, so a default is the instant the app would decode and a sample the
/// generator accepts is one the app accepts. Checked value by value against DTORuntime.
struct DateFormatSpecTests {
    static let formats: [(DateFormatSpec, DateFormat)] = [
        (.iso8601, .iso8601), (.iso8601Fractional, .iso8601Fractional), (.secondsSince1970, .secondsSince1970),
        (.millisecondsSince1970, .millisecondsSince1970), (.pattern("yyyy-MM-dd"), .pattern("yyyy-MM-dd")),
        (.pattern("dd/MM/yyyy HH:mm"), .pattern("dd/MM/yyyy HH:mm")),
    ]

    static let values: [JSONNode.Value] = [
        .string("2024-02-29T12:34:56Z"), .string("2024-02-29T12:34:56.789Z"), .string("1969-09-20T05:42:56.196Z"),
        .string("2024-02-29T12:34:56+02:00"), .string("2024-02-29"), .string("29/02/2024 12:34"), .string("1700000000"),
        .string("1700000000.5"), .string("not a date"), .string(""), .number("1700000000"), .number("-8796623.804"),
        .number("1700000000123"), .number("0"), .bool(true), .null,
    ]

    @Test func theGeneratorReadsDatesAsTheRuntimeDecodesThem() {
        for (spec, runtime) in Self.formats {
            for value in Self.values {
                let generator = spec.date(from: JSONNode(value: value, location: SourceLocation(line: 1, column: 1)))
                let raw: RawDate? =
                    switch value {
                    case .string(let text): .string(text)
                    case .number(let lexeme): Double(lexeme).map(RawDate.number)
                    default: nil
                    }
                let app = raw.flatMap(runtime.date(from:))
                #expect(
                    generator == app,
                    "\(spec) \(value): generator \(String(describing: generator)), runtime \(String(describing: app))")
            }
        }
    }
}
