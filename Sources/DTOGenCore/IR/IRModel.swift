import Foundation

/// The resolved model of a spec: every name final, every type resolved, every decision
/// (how a field is coded, how a mapping reaches a value, what a request carries) made.
/// It holds values, never Swift source text: Render decides how each is spelled.

/// A resolved type as it appears in Swift.
public indirect enum TypeRef: Sendable, Equatable {
    public enum Scalar: String, Sendable, CaseIterable {
        case string = "String", int = "Int", int64 = "Int64", double = "Double", float = "Float", bool = "Bool"
        case decimal = "Decimal", date = "Date", url = "URL", uuid = "UUID"
        /// A file for a multipart body: `DTORuntime.FilePart`.
        case file = "File"
        /// Bytes (base64 in JSON; as they are for a `response` or a `body` with `contentType`).
        case data = "Data"

        var isNumeric: Bool { [.int, .int64, .double, .float, .decimal].contains(self) }
    }

    case scalar(Scalar)
    case json
    /// A declaration in the type table.
    case named(DeclID)
    case array(TypeRef)
    case dictionary(TypeRef)
    case optional(TypeRef)
    /// A generic declaration with its arguments (`Page<Charge>`).
    case generic(DeclID, [TypeRef])
    /// A generic declaration's type parameter (`T` inside `Page<T>`).
    case parameter(String)

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.nonOptional }
        return self
    }
}

extension TypeRef {
    /// The one spelling of a type as Swift: `naming` spells a declaration (by its own name
    /// inside the declaration that uses it, qualified outside), `file` and `json` the
    /// runtime's types (qualified where a spec type could shadow them).
    func spelled(naming: (DeclID) -> String, file: String = Scalar.file.rawValue, json: String = "JSONValue")
        -> String
    {
        func spell(_ type: TypeRef) -> String {
            switch type {
            case .scalar(.file): file
            case .scalar(let s): s.rawValue
            case .json: json
            case .named(let id): naming(id)
            case .array(let element): "[\(spell(element))]"
            case .dictionary(let value): "[String: \(spell(value))]"
            case .optional(let wrapped): "\(spell(wrapped))?"
            case .generic(let id, let args): "\(naming(id))<\(args.map(spell).joined(separator: ", "))>"
            case .parameter(let parameter): parameter
            }
        }
        return spell(self)
    }
}

public struct DeclID: Hashable, Sendable, Comparable {
    let index: Int
    public static func < (lhs: DeclID, rhs: DeclID) -> Bool { lhs.index < rhs.index }
}

/// A generated type: a struct, an enum or a typealias.
struct Decl: Sendable {
    enum Kind: Sendable {
        case structure([Field])
        case enumeration(EnumInfo)
        case alias(TypeRef)
        /// `$oneOf`: an enum with one case per variant.
        case oneOf(OneOfInfo)
        /// A type the app declares (`externalTypes`): spelled as `qualifiedName`, never generated.
        case appType
        /// `responses`: an endpoint's response, an enum with a case per success status,
        /// decoded by the status that arrived.
        case statusResponses([StatusCase])
        /// `responseHeaders`: a struct of an endpoint's typed response headers, read from a
        /// response's header fields (never Codable).
        case responseHeaders([HeaderField])
    }

    /// A header of `responseHeaders`: the property it is read into and how it is read.
    struct HeaderField: Sendable {
        /// The header's name as the spec writes it.
        var header: String
        var name: String
        /// The property's type: optional unless the response must carry the header.
        var type: TypeRef
        /// A `Date` header's format; nil: an HTTP date.
        var dateFormat: DateFormatSpec?
        var doc: String?
        var deprecation: Deprecation?
        /// A deprecated header's private stored property (its own is computed over it).
        var storage: String?
    }

    /// A success status of `responses`: its case and its body's type (nil: none).
    struct StatusCase: Sendable {
        var code: Int
        var name: String
        var payload: TypeRef?
    }

    /// How generated code inside a declaration spells this one: its name (nested types are
    /// in scope), or an app type's Swift type.
    var spelledName: String {
        if case .appType = kind { return qualifiedName }
        return name
    }

