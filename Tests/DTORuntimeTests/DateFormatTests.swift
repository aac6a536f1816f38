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

/// RFC 3339's date-times as the RFC writes them (§5.8), lowercase `t` and `z`, any number of
/// fractional digits: read by the runtime's one rule, so the `JSONDecoder` path and
/// `FastDecoder` agree.
struct RFC3339Tests {
    @Test(arguments: [
        ("1985-04-12T23:20:50.52Z", 482_196_050.52),
        ("1996-12-19T16:39:57-08:00", 851_042_397),
        ("1990-12-31T23:59:60Z", 662_688_000),
        ("1990-12-31T15:59:60-08:00", 662_688_000),
        ("1937-01-01T12:00:27.87+00:20", -1_041_337_172.13),
        ("2020-01-01t00:00:00z", 1_577_836_800),
        ("2020-01-01T00:00:00.123456789Z", 1_577_836_800.123456789),
        ("2020-02-29T12:00:00+0000", 1_582_977_600),
    ])
    func readsTheRFCsExamples(_ text: String, _ seconds: Double) throws {
        let date = try #require(DateFormat.iso8601.date(from: .string(text)))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001, "\(text): \(date.timeIntervalSince1970)")
    }

    @Test(arguments: [
        "2020-13-01T00:00:00Z", "2021-02-29T00:00:00Z", "2020-01-01T24:00:00Z", "2020-01-01T00:00:00",
        "2020-01-01T00:00:00.Z", "2020-01-01 00:00:00Z x",
    ])
    func rejectsWhatIsNotADate(_ text: String) {
        #expect(DateFormat.iso8601.date(from: .string(text)) == nil)
    }

    /// Both decoders read a lowercase date with nine fractional digits the same way.
    @Test func bothDecodersAgree() throws {
        struct Event: Decodable, FastJSONDecodable {
            var at: Date
            enum CodingKeys: String, CodingKey { case at }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                at = try container.decodeDate(forKey: .at, format: .iso8601)
            }
            init(fastJSON json: FastJSONValue) throws {
                var container = try json.object()
                at = try container.decodeDate(forKey: "at", format: .iso8601)
            }
        }
        let data = Data(#"{"at": "2020-01-01t00:00:00.5z"}"#.utf8)
        let plain = try JSONDecoder().decode(Event.self, from: data)
        let fast = try FastDecoder().decode(Event.self, from: data)
        #expect(plain.at == fast.at)
        #expect(plain.at.timeIntervalSince1970 == 1_577_836_800.5)
    }
}
