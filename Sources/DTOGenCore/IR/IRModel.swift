/// The resolved, Swift-ready model: every name final, every type resolved, every
/// expression written. Templates only read it.

/// A resolved type as it appears in Swift.
public indirect enum TypeRef: Sendable, Equatable {
    public enum Scalar: String, Sendable, CaseIterable {
        case string = "String", int = "Int", int64 = "Int64", double = "Double", float = "Float", bool = "Bool"
        case decimal = "Decimal", date = "Date", url = "URL", uuid = "UUID"

        var isNumeric: Bool { [.int, .int64, .double, .float, .decimal].contains(self) }
    }

    case scalar(Scalar)
    case json
    /// A declaration in the type table.
    case named(DeclID)
    case array(TypeRef)
    case dictionary(TypeRef)
    case optional(TypeRef)

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    var nonOptional: TypeRef {
        if case .optional(let wrapped) = self { return wrapped.nonOptional }
        return self
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
    }

    var name: String
    var qualifiedName: String
    var parent: DeclID?
    var kind: Kind
    var doc: String?
    var location: SourceLocation
    var nested: [DeclID] = []
}

struct EnumInfo: Sendable {
    struct Case: Sendable {
        var name: String
        var rawValue: String
    }

    var cases: [Case]
    var unknownCaseName: String?
}

/// One stored property of a DTO.
struct Field: Sendable {
    var jsonKey: String
    var keyLocation: SourceLocation
    var name: String
    /// The declared Swift type (optional when the JSON may lack it).
    var type: TypeRef
    var defaultLiteral: String?
    var lenient: Bool
    var lossy: Bool
    /// Swift expression of the runtime `DateFormat`, when the type holds dates.
    var dateFormat: String?
    var doc: String?
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

    /// Swift spelling of a type, as written inside the declaration that uses it (nested
    /// types by their own name: they never shadow anything in scope).
    func swift(_ type: TypeRef) -> String {
        spelling(type) { self[$0].name }
    }

    /// Swift spelling from outside any declaration (fully qualified nested names).
    func qualified(_ type: TypeRef) -> String {
        spelling(type) { self[$0].qualifiedName }
    }

    private func spelling(_ type: TypeRef, _ name: (DeclID) -> String) -> String {
        switch type {
        case .scalar(let s): s.rawValue
        case .json: "JSONValue"
        case .named(let id): name(id)
        case .array(let element): "[\(spelling(element, name))]"
        case .dictionary(let value): "[String: \(spelling(value, name))]"
        case .optional(let wrapped): "\(spelling(wrapped, name))?"
        }
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
}

/// A domain mapping ready to render.
struct MappingIR: Sendable {
    struct Argument: Sendable {
        var label: String?
        var expression: String
    }

    var model: String
    var isClass: Bool
    /// False for an `each` mapping without `fields`: it reuses another domain's `init(from:)`.
    var declaresInit: Bool
    var dtoType: String
    var arguments: [Argument]
    var throwsOwn: Bool
    var dependsOn: [(model: String, dtoType: String)]
    var responseType: String?
    var responseElements: String?
    var responseThrows: Bool
    var eachPath: String?
    var location: SourceLocation
}

/// Everything generated from one spec.
public struct SpecIR: Sendable {
    var spec: Spec
    var fileBase: String
    var access: String
    var types: TypeTable
    var mappings: [MappingIR]
    var endpoints: [EndpointIR]
    var baseURL: String?
    var apiName: String
}

/// An endpoint factory ready to render.
struct EndpointIR: Sendable {
    struct Argument: Sendable {
        /// The argument label when it differs from the name (`_` for none).
        var label: String?
        var name: String
        var type: String
        var defaultValue: String?

        /// `for query: String`, `page: Int? = nil`.
        var declaration: String {
            let escapedName = SwiftName.escaped(name)
            let head = label.map { "\($0) \(escapedName)" } ?? escapedName
            return "\(head): \(type)" + (defaultValue.map { " = \($0)" } ?? "")
        }
    }

    var name: String
    var docLines: [String]
    var kindType: String
    var responseType: String
    var arguments: [Argument]
    var method: String
    var pathExpression: String
    var queryItems: [String]
    var headerItems: [String]
    var bodyExpression: String?
    var envelopeExpression: String?
}
