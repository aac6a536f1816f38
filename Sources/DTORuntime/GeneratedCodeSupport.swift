/// What generated files check they are compiled against. Each file names the version of
/// the runtime it needs (`GeneratedCodeSupport.Version2`); output of a newer dtogen against
/// an older runtime then fails on that line, next to a comment that says to update the
/// dtogen package, instead of failing somewhere inside the generated code. dtogen 0.N's
/// runtime has `VersionN` and every earlier one; `CHANGELOG.md` says what each added.
@_spi(Generated)
public enum GeneratedCodeSupport {
    /// The runtime of dtogen 0.2: qualified runtime names, `@_spi(Generated)` plumbing.
    public enum Version2 {}
    /// The runtime of dtogen 0.3: `FastJSONDecodable`, which output has unless `--no-fast-decoding`.
    public enum Version3 {}
    /// The runtime of dtogen 0.4: `EndpointKinds.Basic`, `APIKeyKind` and object query items
    /// (`Parameter(_:deepObject:)`), which output has when a spec uses them.
    public enum Version4 {}
    /// The runtime of dtogen 0.5: `StreamEndpoint` and `EventStream`, which output has when a
    /// spec streams (`"stream"`).
    public enum Version5 {}
    /// The runtime of dtogen 0.6: untagged one-of guards (`OneOf.hasAnyKey`,
    /// `OneOf.holdsOtherValues`) and parameter styles (`Parameter.unexploded(_:)`,
    /// `Parameter(_:object:)`, `PathStyle`), which output has when a spec needs them.
    public enum Version6 {}
    /// The runtime of dtogen 0.7: parameters sent as JSON (`Parameter(_:json:)`,
    /// `Parameter(_:encoded:)`), dates in dictionaries (`decodeDateDictionary`) and
    /// `HTTPMethod.options`, which output has when a spec uses them.
    public enum Version7 {}
    /// The runtime of dtogen 0.8: form bodies as OpenAPI writes them by default
    /// (`BodyEncoding.formExploded`), which output has when a spec uses them.
    public enum Version8 {}
    /// The runtime of dtogen 0.9: properties only the server sets (OpenAPI's `readOnly`)
    /// left out of request bodies (`Encoder.isEncodingRequestBody`), which output has when a
    /// spec marks one (`$readOnly`).
    public enum Version9 {}
    /// The runtime of dtogen 0.10: objects that keep the keys they do not declare
    /// (`decodeAdditionalProperties`, `encodeAdditionalProperties`) and form fields whose
    /// arrays are one delimited value (`Endpoint.delimitingFormFields(_:)`), which output has
    /// when a spec gives an object `$additionalProperties` or an endpoint `bodyStyles`.
    public enum Version10 {}
    /// The runtime of dtogen 0.11: dates a PATCH body clears (`decodeNullableDate`,
    /// `encodeNullableDate`, `encodeDateOrNull`), which output has when a spec marks a date
    /// `$nullable` or `$writeNull`.
    public enum Version11 {}
    /// The runtime of dtogen 0.12: an optional URL that receives `""` is `nil` in both
    /// decoders (`decodeIfPresent(URL.self, forKey:)`), which output needs when a type it
    /// decodes has an optional URL property.
    public enum Version12 {}
    /// The runtime of dtogen 0.13: untagged one-ofs that choose their variant by evidence
    /// (`OneOf.Shape`, `OneOf.ranking(_:in:)`, `FastJSONValue.oneOfRanking(_:)`), which
    /// output needs when two object (or two array) variants of a one-of must be told apart.
    public enum Version13 {}
    /// The runtime of dtogen 0.14: a generated type declares `FastJSONDecodable` with the
    /// type, and one without a fast path of its own (nothing decodes it) takes the default
    /// `init(fastJSON:)`, its `init(from:)` on the tape.
    public enum Version14 {}
    /// The runtime of dtogen 0.15: error types by status (`ErrorStatus`,
    /// `Endpoint.decodingErrors(as:for:)`), RFC 9457 problem documents (`ProblemDetails`) and
    /// success bodies by status (`StatusResponse`), which output needs when a spec has
    /// `errors` or `responses` or names `ProblemDetails`.
    public enum Version15 {}
    /// The runtime of dtogen 0.16: typed response headers (`ResponseHeaders`,
    /// `EndpointKinds.WithResponseHeaders`, `APIResponseWithHeaders`), which output needs
    /// when an endpoint declares `responseHeaders`.
    public enum Version16 {}
}
