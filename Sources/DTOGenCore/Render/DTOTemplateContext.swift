// The contexts of the DTO file's templates (`dtos.swift`, `declaration`, `struct`, `enum`,
// `alias`, `oneOf`) as Swift values. Every key a template reads inside a section is a
// stored property of that section's context (see `TemplateContext`).

/// `dtos.swift`: the declarations (at the top level, or inside the namespace) and the fast paths.
struct DTOsFileContext: TemplateContext {
    var file: FileContext
    var declarations: [DeclarationContext]
    var namespace: NamespaceContext?
    var fastPaths: [FastPathContext]
    /// The app's own types the spec uses (`externalTypes`), as Swift spells them: the first
    /// file checks each has the conformances generated code needs.
    var appTypes: [String] = []

    var entries: MustacheObject {
        file.entries.merging([
            "appTypes": appTypes.isEmpty ? .bool(false) : .object(["types": .lines(appTypes)]),
            "declarations": .list(namespace == nil ? declarations.map(\.value) : []),
            "namespace": .optional(
                namespace.map { namespace in
                    var namespace = namespace
                    namespace.declarations = declarations
                    return namespace
                }),
            "fastPaths": .list(fastPaths.map(\.value)),
        ])
    }
}

/// `options.namespace`: `enum Name {}` (unless the spec only extends it) and the extension
/// that holds every declaration.
struct NamespaceContext: TemplateContext {
    var name: String
    var access: String
    /// Whether this file declares the enum (the first spec of the namespace does).
    var declares: Bool
    var declarations: [DeclarationContext] = []

    var entries: MustacheObject {
        [
            "name": .string(name), "access": .string(access), "declares": .bool(declares),
            "declarations": .list(
                declarations.enumerated().map { index, declaration in
                    .object(["declaration": declaration.value, "spaced": .bool(index > 0)])
                }),
        ]
    }
}

/// `declaration`: opens the one section of its kind.
enum DeclarationContext: TemplateContext {
    case structure(StructContext)
    case enumeration(EnumContext)
    case alias(AliasContext)
    case oneOf(OneOfContext)
    case statusResponses(StatusResponsesContext)
    case responseHeaders(ResponseHeadersContext)

    var entries: MustacheObject {
        let section =
            switch self {
            case .structure(let context): SectionContext(DeclarationSection.struct, context.value)
            case .enumeration(let context): SectionContext(DeclarationSection.enum, context.value)
            case .alias(let context): SectionContext(DeclarationSection.alias, context.value)
            case .oneOf(let context): SectionContext(DeclarationSection.oneOf, context.value)
            case .statusResponses(let context): SectionContext(DeclarationSection.statusResponses, context.value)
            case .responseHeaders(let context): SectionContext(DeclarationSection.responseHeaders, context.value)
            }
        guard case .object(let object) = section.value else { return [:] }
        return object
    }
}

/// `struct`: a DTO struct, its memberwise init, coding keys and coding.
struct StructContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)` on the type.
    var availability: [String]
    var access: String
    /// `nonisolated ` on a top-level declaration (see `Isolation`), empty on a nested one.
    var isolation: String
    var name: String
    /// `@available(*, deprecated…)` on the memberwise init and the coding, when a field spells a deprecated type.
    var setters: [String]
    var isError: Bool
    /// Conforms to `Identifiable` (a property `id` that is never nil).
    var isIdentifiable: Bool
    var properties: [PropertyContext]
    var parameters: [ParameterContext]
    /// Nil when Swift's synthesised keys are the JSON keys.
    var codingKeys: [CodingKeyContext]?
    /// `CodingKeys` is also `CaseIterable`: the runtime reads the declared keys from it
    /// (`$additionalProperties` holds the others).
    var keysAreListed = false
    /// Statements of a written-out `init(from:)`, nil when Swift synthesises it.
    var decoding: [String]?
    /// Statements of a written-out `encode(to:)`, nil when Swift synthesises it.
    var encoding: [String]?
    var nested: [DeclarationContext]

    /// The fast-decoding protocol the type conforms to (`DTORuntime.FastJSONDecodable`), or
    /// nil without fast decoding.
    var fastJSON: String?

    var entries: MustacheObject {
        let access: MustacheObject = ["access": .string(self.access), "availability": .lines(setters)]
        return [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(self.access),
            "fastJSON": .optional(fastJSON), "isolation": .string(isolation), "name": .string(name),
            "error": .bool(isError), "identifiable": .bool(isIdentifiable),
            "properties": .list(properties.map(\.value)),
            "initializer": parameters.isEmpty
                ? .bool(false) : .object(access.merging(["parameters": .list(parameters.map(\.value))])),
            "codingKeys": codingKeys.map {
                .object(["keys": .list($0.map(\.value)), "caseIterable": .bool(keysAreListed)])
            } ?? .bool(false),
            "decoder": .string(RuntimeSymbols.decoder),
            "encoder": .string(RuntimeSymbols.encoder),
            "customDecoding": decoding.map {
                .object(access.merging(["decoder": .string(RuntimeSymbols.decoder), "statements": .lines($0)]))
            } ?? .bool(false),
            "customEncoding": encoding.map {
                .object(access.merging(["encoder": .string(RuntimeSymbols.encoder), "statements": .lines($0)]))
            } ?? .bool(false),
            "nested": .list(nested.map(\.value)),
        ]
    }
}

/// One stored property, or one stored out of line (`boxed`) because the type contains itself.
struct PropertyContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)` on the property the app reads.
    var availability: [String]
    var access: String
    var name: String
    var type: String
    /// The out-of-line storage's name and type.
    var boxed: (storage: String, storageType: String)?
    /// `@available(*, deprecated…)` on the out-of-line storage, when its type spells a deprecated one.
    var storageAvailability: [String] = []
    /// A deprecated property's private storage, which generated code sets and reads.
    var stored: String?

    var entries: MustacheObject {
        let property: MustacheObject = ["access": .string(access), "name": .string(name), "type": .string(type)]
        return property.merging([
            "doc": .lines(doc), "availability": .lines(availability),
            "plain": boxed == nil && stored == nil ? .object(property) : .bool(false),
            "boxed": boxed.map {
                .object(
                    property.merging([
                        "storage": .string($0.storage), "storageType": .string($0.storageType),
                        "storageAvailability": .lines(storageAvailability),
                    ]))
            } ?? .bool(false),
            "stored": stored.map { .object(property.merging(["storage": .string($0)])) } ?? .bool(false),
        ])
    }
}

