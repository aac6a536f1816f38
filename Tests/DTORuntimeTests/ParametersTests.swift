@_spi(Generated) @testable import DTORuntime
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// How path values and query items are written, which every generated endpoint relies on.
struct PathAndQueryEncodingTests {
    enum Color: String, ParameterValue { case red, lightBlue = "light blue" }

    @Test func pathValuesAreOneSegmentEach() {
        let id = "a/b?c#d%e"
        let path: EndpointPath = "/users/\(id)/repos"
        #expect(path.percentEncoded == "/users/a%2Fb%3Fc%23d%25e/repos")
        let dots: EndpointPath = "/x/\("..")/\(".")"
        #expect(dots.percentEncoded == "/x/%2E%2E/%2E")
        let day: EndpointPath = "/d/\(Date(timeIntervalSince1970: 86_400), format: .pattern("yyyy-MM-dd"))"
        #expect(day.percentEncoded == "/d/1970-01-02")
    }

    struct Range: Codable, Sendable { var gte: Int?; var lt: Int? }
    struct Line: Codable, Sendable { var price: String; var quantity: Int }

    /// Objects in a query item go in the bracket style, keys sorted, nulls left out.
    @Test func objectQueryItemsAreSentInTheBracketStyle() throws {
        let none: Range? = nil
        let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(
            path: "/charges",
            query: [
                .init("created", deepObject: Range(gte: 1, lt: nil)), .init("metadata", deepObject: ["order id": "a&b"]),
                .init("lines", deepObject: [Line(price: "p_1", quantity: 2)]), .init("none", deepObject: none), .init("limit", 3),
            ]
        )
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://h.example")!, with: ())
        #expect(request.url?.absoluteString == "https://h.example/charges?created%5Bgte%5D=1&metadata%5Border%20id%5D=a%26b&lines%5B0%5D%5Bprice%5D=p_1&lines%5B0%5D%5Bquantity%5D=2&limit=3")
    }

    @Test func queryItemsAreEscapedRepeatedAndLeftOutWhenNil() throws {
        let none: Int? = nil
        let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(
            path: "/s",
            query: [.init("q", "a b&c=d+e"), .init("tag", ["x", "y"]), .init("page", none), .init("color", Color.lightBlue), .init("at", Date(timeIntervalSince1970: 0), format: .millisecondsSince1970)]
        )
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://h.example/v1/")!, with: ())
        #expect(request.url?.absoluteString == "https://h.example/v1/s?q=a%20b%26c%3Dd%2Be&tag=x&tag=y&color=light%20blue&at=0")
    }

    @Test func numbersAreWrittenAsJSONWritesThem() {
        #expect(1548873165000.0.parameterValues == ["1548873165000"])
        #expect(2.5.parameterValues == ["2.5"])
        #expect(Decimal(string: "0.1")?.parameterValues == ["0.1"])
    }
}