    var name: String
    var qualifiedName: String
    var parent: DeclID?
    var kind: Kind
    /// The type parameters of a generic type (`["T"]` for `Page<T>`).
    var genericParameters: [String] = []
    /// Declared by an imported spec: known here, generated there.
    var external = false
    /// JSON keys whose field could not be resolved (its error is reported): a path through
    /// one reports nothing more, so one mistake gives one error.
    var failedKeys: Set<String> = []
    /// The spec that declares an imported type (nil: this spec), for notes that point at it.
    var specFile: String?
    /// Named by an `error` key: the struct also conforms to `Error`.
    var isErrorBody = false
    var doc: String?
    /// `$deprecated` on the type in `types`.
    var deprecation: Deprecation?
    /// An app type's schema (`externalTypes`' `schema`): what `verify` checks its JSON against.
    var appTypeSchema: TypeRef?
    /// An app type DTORuntime declares (`ProblemDetails`), which the spec names without
    /// declaring it.
    var providedByRuntime = false
    var location: SourceLocation
    var nested: [DeclID] = []
    /// A struct's `$additionalProperties`: a `[String: T]` field, kept apart from the fields
    /// (it has no key of its own), that holds every key the JSON object does not declare.
    var additionalProperties: Field?

    /// A struct's stored properties: its fields, then `additionalProperties`; for questions
    /// about the types a declaration holds (reachability, imports), not about its keys.
    var storedFields: [Field] {
        guard case .structure(let fields) = kind else { return [] }
        return fields + (additionalProperties.map { [$0] } ?? [])
    }
}

struct EnumInfo: Sendable, Equatable {
    struct Case: Sendable, Equatable {
        var name: String
        var rawValue: String
    }

    var cases: [Case]
    var unknownCaseName: String?
}

/// A value of one of several shapes (`$oneOf`).
struct OneOfInfo: Sendable {
    /// The JSON kind a variant accepts: untagged one-ofs try a value only against variants
    /// of its kind, in order.
    enum JSONKind: String, Sendable {
        case string, number, bool, object, array, any
    }

    struct Variant: Sendable {
        /// The Swift case name (also the accessor's name).
        var name: String
        /// The discriminator value of a tagged variant.
        var tag: String?
        var type: TypeRef
        var kind: JSONKind
    }

    var variants: [Variant]
    /// The key whose string value names the variant (tagged); nil for untagged.
    var discriminator: String?
    /// The case that keeps any other value as JSON.
    var unknownCaseName: String?
    /// The static property that holds what the variants ranked by evidence declare (nil
    /// when no two variants share a JSON kind, or the one-of is tagged).
    var shapesName: String?
}

/// A Swift value written from a spec's JSON (`$default`, mapping defaults and constants,
/// the fallback of a lenient field). Render spells it; IR only decides what it is.
indirect enum Literal: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var key: String
        var value: Literal
    }

    case null
    case bool(Bool)
    /// A JSON number lexeme used as written (integers, and floating-point numbers for Double and Float).
    case number(String)
    /// An exact decimal: `sign * significand * 10^exponent`, never through Double.
    case decimal(negative: Bool, exponent: Int, significand: String)
    /// A decimal with more significant digits than an integer literal holds, as its text.
    case decimalText(String)
    case string(String)
    /// The instant exactly as the runtime decodes the spec's value.
    case date(Date)
    /// Checked to parse when the literal was made.
    case url(String)
    /// Checked to parse when the literal was made.
    case uuid(String)
    case enumCase(String)
    /// The catch-all case of an open enum holding a value the spec does not list.
    case unknownEnumCase(String, rawValue: String)
    /// A `JSONValue` number that is not an integer (`.number(1.5)`).
    case jsonNumber(String)
    /// The `JSONValue` null (`.null`), as a lenient `JSON` field's fallback.
    case jsonNull
    case array([Literal])
    case dictionary([Entry])
}

/// Where a field's dates are: the field itself, the elements of its array, the values of
/// its dictionary (Kubernetes's `disruptedPods`), or deeper (`[[Date]]`, `[String: [Date]]`,
/// `[Date?]`, read through the runtime's `DateNesting`).
enum DateContainer: Sendable, Equatable {
    case single, array, dictionary, nested
}

/// How one stored property is read from and written to JSON.
struct FieldCoding: Sendable, Equatable {
    enum Strategy: Sendable, Equatable {
        /// `decode(T.self, …)`.
        case plain
        /// Dates (a `Date`, or arrays and dictionaries of them) in a format the runtime knows.
        case date(DateFormatSpec, DateContainer)
        /// An array whose undecodable elements are skipped.
        case lossyArray(element: TypeRef)
        /// A scalar coerced from another JSON kind when it does not decode as is.
        case lenient
        /// A number or Bool that the JSON writes as a string (`$format: "string"`).
        case stringEncoded
        /// `Nullable<T>?`: absent, an explicit `null`, or a value (`$nullable`).
        case nullable
        /// `Nullable<Date>?`: absent, an explicit `null`, or a date in the format (`$nullable` on a date).
        case nullableDate(DateFormatSpec)