/// One parameter of the memberwise init and the assignment it makes.
struct ParameterContext: TemplateContext {
    var name: String
    var type: String
    /// ` = nil`, ` = 0`, or empty.
    var defaultValue: String
    /// What is assigned (the storage of a boxed field) and the value assigned.
    var target: String
    var assigned: String

    var entries: MustacheObject {
        [
            "name": .string(name), "type": .string(type), "defaultValue": .string(defaultValue),
            "target": .string(target), "value": .string(assigned),
        ]
    }
}

/// `case name = "json_key"` (rawValue empty when the names agree).
struct CodingKeyContext: TemplateContext {
    var name: String
    var rawValue: String

    var entries: MustacheObject { ["name": .string(name), "rawValue": .string(rawValue)] }
}

/// `enum`: a string enum, closed (`CaseIterable`) or open (a case for values it does not list).
struct EnumContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)` on the type.
    var availability: [String]
    var access: String
    /// `nonisolated ` on a top-level declaration (see `Isolation`), empty on a nested one.
    var isolation: String
    var name: String
    var cases: [EnumCaseContext]
    /// The open enum's catch-all case.
    var unknown: String?

    /// An open enum with more cases than this reads a raw value through a nested `String`
    /// enum: a `switch` over hundreds of string literals costs seconds to compile (600 cases,
    /// debug: 3.0 s, against 0.98 s through the compiler's derived `init?(rawValue:)`); below
    /// it the switch is cheaper.
    static let casesReadThroughKnown = 100

    /// The fast-decoding protocol the type conforms to (`DTORuntime.FastJSONDecodable`), or
    /// nil without fast decoding.
    var fastJSON: String?

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(access),
            "fastJSON": .optional(fastJSON), "isolation": .string(isolation), "name": .string(name),
            "cases": .list(cases.map(\.value)),
            "closed": .bool(unknown == nil), "open": .bool(unknown != nil), "unknown": .string(unknown ?? ""),
            "throughKnown": .bool(unknown != nil && cases.count > Self.casesReadThroughKnown),
        ]
    }
}

struct EnumCaseContext: TemplateContext {
    var name: String
    /// ` = "raw"` (empty when the name is the value).
    var rawValue: String
    /// The value as a string literal.
    var literal: String

    var entries: MustacheObject { ["name": .string(name), "rawValue": .string(rawValue), "literal": .string(literal)] }
}

/// `alias`: `typealias Name = Type`.
struct AliasContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)`: the alias is marked, or spells a deprecated type.
    var availability: [String]
    var access: String
    var name: String
    var type: String

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(access),
            "name": .string(name), "type": .string(type),
        ]
    }
}

