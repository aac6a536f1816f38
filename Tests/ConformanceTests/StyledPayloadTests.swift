import DTORuntime
import Foundation
import LoopbackServer
import Testing

/// The app's model for `stripe-billing.json`.
struct InvoiceOverview: Equatable {
    var id: String
    var amountDue: Int
    var customerID: String?
    var customerEmail: String?
    var subscriptionStatus: String?
    var firstLineAmount: Int
}

/// Stripe- and GitHub-shaped payloads (Tests/Fixtures/payloads/styled, written for these
/// tests) with every shape of spec-format-2 §1–§5 and no `JSON` fallback: decoded, mapped,
/// and encoded back to equal JSON.
struct StyledPayloadTests {
    /// The payload and the re-encoded value as JSON objects (a `null` counts as absent).
    func expectEqualJSON<T: Encodable>(_ value: T, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        func clean(_ any: Any) -> Any {
            if let object = any as? [String: Any] { return object.filter { !($0.value is NSNull) }.mapValues(clean) }
            if let array = any as? [Any] { return array.map(clean) }
            return any
        }
        let original = clean(try JSONSerialization.jsonObject(with: try Payloads.data("styled/\(name)")))
        let encoded = clean(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)))
        #expect(NSDictionary(dictionary: ["v": original]).isEqual(to: ["v": encoded]), sourceLocation: sourceLocation)
    }

    @Test func stripeInvoicesWithExpandableFieldsBothWaysAndAnInvoiceInsideItsSubscription() throws {
        let page = try Payloads.decode(List<StripeInvoice>.self, from: "styled/stripe-invoices.json")
        #expect(page.data.count == 2)
        #expect(page.data[0].customer == .string("cus_1"))
        let expanded = page.data[1]
        #expect(expanded.customer.stripeCustomer?.defaultSource?.card?.last4 == "4242")
        #expect(expanded.customer.stripeCustomer?.metadata["order.id"] == "A-7")
        let subscription = try #require(expanded.subscription?.stripeSubscription)
        #expect(subscription.items.data.first?.price.unitAmountDecimal == Decimal(string: "625.5"))
        #expect(subscription.latestInvoice?.stripeInvoice?.subscription == .string("sub_1"))
        #expect(
            try InvoiceOverview.from(page) == [
                InvoiceOverview(
                    id: "in_1", amountDue: 2000, customerID: "cus_1", customerEmail: nil, subscriptionStatus: nil,
                    firstLineAmount: 2000),
                InvoiceOverview(
                    id: "in_2", amountDue: 1250, customerID: nil, customerEmail: "jo@example.com",
                    subscriptionStatus: "active", firstLineAmount: 1251),
            ])
        try expectEqualJSON(page, "stripe-invoices.json")
        #expect(try JSONDecoder().decode(List<StripeInvoice>.self, from: JSONEncoder().encode(page)) == page)
    }

    @Test func stripeEventsWithSeveralObjectTypes() throws {
        let events = try Payloads.decode(List<StripeEvent>.self, from: "styled/stripe-events.json")
        let objects = events.data.map(\.data.object)
        #expect(objects[0].invoice?.amountDue == 0)
        #expect(objects[1].customer?.defaultSource == .string("card_9"))
        #expect(objects[2].subscription?.status == .other("incomplete_expired"))
        #expect(objects[3] == .unknown(["id": "ch_1", "object": "charge", "amount": 500, "paid": true]))
        try expectEqualJSON(events, "stripe-events.json")
    }

    /// Stripe's `BalanceTransaction.source`: an id, or one of many objects told apart by
    /// `object`. A charge is a charge, never the first object variant whose keys it has; an
    /// object of a type the spec does not list is kept whole. `invoice` is untagged: a
    /// deleted invoice has a key (`deleted`) the invoice does not declare, so it is not read
    /// as the invoice listed first, although every key of that is optional.
    @Test func stripeBalanceTransactionSourcesByTagBesideAnID() throws {
        let page = try Payloads.decode(List<BalanceTransaction>.self, from: "styled/stripe-balance-transactions.json")
        let sources = page.data.map(\.source)
        #expect(sources[0] == .string("ch_1"))
        #expect(sources[1]?.charge == StripeCharge(id: "ch_2", object: .charge, amount: 500, paid: true))
        #expect(sources[2]?.refund?.charge == "ch_2")
        #expect(sources[3] == .unknown(["id": "po_1", "object": "payout", "amount": 1000]))
        let invoices = page.data.map(\.invoice)
        #expect(invoices[0] == .string("in_1"))
        #expect(invoices[1]?.invoiceSummary?.status == "paid")
        #expect(invoices[2]?.deletedInvoice == DeletedInvoice(id: "in_3", object: "invoice", deleted: true))
        #expect(invoices[3] == nil)
        try expectEqualJSON(page, "stripe-balance-transactions.json")
        #expect(try JSONDecoder().decode(List<BalanceTransaction>.self, from: JSONEncoder().encode(page)) == page)
    }

    @Test func githubTimelineOfMixedEvents() throws {
        let timeline = try Payloads.decode([TimelineItem].self, from: "styled/github-timeline.json")
        #expect(timeline[0].labeled?.label.name == "bug")
        #expect(timeline[1].commented?.reactions.totalCount == 3)
        #expect(timeline[2].crossReferenced?.source.issue.number == 42)
        #expect(timeline[3].unknown?["event"] == "renamed")
        #expect(timeline[4].closed?.commitID == "9f3c2a1")
        try expectEqualJSON(timeline, "github-timeline.json")
    }

    @Test func githubCommentThreadFiftyLevelsDeep() throws {
        var json = #"{"id": 0, "body": "root", "author": {"login": "a", "id": 1}, "replies": []}"#
        for level in 1...50 {
            json =
                #"{"id": \#(level), "body": "reply", "author": {"login": "b", "id": 2}, "replies": [\#(json)], "in_reply_to": {"id": -\#(level), "body": "parent", "author": {"login": "c", "id": 3}, "replies": []}}"#
        }
        let thread = try JSONDecoder().decode(ThreadComment.self, from: Data(json.utf8))
        var depth = 0
        var node = thread
        while let next = node.replies.first {
            node = next
            depth += 1
        }
        #expect(depth == 50)
        #expect(thread.inReplyTo?.id == -50)
        let again = try JSONDecoder().decode(ThreadComment.self, from: JSONEncoder().encode(thread))
        #expect(again == thread)
    }
}