        /// Whether the property is stored as `Nullable<T>?`.
        var isNullable: Bool {
            switch self {
            case .nullable, .nullableDate: true
            default: false
            }
        }
    }

    var strategy: Strategy = .plain
    /// A lenient field never throws: a value that decodes in no way becomes `nil` (then the fallback).
    var lenient = false
    /// The key may be missing or null.
    var mayBeAbsent = false
    /// What a missing (or, for lenient fields, unreadable) value becomes.
    var fallback: Literal?
    /// nil is encoded as `null`, not left out (`$writeNull`).
    var writesNull = false
    /// Left out when the type is encoded as a request body (`$readOnly`: only the server sets it).
    var readOnly = false

    /// Whether the synthesized `init(from:)` would decode this field differently.
    var needsCustomDecoding: Bool { strategy != .plain || lenient || fallback != nil }
    /// Whether the synthesized `encode(to:)` would encode this field differently.
    var needsCustomEncoding: Bool {
        switch strategy {
        case .date, .stringEncoded, .nullable, .nullableDate: true
        default: writesNull || readOnly
        }
    }
}

/// One stored property of a DTO.
struct Field: Sendable {
    var jsonKey: String
    var keyLocation: SourceLocation
    var name: String
    /// The declared Swift type (optional when the JSON may lack it).
    var type: TypeRef
    /// The memberwise initializer's default.
    var defaultValue: Literal?
    var coding = FieldCoding()
    var doc: String?
    /// `$deprecated` on the property.
    var deprecation: Deprecation?
    /// The private stored property's name when `name` is a computed property: for a boxed
    /// field, and for a deprecated one (whose storage generated code uses without a warning).
    var storage: String?
    /// The value is stored boxed (`Indirect`): a struct contains itself through this optional field.
    var boxed = false
}

/// All declarations of one spec.
struct TypeTable: Sendable {
    var decls: [Decl] = []
    var topLevel: [DeclID] = []

    subscript(id: DeclID) -> Decl {
        get { decls[id.index] }
        set { decls[id.index] = newValue }
    }

    mutating func add(_ decl: Decl) -> DeclID {
        decls.append(decl)
        return DeclID(index: decls.count - 1)
    }

    /// A type with a generic declaration's parameters replaced by arguments.
    func substituting(_ type: TypeRef, _ arguments: [String: TypeRef]) -> TypeRef {
        guard !arguments.isEmpty else { return type }
        switch type {
        case .parameter(let name): return arguments[name] ?? type
        case .array(let element): return .array(substituting(element, arguments))
        case .dictionary(let value): return .dictionary(substituting(value, arguments))
        case .optional(let wrapped): return .optional(substituting(wrapped, arguments))
        case .generic(let id, let args): return .generic(id, args.map { substituting($0, arguments) })
        default: return type
        }
    }

    /// The fields of the struct a type stands for, with generic arguments put in.
    func fields(of type: TypeRef) -> (id: DeclID, fields: [Field])? {
        switch resolved(type) {
        case .named(let id):
            if case .structure(let fields) = self[id].kind { return (id, fields) }
        case .generic(let id, let args):
            guard case .structure(let fields) = self[id].kind else { return nil }
            let map = Dictionary(zip(self[id].genericParameters, args), uniquingKeysWith: { first, _ in first })
            return (
                id,
                fields.map { field in
                    var field = field
                    field.type = substituting(field.type, map)
                    return field
                }
            )
        default: break
        }
        return nil
    }

    /// Follows typealiases to the type they stand for.
    func resolved(_ type: TypeRef) -> TypeRef {
        var current = type
        var steps = 0
        while case .named(let id) = current, case .alias(let target) = self[id].kind, steps < decls.count + 1 {
            current = target
            steps += 1
        }
        switch current {
        case .optional(let wrapped): return .optional(resolved(wrapped))
        default: return current
        }
    }

    /// The enum a type stands for (through aliases), if it is one.
    func enumeration(_ type: TypeRef) -> EnumInfo? {
        if case .named(let id) = resolved(type), case .enumeration(let info) = self[id].kind { return info }
        return nil
    }

