import DTORuntime
import Foundation
import Testing

/// The app's model for `recursive.json`.
struct InvoiceSummary: Equatable {
    var id: String
    var nextInvoiceID: String?
}

/// Types that contain themselves (spec-format-2 §2): an invoice → subscription → latest
/// invoice chain as Stripe sends it, and a comment tree.
struct RecursiveTests {
    static let invoice = #"""
        {"id": "in_1", "amount_due": 2000, "subscription": {"id": "sub_1", "status": "active",
          "latest_invoice": {"id": "in_2", "amount_due": 2500, "subscription": {"id": "sub_1", "status": "active",
            "latest_invoice": {"id": "in_3", "amount_due": 3000}}}}}
        """#

    @Test func invoiceChainsDecodeRoundTripAndHash() throws {
        let invoice = try decodeBoth(Invoice.self, from: Data(Self.invoice.utf8))
        #expect(invoice.subscription?.latestInvoice?.subscription?.latestInvoice?.id == "in_3")
        #expect(invoice.subscription?.latestInvoice?.subscription?.latestInvoice?.subscription == nil)
        let again = try decodeBoth(Invoice.self, from: JSONEncoder().encode(invoice))
        #expect(again == invoice)
        #expect(again.hashValue == invoice.hashValue)
        #expect(InvoiceSummary(from: invoice) == InvoiceSummary(id: "in_1", nextInvoiceID: "in_2"))
    }

    @Test func valueSemanticsAreKept() throws {
        let invoice = try decodeBoth(Invoice.self, from: Data(Self.invoice.utf8))
        let built = Invoice(id: "in_1", amountDue: 2000, subscription: invoice.subscription)
        #expect(built == invoice)
        let other = Invoice(
            id: "in_1", amountDue: 2000, subscription: Subscription(id: "sub_9", status: "canceled", latestInvoice: nil)
        )
        #expect(other != invoice)
        #expect(invoice.subscription?.id == "sub_1")
    }

    @Test func commentTreesNestAsDeepAsTheDecoderGoes() throws {
        var json = #"{"id": 0, "body": "leaf", "replies": [], "by_id": {}}"#
        for depth in 1...200 {
            json =
                #"{"id": \#(depth), "body": "b", "parent": {"id": -1, "body": "p", "replies": [], "by_id": {}}, "replies": [\#(json)], "by_id": {"x": \#(json)}}"#
                .replacingOccurrences(of: #""by_id": {"x": \#(json)}"#, with: #""by_id": {}"#)
        }
        let root = try decodeBoth(Comment.self, from: Data(json.utf8))
        var node: Comment? = root
        var depth = 0
        while let current = node, let next = current.replies.first {
            node = next
            depth += 1
        }
        #expect(depth == 200)
        #expect(root.parent?.id == -1)
        #expect(try decodeBoth(Comment.self, from: JSONEncoder().encode(root)) == root)
        // `parent` is lenient: a broken parent is nil, not an error.
        let lenient = try decodeBoth(
            Comment.self, from: Data(#"{"id": 1, "body": "b", "parent": 7, "replies": [], "by_id": {}}"#.utf8))
        #expect(lenient.parent == nil)
    }
}
