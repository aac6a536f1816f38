import Testing
@testable import DTOGenCore

/// `SpecReader` on its own: JSON in, the typed `Spec` out. Every closed vocabulary is a
/// type from here on, and a value outside it is one located error with its alternatives.
struct SpecReaderTests {
    func read(_ text: String) -> (Spec?, [Diagnostic]) {
        SpecReader.read(text, path: "s.json")
    }

    @Test func keywordsAreTypedAsTheyAreRead() throws {
        let (spec, diagnostics) = read(
            #"""
            { "options": { "access": "public", "dates": "millisecondsSince1970", "kind": "private", "naming": "camel", "enums": "open" },
              "types": { "T": { "when": { "$type": "Date", "$format": "yyyy-MM-dd" }, "n": { "$type": "Int", "$format": "string" } } },
              "endpoints": [{ "name": "send", "method": "PATCH", "path": "/t", "kind": "Billing.APIKey", "bodyEncoding": "form", "body": "T",
                              "response": "T", "paginate": { "style": "page", "param": "p" }, "domain": { "model": "M", "kind": "class", "fields": {} } }] }
            """#)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let read = try #require(spec)
        #expect(read.access?.value == .public)
        #expect(read.dates?.value == .millisecondsSince1970)
        #expect(read.defaultKind?.value == .private)
        #expect(read.naming?.value == .camel)
        #expect(read.enums?.value == .open)
        let endpoint = try #require(read.endpoints.first)
        #expect(endpoint.method?.value == .patch)
        #expect(endpoint.kind?.value == .custom("Billing.APIKey"))
        #expect(endpoint.bodyEncoding?.value == .form)
        #expect(endpoint.paginate?.style.value == .page)
        #expect(endpoint.domains.first?.kind?.value == .class)
        guard case .object(let properties) = read.types.first?.shape.kind else {
            Issue.record("T is an object"); return
        }
        #expect(properties.map { $0.shape.format?.value } == [.date(.pattern("yyyy-MM-dd")), .stringEncoded])
    }

    @Test(arguments: [
        (#"{ "options": { "naming": 42 }, "endpoints": [] }"#, "'options.naming' must be a string, found a number"),
        (
            #"{ "endpoints": [{ "name": "a", "path": "/a", "method": "get" }] }"#,
            "unknown method 'get'; expected 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD' or 'OPTIONS'; did you mean 'GET'?"
        ),
        (
            #"{ "endpoints": [{ "name": "a", "path": "/a", "kind": "my-kind" }] }"#,
            "unknown endpoint kind 'my-kind'; expected 'public', 'private', 'refreshing', 'basic', a name from 'kinds' or the name of your type that conforms to EndpointKind"
        ),
        (
            #"{ "types": { "T": { "d": { "$type": "Date", "$format": "unix" } } }, "endpoints": [] }"#,
            "unknown date format 'unix'; did you mean 'secondsSince1970'?"
        ),
        (
            #"{ "types": { "T": { "a": { "$type": "Int", "$lenint": true } } }, "endpoints": [] }"#,
            "unknown modifier '$lenint'; did you mean '$lenient'?"
        ),
        (
            #"{ "endpoints": [{ "name": "a", "path": "/a", "paginate": { "param": "p" } }] }"#,
            "'paginate' needs a 'style': 'cursor', 'next', 'link' or 'page'"
        ),
        (
            #"{ "options": { "dtoFiles": 0 }, "endpoints": [] }"#,
            "'options.dtoFiles' must be a whole number from 1 to 64, found a number"
        ),
        (
            #"{ "options": { "dtoFiles": 65 }, "endpoints": [] }"#,
            "'options.dtoFiles' must be a whole number from 1 to 64, found a number"
        ),
        (
            #"{ "options": { "dtoFiles": 2.5 }, "endpoints": [] }"#,
            "'options.dtoFiles' must be a whole number from 1 to 64, found a number"
        ),
        (
            #"{ "options": { "dtoFiles": "4" }, "endpoints": [] }"#,
            "'options.dtoFiles' must be a whole number from 1 to 64, found a string"
        ),
    ])
    func aValueOutsideAVocabularyIsOneError(_ text: String, _ message: String) {
        let (_, diagnostics) = read(text)
        #expect(diagnostics.map(\.message) == [message])
    }

    /// One table drives both the switch and the suggestions: every modifier is read.
    @Test func everyModifierIsRead() {
        for modifier in Modifier.allCases where !Modifier.special.contains(modifier) {
            let value =
                [Modifier.optional, .lenient, .lossy, .nullable].contains(modifier)
                ? "true" : modifier == .examples ? #"["x.json"]"# : #""x""#
            let (_, diagnostics) = read(
                #"{ "types": { "T": { "$type": "String", "\#(modifier.rawValue)": \#(value) } }, "endpoints": [] }"#)
            #expect(!diagnostics.contains { $0.message.hasPrefix("unknown modifier") }, "\(modifier): \(diagnostics)")
        }
    }

    @Test func dollarDollarIsAKeyThatStartsWithADollar() throws {
        let (spec, diagnostics) = read(#"{ "types": { "T": { "$$ref": "String" } }, "endpoints": [] }"#)
        #expect(diagnostics.isEmpty)
        guard case .object(let properties) = try #require(spec).types.first?.shape.kind else {
            Issue.record("object"); return
        }
        #expect(properties.map(\.key) == ["$ref"])
    }
}