    func isEnum(_ type: TypeRef) -> Bool { enumeration(type) != nil }

    /// The struct a type stands for (through aliases), if it is one (generic or not).
    func structure(_ type: TypeRef) -> DeclID? {
        switch resolved(type) {
        case .named(let id), .generic(let id, _):
            if case .structure = self[id].kind { return id }
        default: break
        }
        return nil
    }

    func isArray(_ type: TypeRef) -> Bool {
        if case .array = resolved(type) { return true }
        return false
    }

    /// How a type is named in diagnostics: qualified, as a user would write it in Swift.
    /// Whether `type` names a top-level declaration called `name`, at any depth.
    func mentions(_ type: TypeRef, topLevelName name: String) -> Bool {
        switch type {
        case .named(let id): self[id].parent == nil && self[id].spelledName.prefix { $0 != "." } == name
        case .generic(let id, let arguments):
            (self[id].parent == nil && self[id].name == name) || arguments.contains { mentions($0, topLevelName: name) }
        case .array(let inner), .dictionary(let inner), .optional(let inner): mentions(inner, topLevelName: name)
        case .scalar, .json, .parameter: false
        }
    }

    /// Whether the spec's output declares this struct, enum or one-of itself (not an
    /// imported spec's, an app type's, an alias): each such type conforms to `Codable`, and
    /// with fast decoding to `FastJSONDecodable`, in its declaration.
    func declaresCodableType(_ id: DeclID) -> Bool {
        guard !self[id].external, !isAppType(id) else { return false }
        switch self[id].kind {
        case .structure, .enumeration, .oneOf: return true
        case .alias, .appType, .statusResponses, .responseHeaders: return false
        }
    }

    /// Whether a declaration is an app type or part of its schema: nothing generates it.
    func isAppType(_ id: DeclID) -> Bool {
        var current: DeclID? = id
        while let next = current {
            if case .appType = self[next].kind { return true }
            current = self[next].parent
        }
        return false
    }

    /// The app's own types this spec declares (`externalTypes`), as Swift spells them.
    var declaredAppTypes: [String] {
        decls.filter { decl in
            if case .appType = decl.kind { !decl.external && !decl.providedByRuntime } else { false }
        }.map(\.qualifiedName)
    }

    func describe(_ type: TypeRef) -> String {
        type.spelled(naming: { self[$0].qualifiedName })
    }
}

/// A struct's coding, decided from its fields.
extension TypeTable {
    /// `CodingKeys` is written when a key is renamed or the coding is custom.
    static func needsCodingKeys(_ fields: [Field]) -> Bool {
        fields.contains { ($0.storage ?? $0.name) != $0.jsonKey } || needsCustomDecoding(fields)
            || needsCustomEncoding(fields)
    }

    /// A struct conforms to `Identifiable` when it has a property `id` (its Swift name) that
    /// is never nil and stored as declared: every generated type is `Hashable`, so is the id.
    static func identifies(_ fields: [Field]) -> Bool {
        fields.contains {
            $0.name == "id" && !$0.type.isOptional && !$0.boxed && !$0.coding.strategy.isNullable
        }
    }

    /// An optional URL property of the struct `owner` declares: `""` decodes as `nil` in both
    /// decoders (the runtime's `decodeIfPresent(URL.self, forKey:)`, which the call generated
    /// code makes resolves to), as APIs send it for "no URL". Not a generic parameter's
    /// field (the call is the generic one whatever the argument), nor a field of the schema
    /// of an app type (the app's type decodes it).
    func readsEmptyURLAsNil(_ field: Field, of owner: DeclID) -> Bool {
        guard case .plain = field.coding.strategy, field.coding.mayBeAbsent, !field.coding.lenient, !field.boxed,
            isFoundationURL(field.type.nonOptional), !isAppType(owner)
        else { return false }
        // A generic type's field as written (the verifier's have the arguments put in).
        guard !self[owner].genericParameters.isEmpty else { return true }
        guard case .structure(let declared) = self[owner].kind,
            let written = declared.first(where: { $0.name == field.name })?.type
        else { return false }
        return isFoundationURL(written.nonOptional)
    }

