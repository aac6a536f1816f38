/// A value from a spec together with where it was written.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var location: SourceLocation

    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}

/// One spec file as written: plain structs, no Swift decisions yet.
public struct Spec: Sendable {
    /// The path shown in diagnostics and in generated headers (relative to the specs folder).
    public var path: String
    /// Other files the spec's values come from (the OpenAPI document it is backed by): a
    /// location whose `file` is `n` is in `otherFiles[n - 1]`; `0` is the spec itself.
    public var otherFiles: [String] = []
    public var name: Located<String>?
    public var baseURL: Located<String>?
    public var access: Located<AccessLevel>?
    public var dates: Located<DateFormatSpec>?
    public var defaultKind: Located<KindReference>?
    /// `options.naming`: `swift` (API Design Guidelines casing, the default) or `camel`.
    public var naming: Located<NamingStyle>?
    /// `options.namespace`: an enum every generated type is nested in.
    public var namespace: Located<String>?
    /// `options.enums`: `open` gives every `$enum` without `$unknown` an `unknown` case.
    public var enums: Located<EnumStyle>?
    /// `options.identifiable`: false keeps structs with an `id` from conforming to `Identifiable`.
    public var identifiable: Located<Bool>?
    /// `options.unusedTypes`: whether a type no endpoint uses draws a warning.
    public var unusedTypes: Located<UnusedTypes>?
    /// `options.dtoFiles`: how many files the DTOs are split over, so a big API's types
    /// compile in parallel and a change recompiles one part.
    public var dtoFiles: Located<Int>?
    /// `nil`: no key; `.some(nil)`: `"envelope": null`.
    public var envelope: Located<EnvelopeSpec?>?
    public var types: [NamedShape]
    public var endpoints: [EndpointSpec]
    /// Top-level `mappings`: domain mappings from a named (possibly nested) DTO type.
    public var mappings: [DomainSpec] = []
    /// `error`: the type a non-2xx body decodes as, for every endpoint without its own.
    public var error: Located<String>?
    /// `errors`: error types by status, for every endpoint (an endpoint's own entries win
    /// status by status), sorted from the most specific.
    public var errors: [StatusErrorSpec] = []
    /// `imports`: other specs (paths relative to this one) whose types and mappings this one uses.
    public var imports: [Located<String>] = []
    /// `"repository": true` (or `{ "name": ... }`): the protocol's name, or "" for the default.
    public var repository: Located<String>?
    /// `"kinds"`: endpoint kinds dtogen generates (an API key in a header or query item).
    public var kinds: [KindDeclaration] = []
    /// `externalTypes`: names the spec uses for types the app declares, and the Swift type each spells.
    public var externalTypes: [ExternalTypeSpec] = []
    public var location: SourceLocation
}

public struct NamedShape: Sendable {
    /// The name without generic parameters (`Page` for `"Page<T>"`).
    public var name: String
    /// The generic parameters (`["T"]` for `"Page<T>"`).
    public var genericParameters: [String] = []
    public var nameLocation: SourceLocation
    public var shape: ShapeSpec
}

/// A shape: how one JSON value looks, plus the field modifiers written on it.
public struct ShapeSpec: Sendable {
    public indirect enum Kind: Sendable {
        /// A built-in scalar or a name from `types`, without the `?`.
        case reference(String)
        case array(ShapeSpec)
        case object([PropertySpec])
        case dictionary(ShapeSpec)
        case enumeration([Located<String>])
        /// `$oneOf`: a value of one of several shapes; tagged when `$discriminator` is set.
        case oneOf([OneOfVariantSpec])
    }

