/// The spec format's rules on values a typed spec can hold: where each modifier may be
/// written, that a `$oneOf` or an `$enum` is not empty, what a kind and its header are
/// named. The reader checks them as it reads; the import check checks them on the spec
/// import builds, which no reader reads (`applied(to:)`): one wording, one set of rules.
enum FormatRules {
    /// A rule a value breaks: its code, and what the reader and the import check say.
    struct Broken {
        let code: DiagnosticCode
        let message: String
    }

    /// Where a shape is written, which decides the modifiers it may have.
    enum Context {
        /// An entry of `types`.
        case named
        /// A property of an object shape (or its `$additionalProperties`).
        case property
        /// An array element, dictionary value, one-of variant, body, response or the schema
        /// of an external type.
        case inner
        /// A path parameter, query item, header or cookie.
        case argument
        /// A header of `responseHeaders`: a property of the struct it is read into.
        case responseHeader
    }

    /// The error for `modifier` written where it may not be; nil where it may.
    static func misplaced(_ modifier: Modifier, in context: Context) -> Broken? {
        switch modifier {
        case .name where context == .named || context == .inner:
            Broken(code: "DTG1031", message: "'$name' names a property or argument; it is not allowed here")
        case .label where context != .argument:
            Broken(
                code: "DTG1032",
                message: "'$label' is only allowed on path parameters, query items, headers and cookies")
        case .writeNull where context != .property, .readOnly where context != .property:
            // How a property is encoded in its object: nothing else has a key to leave out.
            Broken(
                code: "DTG1059",
                message:
                    "'\(modifier.rawValue)' says how a property of an object is encoded; it is only allowed on properties"
            )
        case .deprecated where context == .inner:
            // What the app names: a type, a property, a parameter; not an element or a variant.
            Broken(
                code: "DTG1062",
                message: "'$deprecated' marks a type in 'types', a property or a parameter; it is not allowed here")
        case .examples where context != .named:
            Broken(
                code: "DTG1035", message: "'$examples' belongs on a type in 'types' (or 'examples' on an endpoint)")
        case .value where context != .argument:
            Broken(
                code: "DTG1036",
                message: "'$value' is a query item or header sent as it is on every request; it is only allowed there")
        case .style where context != .argument, .explode where context != .argument,
            .allowReserved where context != .argument:
            Broken(
                code: "DTG1038",
                message:
                    "'\(modifier.rawValue)' says how a path parameter, query item, header or cookie is written; it is only allowed there"
            )
        default: nil
        }
    }

    static let emptyTypeName = Broken(
        code: "DTG1021", message: "empty type name; expected a type such as \"String\" or a name from 'types'")
    static let emptyOneOf = Broken(code: "DTG1026", message: "'$oneOf' needs at least one variant")
    static let emptyEnum = Broken(code: "DTG1029", message: "'$enum' needs at least one value")
    static let additionalPropertiesOutsideAnObject = Broken(
        code: "DTG1060",
        message:
            "'$additionalProperties' keeps the keys an object does not declare; it is only allowed on an object shape with properties (for any keys, write { \"$dict\": <shape> })"
    )

    /// A keyword the vocabulary it is read by does not have (an endpoint kind that names no
    /// type: `_2fa`).
    static func badKeyword(_ error: KeywordError) -> Broken { Broken(code: "DTG1005", message: error.message) }

    static func duplicateEnumValue(_ value: String) -> Broken {
        Broken(code: "DTG1028", message: "duplicate enum value '\(value)'")
    }

    /// A kind's name: a Swift type name that starts with an uppercase letter, none of the
    /// built-in kinds.
    static func isKindName(_ name: String) -> Bool {
        SwiftName.isTypeName(name) && name.first?.isUppercase == true && !KindReference.builtins.contains(name)
    }

    static func badKindName(_ name: String) -> Broken {
        Broken(
            code: "DTG1039",
            message:
                "kind name '\(name)' must be a Swift type name starting with an uppercase letter, such as \"APIKeyAuth\""
        )
    }

    /// A field name of HTTP (RFC 9110's token).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                        || "!#$%&'*+-.^_`|~".unicodeScalars.contains($0))
            }
    }

    static func badHeaderName(_ name: String) -> Broken {
        Broken(code: "DTG1042", message: "'\(name)' is not a valid HTTP header name")
    }
}
