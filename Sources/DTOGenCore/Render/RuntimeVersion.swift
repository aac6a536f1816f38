/// dtogen's version, and the DTORuntime versions its output needs, in one place:
/// `dtogen --version` prints `tool`, each generated file names the runtime version it needs
/// (`GeneratedCodeSupport.Version6`), and `CHANGELOG.md` has an entry for each.
public enum DTOGenVersion {
    /// The version `dtogen --version` prints; its minor number is the latest runtime version.
    public static let tool = "0.16.1"
}

/// A version of DTORuntime (`GeneratedCodeSupport.Version<N>`): each adds what some output
/// needs, and a file names the highest it uses, so output of a newer dtogen compiled against
/// an older runtime fails on that line with a message, not inside the generated code.
enum RuntimeVersion: Int, Comparable, CaseIterable, Sendable {
    /// Qualified runtime names, `@_spi(Generated)` plumbing: output without fast paths.
    case qualifiedNames = 2
    /// `FastJSONDecodable`: output with fast paths (the default).
    case fastPaths = 3
    /// `EndpointKinds.Basic`, `APIKeyKind`, object query items (`Parameter(_:deepObject:)`).
    case kinds = 4
    /// `StreamEndpoint` and `EventStream`.
    case streams = 5
    /// Parameter styles, cookies (and untagged one-of guards, which output no longer uses).
    case styles = 6
    /// Parameters sent as JSON (`Parameter(_:json:)`, `Parameter(_:encoded:)`) or with
    /// reserved characters (`allowingReserved()`), dates in dictionaries, `HTTPMethod.options`.
    case jsonParameters = 7
    /// Form bodies as OpenAPI writes them by default (`BodyEncoding.formExploded`).
    case explodedForms = 8
    /// Properties left out of request bodies (`Encoder.isEncodingRequestBody`, `$readOnly`)
    /// and dates nested deeper than an array or a dictionary (`DateNesting`).
    case readOnlyAndNestedDates = 9
    /// Objects that keep the keys they do not declare (`$additionalProperties`) and form
    /// fields written as one delimited value (`bodyStyles`).
    case additionalPropertiesAndDelimitedForms = 10
    /// Dates a PATCH body clears: `$nullable` and `$writeNull` on a date.
    case nullableDates = 11
    /// An optional URL that receives `""` is `nil` (`decodeIfPresent(URL.self, forKey:)`).
    case emptyURLs = 12
    /// Untagged one-ofs that rank the variants of one JSON kind by evidence (`OneOf.ranking`).
    case rankedOneOfs = 13
    /// A type nothing decodes still conforms to `FastJSONDecodable` (its declaration lists
    /// it): the runtime's default `init(fastJSON:)` runs its `init(from:)` on the tape.
    case declaredFastPaths = 14
    /// Error types by status (`Endpoint.decodingErrors(as:for:)`, `ErrorStatus`), RFC 9457
    /// bodies (`ProblemDetails`) and success bodies by status (`StatusResponse`).
    case errorsByStatus = 15
    /// Typed response headers (`ResponseHeaders`, `EndpointKinds.WithResponseHeaders`,
    /// `APIResponseWithHeaders`).
    case responseHeaders = 16

    static let latest = RuntimeVersion.allCases.max() ?? .responseHeaders

    static func < (a: RuntimeVersion, b: RuntimeVersion) -> Bool { a.rawValue < b.rawValue }