    /// `URL`, through aliases, or an app type that is Foundation's URL (`"Link": "URL"`,
    /// spelled `URL.self`).
    private func isFoundationURL(_ type: TypeRef) -> Bool {
        switch resolved(type) {
        case .scalar(.url): return true
        case .named(let id):
            guard case .appType = self[id].kind else { return false }
            return ["URL", "Foundation.URL"].contains(self[id].qualifiedName)
        default: return false
        }
    }

    static func needsCustomDecoding(_ fields: [Field]) -> Bool { fields.contains { $0.coding.needsCustomDecoding } }
    static func needsCustomEncoding(_ fields: [Field]) -> Bool { fields.contains { $0.coding.needsCustomEncoding } }
}

// MARK: Mappings

/// Where a mapping error says a value came from.
struct MappingSource: Sendable, Equatable {
    var model: String
    var field: String
    var source: String
}

/// A value computed from a DTO in a domain mapping. A tree, so Render decides layout
/// (line breaks, `try`, parentheses) and tests can inspect the steps.
indirect enum MappingExpression: Sendable, Equatable {
    enum ElementAccess: Sendable, Equatable {
        /// A `MappingError` when the array is too short.
        case checked
        /// The array itself may be nil: nil stays nil, too short throws.
        case checkedOptional
        /// nil when the array is nil or too short (a default follows).
        case ifPresent
    }

    enum Conversion: Sendable, Equatable {
        case dateSecondsSince1970, dateMillisecondsSince1970, dateISO8601
        case url, uuid, int, double, string
    }

    /// The DTO being mapped.
    case dto
    /// The response a `from(_:)` reaches elements through.
    case response
    /// The closure parameter of a `map`.
    case closureArgument
    /// A named closure parameter.
    case variable(String)
    /// `base.name`, or `base?.name` after an optional.
    case member(MappingExpression, name: String, optionalChain: Bool)
    /// `base["key"]` on a dictionary or `JSONValue`.
    case lookup(MappingExpression, key: String, optionalChain: Bool)
    /// `base[0]` on a `JSONValue` (nil when out of range).
    case jsonIndex(MappingExpression, index: Int, optionalChain: Bool)
    /// An element of a typed array, checked at run time.
    case element(MappingExpression, index: Int, access: ElementAccess, source: MappingSource)
    /// A runtime conversion.
    case convert(Conversion, MappingExpression)
    /// `Type(rawValue: base)`; `fromEnum` reads the raw value of an enum first.
    case rawValue(type: String, MappingExpression, fromEnum: Bool)
    /// `Model(from: base)`, which throws when that mapping does (known once Link has seen
    /// every spec's mappings).
    case model(MappingKey, MappingExpression, throwing: Bool)
    /// The value, or a `MappingError` with `reason`.
    case require(MappingExpression, source: MappingSource, reason: String)
    /// `base.map { transform }` (or `flatMap` when `flat`); `parameter` names the closure's argument.
    case map(MappingExpression, flat: Bool, parameter: String?, transform: MappingExpression)
    /// `base ?? fallback`.
    case coalesce(MappingExpression, MappingExpression)
    /// A literal; for a mapping's `value`, one whose type the init's parameter decides.
    case literal(Literal)
    /// Swift code a spec author wrote, used as written.
    case swift(String)

    /// Whether evaluating this expression can throw.
    var throwing: Bool {
        switch self {
        case .dto, .response, .closureArgument, .variable, .literal: false
        case .swift(let code): code.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).contains("try")
        case .member(let base, _, _), .lookup(let base, _, _), .jsonIndex(let base, _, _), .convert(_, let base),
            .rawValue(_, let base, _):
            base.throwing
        case .element(let base, _, let access, _): access != .ifPresent || base.throwing
        case .model(_, let base, let throwing): throwing || base.throwing
        case .require: true
        case .map(let base, _, _, let transform): base.throwing || transform.throwing
        case .coalesce(let value, let fallback): value.throwing || fallback.throwing
        }
    }

    /// The expression with each `model:` call marked throwing as `throwing` says.
    func linked(_ throwing: [MappingKey: Bool]) -> MappingExpression {
        switch self {
        case .dto, .response, .closureArgument, .variable, .literal, .swift: self
        case .member(let base, let name, let chain): .member(base.linked(throwing), name: name, optionalChain: chain)
        case .lookup(let base, let key, let chain): .lookup(base.linked(throwing), key: key, optionalChain: chain)
        case .jsonIndex(let base, let index, let chain):
            .jsonIndex(base.linked(throwing), index: index, optionalChain: chain)
        case .element(let base, let index, let access, let source):
            .element(base.linked(throwing), index: index, access: access, source: source)
        case .convert(let conversion, let base): .convert(conversion, base.linked(throwing))
        case .rawValue(let type, let base, let fromEnum):
            .rawValue(type: type, base.linked(throwing), fromEnum: fromEnum)
        case .model(let key, let base, let old): .model(key, base.linked(throwing), throwing: throwing[key] ?? old)
        case .require(let value, let source, let reason):
            .require(value.linked(throwing), source: source, reason: reason)
        case .map(let base, let flat, let parameter, let transform):
            .map(base.linked(throwing), flat: flat, parameter: parameter, transform: transform.linked(throwing))
        case .coalesce(let value, let fallback): .coalesce(value.linked(throwing), fallback.linked(throwing))
        }
    }
}

