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
                .init("created", deepObject: Range(gte: 1, lt: nil)),
                .init("metadata", deepObject: ["order id": "a&b"]),
                .init("lines", deepObject: [Line(price: "p_1", quantity: 2)]), .init("none", deepObject: none),
                .init("limit", 3),
            ]
        )
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://h.example")!, with: ())
        #expect(
            request.url?.absoluteString
                == "https://h.example/charges?created%5Bgte%5D=1&metadata%5Border%20id%5D=a%26b&lines%5B0%5D%5Bprice%5D=p_1&lines%5B0%5D%5Bquantity%5D=2&limit=3"
        )
    }

    @Test func queryItemsAreEscapedRepeatedAndLeftOutWhenNil() throws {
        let none: Int? = nil
        let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(
            path: "/s",
            query: [
                .init("q", "a b&c=d+e"), .init("tag", ["x", "y"]), .init("page", none), .init("color", Color.lightBlue),
                .init("at", Date(timeIntervalSince1970: 0), format: .millisecondsSince1970),
            ]
        )
        let request = try endpoint.makeRequest(baseURL: URL(string: "https://h.example/v1/")!, with: ())
        #expect(
            request.url?.absoluteString
                == "https://h.example/v1/s?q=a%20b%26c%3Dd%2Be&tag=x&tag=y&color=light%20blue&at=0")
    }

    struct RGB: Codable, Sendable { var R: Int; var G: Int; var B: Int }

    /// The OpenAPI specification's style examples (3.0.3, "Style Examples"): `color` is
    /// `"blue"`, `["blue", "black", "brown"]` or `{"R": 100, "G": 200, "B": 150}`. Keys of an
    /// object are written in key order (the table's `R, G, B` is not; `B` comes first here).
    @Test func everyStyleAsTheOpenAPITableWritesIt() throws {
        let array = ["blue", "black", "brown"]
        let object = RGB(R: 100, G: 200, B: 150)
        func path(_ path: EndpointPath) -> String { path.percentEncoded }
        // Path styles.
        #expect(path("/\("blue", style: .simple)") == "/blue")
        #expect(path("/\(array, style: .simple)") == "/blue,black,brown")
        #expect(path("/\("blue", style: .label)") == "/.blue")
        #expect(path("/\(array, style: .label)") == "/.blue.black.brown")
        #expect(path("/\("blue", style: .matrix(name: "color", explode: false))") == "/;color=blue")
        #expect(path("/\(array, style: .matrix(name: "color", explode: false))") == "/;color=blue,black,brown")
        #expect(
            path("/\(array, style: .matrix(name: "color", explode: true))") == "/;color=blue;color=black;color=brown")
        #expect(path("/\([String](), style: .matrix(name: "color", explode: false))") == "/;color")
        // A separator inside a value is escaped, so it only ever separates values.
        #expect(path("/\(["a,b", "c.d"], style: .label)") == "/.a%2Cb.c%2Ed")
        // Query styles.
        func query(_ parameters: [Parameter]) throws -> String {
            let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(path: "/p", query: parameters)
            return try endpoint.makeRequest(baseURL: URL(string: "https://h.example")!, with: ()).url?.query ?? ""
        }
        #expect(try query([.init("color", "blue").unexploded()]) == "color=blue")
        #expect(try query([.init("color", array).unexploded()]) == "color=blue,black,brown")
        #expect(try query([.init("color", array)]) == "color=blue&color=black&color=brown")
        #expect(try query([.init("color", object: object).unexploded()]) == "color=B,150,G,200,R,100")
        #expect(try query([.init("color", object: object)]) == "B=150&G=200&R=100")
        #expect(try query([.init("color", array).unexploded(.spaceDelimited)]) == "color=blue%20black%20brown")
        #expect(
            try query([.init("color", object: object).unexploded(.spaceDelimited)])
                == "color=B%20150%20G%20200%20R%20100")
        #expect(try query([.init("color", array).unexploded(.pipeDelimited)]) == "color=blue%7Cblack%7Cbrown")
        #expect(try query([.init("color", deepObject: object)]) == "color%5BB%5D=150&color%5BG%5D=200&color%5BR%5D=100")
        // Values are escaped one by one: a comma in a value is not a separator.
        #expect(try query([.init("q", ["a,b", "c"]).unexploded()]) == "q=a%2Cb,c")
        let none: [String]? = nil
        #expect(try query([.init("color", none).unexploded(), .init("n", 1)]) == "n=1")
    }

    /// Version 7: a value as its JSON text (`content: application/json`), a value typed only
    /// as JSON as the scalars it encodes to, and `allowReserved`.
    @Test func jsonValuedParametersAndReservedCharacters() throws {
        func query(_ parameters: [Parameter]) throws -> String {
            let endpoint = Endpoint<EndpointKinds.Public, JSONValue>(path: "/p", query: parameters)
            return try endpoint.makeRequest(baseURL: URL(string: "https://h.example")!, with: ()).url?.query ?? ""
        }
        let filter = RGB(R: 1, G: 2, B: 3)
        #expect(Parameter("X-Filter", json: filter).values == [#"{"B":3,"G":2,"R":1}"#])
        #expect(Parameter("X-Filter", json: ["a/b"]).values == [#"["a/b"]"#])
        let noFilter: RGB? = nil
        #expect(Parameter("X-Filter", json: noFilter).values == [])
        #expect(try query([.init("f", json: ["k": "v w"])]) == "f=%7B%22k%22%3A%22v%20w%22%7D")
        let mixed: JSONValue = .array([.integer(80), .string("http"), .bool(true)])
        #expect(try query([.init("p", encoded: mixed)]) == "p=80&p=http&p=true")
        #expect(try query([.init("p", encoded: mixed).unexploded()]) == "p=80,http,true")
        #expect(try query([.init("p", encoded: JSONValue.string("a b"))]) == "p=a%20b")
        #expect(try query([.init("p", encoded: JSONValue.object(["G": .integer(2), "R": .integer(1)]))]) == "G=2&R=1")
        #expect(try query([.init("p", encoded: JSONValue.null), .init("n", 1)]) == "n=1")
        #expect(
            try query([.init("path", "/a/b:c&d=e+f#g[h]").allowingReserved()]) == "path=/a/b:c%26d%3De%2Bf%23g%5Bh%5D")
        #expect(try query([.init("path", "/a/b:c")]) == "path=%2Fa%2Fb%3Ac")
    }

    @Test func numbersAreWrittenAsJSONWritesThem() {
        #expect(1548873165000.0.parameterValues == ["1548873165000"])
        #expect(2.5.parameterValues == ["2.5"])
        #expect(Decimal(string: "0.1")?.parameterValues == ["0.1"])
    }
}
