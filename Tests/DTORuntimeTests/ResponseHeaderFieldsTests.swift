import DTORuntime
import Foundation
import Testing

/// How a response header's text reads as each type: numbers, flags and decimals whole or
/// not at all, lists split at commas, HTTP dates in RFC 9110's three forms, names in any
/// case; a required header that is missing or malformed throws, located at `headers.<name>`.
struct ResponseHeaderFieldsTests {
    enum Cache: String { case hit = "HIT", miss = "MISS" }

    let fields = ResponseHeaderFields([
        "x-count": " 42 ", "X-Price": "12.50", "X-Half": "1.5abc", "X-Flag": "TRUE", "Allow": "GET, HEAD ,, PUT",
        "X-Cache": "HIT", "X-Caches": "HIT,MISS", "X-Bad-List": "1, two", "Expires": "Wed, 21 Oct 2026 07:28:00 GMT",
        "X-Old": "Wednesday, 21-Oct-26 07:28:00 GMT", "X-Asc": "Wed Oct 21 07:28:00 2026", "X-Epoch": "1700000000",
        "X-Id": "9F1C2A44-3B8E-4D2B-9C31-0F5E6D7A8B90",
    ])

    @Test func scalarsReadWholeOrNotAtAll() {
        #expect(fields.value("X-Count", as: Int.self) == 42)
        #expect(fields.value("X-Price", as: Decimal.self) == Decimal(string: "12.50"))
        #expect(fields.value("X-Half", as: Decimal.self) == nil, "text after the number")
        #expect(fields.value("X-Half", as: Double.self) == nil)
        #expect(fields.value("X-Flag", as: Bool.self) == true)
        #expect(fields.value("X-Cache", as: Cache.self) == .hit)
        #expect(fields.value("X-Id", as: UUID.self)?.uuidString == "9F1C2A44-3B8E-4D2B-9C31-0F5E6D7A8B90")
        #expect(fields.value("X-Missing", as: String.self) == nil)
    }

    @Test func listsSplitAtCommas() {
        #expect(fields.values("Allow", as: String.self) == ["GET", "HEAD", "PUT"])
        #expect(fields.values("X-Caches", as: Cache.self) == [.hit, .miss])
        #expect(fields.values("X-Bad-List", as: Int.self) == nil, "one malformed element makes the list none")
    }

    @Test func datesAreHTTPDatesUnlessAFormatSaysOtherwise() {
        let expected = Date(timeIntervalSince1970: 1_792_567_680)
        #expect(fields.date("Expires") == expected)
        #expect(fields.date("X-Old") == expected, "RFC 850")
        #expect(fields.date("X-Asc") == expected, "asctime")
        #expect(fields.date("X-Epoch", format: .secondsSince1970) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(fields.date("X-Epoch") == nil)
    }

    @Test func aRequiredHeaderThrowsWhereItIs() {
        #expect(
            throws: APIError.decoding(codingPath: "headers.Location", description: "missing response header 'Location'")
        ) {
            try fields.requiredValue("Location", as: URL.self)
        }
        #expect(
            throws: APIError.decoding(codingPath: "headers.X-Flag", description: "'TRUE' is not a value of type Int")
        ) {
            try fields.requiredValue("X-Flag", as: Int.self)
        }
        #expect(
            throws: APIError.decoding(codingPath: "headers.X-Epoch", description: "'1700000000' is not an HTTP date")
        ) {
            try fields.requiredDate("X-Epoch")
        }
        #expect((try? fields.requiredValues("Allow", as: String.self)) == ["GET", "HEAD", "PUT"])
    }
}