/// A domain mapping: an extension on the user's model with `init(from:)` and `from(_:)`.
struct MappingIR: Sendable {
    struct Argument: Sendable {
        /// nil for an unlabeled argument (`_`).
        var label: String?
        var value: MappingExpression
        /// Where the spec maps this argument (for `#sourceLocation`).
        var location: SourceLocation = SourceLocation(line: 1, column: 1)
    }

    var model: String
    var isClass: Bool
    /// False for an `each` mapping without `fields`: it reuses another domain's `init(from:)`.
    var declaresInit: Bool
    /// `"update": true`: `update(from dto:)` assigns each argument to the property of its label.
    var declaresUpdate = false
    /// False when another mapping of the module already writes the same `from(_ response:)`.
    var declaresResponse = true
    var dtoType: DeclID
    /// The endpoint whose (first) domain this is, for the repository's return types.
    var endpointIndex: Int?
    var arguments: [Argument]
    /// Whether `init(from:)` throws: its own arguments, or a `model:` mapping it calls.
    /// Final only after linking across specs (`ModuleLinker`).
    var initThrows: Bool
    var dependsOn: [MappingKey]
    /// For `each`: the response type and how its elements are reached.
    var response: TypeRef?
    var elements: MappingExpression?
    var eachPath: String?
    var location: SourceLocation
    /// Set when `init(from:)` spells a deprecated type or reads a deprecated field, or calls
    /// or reuses a mapping that does (after linking): it and `from(_ dtos:)` are deprecated.
    var deprecation: Deprecation?
    /// Set when `from(_ response:)` spells a deprecated response type or its `each` reads a
    /// deprecated field; it is deprecated with `init(from:)` too (`responseAvailability`).
    var responseDeprecation: Deprecation?

    var key: MappingKey { MappingKey(model: model, dtoType: dtoTypeName) }
    /// The DTO type's qualified name, which identifies it across specs.
    var dtoTypeName: String

    var ownArgumentsThrow: Bool { arguments.contains { $0.value.throwing } }

    /// The mapping once Link knows which mappings of the run throw: its `model:` calls and
    /// its `init(from:)` (its own, or for a reused one the one it reuses).
    func linked(_ throwing: [MappingKey: Bool]) -> MappingIR {
        var linked = self
        for index in linked.arguments.indices {
            linked.arguments[index].value = arguments[index].value.linked(throwing)
        }
        linked.elements = elements?.linked(throwing)
        linked.initThrows = throwing[key] ?? linked.ownArgumentsThrow
        return linked
    }
    /// Whether `from(response)` throws.
    var responseThrows: Bool { initThrows || (elements?.throwing ?? false) }
}

/// One (model, DTO type) pair: the identity of a mapping across every spec of a run.
struct MappingKey: Hashable, Sendable {
    var model: String
    var dtoType: String
}

// MARK: Endpoints

/// How an argument's value goes into a path, query item or header.
struct ParameterValue: Sendable, Equatable {
    enum RawValue: Sendable, Equatable {
        case none
        /// An enum: its raw value.
        case single
        /// An array of enums: each raw value.
        case elements
    }

    /// The argument it comes from.
    var argument: String
    /// The key the spec names it by (a matrix path parameter writes it).
    var key = ""
    var optional: Bool
    var rawValue: RawValue
    /// The format of a date (or dates).
    var dateFormat: DateFormatSpec?
    /// `$value`: sent as this text on every request; `argument` is empty.
    var constant: String?
    /// How arrays and objects are written (the place's default unless `$style` says).
    var style: ParameterStyle = .form
    var explode = true
    /// An object (or a dictionary, or an array of them) sent as a query item.
    var object = false
    /// A value typed only as JSON (`JSONValue`, a one-of of scalars, an array of them): sent
    /// as the JSON it encodes to (`Parameter(_:encoded:)`).
    var encoded = false
    /// `$allowReserved`: a query item's reserved characters are sent unescaped.
    var allowReserved = false