/// `oneOf`: an enum with a case per variant; its `init(from:)` is `decoding`.
struct OneOfContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)` on the type.
    var availability: [String]
    /// On `init(from:)` and `encode(to:)`, when a variant spells a deprecated type.
    var codingAvailability: [String]
    var access: String
    /// `nonisolated ` on a top-level declaration (see `Isolation`), empty on a nested one.
    var isolation: String
    var name: String
    var helper: String
    var cases: [OneOfCaseContext]
    var unknown: UnknownCaseContext?
    var decoding: OneOfDecodingContext
    /// What the variants ranked by evidence declare, when some are.
    var shapes: OneOfShapesContext?
    var nested: [DeclarationContext]

    /// The fast-decoding protocol the type conforms to (`DTORuntime.FastJSONDecodable`), or
    /// nil without fast decoding.
    var fastJSON: String?

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "codingAvailability": .lines(codingAvailability),
            "access": .string(access), "fastJSON": .optional(fastJSON), "isolation": .string(isolation),
            "name": .string(name),
            "cases": .list(cases.map(\.value)), "unknown": .optional(unknown), "decoding": decoding.value,
            "shapes": .optional(shapes),
            "decoder": .string(RuntimeSymbols.decoder), "encoder": .string(RuntimeSymbols.encoder),
            "nested": .list(nested.map(\.value)),
        ]
    }
}

/// `private static let variantShapes: [[OneOf.Shape]] = [...]`: one list of shapes a group.
struct OneOfShapesContext: TemplateContext {
    /// `let name: Type = [` (or `var name: Type { [` where a stored property cannot be).
    var opening: String
    var groups: [[String]]
    /// `]` (or `] }`).
    var closing: String

    var entries: MustacheObject {
        [
            "opening": .string(opening), "groups": .list(groups.map { .object(["variants": .lines($0)]) }),
            "closing": .string(closing),
        ]
    }
}

/// One variant: `case name(Type)`, its tag as a literal (empty when untagged).
struct OneOfCaseContext: TemplateContext {
    /// `@available(*, deprecated…)` on the case and its accessor, when its type spells a deprecated one.
    var availability: [String]
    var access: String
    var name: String
    var type: String
    var tag: String
    var writesTag: Bool
    var helper: String
    var key: String

    var entries: MustacheObject {
        [
            "name": .string(name), "type": .string(type), "tag": .string(tag), "writesTag": .bool(writesTag),
            "helper": .string(helper), "key": .string(key), "access": .string(access),
            "availability": .lines(availability),
        ]
    }
}

/// The open one-of's catch-all case, holding the JSON as it arrived.
struct UnknownCaseContext: TemplateContext {
    var access: String
    var name: String
    var jsonType: String

    var entries: MustacheObject { ["name": .string(name), "jsonType": .string(jsonType), "access": .string(access)] }
}

/// The body of a one-of's initialiser (`oneOfDecoding.mustache`), the same for
/// `init(from:)` and the fast path, which differ only in the expressions the printer wrote:
/// the variant chosen by a tag (`tagged`), or by trying each variant in turn (`untagged`).
enum OneOfDecodingContext: TemplateContext {
    /// A variant read when it is chosen: `tag` is its tag's literal, or the JSON kind that
    /// chooses a variant that is no object; `decode` reads it.
    struct Case: Sendable {
        var tag: String
        var name: String
        var decode: String

        var value: MustacheValue { .object(["tag": .string(tag), "name": .string(name), "decode": .string(decode)]) }
    }

    /// One try: `if <conditions> { self = .name(value) }`; or, for variants ranked by
    /// evidence, `if <conditions> { for variant in <ranking> { <ranked tries> } }`.
    struct Attempt: Sendable {
        /// The JSON kind and `let value = try? ...`; for a ranked group, the JSON kind.
        var conditions: String
        var name: String
        var readsKind: Bool
        /// For a ranked group: the runtime's ranking of its variants for the value (empty: a
        /// single try).
        var ranking = ""
        /// The group's tries, each when the ranking reaches its variant.
        var ranked: [Attempt] = []

        var value: MustacheValue {
            .object([
                "conditions": .string(conditions), "name": .string(name),
                "group": ranking.isEmpty
                    ? .bool(false) : .object(["ranking": .string(ranking), "attempts": .list(ranked.map(\.value))]),
            ])
        }
    }

    /// `kindOf` and `tagOf` read the JSON kind and the tag; `noVariant` is what is thrown.
    case tagged(kindOf: String, byKind: [Case], tagOf: String, cases: [Case], unknown: Case?, noVariant: String)
    case untagged(kindOf: String, attempts: [Attempt], unknown: Case?, noVariant: String)

    var entries: MustacheObject {
        switch self {
        case .tagged(let kindOf, let byKind, let tagOf, let cases, let unknown, let noVariant):
            [
                "tagged": .object([
                    "needsKind": .bool(!byKind.isEmpty), "kindOf": .string(kindOf),
                    "byKind": .list(byKind.map(\.value)),
                    "tagOf": .string(tagOf), "cases": .list(cases.map(\.value)),
                    "unknown": unknown?.value ?? .bool(false), "noVariant": .string(noVariant),
                ]),
                "untagged": .bool(false),
            ]
        case .untagged(let kindOf, let attempts, let unknown, let noVariant):
            [
                "tagged": .bool(false),
                "untagged": .object([
                    "needsKind": .bool(attempts.contains(where: \.readsKind)), "kindOf": .string(kindOf),
                    "attempts": .list(attempts.map(\.value)), "unknown": unknown?.value ?? .bool(false),
                    "noVariant": .string(noVariant),
                ]),
            ]
        }
    }
}

/// One `extension T { init(fastJSON:) }` of `dtos.swift`'s `fastPaths` (the type declares
/// the conformance).
struct FastPathContext: TemplateContext {
    enum Body {
        /// A struct: its decoding statements on the tape.
        case structure(statements: [String])
        case oneOf(OneOfDecodingContext)
    }

    var access: String
    var type: String
    var valueType: String
    var body: Body
    /// `@available(*, deprecated…)` on the extension (a deprecated type) and on its init (a
    /// type with a field or variant that spells one).
    var availability: [String] = []
    var initAvailability: [String] = []

    var entries: MustacheObject {
        let shared: MustacheObject = [
            "access": .string(access), "type": .string(type),
            "valueType": .string(valueType), "availability": .lines(availability),
            "initAvailability": .lines(initAvailability),
        ]
        let section =
            switch body {
            case .structure(let statements):
                SectionContext(
                    FastPathSection.structure,
                    .object(["statements": .lines(statements), "empty": .bool(statements.isEmpty)]), shared: shared)
            case .oneOf(let context): SectionContext(FastPathSection.oneOf, context.value, shared: shared)
            }
        guard case .object(let object) = section.value else { return [:] }
        return object
    }
}

/// `statusResponses`: an endpoint's response with a case per success status (`responses`).
struct StatusResponsesContext: TemplateContext {
    var doc: [String]
    var availability: [String]
    var access: String
    /// `nonisolated ` on a top-level declaration (see `Isolation`).
    var isolation: String
    var name: String
    /// The runtime's `StatusResponse`, as generated code spells it.
    var `protocol`: String
    var envelope: String
    var cases: [StatusCaseContext]

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(access),
            "isolation": .string(isolation), "name": .string(name), "protocol": .string(`protocol`),
            "envelope": .string(envelope), "cases": .list(cases.map(\.value)),
        ]
    }
}

/// One status of `statusResponses`: its case, and the value its `init` makes of a body.
struct StatusCaseContext: TemplateContext {
    var status: String
    /// The status's reason phrase (`No Content`), for the case's doc comment.
    var phrase: String
    var name: String
    var payload: String?
    /// A statement before the case is made (a bodiless status checks the envelope).
    var check: String?
    var value: String

    var entries: MustacheObject {
        [
            "status": .string(status), "phrase": .string(phrase), "name": .string(name),
            "payload": .optional(payload), "check": .optional(check), "value": .string(value),
        ]
    }
}

/// `responseHeaders`: a struct of an endpoint's typed response headers.
struct ResponseHeadersContext: TemplateContext {
    var doc: [String]
    var availability: [String]
    var access: String
    /// `nonisolated ` on a top-level declaration (see `Isolation`).
    var isolation: String
    var name: String
    /// The runtime's `ResponseHeaders`, as generated code spells it.
    var `protocol`: String
    /// The runtime's `ResponseHeaderFields`, what `init(from:)` reads.
    var fieldsType: String
    var fields: [HeaderFieldContext]

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(access),
            "isolation": .string(isolation), "name": .string(name), "protocol": .string(`protocol`),
            "fieldsType": .string(fieldsType), "fields": .list(fields.map(\.value)),
        ]
    }
}

/// One header of `responseHeaders`: its property and how `init(from:)` reads it.
struct HeaderFieldContext: TemplateContext {
    var doc: [String]
    var access: String
    var name: String
    var type: String
    /// The memberwise init's default: ` = nil` for an optional header.
    var defaultValue: String
    /// A deprecated header's: its attribute, and the private property that stores it (so
    /// the struct's own code uses no deprecated name).
    var deprecated: DeprecatedHeaderContext?
    /// The stored property: the name, or the deprecated header's storage.
    var stored: String
    /// The expression that reads it (`headers.value("X-Count", as: Int.self)`).
    var read: String

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "access": .string(access), "name": .string(name), "type": .string(type),
            "defaultValue": .string(defaultValue), "deprecated": .optional(deprecated),
            "stored": .string(stored), "read": .string(read),
        ]
    }
}

/// A deprecated response header: its attribute, its property (computed) and its storage.
struct DeprecatedHeaderContext: TemplateContext {
    var availability: [String]
    var access: String
    var name: String
    var type: String
    var storage: String

    var entries: MustacheObject {
        [
            "availability": .lines(availability), "access": .string(access), "name": .string(name),
            "type": .string(type), "storage": .string(storage),
        ]
    }
}
