/// Every name from DTORuntime (and the standard library) that generated code spells out,
/// in one place. Names are qualified with the runtime module, so a type of the user's
/// module (`struct Endpoint`, `enum Mapping`) can never shadow them.
struct RuntimeSymbols: Sendable {
    /// nil when the runtime's sources are compiled into the same module as the generated code.
    let module: String?
    /// The runtime version the files need (`RuntimeVersion.required(by:fastDecoding:)`).
    var version = RuntimeVersion.fastPaths

    init(module: String?, version: RuntimeVersion = .fastPaths) {
        self.module = module
        self.version = version
    }

    private func qualified(_ name: String) -> String {
        module.map { "\($0).\(name)" } ?? name
    }

    // Types the user also sees.
    var endpoint: String { qualified("Endpoint") }
    var streamEndpoint: String { qualified("StreamEndpoint") }
    var envelope: String { qualified("Envelope") }
    var jsonValue: String { qualified("JSONValue") }
    var publicKind: String { qualified("EndpointKinds.Public") }
    var privateKind: String { qualified("EndpointKinds.Private") }
    var refreshingKind: String { qualified("EndpointKinds.Refreshing") }
    var basicKind: String { qualified("EndpointKinds.Basic") }
    var apiKeyKind: String { qualified("APIKeyKind") }
    var apiKeyLocation: String { qualified("APIKeyLocation") }
    var nullable: String { qualified("Nullable") }
    var indirect: String { qualified("Indirect") }
    var filePart: String { qualified("FilePart") }
    var apiClient: String { qualified("APIClient") }
    var dateFormat: String { qualified("DateFormat") }
    var fastJSONDecodable: String { qualified("FastJSONDecodable") }
    var fastJSONValue: String { qualified("FastJSONValue") }
    var statusResponse: String { qualified("StatusResponse") }
    var responseHeaders: String { qualified("ResponseHeaders") }
    var responseHeaderFields: String { qualified("ResponseHeaderFields") }
    var withResponseHeaders: String { qualified("EndpointKinds.WithResponseHeaders") }

    // Plumbing only generated code uses (`@_spi(Generated)` in the runtime).
    var mapping: String { qualified("Mapping") }
    var oneOf: String { qualified("OneOf") }
    var pagination: String { qualified("Pagination") }
    /// A type that exists only in a runtime new enough for this output.
    var versionCheck: String { qualified("GeneratedCodeSupport.Version\(version.rawValue)") }
    static let spi = "Generated"

    // Standard-library protocols named in generated signatures.
    static let decoder = "Swift.Decoder"
    static let encoder = "Swift.Encoder"

    // Methods the runtime adds to `KeyedDecodingContainer` / `KeyedEncodingContainer`
    // (members, so nothing can shadow them).
    static func decodeDate(_ container: DateContainer) -> String {
        switch container {
        case .single: "decodeDate"
        case .array: "decodeDates"
        case .dictionary: "decodeDateDictionary"
        case .nested: "decodeNestedDates"
        }
    }
    static let decodeLossyArray = "decodeLossyArray"
    static let decodeLenient = "decodeLenient"
    static let decodeStringEncoded = "decodeStringEncoded"
    static let decodeNullable = "decodeNullable"
    static let encodeStringEncoded = "encodeStringEncoded"
    static let encodeNullable = "encodeNullable"
    static let decodeNullableDate = "decodeNullableDate"
    static let encodeNullableDate = "encodeNullableDate"
    static let encodeDateOrNull = "encodeDateOrNull"
    // On `Decoder` and `Encoder` (and the tape's `FastJSONValue`): an object's undeclared keys.
    static let decodeAdditionalProperties = "decodeAdditionalProperties"
    static let encodeAdditionalProperties = "encodeAdditionalProperties"
    static let fastAdditionalProperties = "additionalProperties"
    static func encodeDate(_ container: DateContainer) -> String {
        switch container {
        case .single: "encodeDate"
        case .array: "encodeDates"
        case .dictionary: "encodeDateDictionary"
        case .nested: "encodeNestedDates"
        }
    }

    // `Endpoint` modifiers and body encodings.
    static let decodingRawBody = "decodingRawBody"
    static let decodingText = "decodingText"
    static let serverSentEvents = "serverSentEvents"
    static let jsonLines = "jsonLines"
    static let rawBody = "raw"

    // `APIClient` and endpoint kinds.
    static let send = "send"
    static let requestData = "RequestData"

    // `Pagination` helpers: how the next page's endpoint is made.
    static let cursorPage = "cursor"
    static let nextPage = "next"
    static let linkPage = "link"
    static let numberedPage = "page"

    // `Mapping` conversions.
    static let toDate = "date"
    static let toURL = "url"
    static let toUUID = "uuid"
    static let toInt = "int"
    static let toDouble = "double"
    static let toString = "string"

    // `Mapping` helpers.
    static let element = "element"
    static let optionalElement = "optionalElement"
    static let elementIfPresent = "elementIfPresent"
    static let require = "require"
}