    /// The version a spec's output needs: the highest any of its parts uses.
    static func required(by ir: SpecIR, fastDecoding: Bool) -> RuntimeVersion {
        if ir.endpoints.contains(where: { $0.responseHeaders != nil }) { return .responseHeaders }
        if ir.endpoints.contains(where: { !$0.statusErrors.isEmpty })
            || ir.types.decls.contains(where: { decl in
                if case .statusResponses = decl.kind { !decl.external } else { decl.providedByRuntime }
            })
        {
            return .errorsByStatus
        }
        if fastDecoding, declaresFastPaths(ir) { return .declaredFastPaths }
        if ir.types.decls.contains(where: { decl in
            if !decl.external, case .oneOf(let info) = decl.kind {
                !ir.types.evidenceGroups(info).isEmpty
            } else {
                false
            }
        }) {
            return .rankedOneOfs
        }
        if ir.types.decls.indices.contains(where: { index in
            let id = DeclID(index: index)
            guard !ir.types[id].external, case .structure(let fields) = ir.types[id].kind else { return false }
            return fields.contains { ir.types.readsEmptyURLAsNil($0, of: id) }
        }) {
            return .emptyURLs
        }
        if usesNullableDates(ir) { return .nullableDates }
        if ir.types.decls.contains(where: { !$0.external && $0.additionalProperties != nil })
            || ir.endpoints.contains(where: { !$0.formDelimiters.isEmpty })
        {
            return .additionalPropertiesAndDelimitedForms
        }
        if usesRequestBodyEncodingOrNestedDates(ir) { return .readOnlyAndNestedDates }
        if ir.endpoints.contains(where: { $0.bodyEncoding == .formExploded }) { return .explodedForms }
        if usesJSONParameters(ir) { return .jsonParameters }
        if usesStyles(ir) { return .styles }
        if ir.endpoints.contains(where: { $0.stream != nil }) { return .streams }
        if !ir.kinds.isEmpty
            || ir.endpoints.contains(where: { $0.kind == .basic || $0.query.contains { $0.value.deepObject } })
        {
            return .kinds
        }
        return fastDecoding ? .fastPaths : .qualifiedNames
    }

    /// A generated struct or one-of, which declares `FastJSONDecodable` with the type (an
    /// enum takes the raw-value default every runtime has). Only one that nothing decodes
    /// needs the runtime's default `init(fastJSON:)`, but which types are decoded changes
    /// with the endpoints: the version line does not.
    static func declaresFastPaths(_ ir: SpecIR) -> Bool {
        ir.types.decls.indices.contains { index in
            let id = DeclID(index: index)
            if case .enumeration = ir.types[id].kind { return false }
            return ir.types.declaresCodableType(id)
        }
    }

    /// A date field marked `$nullable` or `$writeNull`.
    static func usesNullableDates(_ ir: SpecIR) -> Bool {
        ir.types.decls.contains { decl in
            guard !decl.external, case .structure(let fields) = decl.kind else { return false }
            return fields.contains { field in
                switch field.coding.strategy {
                case .nullableDate: true
                case .date: field.coding.writesNull
                default: false
                }
            }
        }
    }

    /// A field left out of request bodies (`$readOnly`), or of dates nested deeper.
    static func usesRequestBodyEncodingOrNestedDates(_ ir: SpecIR) -> Bool {
        ir.types.decls.contains { decl in
            guard !decl.external, case .structure(let fields) = decl.kind else { return false }
            return fields.contains { field in
                if case .date(_, .nested) = field.coding.strategy { return true }
                return field.coding.readOnly
            }
        }
    }

    /// A parameter sent as JSON or with reserved characters, an OPTIONS endpoint, or a field
    /// of dates in a dictionary.
    static func usesJSONParameters(_ ir: SpecIR) -> Bool {
        let endpoints = ir.endpoints.contains { endpoint in
            endpoint.method == .options
                || (endpoint.query + endpoint.headers + endpoint.cookies).contains {
                    $0.value.style == .json || $0.value.encoded || $0.value.allowReserved
                }
        }
        return endpoints
            || ir.types.decls.contains { decl in
                guard !decl.external, case .structure(let fields) = decl.kind else { return false }
                return fields.contains { field in
                    if case .date(_, .dictionary) = field.coding.strategy { true } else { false }
                }
            }
    }

    /// A parameter written in another than the default style, or a cookie.
    static func usesStyles(_ ir: SpecIR) -> Bool {
        ir.endpoints.contains { endpoint in
            !endpoint.cookies.isEmpty || (endpoint.query + endpoint.headers).contains { !$0.value.hasDefaultStyle }
                || endpoint.path.contains {
                    if case .parameter(let value) = $0 { !value.hasDefaultStyle } else { false }
                }
        }
    }
}
