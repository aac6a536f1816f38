/// Every Swift identifier dtogen writes comes from here, so naming rules live in one place.
public enum SwiftName {
    /// Words that must be escaped with backticks to be used as an identifier.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup",
        "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case",
        "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
        "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "_", "package", "some", "any", "macro",
    ]

    /// Property and argument names that cannot be used even with backticks, or that would
    /// collide with members every generated type has.
    static let reservedMembers: Set<String> = [
        "init", "self", "Self", "deinit", "subscript", "super", "Type", "Protocol", "CodingKeys",
        "hashValue", "hash", "encode", "dto", "container", "decoder", "encoder",
    ]

    /// Type names a generated type must never take: they would shadow the Swift, Foundation
    /// or runtime types that generated code refers to.
    static let reservedTypes: Set<String> = [
        "Type", "Self", "Protocol", "Any", "AnyObject", "Error", "String", "Int", "Int64", "Double", "Float", "Bool",
        "Decimal", "Date", "URL", "UUID", "Data", "Array", "Dictionary", "Optional", "Set", "Character", "Codable",
        "Decodable", "Encodable", "Sendable", "Equatable", "Hashable", "CodingKeys", "CodingKey", "JSONValue",
        "Decoder", "Encoder", "Never", "Void", "Result", "Endpoint", "EndpointKind", "EndpointKinds", "APIClient",
        "AccessToken", "HTTPMethod", "DateFormat", "Foundation", "DTORuntime", "Swift", "Mapping", "MappingError",
        "RawRepresentable", "CaseIterable", "KeyedDecodingContainer", "KeyedEncodingContainer", "TimeInterval",
        "URLRequest", "Substring", "Element", "Index",
    ]

    static func words(_ key: String) -> [String] { SpecFileNaming.words(key) }

    /// Initialisms that the Swift API Design Guidelines case uniformly: `avatarURL`,
    /// `nodeID`, `userAPIKey`; `url`, `id` at the start. Their plurals too (`userIDs`).
    public static let initialisms: Set<String> = [
        "ID", "URL", "URI", "UUID", "HTTP", "HTTPS", "JSON", "API", "HTML", "XML", "IP", "PDF", "SQL", "SSL", "TLS",
        "CSS", "CSV", "DNS", "FTP", "JWT", "SMS", "UTC",
    ]

    /// The initialism a word is (`url` → `URL`, `ids` → `IDs`), if it is one.
    static func initialism(_ word: String) -> String? {
        initialism(ArraySlice(word.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The longest initialism's plural: longer words are never one.
    private static let longestInitialism = 6

    static func initialism(_ word: ArraySlice<UInt8>) -> [UInt8]? {
        guard word.count <= longestInitialism else { return nil }
        var upper = word.map(ASCIIWords.upper)
        if initialisms.contains(String(decoding: upper, as: UTF8.self)) { return upper }
        if upper.count > 2, upper.last == UInt8(ascii: "S"),
            initialisms.contains(String(decoding: upper.dropLast(), as: UTF8.self))
        {
            upper[upper.count - 1] = UInt8(ascii: "s")
            return upper
        }
        return nil
    }

    /// `day_of_birth` → `dayOfBirth`, `avatar_url` → `avatarURL` (`avatarUrl` with `.camel`),
    /// `URLString` → `urlString`, `2fa` → `_2fa`. Returns the bare name (unescaped); `""`
    /// when the key has no letters or digits.
    public static func lowerCamel(_ key: String, style: NamingStyle = .swift) -> String {
        let parts = ASCIIWords.split(key)
        guard let first = parts.first else { return "" }
        var result: [UInt8]
        if !ASCIIWords.isShouting(first), style == .camel || initialism(first) == nil {
            // Keep the rest of a mixed-case first word as written (`iOSVersion` → `iosVersion` is split already).
            result = Array(first)
            result[0] = ASCIIWords.lower(result[0])
        } else {
            result = ASCIIWords.lowercased(first)
        }
        for word in parts.dropFirst() {
            casedWord(word, style: style, into: &result)
        }
        return ASCIIWords.string(result)
    }

    /// A word after the first: an initialism in capitals (`.swift`), else capitalized.
    static func casedWord(_ word: ArraySlice<UInt8>, style: NamingStyle, into result: inout [UInt8]) {
        if style == .swift, let initialism = initialism(word) {
            result += initialism
            return
        }
        var cased = ASCIIWords.isShouting(word) ? ASCIIWords.lowercased(word) : Array(word)
        cased[0] = ASCIIWords.upper(cased[0])
        result += cased
    }

    /// `official-artwork` → `OfficialArtwork`, `generation-i` → `GenerationI`.
    public static func upperCamel(_ key: String, style: NamingStyle = .swift) -> String {
        guard style == .swift else { return SpecFileNaming.upperCamel(key) }
        var result: [UInt8] = []
        for word in ASCIIWords.split(key) {
            if let initialism = initialism(word) {
                result += initialism
                continue
            }
            var cased = ASCIIWords.isShouting(word) && word.count > 1 ? ASCIIWords.lowercased(word) : Array(word)
            cased[0] = ASCIIWords.upper(cased[0])
            result += cased
        }
        return ASCIIWords.string(result)
    }

    /// A property or argument name for a JSON key, never empty, never reserved.
    public static func property(_ key: String, style: NamingStyle = .swift) -> String {
        var name = lowerCamel(key, style: style)
        if name.isEmpty { name = key.isEmpty ? "empty" : "field" }
        return unreserved(name)
    }

    /// A response header's property: the header's name without an `X-` prefix, in
    /// lowerCamelCase (`X-RateLimit-Remaining` → `rateLimitRemaining`, `ETag` → `eTag`).
    static func responseHeaderProperty(_ header: String, style: NamingStyle = .swift) -> String {
        let unprefixed = header.count > 2 && header.lowercased().hasPrefix("x-") ? String(header.dropFirst(2)) : header
        return property(unprefixed, style: style)
    }

    /// A member name that every generated type already has (`hash`, `init`) gets a suffix;
    /// the suffix is chosen so the result is not reserved either (`hash` → `hashField`,
    /// never `hashValue`, which is `Hashable`'s).
    static func unreserved(_ name: String, suffixes: [String] = ["Value", "Field", "Property"]) -> String {
        guard reservedMembers.contains(name) else { return name }
        // Never a doubled word: `hashValue` becomes `hashValueField`, not `hashValueValue`.
        for suffix in suffixes where !reservedMembers.contains(name + suffix) && !name.hasSuffix(suffix) {
            return name + suffix
        }
        return name + "_"
    }

    /// Whether a hand-written name (`$name`, an endpoint name) is a usable identifier.
    public static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first else { return false }
        let head = first == "_" || (first.isASCII && first.properties.isAlphabetic)
        return head
            && name.unicodeScalars.allSatisfy {
                $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
            }
    }

    /// Keywords that can be an argument label only in backticks.
    static let labelKeywords: Set<String> = ["inout", "var", "let"]

    /// Whether a hand-written label (`$label`) can be written without backticks.
    public static func isArgumentLabel(_ name: String) -> Bool {
        isIdentifier(name) && !labelKeywords.contains(name)
    }

    /// An argument label as written in a call: the few keywords a label cannot be get backticks.
    public static func escapedLabel(_ name: String) -> String {
        labelKeywords.contains(name) ? "`\(name)`" : name
    }

    /// The identifier as written in source: keywords get backticks.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// An enum case name for a raw value.
    public static func enumCase(_ value: String, style: NamingStyle = .swift) -> String {
        var name = lowerCamel(value, style: style)
        if name.isEmpty { name = value.isEmpty ? "empty" : "value" }
        if reservedMembers.contains(name) || ["rawValue", "allCases"].contains(name) { name += "Case" }
        return name
    }

    /// A type name, never one of Swift's or the runtime's.
    public static func type(_ key: String, suffix: String = "Object", style: NamingStyle = .swift) -> String {
        var name = upperCamel(key, style: style)
        if name.isEmpty { name = "Value" }
        if reservedTypes.contains(name) { name += suffix }
        return name
    }

    /// Whether a hand-written type name (`types` key, `$typeName`) can be used as written.
    static func isTypeName(_ name: String) -> Bool {
        isIdentifier(name) && !keywords.contains(name)
    }

    /// A declared type name that would shadow a type generated code uses gets `Object`.
    /// `also`: more names to avoid (the runtime's, when it is compiled into the same module).
    static func unshadowed(_ name: String, also: Set<String> = []) -> String {
        reservedTypes.contains(name) || also.contains(name) ? name + "Object" : name
    }

    /// DTORuntime's RFC 9457 problem document, an error type a spec may name without declaring it.
    static let problemDetails = "ProblemDetails"

    /// DTORuntime's public type names. Generated code names them with the module
    /// (`DTORuntime.Envelope`); when the runtime's sources are compiled into the same module
    /// (`--no-runtime-import`) a spec type of the same name would clash, so it is renamed.
    static let runtimeTypes: Set<String> = [
        "Envelope", "Endpoint", "EndpointKind", "EndpointKinds", "EndpointPath", "Parameter", "ParameterValue",
        "Mapping",
        "MappingError", "JSONValue", "Nullable", "Indirect", "FilePart", "OneOf", "Pagination", "APIClient", "APIError",
        "APIResponse", "APIPages", "APIMiddleware", "RetryMiddleware", "HTTPTransport", "URLSessionTransport",
        "AccessToken",
        "AccessTokenProvider", "HTTPMethod", "BodyEncoding", "DateFormat", "RawDate", "GeneratedCodeSupport",
        "StringEncodedValue", "LenientCoercible", "BasicCredentials", "APIKey", "APIKeyLocation", "APIKeyKind",
        "FastDecoder", "FastJSONDecodable", "FastJSONObject", "FastJSONValue", "StreamEndpoint", "EventStream",
        "EventStreamFormat", "StreamedResponse", "ServerSentEvent", "ServerSentEventParser", "JSONLinesParser",
        "QueryStyle", "PathStyle", "RequestBodyEncoding", "DateNesting", "ErrorStatus", "ProblemDetails",
        "StatusResponse", "ResponseHeaders", "ResponseHeaderFields", "HeaderFieldValue", "APIResponseWithHeaders",
        "TransferProgress", "TransferProgressHandler",
    ]

    /// The name of an inline object or enum from its key: PascalCase, singular for array
    /// elements; a name Swift already has gets `Object` (objects) or `Value` (enums).
    static func inlineType(_ key: String, isElement: Bool, isEnum: Bool, style: NamingStyle = .swift) -> String {
        type(isElement ? singular(key) : key, suffix: isEnum ? "Value" : "Object", style: style)
    }

    /// The type of an endpoint parameter declared inline: `Search` + `sort` → `SearchSort`.
    static func parameterType(endpoint: String, key: String, style: NamingStyle = .swift) -> String {
        endpoint + upperCamel(key, style: style)
    }

    static let irregularPlurals: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "indices": "index",
        "vertices": "vertex", "matrices": "matrix", "criteria": "criterion", "analyses": "analysis",
        "feet": "foot", "teeth": "tooth", "geese": "goose", "mice": "mouse",
    ]
    static let uncountable: Set<String> = [
        "news", "series", "species", "data", "status", "info", "metadata", "sheep", "fish", "equipment", "media",
    ]

    /// The singular of the last word of a name, for array element types (`features` → `feature`,
    /// `abilities` → `ability`, `status` stays `status`).
    public static func singular(_ name: String) -> String {
        var parts = words(name)
        guard let last = parts.popLast() else { return name }
        let lower = last.lowercased()
        var singular = last
        if let irregular = irregularPlurals[lower] {
            singular = irregular
        } else if uncountable.contains(lower) || lower.count < 3 {
            singular = last
        } else if lower.hasSuffix("ies") && lower.count > 4 {
            singular = String(last.dropLast(3)) + "y"
        } else if lower.hasSuffix("sses") || lower.hasSuffix("ches") || lower.hasSuffix("shes")
            || lower.hasSuffix("xes") || lower.hasSuffix("zes") || lower.hasSuffix("uses")
        {
            singular = String(last.dropLast(2))
        } else if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is") {
            singular = String(last.dropLast())
        }
        if last.first?.isUppercase == true, let first = singular.first {
            singular = first.uppercased() + singular.dropFirst()
        }
        return (parts + [singular]).joined(separator: "_")
    }

    /// The local constant a mapping binds a spec's `swift` expression to, under a
    /// `#sourceLocation` of its own (`swift0`, `swift1`, ...): the initialiser's only other
    /// name is its parameter `dto`, which none of these takes.
    static func hoistedExpression(_ index: Int) -> String { "swift\(index)" }

    /// The name of an endpoint's inline response or body type: `SearchResponse`, `SearchBody`,
    /// or, when it is an array, the element's `SearchItem`, `SearchBodyItem`.
    static func inlineEndpointType(_ endpoint: String, _ role: String, isArray: Bool) -> String {
        guard isArray else { return endpoint + role }
        return endpoint + (role == "Response" ? "" : role) + "Item"
    }

    /// The namespace that holds a spec's `baseURL`: its `name`, else the last word of its file
    /// name, ending in `API` (`Store` → `StoreAPI`).
    static func apiNamespace(specName: String?, fileBase: String) -> String {
        var name = specName ?? upperCamel(fileBase.split(separator: "_").last.map(String.init) ?? "")
        if name.isEmpty || !isIdentifier(name) { name = "Spec" }
        if !name.hasSuffix("API") { name += "API" }
        return name
    }

    /// Base name of the generated files for a spec path: `usgs/all_day.json` → `Usgs_AllDay`.
    public static func fileBase(forSpecPath path: String) -> String { SpecFileNaming.fileBase(forSpecPath: path) }
}
