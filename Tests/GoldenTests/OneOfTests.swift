import DTORuntime
import Foundation
import Testing

/// The app's model for `oneof.json`.
struct ChargeSummary: Equatable {
    var id: String
    var customerEmail: String?
    var customerID: String?
    var last4: String?
    var bank: String?
}

/// `$oneOf` (spec-format-2 §1): Stripe's expandable fields (an id or the object), payment
/// sources told apart by `object`, events by `type`.
struct OneOfTests {
    func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String) throws -> T {
        try decodeBoth(T.self, from: Data(json.utf8))
    }

    func roundTrip<T: Codable & Hashable>(_ value: T) throws {
        let again = try decodeBoth(T.self, from: JSONEncoder().encode(value))
        #expect(again == value)
        #expect(again.hashValue == value.hashValue)
    }

    static let card = #"{"id": "card_1", "object": "card", "brand": "visa", "last4": "4242"}"#
    static let bank = #"{"id": "ba_1", "object": "bank_account", "bank_name": "STRIPE TEST BANK", "last4": "6789"}"#

    @Test func expandableFieldsAreAnIDOrTheObject() throws {
        let collapsed = try decode(
            Charge.self, #"{"id": "ch_1", "customer": "cus_1", "source": \#(Self.card), "amount": 100, "sources": []}"#)
        #expect(collapsed.customer == .string("cus_1"))
        #expect(collapsed.amount == .int(100))
        let expanded = try decode(
            Charge.self,
            #"{"id": "ch_1", "customer": {"id": "cus_1", "object": "customer", "email": "a@b.c"}, "source": \#(Self.bank), "amount": "100", "sources": [\#(Self.card), \#(Self.bank)]}"#
        )
        #expect(expanded.customer?.customer?.email == "a@b.c")
        #expect(expanded.amount == .string("100"))
        #expect(expanded.sources.map { $0.card != nil } == [true, false])
        try roundTrip(collapsed)
        try roundTrip(expanded)
        #expect(
            ChargeSummary(from: expanded)
                == ChargeSummary(
                    id: "ch_1", customerEmail: "a@b.c", customerID: nil, last4: nil, bank: "STRIPE TEST BANK"))
        #expect(
            ChargeSummary(from: collapsed)
                == ChargeSummary(id: "ch_1", customerEmail: nil, customerID: "cus_1", last4: "4242", bank: nil))
        let missing = try decode(Charge.self, #"{"id": "ch_1", "source": \#(Self.card), "amount": 1, "sources": []}"#)
        #expect(missing.customer == nil)
    }

    @Test func taggedVariantsKeepUnknownTagsAndWriteTheirTag() throws {
        let ach = try decode(
            Charge.PaymentSource.self, #"{"id": "src_1", "object": "ach_credit_transfer", "routing": "110000000"}"#)
        #expect(ach == .unknown(["id": "src_1", "object": "ach_credit_transfer", "routing": "110000000"]))
        try roundTrip(ach)
        // The tag is written even when the variant does not store it.
        let event = Event.ping(Event.EventPing(type: "ping", zen: "Keep it logically awesome."))
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any]
        #expect(object?["type"] as? String == "ping")
        try roundTrip(event)
    }

    @Test func anUnlistedTagIsADecodingErrorNamingTheKeyAndTheTags() throws {
        let events = try decode(
            [Event].self, #"[{"type": "push", "ref": "main", "size": 3}, {"type": "ping", "zen": "z"}]"#)
        #expect(events.map { $0.push?.ref } == ["main", nil])
        do {
            _ = try decode([Event].self, #"[{"type": "ping", "zen": "z"}, {"type": "star"}]"#)
            Issue.record("an unlisted tag must throw")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "type"])
            #expect(context.debugDescription == "found 'star' in 'type'; expected one of 'ping', 'push'")
        }
        #expect(throws: DecodingError.self) { try decode(Charge.CustomerRef.self, "true") }
    }
}