    /// An object sent in the bracket style.
    var deepObject: Bool { style == .deepObject }

    /// Whether it is written as the runtime before version 6 wrote every parameter.
    var hasDefaultStyle: Bool {
        if allowReserved { return false }
        return switch style {
        case .form: explode && !object && !encoded
        case .simple: !encoded
        case .deepObject: true
        case .spaceDelimited, .pipeDelimited: explode && !encoded
        case .label, .matrix, .json: false
        }
    }
}

/// A query item or header: the name it is sent under and the value.
struct NamedParameter: Sendable, Equatable {
    var name: String
    var value: ParameterValue
}

enum PathPart: Sendable, Equatable {
    case literal(String)
    case parameter(ParameterValue)
}

/// An endpoint factory: `static func search(for query: String) -> Self`.
struct EndpointIR: Sendable {
    struct Argument: Sendable, Equatable {
        /// The argument label when it differs from the name (`_` for none).
        var label: String?
        var name: String
        var type: TypeRef
        var defaultValue: Literal?
        /// The parameter's `$doc`, for the factory's doc comment.
        var doc: String?
        /// `$deprecated` on the parameter, said in the factory's doc comment.
        var deprecation: Deprecation?
    }

    var name: String
    var doc: String?
    /// `deprecated` on the endpoint (what its factory and types spell is the printer's to add).
    var deprecation: Deprecation? = nil
    /// A deprecated field its pagination reads, which deprecates its factory too.
    var readsDeprecated: Deprecation?
    var kind: KindReference
    /// nil: no response payload.
    var response: TypeRef?
    var arguments: [Argument]
    var method: HTTPMethod
    /// The path as written in the spec, for the doc comment.
    var pathTemplate: String
    var path: [PathPart]
    var query: [NamedParameter]
    var headers: [NamedParameter]
    /// Sent together in the `Cookie` header.
    var cookies: [NamedParameter] = []
    /// The argument that holds the body.
    var body: String?
    var envelope: EnvelopeIR?
    /// The type a non-2xx body decodes as when no entry of `statusErrors` matches its status.
    var errorType: TypeRef?
    /// Error types by status (`errors`), from the most specific; `default` is `errorType`.
    var statusErrors: [(status: ErrorStatus, type: TypeRef)] = []
    /// `responseHeaders`: the struct its response headers are read into (the factory's kind
    /// is `EndpointKinds.WithResponseHeaders<Kind, Headers>`).
    var responseHeaders: DeclID?
    /// Every error type the endpoint decodes.
    var errorTypes: [TypeRef] { statusErrors.map(\.type) + [errorType].compactMap { $0 } }
    /// Seconds, as the spec writes them.
    var timeout: String?
    var pagination: PaginationIR?
    /// `form` or `multipart` when the body is not sent as JSON.
    var bodyEncoding: BodyEncoding?
    /// Form body fields whose arrays are one value, joined by the delimiter (`bodyStyles`), by key.
    var formDelimiters: [(key: String, delimiter: String)] = []
    /// The content type of a raw `Data` body.
    var rawBodyContentType: String?
    /// A `Data` or `String` response is the body itself, not JSON.
    var rawResponse: TypeRef.Scalar?
    /// `bodyFrom`: the body type's `init(from model:)` and a factory overload taking the model.
    var bodyFrom: BodyFromIR?
    /// `stream`: the response is read as events of the `response` type, not as one body.
    var stream: StreamIR?
    /// The endpoint's `name` in the spec.
    var location = SourceLocation(line: 1, column: 1)
}

/// How a stream endpoint's body is cut into events and what each decodes as.
struct StreamIR: Sendable, Equatable {
    var style: StreamStyle
    /// A server-sent event `data` that ends the stream.
    var end: String?
    /// Each server-sent event decodes as `{"event": name, "data": data}`.
    var named: Bool
    /// A `String` response: each event's data as text, not JSON.
    var text = false
}

/// The body built from a domain model: `Body(from: model)` sets each listed field from a
/// path of the model's properties.
struct BodyFromIR: Sendable {
    struct Field: Sendable {
        /// The body's Swift property (its memberwise init's label).
        var name: String
        /// Property names on the model, in order (`["name", "first"]`).
        var path: [String]
        var location: SourceLocation
    }