/// `"bodyEncoding": "form"` (spec-format-2 §8): the bytes Stripe reads.
struct FormBodyTests {
    static let body = CreatePriceBody(
        currency: "eur", unitAmount: 2000, active: true, nickname: nil,
        productData: .init(name: "Gold plan"), metadata: ["order_id": "6735", "note": "a b&c"],
        expand: ["customer", "invoice"], recurring: .init(interval: "month"),
        tiers: [.init(upTo: 10, unitAmount: 500)]
    )

    /// Nested objects and dictionaries in brackets, `[]` for arrays of scalars, `[0]` for
    /// arrays of objects, keys sorted, `nil` left out, space as `+`, brackets and `&` escaped.
    static let expected =
        "active=true&currency=eur&expand%5B%5D=customer&expand%5B%5D=invoice"
        + "&metadata%5Bnote%5D=a+b%26c&metadata%5Border_id%5D=6735&product_data%5Bname%5D=Gold+plan"
        + "&recurring%5Binterval%5D=month&tiers%5B0%5D%5Bunit_amount%5D=500&tiers%5B0%5D%5Bup_to%5D=10&unit_amount=2000"

    @Test func formBodiesAreSentInBracketStyle() async throws {
        let server = try LoopbackServer { _ in
            .json(#"{"id": "price_9", "object": "price", "currency": "eur", "unit_amount_decimal": "2000"}"#)
        }
        defer { server.stop() }
        let price = try await APIClient(baseURL: server.baseURL).send(
            .createPrice(body: Self.body), using: AccessToken(rawValue: "sk_test"))
        #expect(price.id == "price_9")
        let request = try #require(server.requests.first)
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: request.body, as: UTF8.self) == Self.expected)
    }
}

