/// A spec keyword whose values form a closed set. `SpecReader` turns the written string into
/// the keyword's type once, so the validator, resolvers, printer, importer and inferrer share
/// one list of values and one message for a value that is not in it.
protocol SpecKeyword: RawRepresentable<String>, CaseIterable, Sendable, Equatable {
    /// What a message calls the keyword ("method", "pagination style").
    static var noun: String { get }
    /// The values as a message lists them, with a gloss where one helps.
    static var expected: String { get }
}

extension SpecKeyword {
    static var spellings: [String] { allCases.map(\.rawValue) }

    static var expected: String {
        let quoted = spellings.map { "'\($0)'" }
        return quoted.count < 2
            ? quoted.joined() : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    /// The value a spec wrote, or the message for one that is not a value of the keyword.
    static func read(_ written: String) -> Result<Self, KeywordError> {
        if let value = Self(rawValue: written) { return .success(value) }
        let meant =
            spellings.first { $0.lowercased() == written.lowercased() } ?? Suggest.closest(to: written, in: spellings)
        return .failure(
            KeywordError(
                message:
                    "unknown \(noun) '\(written)'; expected \(expected)\(meant.map { "; did you mean '\($0)'?" } ?? "")"
            ))
    }
}

struct KeywordError: Error, Sendable {
    var message: String
}

/// `method`: the HTTP methods an endpoint can use.
public enum HTTPMethod: String, CaseIterable, Sendable, SpecKeyword {
    case get = "GET", post = "POST", put = "PUT", patch = "PATCH", delete = "DELETE", head = "HEAD", options = "OPTIONS"

    static let noun = "method"

    /// GET and HEAD send no body: URLSession and most servers drop or reject one.
    var allowsBody: Bool { self != .get && self != .head }
    /// A HEAD answer has no body to decode.
    var allowsResponse: Bool { self != .head }
}

/// `bodyEncoding`: how a body goes on the wire.
public enum BodyEncoding: String, CaseIterable, Sendable, SpecKeyword {
    /// `application/json` (the default).
    case json
    /// `application/x-www-form-urlencoded` in the bracket style (`expand[]=a`, `card[cvc]=1`):
    /// Stripe's, and what an OpenAPI `encoding` of `style: deepObject` says.
    case form
    /// `application/x-www-form-urlencoded` as OpenAPI writes it without an `encoding`: an
    /// array repeats its key (`tag=a&tag=b`), an object's fields are keys of their own.
    case formExploded
    /// `multipart/form-data`: a part per field.
    case multipart

    static let noun = "bodyEncoding"
}

/// `stream`: a response read as a stream of events, decoded one by one as they arrive.
public enum StreamStyle: String, CaseIterable, Sendable, SpecKeyword {
    /// Server-sent events (`text/event-stream`): each event's `data` is one value.
    case sse
    /// JSON Lines (NDJSON): one value per line.
    case jsonl

    static let noun = "stream style"
    static let expected = "'sse' (server-sent events) or 'jsonl' (JSON Lines)"
}

/// `events`: what each server-sent event decodes as.
public enum StreamEvents: String, CaseIterable, Sendable, SpecKeyword {
    /// Its `data` (the default).
    case data
    /// The object `{"event": name, "data": data}`, so a one-of tagged by `event` picks its
    /// case by the event's name (OpenAI's Assistants stream).
    case named

    static let noun = "events style"
    static let expected =
        "'data' (each event's data is the response) or 'named' (each event is {\"event\": name, \"data\": data})"
}

/// `paginate.style`: how the next page is reached.
public enum PaginationStyle: String, CaseIterable, Sendable, SpecKeyword {
    case cursor, next, link, page

