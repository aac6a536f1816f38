import Testing
@testable import DTOGenCore

/// The resolved model, checked as data: what a field's coding is, how a mapping reaches a
/// value, what a request carries. No Swift text involved.
struct IRTests {
    func ir(_ specs: [(String, String)]) throws -> [SpecIR] {
        let (irs, diagnostics) = Generator.resolve(
            specs.map { SpecInput(path: $0.0, bytes: Array($0.1.utf8)) }, options: GeneratorOptions())
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        return irs
    }

    func ir(_ spec: String) throws -> SpecIR {
        try #require(try ir([("spec.json", spec)]).first)
    }

    func fields(_ ir: SpecIR, _ type: String) throws -> [Field] {
        let decl = try #require(ir.types.decls.first { $0.qualifiedName == type })
        guard case .structure(let fields) = decl.kind else { throw Unexpected() }
        return fields
    }

    struct Unexpected: Error {}

    @Test func fieldCodingIsDecidedInIR() throws {
        let spec = try ir(
            #"""
            { "options": { "dates": "secondsSince1970" }, "types": { "T": {
                "plain": "Int", "renamed_key": "String?", "when": "Date", "days": { "$type": ["Date"], "$format": "yyyy-MM-dd" },
                "lossy": { "$type": ["Int"], "$lossy": true }, "lenient": { "$type": "Int", "$lenient": true },
                "fallback": { "$type": "Bool", "$default": true }, "price": { "$type": "Decimal", "$default": -12.50 }
            } }, "endpoints": [] }
            """#)
        let f = try fields(spec, "T")
        #expect(f.map(\.name) == ["plain", "renamedKey", "when", "days", "lossy", "lenient", "fallback", "price"])
        #expect(f[0].coding == FieldCoding())
        #expect(f[1].coding == FieldCoding(mayBeAbsent: true))
        #expect(f[2].coding.strategy == .date(.secondsSince1970, .single))
        #expect(f[3].coding.strategy == .date(.pattern("yyyy-MM-dd"), .array))
        #expect(f[4].coding.strategy == .lossyArray(element: .scalar(.int)))
        #expect(
            f[5].coding == FieldCoding(strategy: .lenient, lenient: true, mayBeAbsent: true, fallback: .number("0")))
        #expect(f[6].defaultValue == .bool(true))
        #expect(f[6].coding.fallback == .bool(true))
        #expect(f[7].defaultValue == .decimal(negative: true, exponent: -2, significand: "1250"))
        #expect(TypeTable.needsCustomDecoding(f))
        #expect(TypeTable.needsCustomEncoding(f))
        #expect(!TypeTable.needsCustomDecoding(Array(f[0...1])))
        #expect(TypeTable.needsCodingKeys(Array(f[0...1])))
        #expect(!TypeTable.needsCustomEncoding(Array(f[4...7])))
    }

    @Test func endpointRequestPartsAreValues() throws {
        let spec = try ir(
            #"""
            { "baseURL": "https://a.example", "envelope": { "data": "d", "success": { "key": "ok", "equals": 1 } },
              "types": { "R": { "a": "Int" } },
              "endpoints": [{ "name": "list", "path": "/u/{id}/r", "kind": "private", "method": "DELETE",
                "params": { "id": "Int" }, "query": { "state": { "$enum": ["open", "closed"] }, "since": "Date?", "tags": ["String"] },
                "headers": { "X-Id": "UUID?" }, "response": "R" }] }
            """#)
        let endpoint = try #require(spec.endpoints.first)
        #expect(endpoint.kind == .private)
        #expect(endpoint.method == .delete)
        #expect(
            endpoint.path == [
                .literal("/u/"),
                .parameter(
                    ParameterValue(
                        argument: "id", key: "id", optional: false, rawValue: .none, style: .simple, explode: false)),
                .literal("/r"),
            ])
        #expect(endpoint.query.map(\.name) == ["state", "since", "tags"])
        #expect(endpoint.query[0].value.rawValue == .single)
        #expect(
            endpoint.query[1].value
                == ParameterValue(
                    argument: "since", key: "since", optional: true, rawValue: .none, dateFormat: .iso8601))
        #expect(
            endpoint.headers == [
                NamedParameter(
                    name: "X-Id",
                    value: ParameterValue(
                        argument: "xID", key: "X-Id", optional: true, rawValue: .none, style: .simple, explode: false))
            ])
        #expect(endpoint.arguments.map(\.name) == ["id", "state", "since", "tags", "xID"])
        #expect(endpoint.arguments[2].defaultValue == .null)
        #expect(endpoint.arguments[0].defaultValue == nil)
        #expect(
            endpoint.envelope
                == EnvelopeIR(data: "d", success: .equals(key: "ok", value: .number("1")), message: nil, path: []))
        #expect(spec.api?.name == "SpecAPI")
    }

    /// The repository's names are decided with the rest: its implementations, one
    /// request-data property per kind, never two of one name (two kinds of the app's own that
    /// give one property name), and each example's property.
    @Test func repositoryNamesAreDecidedInIR() throws {
        let spec = try ir(
            #"""
            { "name": "Shop", "baseURL": "https://shop.example", "repository": true,
              "types": { "Item": { "id": "Int" } },
              "endpoints": [
                { "name": "list", "path": "/a", "response": "Item" },
                { "name": "mine", "path": "/b", "kind": "private", "response": "Item" },
                { "name": "billed", "path": "/c", "kind": "Billing.APIKey", "response": "Item" },
                { "name": "billedAgain", "path": "/d", "kind": "BillingAPIKey", "response": "Item" },
                { "name": "again", "path": "/e", "kind": "private", "response": "Item" }
              ] }
            """#)
        let repository = try #require(spec.repository)
        #expect(repository.name == "ShopRepository")
        #expect(repository.liveName == "ShopRepositoryLive" && repository.stubName == "ShopRepositoryStub")
        #expect(repository.providers.map(\.name) == ["accessToken", "billingAPIKeyData", "billingAPIKeyData2"])
        #expect(repository.providers.map(\.kind) == [.private, .custom("Billing.APIKey"), .custom("BillingAPIKey")])
    }

    @Test func mappingPathsAreSteps() throws {
        let spec = try ir(
            #"""
            { "types": { "F": { "geo": { "coords": ["Double"] }, "tags": ["String"]?, "blog": "String?", "meta": { "$dict": "String" } } },
              "endpoints": [{ "name": "f", "path": "/f", "response": "F", "domain": { "model": "M", "fields": {
                "lat": "geo.coords[1]", "tag": { "from": "tags[0]", "default": "none" }, "site": { "from": "blog", "convert": "url" },
                "color": "meta.color", "constant": { "value": 3 } } } }] }
            """#.replacingOccurrences(of: #"["String"]?"#, with: #"{ "$type": ["String"], "$optional": true }"#))
        let mapping = try #require(spec.mappings.first)
        let source = { (field: String, path: String) in MappingSource(model: "M", field: field, source: path) }
        #expect(mapping.arguments.map(\.label) == ["lat", "tag", "site", "color", "constant"])
        #expect(
            mapping.arguments[0].value
                == .element(
                    .member(.member(.dto, name: "geo", optionalChain: false), name: "coords", optionalChain: false),
                    index: 1, access: .checked, source: source("lat", "geo.coords[1]")))
        #expect(
            mapping.arguments[2].value
                == .map(
                    .member(.dto, name: "blog", optionalChain: false), flat: true, parameter: nil,
                    transform: .convert(.url, .closureArgument)))
        #expect(
            mapping.arguments[3].value
                == .lookup(.member(.dto, name: "meta", optionalChain: false), key: "color", optionalChain: false))
        #expect(mapping.arguments[4].value == .literal(.number("3")))
        #expect(mapping.initThrows)
        #expect(mapping.arguments[0].value.throwing)
        #expect(!mapping.arguments[2].value.throwing)
    }

    /// `model:` makes a mapping throw when the mapping it calls throws, even when that one
    /// is declared later (the linker's fix-point).
    @Test func mappingThrowsFollowsModelConversions() throws {
        let spec = try ir(
            #"""
            { "types": { "Shape": { "origin": "Point", "points": ["Point"] }, "Point": { "c": ["Double"] } },
              "endpoints": [{ "name": "s", "path": "/s", "response": "Shape",
                "domain": [{ "model": "S", "fields": { "origin": { "from": "origin", "convert": "model:Q" } } },
                           { "model": "Q", "each": "points", "fields": { "x": "c[0]" } }] }] }
            """#)
        let s = try #require(spec.mappings.first { $0.model == "S" })
        let q = try #require(spec.mappings.first { $0.model == "Q" })
        #expect(q.initThrows && q.ownArgumentsThrow)
        #expect(s.dependsOn == [MappingKey(model: "Q", dtoType: "Point")])
        #expect(s.initThrows)
        #expect(
            s.arguments[0].value
                == .model(
                    MappingKey(model: "Q", dtoType: "Point"), .member(.dto, name: "origin", optionalChain: false),
                    throwing: true))
    }

    @Test func pathTemplatesHaveOneReader() {
        #expect(
            PathTemplate("/a/{id}/b{x}").parts == [
                .literal("/a/"), .placeholder("id", offset: 3), .literal("/b"), .placeholder("x", offset: 9),
            ])
        #expect(PathTemplate("/a/{id}/b{x}").problems.isEmpty)
        #expect(
            PathTemplate("/a/{}").problems == [PathTemplate.Problem(offset: 3, message: "empty path parameter '{}'")])
        #expect(PathTemplate("/a/{id").problems.map(\.offset) == [3])
        #expect(PathTemplate("/a}").problems.map(\.message) == ["unmatched '}' in path"])
        #expect(PathTemplate("/{a}/{a}").problems.map(\.message) == ["path parameter '{a}' appears twice"])
        #expect(PathTemplate("/x/{a/b}").parts == [.literal("/x/{a/b}")])
    }

    /// Only what a response, an error or a mapping reaches is decoded (and gets a fast
    /// path): a body's own types are only encoded. Across specs: a type another spec's
    /// response uses is decoded in the spec that declares it; a spec of types alone is all
    /// decoded.
    @Test func decodedTypesAreWhatResponsesErrorsAndMappingsReach() throws {
        let shop = #"""
            { "types": {
                "Item": { "id": "Int", "tag": "Tag" }, "Tag": { "name": "String" },
                "NewItem": { "name": "String", "extra": { "note": "String" } }, "Problem": { "message": "String" },
                "Row": { "id": "Int" }, "Shared": { "id": "Int" }, "Later": { "id": "Int" } },
              "endpoints": [
                { "name": "create", "method": "POST", "path": "/items", "body": "NewItem", "response": "Item", "error": "Problem" },
                { "name": "rows", "path": "/rows", "response": ["Row"] },
                { "name": "send", "method": "POST", "path": "/send", "body": "Shared" },
                { "name": "later", "method": "POST", "path": "/later", "body": "Later" }
              ],
              "mappings": [{ "dto": "Later", "model": "LaterModel", "fields": { "id": "id" } }] }
            """#
        let other = #"""
            { "imports": ["shop.json"], "types": {}, "endpoints": [{ "name": "shared", "path": "/shared", "response": "Shared" }] }
            """#
        let library = #"{ "types": { "Lone": { "id": "Int" } }, "endpoints": [] }"#
        let irs = try ir([("shop.json", shop), ("other.json", other), ("library.json", library)])
        func decoded(_ ir: SpecIR) -> [String]? {
            ir.decoded.map { $0.map { ir.types[$0].qualifiedName }.sorted() }
        }
        let spec = try #require(irs.first { $0.path == "shop.json" })
        #expect(decoded(spec) == ["Item", "Later", "Problem", "Row", "Shared", "Tag"])
        #expect(try decoded(#require(irs.first { $0.path == "library.json" })) == nil)
    }
}