    var model: String
    var bodyType: DeclID
    var fields: [Field]
    var location: SourceLocation
}

/// Where the payload sits in a response and how success is told.
struct EnvelopeIR: Sendable, Equatable {
    enum Success: Sendable, Equatable {
        case key(String)
        case equals(key: String, value: Literal)
    }

    var data: String
    var success: Success?
    var message: String?
    var path: [String]
}

extension EnvelopeIR {
    init(_ spec: EnvelopeSpec) {
        data = spec.data.value
        switch spec.success {
        case .key(let key)?: success = .key(key.value)
        case .equals(let key, let value)?: success = .equals(key: key.value, value: Literals.json(value))
        case nil: success = nil
        }
        message = spec.message?.value
        path = spec.path.map(\.value)
    }
}

/// How a paged endpoint reaches its next page. Paths are read on the response (`.response`).
enum PaginationIR: Sendable, Equatable {
    case cursor(param: String, value: MappingExpression, more: MappingExpression?)
    case next(param: String, value: MappingExpression)
    case link
    /// `items`: the page's elements, empty on the last page.
    case page(param: String, items: MappingExpression)
}

/// The API namespace generated for a spec with a `baseURL`.
struct APINamespace: Sendable {
    var name: String
    var baseURL: String
    /// `options.namespace`, which holds the enum as it holds the spec's types.
    var namespace: String?

    var qualifiedName: String { namespace.map { "\($0).\(name)" } ?? name }
}

/// The enum a spec's types are nested in (`options.namespace`).
struct NamespaceIR: Sendable, Equatable {
    var name: String
    /// Whether this spec's file declares the enum; other specs with the same namespace extend it.
    var declares: Bool
}

/// Everything generated from one spec, ready to render.
struct SpecIR: Sendable {
    var path: String
    /// The base name of the spec's files.
    var fileBase: String
    /// False for a spec read only because another imports it: nothing is rendered.
    var generates: Bool
    var access: AccessLevel
    var types: TypeTable
    var mappings: [MappingIR]
    var endpoints: [EndpointIR]
    var api: APINamespace?
    var examples: [ExampleIR] = []
    var namespace: NamespaceIR?
    var repository: RepositoryIR?
    /// `"kinds"`: the API-key kinds the spec declares, generated beside the factories.
    var kinds: [KindDeclaration] = []
    /// The types a response, an error or a mapping of any spec decodes, directly or through
    /// their fields: only these get a fast path. Nil: all (a spec of types alone, which apps
    /// decode as they like).
    var decoded: Set<DeclID>?
    /// `options.dtoFiles`: how many files the DTOs are split over.
    var dtoFiles = 1
    /// `options.identifiable` (true unless the spec says false).
    var identifiable = true
    /// The files locations other than the spec's point into (`Spec.otherFiles`).
    var otherFiles: [String] = []
}

/// `"repository"`: a protocol with one async method per endpoint, a live implementation
/// over `APIClient` and a stub that answers from the endpoints' example payloads.
struct RepositoryIR: Sendable {
    struct Method: Sendable {
        /// What a method returns: the response, or the domain models its mapping builds.
        enum Result: Sendable {
            case response(TypeRef?)
            /// `Model.from(response)` (`each`), `Model.from(dtos)` (an array response) or `Model(from: dto)`.
            case mapped(model: String, form: MappedForm, throwing: Bool)
        }

        enum MappedForm: Sendable {
            case each, array, single
        }

        var endpoint: EndpointIR
        var result: Result
        /// The mapping's deprecation, when the result is mapped by a deprecated one.
        var deprecation: Deprecation?
        /// The first example payload of the endpoint (relative to the specs root), for the stub.
        var example: String?
        /// The stub's property that holds the example (`<endpoint>Example`).
        var exampleProperty: String?
    }

    /// What the live repository asks for on every request of one endpoint kind: its
    /// property, named here so that two kinds never give one name.
    struct Provider: Sendable {
        var kind: KindReference
        var name: String
    }

    /// The protocol, and its live and stub implementations (`<name>Live`, `<name>Stub`).
    var name: String
    var liveName: String
    var stubName: String
    /// One per kind the methods use (public endpoints need none), in the order they first do.
    var providers: [Provider]
    var methods: [Method]
}