    static let noun = "pagination style"
}

/// `$style` on a path parameter, query item or header: how arrays and objects are written,
/// as OpenAPI's `style` names it (with `$explode`, OpenAPI's `explode`).
public enum ParameterStyle: String, CaseIterable, Sendable, SpecKeyword {
    /// Query items: `tags=a&tags=b` exploded (the default), `tags=a,b` not.
    case form
    /// Query items: `tags=a%20b`.
    case spaceDelimited
    /// Query items: `tags=a|b`.
    case pipeDelimited
    /// Query items that are objects: `created[gte]=1` (the default for objects).
    case deepObject
    /// Path parameters and headers: `a,b` (the default).
    case simple
    /// Path parameters: `.a.b`.
    case label
    /// Path parameters: `;id=a,b`, exploded `;id=a;id=b`.
    case matrix
    /// Query items, headers and cookies: the value's JSON text (`filter={"a":1}`), what
    /// OpenAPI writes as `content: application/json` on a parameter; any encodable type.
    case json

    static let noun = "parameter style"
    static let expected =
        "'form', 'spaceDelimited', 'pipeDelimited', 'deepObject' or 'json' for a query item; 'simple', 'label' or 'matrix' for a path parameter; 'simple' or 'json' for a header; 'form' or 'json' for a cookie"

    /// The styles a place allows, its default first.
    static func allowed(in place: ParameterPlace) -> [ParameterStyle] {
        switch place {
        case .path: [.simple, .label, .matrix]
        case .query: [.form, .spaceDelimited, .pipeDelimited, .deepObject, .json]
        case .header: [.simple, .json]
        case .cookie: [.form, .json]
        }
    }
}

/// Where a parameter goes.
enum ParameterPlace: String, Sendable {
    case path = "path parameter", query = "query item", header, cookie

    /// A parameter's `in` in an OpenAPI document.
    var openAPI: String {
        switch self {
        case .path: "path"
        case .query: "query"
        case .header: "header"
        case .cookie: "cookie"
        }
    }

    init?(openAPI location: String) {
        switch location {
        case "path": self = .path
        case "query": self = .query
        case "header": self = .header
        case "cookie": self = .cookie
        default: return nil
        }
    }
}

/// `options.access`: the access level of everything generated.
public enum AccessLevel: String, CaseIterable, Sendable, SpecKeyword {
    /// `package`: for the other modules of the app's package (SE-0386), which SwiftPM builds
    /// with a package name.
    case `internal`, `package`, `public`

    static let noun = "access level"
}

/// `options.enums`: whether every `$enum` keeps values the spec does not list.
public enum EnumStyle: String, CaseIterable, Sendable, SpecKeyword {
    case open, closed

    static let noun = "enums option"
    static let expected = "'open' (unknown values are kept) or 'closed'"
}

/// `options.unusedTypes`: what becomes of a type no endpoint uses. Both generate it; `warn`
/// says so, since in a spec written by hand it is often a leftover or a typo, and `generate`
/// does not, for a spec `dtogen import` wrote (a document declares schemas for its readers:
/// webhook events, payloads of other channels).
public enum UnusedTypes: String, CaseIterable, Sendable, SpecKeyword {
    case warn, generate

    static let noun = "unusedTypes option"
    static let expected = "'warn' (generated, with a warning; the default) or 'generate' (generated, no warning)"
}

/// `options.naming`: `swift` (API Design Guidelines casing) or `camel` (plain camel case).
public enum NamingStyle: String, CaseIterable, Sendable, SpecKeyword {
    case swift
    case camel

    static let noun = "naming"
    static let expected = "'swift' (initialisms uniformly cased: 'avatarURL') or 'camel' ('avatarUrl')"
}

/// A domain mapping's `kind`: a struct gets `init(from dto:)`, a class a `convenience init`.
public enum DomainKind: String, CaseIterable, Sendable, SpecKeyword {
    case `struct`, `class`

    static let noun = "domain kind"
}

/// An endpoint's `kind` (or `options.kind`): one of the runtime's kinds, or the name of the
/// app's own type conforming to `EndpointKind`.
public enum KindReference: Sendable, Equatable {
    case `public`
    case `private`
    /// A private endpoint whose token provider is asked for a fresh token before each request.
    case refreshing
    /// HTTP basic authentication (`DTORuntime.EndpointKinds.Basic`).
    case basic
    /// The user's own `EndpointKind` type (`Billing.APIKey`).
    case custom(String)

