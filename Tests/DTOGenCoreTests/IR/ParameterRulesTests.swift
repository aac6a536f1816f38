import Testing

@testable import DTOGenCore

/// What a URL, a header or a form body can carry (`IR/ParameterRules.swift`), as the resolver
/// decides it: each accepted type is sent, each rejected one is DTG3006 or DTG3029.
struct ParameterRulesTests {
    static let types = #"""
        "Upload": "File", "Day": "Date",
        "Range": { "gte": "Int?", "lte": "Int?" }, "Filed": { "name": "String", "file": "Upload?" },
        "Dated": { "name": "String", "on": "Day?" }, "Count": { "$oneOf": ["Int", "String"] },
        "Tags": { "$dict": "String" }, "Level": { "$enum": ["low", "high"] }
        """#

    /// The errors of one endpoint's query item, header or path parameter of `type`.
    static func errors(_ place: String, _ type: String) -> [String] {
        let key = place == "params" ? "x" : "X-Value"
        let path = place == "params" ? "/things/{x}" : "/things"
        let spec = #"""
            { "types": { \#(types) }, "endpoints": [{ "name": "things", "path": "\#(path)",
              "\#(place)": { "\#(key)": \#(type) } }] }
            """#
        let (_, diagnostics) = Generator.resolve(
            [SpecInput(path: "spec.json", bytes: Array(spec.utf8))], options: GeneratorOptions())
        return diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
    }

    @Test(arguments: [
        #""Int""#, #""Level""#, #"["Day"]"#, #""Range?""#, #""Tags""#, #"["Range"]"#, #""Count""#, #""JSON?""#,
    ])
    func aQueryItemCarries(_ type: String) {
        #expect(Self.errors("query", type).isEmpty, "\(type)")
    }

    /// A file, bytes, arrays of arrays, and objects with a date or a file inside, even
    /// through an alias (`Filed.file` is `Upload?`, an alias of `File`).
    @Test(arguments: [#""Upload""#, #""Data""#, #"[["Int"]]"#, #""Filed?""#, #""Dated""#, #"{ "$dict": "Day" }"#])
    func aQueryItemDoesNotCarry(_ type: String) {
        #expect(Self.errors("query", type) == ["DTG3006"], "\(type)")
    }

    /// A header carries text and JSON scalars, not objects; a path, text only.
    @Test func headersAndPaths() {
        #expect(Self.errors("headers", #""Count""#).isEmpty)
        #expect(Self.errors("headers", #""Range""#) == ["DTG3006"])
        #expect(Self.errors("params", #""Level""#).isEmpty)
        #expect(Self.errors("params", #""Count""#) == ["DTG3006"])
    }

    @Test func aFormBodyIsAnObject() {
        func errors(_ body: String) -> [String] {
            let spec = #"""
                { "types": { \#(Self.types) }, "endpoints": [{ "name": "send", "path": "/send", "method": "POST",
                  "body": \#(body), "bodyEncoding": "form" }] }
                """#
            let (_, diagnostics) = Generator.resolve(
                [SpecInput(path: "spec.json", bytes: Array(spec.utf8))], options: GeneratorOptions())
            return diagnostics.filter { $0.severity == .error }.map(\.code.rawValue)
        }
        #expect(errors(#""Range""#).isEmpty)
        #expect(errors(#"["Range"]"#) == ["DTG3029"])
        #expect(errors(#""Tags""#) == ["DTG3029"])
    }
}
