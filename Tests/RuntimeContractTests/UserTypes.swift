// Types an app may well declare itself, named like the runtime's and the standard library's
// types that generated code uses. Generated code in this module must still compile and work:
// it qualifies every such name (`DTORuntime.Endpoint`, `Swift.Decoder`).

struct Endpoint {}
struct Envelope {}
enum Mapping {}
struct APIClient {}
enum Result {}
protocol Decoder {}
protocol Encoder {}
struct JSONValue {}
struct HTTPMethod {}
enum EndpointKinds {}
enum GeneratedCodeSupport {}
struct MappingError {}
/// Apps written before SwiftUI had their own.
protocol Identifiable {}

/// The app's own models the spec maps onto.
struct OrderSummary: Equatable {
    var id: Int
    var placed: Date
    var firstTag: String
    var latitude: Double
    var total: String
    var lines: [OrderLine]
}

struct OrderLine: Equatable {
    var sku: String
    var quantity: Int
}

import Foundation
