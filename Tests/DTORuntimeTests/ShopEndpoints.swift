import DTORuntime
import Foundation

// A small API written as dtogen writes it (the conformance specs' `orders.json`), so the
// client's tests need no generated code.

struct Order: Codable, Sendable, Hashable {
    let id: Int
    let status: String
}

/// The body of every non-2xx answer.
struct OrderError: Codable, Sendable, Hashable, Error {
    struct ErrorObject: Codable, Sendable, Hashable {
        let code: String
        let message: String
    }

    let error: ErrorObject
}

extension Endpoint<EndpointKinds.Public, Order> {
    /// `GET /orders/{id}`, with a timeout of its own.
    static func order(id: Int) -> Self {
        Self(method: .get, path: "/orders/\(id)").decodingErrors(as: OrderError.self).timingOut(after: 2.5)
    }

    /// `PUT /orders/{id}/photo`: a PNG sent as it is.
    static func uploadPhoto(id: Int, body: Data) -> Self {
        Self(method: .put, path: "/orders/\(id)/photo", body: body).encodingBody(as: .raw(contentType: "image/png"))
            .decodingErrors(as: OrderError.self)
    }
}

extension Endpoint<EndpointKinds.Private, Order> {
    /// `POST /orders`
    static func createOrder(idempotencyKey: String? = nil, body: Order) -> Self {
        Self(method: .post, path: "/orders", headers: [.init("Idempotency-Key", idempotencyKey)], body: body)
            .decodingErrors(as: OrderError.self)
    }
}

extension Endpoint<EndpointKinds.Public, String> {
    /// `GET /orders/{id}/receipt`: the text itself.
    static func receipt(id: Int) -> Self {
        Self(method: .get, path: "/orders/\(id)/receipt").decodingText().decodingErrors(as: OrderError.self)
    }
}

extension Endpoint<EndpointKinds.Public, Data> {
    /// `GET /orders/{id}/invoice.pdf`: the bytes themselves.
    static func invoicePDF(id: Int) -> Self {
        Self(method: .get, path: "/orders/\(id)/invoice.pdf").decodingRawBody().decodingErrors(as: OrderError.self)
    }
}

extension Endpoint<EndpointKinds.Refreshing, [Order]> {
    /// `GET /me/orders`, with a token from a provider for each request.
    static var myOrders: Self {
        Self(method: .get, path: "/me/orders").decodingErrors(as: OrderError.self)
    }
}