    public var kind: Kind
    public var location: SourceLocation
    public var optional: Bool = false
    public var optionalLocation: SourceLocation?
    public var name: Located<String>?
    public var label: Located<String>?
    public var typeName: Located<String>?
    public var doc: Located<String>?
    public var defaultValue: JSONNode?
    public var lenient: Bool = false
    public var lossy: Located<Bool>?
    /// `$value`: a query item or header sent as this text on every request, not an argument.
    public var constant: Located<String>?
    /// `$style` and `$explode` on a parameter: how its arrays and objects are written.
    public var style: Located<ParameterStyle>?
    public var explode: Located<Bool>?
    /// `$allowReserved` on a query item: RFC 3986's reserved characters are not escaped.
    public var allowReserved: Located<Bool>?
    /// `$nullable`: an explicit JSON `null` is kept apart from a missing key.
    public var nullable: Located<Bool>?
    /// `$writeNull`: nil is encoded as `null` rather than leaving the key out (OpenAPI's
    /// required and nullable: a request must send the key, and may send `null`).
    public var writeNull: Located<Bool>?
    /// `$readOnly`: a value only the server sets (OpenAPI's `readOnly`), kept in the type for
    /// what the app reads and left out when the type is sent as a request body.
    public var readOnly: Located<Bool>?
    /// `$deprecated`: the type, property or parameter is retiring (nil: it is not).
    public var deprecated: Located<Deprecation>?
    public var format: Located<FieldFormat>?
    public var unknownCase: Located<String>?
    /// `$discriminator`: the key whose string value says which `$oneOf` variant an object is.
    public var discriminator: Located<String>?
    /// `$unknown: true` (or a case name) on a `$oneOf`: keep any other value as JSON.
    public var unknownVariant: Located<String>?
    /// `$examples` on a type in `types`: sample payloads (relative to the spec) checked every run.
    public var examples: [Located<String>] = []
    /// `$additionalProperties` on an object: the keys it does not declare are kept too.
    public var additionalProperties: AdditionalPropertiesSpec?
}

/// `$additionalProperties`: how the values of an object's other keys look (OpenAPI's
/// `additionalProperties` beside `properties`). A class, as a shape inside a shape.
public final class AdditionalPropertiesSpec: Sendable {
    /// The values' shape; its `$name` and `$doc` are the Swift property's.
    public let shape: ShapeSpec
    public let keyLocation: SourceLocation

    init(shape: ShapeSpec, keyLocation: SourceLocation) {
        self.shape = shape
        self.keyLocation = keyLocation
    }
}

/// One variant of a `$oneOf`: its tag (tagged one-ofs) and its shape.
public struct OneOfVariantSpec: Sendable {
    public var tag: Located<String>?
    public var shape: ShapeSpec
}

/// One entry of `bodyStyles`: how a form body's array field is written (OpenAPI's `encoding`
/// style and explode; Swagger 2.0's `collectionFormat` of a `formData` array).
public struct BodyStyleSpec: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var style: Located<ParameterStyle>?
    public var explode: Located<Bool>?
}

/// One entry of `externalTypes`: `"Money": "Shop.Money"`.
public struct ExternalTypeSpec: Sendable {
    /// The name the spec's shapes use.
    public var name: Located<String>
    /// The app's Swift type that generated code spells.
    public var swiftType: Located<String>
    /// `{ "type": ..., "schema": <shape> }`: what the JSON of it is, for `dtogen verify` only
    /// (the schema a document gives it; never generated).
    public var schema: ShapeSpec?
}

public struct PropertySpec: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var shape: ShapeSpec
}

public struct EnvelopeSpec: Sendable {
    public enum Success: Sendable {
        case key(Located<String>)
        case equals(key: Located<String>, value: JSONNode)
    }

    public var data: Located<String>
    public var success: Success?
    public var message: Located<String>?
    public var path: [Located<String>]
    public var location: SourceLocation
}

