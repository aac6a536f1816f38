@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct MappingHelperTests {
    let source = (model: "M", field: "f", source: "a[2]")

    @Test func elementsAreCheckedNotTrapped() throws {
        #expect(try Mapping.element([1, 2, 3], 2, model: "M", field: "f", source: "a[2]") == 3)
        #expect(
            throws: MappingError(
                model: "M", field: "f", source: "a[2]", reason: "index 2 is out of range (the array has 1 elements)")
        ) {
            try Mapping.element([1], 2, model: "M", field: "f", source: "a[2]")
        }
        #expect(try Mapping.optionalElement(nil as [Int]?, 0, model: "M", field: "f", source: "a[0]") == nil)
        #expect(Mapping.elementIfPresent([1], 5) == nil)
        #expect(throws: MappingError.self) {
            try Mapping.require(nil as Int?, model: "M", field: "f", source: "s", reason: "r")
        }
    }

    @Test func conversions() {
        #expect(Mapping.date(secondsSince1970: 10) == Date(timeIntervalSince1970: 10))
        #expect(Mapping.date(millisecondsSince1970: "1500") == Date(timeIntervalSince1970: 1.5))
        #expect(Mapping.date(iso8601: "1970-01-01T00:00:01Z") == Date(timeIntervalSince1970: 1))
        #expect(Mapping.date(iso8601: "1970-01-01T00:00:01.250Z") == Date(timeIntervalSince1970: 1.25))
        #expect(Mapping.url("") == nil)
        #expect(Mapping.int("12.0") == 12)
        #expect(Mapping.int(3.9) == 3)
        #expect(Mapping.int("x") == nil)
        #expect(Mapping.string(2.0) == "2")
        #expect(Mapping.double(" 2.5 ") == 2.5)
    }
}
