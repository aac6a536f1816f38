import Testing
@testable import DTOGenCore

/// A spec fragment in, the Swift it must give out: one test per feature, each checking the
/// exact lines that feature is responsible for (the rest of the file is the golden tests' job).
struct SnippetTests {
    enum File: Int { case dtos = 0, mappings = 1, endpoints = 2 }

    func swift(_ spec: String, _ file: File, options: GeneratorOptions = GeneratorOptions()) -> String {
        let result = generate([("s.json", spec)], options: options)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let suffix = ["DTOs", "Mappings", "Endpoints"][file.rawValue] + ".swift"
        return result.files.first { $0.path.hasSuffix(suffix) }?.contents ?? ""
    }

    func expectSnippet(_ snippet: String, in text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(text.contains(snippet + "\n"), "expected\n\(snippet)\nin\n\(text)", sourceLocation: sourceLocation)
    }

    func types(_ fields: String) -> String {
        #"{ "types": { "T": \#(fields) }, "endpoints": [] }"#
    }

    @Test func plainStructUsesSynthesizedCoding() {
        let text = swift(types(#"{ "id": "Int", "name": "String?" }"#), .dtos)
        expectSnippet(
            """
            struct T: Codable, Sendable, Hashable, Swift.Identifiable, DTORuntime.FastJSONDecodable {
                let id: Int
                let name: String?

                init(
                    id: Int,
                    name: String? = nil,
                ) {
                    self.id = id
                    self.name = name
                }
            }
            """, in: text)
    }

    @Test func renamedKeysGetCodingKeysOnly() {
        let text = swift(types(#"{ "user_id": "Int" }"#), .dtos)
        expectSnippet(
            """
                enum CodingKeys: String, CodingKey {
                    case userID = "user_id"
                }
            }
            """, in: text)
        #expect(!text.contains("init(from decoder"))
    }

    @Test func lenientDefaultAndLossyFieldsDecodeButEncodeSynthesized() {
        let text = swift(
            types(
                #"{ "n": { "$type": "Int", "$lenient": true }, "b": { "$type": "Bool", "$default": true }, "l": { "$type": ["Int"], "$lossy": true } }"#
            ), .dtos)
        expectSnippet(
            """
                init(from decoder: any Swift.Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    self.n = container.decodeLenient(Int.self, forKey: .n) ?? 0
                    self.b = try container.decodeIfPresent(Bool.self, forKey: .b) ?? true
                    self.l = try container.decodeLossyArray(Int.self, forKey: .l)
                }
            }
            """, in: text)
        #expect(!text.contains("func encode(to"))
    }

    @Test func datesDecodeAndEncodeInTheirFormat() {
        let text = swift(
            #"{ "options": { "dates": "millisecondsSince1970" }, "types": { "T": { "at": "Date", "days": { "$type": ["Date"], "$format": "yyyy-MM-dd", "$optional": true } } }, "endpoints": [] }"#,
            .dtos)
        expectSnippet(
            """
                    self.at = try container.decodeDate(forKey: .at, format: .millisecondsSince1970)
                    self.days = try container.decodeDatesIfPresent(forKey: .days, format: .pattern("yyyy-MM-dd"))
            """, in: text)
        expectSnippet(
            """
                func encode(to encoder: any Swift.Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encodeDate(at, forKey: .at, format: .millisecondsSince1970)
                    try container.encodeDatesIfPresent(days, forKey: .days, format: .pattern("yyyy-MM-dd"))
                }
            """, in: text)
    }

    @Test func jsonFieldsNameTheRuntimeType() {
        let text = swift(types(#"{ "extra": "JSON" }"#), .dtos)
        expectSnippet("    let extra: DTORuntime.JSONValue", in: text)
        let local = swift(types(#"{ "extra": "JSON" }"#), .dtos, options: GeneratorOptions(runtimeModule: nil))
        expectSnippet("    let extra: JSONValue", in: local)
        #expect(!local.contains("import DTORuntime"))
    }

    @Test func openEnumsKeepUnknownValues() {
        let text = swift(
            #"{ "types": { "Level": { "$enum": ["low", "very-high"], "$unknown": "other" } }, "endpoints": [] }"#, .dtos
        )
        expectSnippet(
            """
            enum Level: RawRepresentable, Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {
                case low
                case veryHigh
                /// A value the spec does not list; `rawValue` is the string that arrived.
                case other(String)
            """, in: text)
    }

    @Test func everyFileSilencesLintersAndChecksTheRuntimeVersion() {
        for file in [File.dtos, .mappings, .endpoints] {
            let text = swift(Self.mappings, file)
            #expect(
                text.hasPrefix(
                    """
                    // Generated by dtogen from s.json. Do not edit.
                    // swiftlint:disable all
                    // swift-format-ignore-file

                    import Foundation
                    @_spi(Generated) import DTORuntime

                    // An error on the next line means the DTORuntime in use is older than the dtogen that wrote
                    // this file: update the dtogen package (this file needs its runtime version 14).
                    private typealias RequiredDTORuntime = DTORuntime.GeneratedCodeSupport.Version14
                    """))
        }
    }

    static let endpoints = #"""
        { "envelope": { "data": "d", "success": { "key": "ok", "equals": true } },
          "types": { "T": { "id": "Int" } },
          "endpoints": [
            { "name": "ping", "path": "/ping", "method": "HEAD" },
            { "name": "one", "path": "/t/{id}", "params": { "id": "Int" }, "response": "T" },
            { "name": "two", "path": "/t/{id}/{day}", "params": { "id": "Int", "day": { "$type": "Date", "$format": "yyyy-MM-dd" } }, "response": "T" },
            { "name": "search", "path": "/t", "kind": "private", "query": { "q": { "$type": "String", "$label": "for" }, "page": "Int?", "state": { "$enum": ["on", "off"] } },
              "headers": { "X-A": "String?" }, "response": ["T"] }
          ] }
        """#

    @Test func factoriesWithoutArgumentsAreProperties() {
        expectSnippet(
            """
            extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.Public, Void> {
                /// `HEAD /ping`
                static var ping: Self {
                    Self(
                        method: .head,
                        path: "/ping",
                        envelope: DTORuntime.Envelope(data: "d", success: .equals(key: "ok", value: true)),
                    )
                }
            }
            """, in: swift(Self.endpoints, .endpoints))
    }

    /// `$value`: a query item or header sent as it is on every request, not an argument.
    @Test func constantQueryItemsAndHeadersAreNoArguments() {
        let spec =
            #"{ "endpoints": [{ "name": "responses", "path": "/responses", "query": { "beta": { "$value": true }, "limit": "Int?" }, "headers": { "OpenAI-Beta": { "$value": "assistants=v2" } } }] }"#
        expectSnippet(
            """
                /// `GET /responses`
                static func responses(limit: Int? = nil) -> Self {
                    Self(
                        method: .get,
                        path: "/responses",
                        query: [
                            .init("beta", "true"),
                            .init("limit", limit),
                        ],
                        headers: [
                            .init("OpenAI-Beta", "assistants=v2"),
                        ],
                    )
                }
            """, in: swift(spec, .endpoints))
    }

    /// `"kinds"`: an API key in a header or query item is a kind dtogen generates; `basic` is
    /// the runtime's. Either needs DTORuntime's version 4.
    @Test func declaredKindsAndBasicAuth() {
        let spec =
            #"{ "kinds": { "PetKey": { "apiKey": { "header": "X-API-Key" } }, "QueryKey": { "apiKey": { "query": "api_key" } } }, "endpoints": [{ "name": "pets", "path": "/pets", "kind": "PetKey" }, { "name": "me", "path": "/me", "kind": "basic" }] }"#
        let text = swift(spec, .endpoints)
        expectSnippet(
            """
            /// Sends the API key in the header `X-API-Key`.
            nonisolated enum PetKey: DTORuntime.APIKeyKind {
                static let apiKeyLocation: DTORuntime.APIKeyLocation = .header("X-API-Key")
            }

            /// Sends the API key in the query item `api_key`.
            nonisolated enum QueryKey: DTORuntime.APIKeyKind {
                static let apiKeyLocation: DTORuntime.APIKeyLocation = .query("api_key")
            }

            nonisolated extension DTORuntime.Endpoint<PetKey, Void> {
            """, in: text)
        expectSnippet("nonisolated extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.Basic, Void> {", in: text)
        #expect(text.contains("DTORuntime.GeneratedCodeSupport.Version4"))
        #expect(!swift(Self.endpoints, .endpoints).contains("Version4"), "other output keeps needing version 3")
    }

    @Test func factoriesWithUpToTwoArgumentsDeclareThemOnOneLine() {
        let text = swift(Self.endpoints, .endpoints)
        expectSnippet(
            """
                static func one(id: Int) -> Self {
                    Self(
                        method: .get,
                        path: "/t/\\(id)",
            """, in: text)
        expectSnippet(
            """
                static func two(id: Int, day: Date) -> Self {
                    Self(
                        method: .get,
                        path: "/t/\\(id)/\\(day, format: .pattern("yyyy-MM-dd"))",
            """, in: text)
    }

    @Test func factoriesWithMoreArgumentsDeclareOnePerLine() {
        expectSnippet(
            """
            extension DTORuntime.Endpoint<DTORuntime.EndpointKinds.Private, [T]> {
                /// `GET /t`
                static func search(
                    for q: String,
                    page: Int? = nil,
                    state: SearchState,
                    xA: String? = nil,
                ) -> Self {
                    Self(
                        method: .get,
                        path: "/t",
                        query: [
                            .init("q", q),
                            .init("page", page),
                            .init("state", state.rawValue),
                        ],
                        headers: [
                            .init("X-A", xA),
                        ],
                        envelope: DTORuntime.Envelope(data: "d", success: .equals(key: "ok", value: true)),
                    )
                }
            }
            """, in: swift(Self.endpoints, .endpoints))
    }

    static let mappings = #"""
        { "types": { "F": { "geo": { "coordinates": ["Double"] }, "blog": "String?", "kind": { "$enum": ["a", "b"] }, "points": [{ "x": "Int" }] } },
          "endpoints": [{ "name": "f", "path": "/f", "response": "F", "domain": [
            { "model": "Place", "fields": { "latitude": "geo.coordinates[1]", "site": { "from": "blog", "convert": "url" },
              "kind": { "from": "kind", "convert": "string" }, "points": { "from": "points", "convert": "model:Pt" } } },
            { "model": "Pt", "kind": "class", "each": "points", "fields": { "x": "x" } }
          ] }] }
        """#

    /// `"update": true`: the same values, assigned to the model's properties (for upserts).
    @Test func updateAssignsEveryMappedField() {
        let spec = #"""
            { "types": { "Q": { "code": "String", "mag": "Double?", "place": { "name": "String" } } },
              "endpoints": [{ "name": "q", "path": "/q", "response": ["Q"], "domain": [
                { "model": "Quake", "kind": "class", "update": true, "fields": { "code": "code", "magnitude": { "from": "mag", "default": 0 }, "default": "place.name" } },
                { "model": "Tremor", "update": true, "fields": { "code": "code" } }
              ] }] }
            """#
        expectSnippet(
            """
                /// Sets every mapped property from the DTO `Q`: updates a stored
                /// `Quake` in place (an upsert by a unique key) instead of inserting a second one.
                func update(from dto: Q) {
                    self.code = dto.code
                    self.magnitude = dto.mag ?? 0
                    self.`default` = dto.place.name
                }
            """, in: swift(spec, .mappings))
        expectSnippet(
            """
                mutating func update(from dto: Q) {
                    self.code = dto.code
                }
            """, in: swift(spec, .mappings))
        let (unlabeled, location) = marked(
            #"{ "types": { "Q": { "a": "Int" } }, "endpoints": [{ "name": "q", "path": "/q", "response": "Q", "domain": { "model": "M", "update": true, "fields": { «"_": "a" } } }] }"#
        )
        #expect(
            generate(unlabeled).diagnostics.map(\.description) == [
                "spec.json:\(location!): error: 'update' assigns each field to the property of its name; an unlabeled argument ('_') has none [DTG3069]"
            ])
    }

    /// `bodyFrom`: located mistakes, like other mappings.
    @Test func bodyFromMistakesAreLocated() {
        func errors(_ bodyFrom: String) -> [String] {
            let (spec, location) = marked(
                #"{ "endpoints": [{ "name": "create", "method": "POST", "path": "/x", "body": { "name": "String", "note": "String?" }, \#(bodyFrom) }] }"#
            )
            return generate(spec).diagnostics.filter { $0.severity == .error }.map {
                "\($0.location == location ? "«" : "\($0.location)") \($0.message)"
            }
        }
        #expect(
            errors(#""bodyFrom": { "model": "Draft", "fields": { «"nmae": "title" } }"#) == [
                "1:130 body key 'name' (String) is required; 'bodyFrom' must say where it comes from on Draft",
                "« no key 'nmae' in the body CreateBody; did you mean 'name'?",
            ])
        #expect(
            errors(#""bodyFrom": { "model": "Draft", "fields": { "name": «"title..x" } }"#) == [
                "« 'title..x' is not a path of properties on Draft (names joined by '.', such as \"name.first\")"
            ])
        #expect(
            errors(#""bodyFrom": «{ "fields": {} }"#) == [
                "« 'bodyFrom' needs a 'model': the domain type the body is built from"
            ])
    }

    /// Fast paths: a struct makes its `init(from:)`'s calls on the tape, keyed by the JSON
    /// keys, with types spelled in full (the extension is outside the type); enums take the
    /// runtime's raw-value path; one-ofs choose a variant as `init(from:)` does.
    @Test func fastDecodingPaths() throws {
        let spec = #"""
            { "types": {
              "F": { "id": "Int", "at": { "$type": "Date", "$format": "secondsSince1970" }, "note": "String?", "inner": { "x": "Double" },
                     "loose": { "$type": "Int", "$lenient": true }, "count": { "$type": "Int", "$default": 0 },
                     "status": { "$enum": ["open"], "$unknown": "other" }, "parent": "F?", "items": { "$type": ["Item"], "$lossy": true },
                     "big": { "$type": "Int64", "$format": "string" }, "patch": { "$type": "String?", "$nullable": true }, "say \"hi\"": "String" },
              "Item": { "y": "String" },
              "Shape": { "$oneOf": { "circle": "Item" }, "$discriminator": "kind", "$unknown": "other" },
              "Loose": { "$oneOf": ["String", "Int"] }
            }, "endpoints": [] }
            """#
        let dtos = swift(spec, .dtos)
        expectSnippet(
            #"""
            extension F {
                init(fastJSON json: DTORuntime.FastJSONValue) throws {
                    var container = try json.object()
                    self.id = try container.decode(Int.self, forKey: "id")
                    self.at = try container.decodeDate(forKey: "at", format: .secondsSince1970)
                    self.note = try container.decodeIfPresent(String.self, forKey: "note")
                    self.inner = try container.decode(F.Inner.self, forKey: "inner")
                    self.loose = container.decodeLenient(Int.self, forKey: "loose") ?? 0
                    self.count = try container.decodeIfPresent(Int.self, forKey: "count") ?? 0
                    self.status = try container.decode(F.Status.self, forKey: "status")
                    self._parent = try container.decodeIfPresent(DTORuntime.Indirect<F>.self, forKey: "parent")
                    self.items = try container.decodeLossyArray(Item.self, forKey: "items")
                    self.big = try container.decodeStringEncoded(Int64.self, forKey: "big")
                    self.patch = try container.decodeNullable(String.self, forKey: "patch")
                    self.sayHi = try container.decode(String.self, forKey: "say \"hi\"")
                }
            }
            """#, in: dtos)
        expectSnippet(
            """
            extension Shape {
                init(fastJSON json: DTORuntime.FastJSONValue) throws {
                    switch json.tag("kind") {
                    case "circle": self = .circle(try json.decode(Item.self))
                    default:
                        self = .other(try json.decode(DTORuntime.JSONValue.self))
                    }
                }
            }
            """, in: dtos)
        expectSnippet(
            """
            extension Loose {
                init(fastJSON json: DTORuntime.FastJSONValue) throws {
                    let kind = json.oneOfKind
                    if kind == .string, let value = try? json.decode(String.self) {
                        self = .string(value)
                        return
                    }
                    if kind == .number, let value = try? json.decode(Int.self) {
                        self = .int(value)
                        return
                    }
                    throw json.noVariant()
                }
            }
            """, in: dtos)
        // A type declares the conformance (an extension that adds one would keep every type
        // in a release binary); an enum reads its raw value through the runtime's default.
        expectSnippet(
            "struct F: Codable, Sendable, Hashable, Swift.Identifiable, DTORuntime.FastJSONDecodable {", in: dtos)
        expectSnippet(
            "enum Status: RawRepresentable, Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {", in: dtos)
        #expect(!dtos.contains(": DTORuntime.FastJSONDecodable {"), "no extension adds the conformance")
        let plain = swift(spec, .dtos, options: GeneratorOptions(fastDecoding: false))
        #expect(!plain.contains("FastJSON"), "--no-fast-decoding leaves them out")
    }

    @Test func longMappingArgumentsAreSplitOnePerLine() {
        expectSnippet(
            """
                init(from dto: F) throws {
                    try self.init(
                        latitude: DTORuntime.Mapping.element(
                            dto.geo.coordinates,
                            1,
                            model: "Place",
                            field: "latitude",
                            source: "geo.coordinates[1]",
                        ),
                        site: dto.blog.flatMap { DTORuntime.Mapping.url($0) },
                        kind: DTORuntime.Mapping.string(dto.kind),
                        points: dto.points.map { Pt(from: $0) },
                    )
                }
            """, in: swift(Self.mappings, .mappings))
    }

    @Test func eachMappingsOfClassesAreConvenienceInitsWithAResponseMapper() {
        expectSnippet(
            """
            extension Pt {
                /// Builds `Pt` from the DTO `F.Point`.
                convenience init(from dto: F.Point) {
                    self.init(
                        x: dto.x,
                    )
                }

                /// Builds one `Pt` per DTO, in order.
                static func from(_ dtos: [F.Point]) -> [Pt] {
                    dtos.map { Pt(from: $0) }
                }

                /// Builds one `Pt` per element of `points`.
                static func from(_ response: F) -> [Pt] {
                    from(response.points)
                }
            }
            """, in: swift(Self.mappings, .mappings))
    }

    @Test func publicAccessReachesFactoriesAndMappings() {
        let options = GeneratorOptions(access: .public)
        expectSnippet(
            "    public static func one(id: Int) -> Self {", in: swift(Self.endpoints, .endpoints, options: options))
        expectSnippet("    public init(from dto: F) throws {", in: swift(Self.mappings, .mappings, options: options))
    }
}

extension SnippetTests {
    /// A file that would declare nothing is not written (the build plugin asks for all three).
    @Test func filesThatDeclareNothingAreNotWritten() {
        let onlyTypes = generate([("s.json", types(#"{ "a": "Int" }"#))])
        #expect(onlyTypes.files.map(\.path) == ["S.DTOs.swift"])
        let kept = generate([("s.json", types(#"{ "a": "Int" }"#))], options: GeneratorOptions(keepsEmptyFiles: true))
        #expect(kept.files.map(\.path) == ["S.DTOs.swift", "S.Endpoints.swift", "S.Mappings.swift"])
        let baseURLOnly = generate([("s.json", #"{ "baseURL": "https://a.example", "endpoints": [] }"#)])
        #expect(baseURLOnly.files.map(\.path) == ["S.Endpoints.swift"])
    }
}

extension SnippetTests {
    @Test func namesFollowTheSwiftGuidelinesUnlessCamelIsAsked() {
        let swiftStyle = swift(types(#"{ "avatar_url": "String", "node_id": "Int" }"#), .dtos)
        expectSnippet("    let avatarURL: String\n    let nodeID: Int", in: swiftStyle)
        let camel = swift(
            #"{ "options": { "naming": "camel" }, "types": { "T": { "avatar_url": "String", "node_id": "Int" } }, "endpoints": [] }"#,
            .dtos)
        expectSnippet("    let avatarUrl: String\n    let nodeId: Int", in: camel)
    }

    @Test func aNamespaceNestsEveryType() {
        let text = swift(
            #"{ "options": { "namespace": "Stripe" }, "types": { "Charge": { "id": "String" }, "Kind": { "$enum": ["a"] } }, "endpoints": [] }"#,
            .dtos)
        expectSnippet(
            """
            /// The namespace of this API's types (`options.namespace`), so they never clash with yours.
            nonisolated enum Stripe {}

            extension Stripe {
                nonisolated struct Charge: Codable, Sendable, Hashable, Swift.Identifiable, DTORuntime.FastJSONDecodable {
            """, in: text)
        expectSnippet(
            """
                }

                nonisolated enum Kind: String, Codable, Sendable, Hashable, CaseIterable, DTORuntime.FastJSONDecodable {
                    case a
                }
            }
            """, in: text)
    }

    @Test func openEnumsKeepUnknownValuesEverywhere() {
        let text = swift(
            #"{ "options": { "enums": "open" }, "types": { "Kind": { "$enum": ["a"] } }, "endpoints": [] }"#, .dtos)
        expectSnippet("    case unknown(String)", in: text)
    }
}

extension SnippetTests {
    /// With the runtime's sources in the same module, a spec type cannot take a runtime name.
    @Test func runtimeNamesAreAvoidedOnlyWhenTheRuntimeSharesTheModule() {
        let spec = #"{ "types": { "Envelope": { "letter": "String" } }, "endpoints": [] }"#
        expectSnippet(
            "struct Envelope: Codable, Sendable, Hashable, DTORuntime.FastJSONDecodable {", in: swift(spec, .dtos))
        let local = generate([("s.json", spec)], options: GeneratorOptions(runtimeModule: nil))
        #expect(
            local.files.first?.contents.contains(
                "struct EnvelopeObject: Codable, Sendable, Hashable, FastJSONDecodable {") == true)
        #expect(
            local.diagnostics.map(\.message) == [
                "type name 'Envelope' would shadow DTORuntime's (compiled into this module) 'Envelope'; it is generated as 'EnvelopeObject'"
            ])
    }
}
