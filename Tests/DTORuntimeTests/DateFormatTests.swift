@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct DateFormatTests {
    @Test(arguments: [
        (DateFormat.iso8601, RawDate.string("2020-02-29T12:00:00Z")),
        (.iso8601Fractional, .string("2020-02-29T12:00:00.250Z")),
        (.secondsSince1970, .number(1_582_977_600)),
        (.millisecondsSince1970, .number(1_582_977_600_250)),
        (.pattern("yyyy-MM-dd HH:mm"), .string("2020-02-29 12:00")),
    ])
    func parseAndWriteBack(_ format: DateFormat, _ raw: RawDate) throws {
        let date = try #require(format.date(from: raw))
        #expect(format.raw(from: date) == raw)
    }

    /// Patterns read in the Gregorian calendar, POSIX locale and UTC, whatever the device's settings.
    @Test func patternsIgnoreTheDeviceCalendar() throws {
        let date = try #require(DateFormat.pattern("yyyy-MM-dd").date(from: .string("2020-03-01")))
        #expect(date == Date(timeIntervalSince1970: 1_583_020_800))
    }

    @Test func wrongKindsDoNotParse() {
        #expect(DateFormat.iso8601.date(from: .number(1)) == nil)
        #expect(DateFormat.iso8601.date(from: .string("yesterday")) == nil)
        #expect(DateFormat.secondsSince1970.date(from: .string("x")) == nil)
    }
}