/// `"bodyEncoding": "formExploded"`: a form body as OpenAPI writes one without an `encoding`
/// (Twilio's): an array of scalars repeats its key, an object's fields are keys of their
/// own, and an array of objects, which that style cannot say, is in brackets.
struct ExplodedFormBodyTests {
    @Test func arraysRepeatTheirKeyAndObjectsSpreadTheirFields() async throws {
        let server = try LoopbackServer { _ in .json(#"{"sid": "CA1", "status": "queued"}"#) }
        defer { server.stop() }
        let body = CreateCallBody(
            to: "+15558675310", from: "+15017122661", statusCallbackEvent: ["initiated", "ringing"],
            machineDetection: .init(mode: "Enable", timeout: 30), parts: [.init(name: "a b")])
        let call = try await APIClient(baseURL: server.baseURL).send(.createCall(accountSid: "AC1", body: body))
        #expect(call.sid == "CA1")
        let request = try #require(server.requests.first)
        #expect(request.path == "/Accounts/AC1/Calls.json")
        #expect(request.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == "From=%2B15017122661&Mode=Enable&Timeout=30&Parts%5B0%5D%5Bname%5D=a+b"
                + "&StatusCallbackEvent=initiated&StatusCallbackEvent=ringing&To=%2B15558675310")
    }
}

/// `"bodyEncoding": "multipart"` with a `File` field (spec-format-2 §8): the bytes `curl -F`
/// sends for `-F purpose=dispute_evidence -F "file=@note.txt;type=text/plain"`.
struct MultipartBodyTests {
    /// A text part per field, a file part, a JSON part for an object, a part per element
    /// of an array (OpenAPI's multipart encoding; swift-openapi-generator's Petstore
    /// `multipartUploadTyped` sends its `keyword` array so).
    @Test func multipartBodiesHaveATextPartPerFieldAndAFilePart() async throws {
        let server = try LoopbackServer { _ in .json(#"{"id": "file_1", "filename": "note.txt"}"#) }
        defer { server.stop() }
        let body = UploadFileBody(
            purpose: "dispute_evidence",
            file: FilePart(data: Data("hello\r\nworld".utf8), filename: "note.txt", contentType: "text/plain"),
            metadata: ["case": "7"], sizeHint: nil, tags: ["a", "b"]
        )
        let uploaded = try await APIClient(baseURL: server.baseURL).send(
            .uploadFile(body: body), using: AccessToken(rawValue: "sk_test"))
        #expect(uploaded.id == "file_1")
        let request = try #require(server.requests.first)
        let contentType = try #require(request.headers["content-type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary=dtogen-"))
        let boundary = String(contentType.dropFirst("multipart/form-data; boundary=".count))
        let expected = [
            "--\(boundary)",
            #"Content-Disposition: form-data; name="file"; filename="note.txt""#,
            "Content-Type: text/plain",
            "",
            "hello\r\nworld",
            "--\(boundary)",
            #"Content-Disposition: form-data; name="metadata""#,
            "Content-Type: application/json",
            "",
            #"{"case":"7"}"#,
            "--\(boundary)",
            #"Content-Disposition: form-data; name="purpose""#,
            "",
            "dispute_evidence",
            // An array: a part per element, under the field's name.
            "--\(boundary)",
            #"Content-Disposition: form-data; name="tags""#,
            "",
            "a",
            "--\(boundary)",
            #"Content-Disposition: form-data; name="tags""#,
            "",
            "b",
            "--\(boundary)--",
            "",
        ].joined(separator: "\r\n")
        #expect(String(decoding: request.body, as: UTF8.self) == expected)
    }
}