    static let builtins = ["public", "private", "refreshing", "basic"]

    static func read(_ written: String) -> Result<KindReference, KeywordError> {
        switch written {
        case "public": return .success(.public)
        case "private": return .success(.private)
        case "refreshing": return .success(.refreshing)
        case "basic": return .success(.basic)
        default: break
        }
        let parts = written.split(separator: ".", omittingEmptySubsequences: false)
        if !parts.isEmpty, parts.allSatisfy({ SwiftName.isIdentifier(String($0)) && $0.first?.isUppercase == true }) {
            return .success(.custom(written))
        }
        var hint = Suggest.hint(for: written, in: builtins)
        if ["bearer", "token", "oauth", "oauth2", "jwt", "auth", "authorization"].contains(written.lowercased()) {
            hint = "; an endpoint that sends a bearer token is 'private' (or 'refreshing', with a token provider)"
        }
        return .failure(
            KeywordError(
                message:
                    "unknown endpoint kind '\(written)'\(hint.isEmpty ? "; expected 'public', 'private', 'refreshing', 'basic', a name from 'kinds' or the name of your type that conforms to EndpointKind" : hint)"
            ))
    }

    /// The kind as a spec writes it (the importer writes the kinds it finds).
    var written: String {
        switch self {
        case .public: "public"
        case .private: "private"
        case .refreshing: "refreshing"
        case .basic: "basic"
        case .custom(let name): name
        }
    }
}

/// `$deprecated` on a type, a property or a parameter, `deprecated` on an endpoint: `true`,
/// or the message the compiler's warning gives (OpenAPI's `deprecated: true`).
public struct Deprecation: Sendable, Equatable {
    /// What the warning says beside "deprecated"; nil for none.
    public var message: String?
}

/// `$format`: a date format on a Date, or `"string"` on a number or Bool sent as a string.
public enum FieldFormat: Sendable, Equatable {
    case date(DateFormatSpec)
    /// `"$format": "string"`: `"42"` in JSON for an `Int` in Swift.
    case stringEncoded

    static func read(_ written: String) -> Result<FieldFormat, KeywordError> {
        if written == "string" { return .success(.stringEncoded) }
        return DateFormatSpec.read(written).map(FieldFormat.date)
    }

    var date: DateFormatSpec? {
        if case .date(let format) = self { return format }
        return nil
    }
}

/// The `$` keys of a shape. `special` ones say what the shape is; the rest modify it.
enum Modifier: String, CaseIterable, Sendable {
    case type = "$type", name = "$name", label = "$label", optional = "$optional", defaultValue = "$default"
    case lenient = "$lenient", lossy = "$lossy", format = "$format", doc = "$doc", typeName = "$typeName"
    case enumeration = "$enum", unknown = "$unknown", dictionary = "$dict", nullable = "$nullable"
    case oneOf = "$oneOf", discriminator = "$discriminator", examples = "$examples"
    /// A query item or header sent with the same value on every request (no argument).
    case value = "$value"
    /// How a path parameter, query item or header writes arrays and objects (OpenAPI's).
    case style = "$style", explode = "$explode"
    /// A query item whose reserved characters (`/`, `:`, `,`...) are sent as they are.
    case allowReserved = "$allowReserved"
    /// An optional field written as `null` when nil, not left out (a key a request must send).
    case writeNull = "$writeNull"
    /// An optional field only the server sets: left out of request bodies (OpenAPI's `readOnly`).
    case readOnly = "$readOnly"
    /// On an object: the keys it does not declare, kept in a dictionary of this shape.
    case additionalProperties = "$additionalProperties"
    /// A type, property or parameter the API is retiring: `@available(*, deprecated)`.
    case deprecated = "$deprecated"

    /// The keys that give a shape its kind; a shape has at most one.
    static let special: [Modifier] = [.type, .enumeration, .dictionary, .oneOf]
    static var spellings: [String] { allCases.map(\.rawValue) }
}