public struct EndpointSpec: Sendable {
    public var name: Located<String>
    public var method: Located<HTTPMethod>?
    public var path: Located<String>
    public var kind: Located<KindReference>?
    public var params: [PropertySpec]
    public var query: [PropertySpec]
    public var headers: [PropertySpec]
    /// `cookies`: sent together in the `Cookie` header (OpenAPI's `in: cookie`).
    public var cookies: [PropertySpec] = []
    public var body: ShapeSpec?
    public var response: ShapeSpec?
    /// `responses`: the body of each success status, instead of `response`; in order of status.
    public var responses: [StatusResponseSpec] = []
    /// `responseHeaders`: the headers a success response carries, read as typed values into
    /// a struct `client.response(for:)` returns beside the body.
    public var responseHeaders: [PropertySpec] = []
    public var envelope: Located<EnvelopeSpec?>?
    /// The type a non-2xx body decodes as (overrides the spec's `error`).
    public var error: Located<String>?
    /// `errors`: error types by status (override the spec's, status by status), sorted from
    /// the most specific.
    public var errors: [StatusErrorSpec] = []
    /// `timeout`: seconds, as written.
    public var timeout: Located<String>?
    /// `paginate`: how to reach the next page.
    public var paginate: PaginateSpec?
    /// `bodyEncoding`: `json` (default), `form`, `formExploded` or `multipart`.
    public var bodyEncoding: Located<BodyEncoding>?
    /// `bodyStyles`: form body fields whose arrays are one delimited value (`tags=a,b`).
    public var bodyStyles: [BodyStyleSpec] = []
    /// `contentType` of a raw `Data` body (`image/png`).
    public var contentType: Located<String>?
    /// The spec's `domain`: one mapping, or (an addition to the format) an array of them.
    public var domains: [DomainSpec] = []
    public var doc: Located<String>?
    /// `deprecated`: the endpoint is retiring (nil: it is not).
    public var deprecated: Located<Deprecation>?
    /// `examples`: sample response bodies (relative to the spec), envelope included, checked every run.
    public var examples: [Located<String>] = []
    /// `bodyFrom`: the body built from a domain model (`init(from model:)`, a factory overload).
    public var bodyFrom: BodyFromSpec?
    /// `stream`: the response is a stream of events of the `response` type.
    public var stream: Located<StreamStyle>?
    /// `end`: a server-sent event `data` that ends the stream (`[DONE]`).
    public var end: Located<String>?
    /// `events`: what each server-sent event decodes as.
    public var events: Located<StreamEvents>?
    public var location: SourceLocation
}

/// `"bodyFrom": { "model": "NewUser", "fields": { "first_name": "name.first" } }`: each body
/// key from a path of properties on the model.
public struct BodyFromSpec: Sendable {
    public var model: Located<String>
    public var fields: [(key: String, keyLocation: SourceLocation, path: Located<String>)]
    public var location: SourceLocation
}

/// `"paginate": { "style": "cursor", "param": "starting_after", "from": "data[-1].id", "while": "has_more" }`.
public struct PaginateSpec: Sendable {
    public var style: Located<PaginationStyle>
    public var param: Located<String>?
    public var from: Located<String>?
    public var whileKey: Located<String>?
    public var location: SourceLocation
}

public struct DomainSpec: Sendable {
    /// For a top-level mapping: the DTO type it maps from (`Charge.Card`).
    public var dto: Located<String>?
    public var model: Located<String>
    public var kind: Located<DomainKind>?
    public var each: Located<String>?
    /// `nil` when the spec leaves `fields` out: an `each` mapping that reuses the
    /// `init(from:)` another endpoint's domain generates for the same DTO type.
    public var fields: [FieldMappingSpec]?
    /// `"update": true`: also `update(from dto:)`, which assigns each mapped field (upserts).
    public var update: Located<Bool>?
    public var location: SourceLocation
}

public struct FieldMappingSpec: Sendable {
    public enum Source: Sendable {
        case path(Located<String>)
        case converted(from: Located<String>, convert: Located<String>?, defaultValue: JSONNode?)
        case constant(JSONNode)
        case swift(Located<String>)
    }

    public var label: String
    public var labelLocation: SourceLocation
    public var source: Source
}

/// `"kinds": { "APIKeyAuth": { "apiKey": { "header": "X-API-Key" } } }`: a kind the endpoints
/// can name, generated as an enum conforming to DTORuntime's `APIKeyKind`.
public struct KindDeclaration: Sendable {
    public enum Placement: Sendable, Equatable {
        case header(String)
        case query(String)
    }

    public var name: Located<String>
    public var placement: Placement
}
