import Foundation

/// What an example payload is checked against.
enum ExampleTarget: Sendable {
    /// A named type of the spec. A payload whose top level is an array, checked against a
    /// type that is not one, is checked element by element (as `infer` reads it).
    case type(TypeRef)
    /// An endpoint's response body as it arrives: the envelope, then the response type.
    case endpoint(name: String, response: TypeRef?, envelope: EnvelopeIR?)
}

/// An `$examples`/`examples` entry of a spec.
struct ExampleIR: Sendable {
    /// As written in the spec (relative to the spec).
    var written: String
    /// Relative to the specs root (may start with `../`).
    var path: String
    var location: SourceLocation
    var target: ExampleTarget
}

/// Checks a JSON payload against the resolved types of a spec without compiling anything:
/// what a generated DTO's `init(from:)` would accept, reported in the payload's terms (its
/// line and column, a path such as `data[2].amount`) with the spec line that declares the
/// shape. Every mismatch is reported, not only the first.
struct PayloadVerifier {
    let table: TypeTable
    /// The spec whose types these are (where a note points when a type is its own).
    let specPath: String
    let payloadPath: String
    private(set) var diagnostics: [Diagnostic] = []
    /// Keeps a hostile payload with millions of mismatches from flooding the output.
    static let limit = 200
    private var suppressed = 0

    init(table: TypeTable, specPath: String, payloadPath: String) {
        self.table = table
        self.specPath = specPath
        self.payloadPath = payloadPath
    }

    /// What declared a value: `Charge.amount`, with where the spec says so.
    struct Declared {
        /// The type, or the type that has the field.
        var owner: String
        /// `.amount`, `[]`: what follows the owner (built only when a message needs it).
        var member = ""
        var file: String
        var location: SourceLocation

        var name: String { owner + member }
    }

    mutating func check(_ payload: JSONNode, against target: ExampleTarget, declaredAt location: SourceLocation) {
        switch target {
        case .type(let type):
            let declared = declaration(of: type, fallback: location)
            if case .array(let elements) = payload.value, !table.isArray(type.nonOptional) {
                for (index, element) in elements.enumerated() {
                    check(element, type, path: "[\(index)]", declared: declared, dates: nil)
                }
            } else {
                check(payload, type, path: "", declared: declared, dates: nil)
            }
        case .endpoint(let name, let response, let envelope):
            let declared = Declared(owner: "the response of '\(name)'", file: specPath, location: location)
            var node = payload
            var path = ""
            if let envelope {
                guard let members = payload.members else {
                    report(
                        "DTG5005", payload,
                        "the payload is \(payload.kindDescription); '\(name)' has an envelope, so its body is an object",
                        declared)
                    return
                }
                checkSuccess(envelope, members, at: payload, declared)
                for key in [envelope.data] + envelope.path {
                    guard let next = node[key] else {
                        report(
                            "DTG5006", node,
                            "\(describe(path)) has no key '\(key)', where the envelope of '\(name)' holds the payload",
                            declared)
                        return
                    }
                    path = join(path, key)
                    node = next
                }
            }
            if let response {
                check(node, response, path: path, declared: declarationOrResponse(response, declared), dates: nil)
            }
        }
        if suppressed > 0 {
            diagnostics.append(
                Diagnostic(
                    .error, "DTG5007", file: payloadPath, at: payload.location,
                    "\(suppressed) more mismatches not shown"))
        }
    }

    private mutating func checkSuccess(
        _ envelope: EnvelopeIR, _ members: [JSONNode.Member], at node: JSONNode, _ declared: Declared
    ) {
        switch envelope.success {
        case .key(let key)?:
            let value = members.first { $0.key == key }?.value
            if value?.boolValue != true {
                report(
                    "DTG5008", value ?? node,
                    "'\(key)' is \(value.map(shown) ?? "missing"); the envelope's success key must be true for the payload to decode",
                    declared)
            }
        case .equals(let key, let expected)?:
            let value = members.first { $0.key == key }?.value
            if let value, !Self.equal(value, expected) {
                report(
                    "DTG5009", value,
                    "'\(key)' is \(shown(value)); the envelope says success is '\(key)' equal to \(Self.describe(expected))",
                    declared)
            } else if value == nil {
                report(
                    "DTG5010", node, "the payload has no key '\(key)', which the envelope reads to tell success",
                    declared)
            }
        case nil: break
        }
    }

    private static func equal(_ node: JSONNode, _ literal: Literal) -> Bool {
        switch (node.value, literal) {
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)), (.number(let a), .jsonNumber(let b)): return Double(a) == Double(b)
        case (.null, .null), (.null, .jsonNull): return true
        default: return false
        }
    }

    private static func describe(_ literal: Literal) -> String {
        switch literal {
        case .bool(let b): "\(b)"
        case .string(let s): "\"\(s)\""
        case .number(let n), .jsonNumber(let n): n
        default: "the spec's value"
        }
    }

    // MARK: values

    /// `dates`: the format of a `Date` here, when a field's coding decides it.
    private mutating func check(
        _ node: JSONNode, _ type: TypeRef, path: String, declared: Declared, dates: DateFormatSpec?
    ) {
        let type = table.resolved(type)
        if case .optional(let wrapped) = type {
            if case .null = node.value { return }
            check(node, wrapped, path: path, declared: declared, dates: dates)
            return
        }
        if case .null = node.value {
            if case .json = type { return }
            report(
                "DTG5011", node,
                "\(describe(path)) is null; \(declared.name) is \(table.describe(type)), which is not optional",
                declared)
            return
        }
        switch type {
        case .scalar(let scalar): checkScalar(node, scalar, path: path, declared: declared, dates: dates)
        case .json, .parameter: return
        case .optional: return
        case .array(let element):
            guard let elements = node.elements else { return mismatch(node, path, declared, type) }
            var elementDeclared = declared
            elementDeclared.member += "[]"
            for (index, value) in elements.enumerated() {
                check(value, element, path: path + "[\(index)]", declared: elementDeclared, dates: dates)
            }
        case .dictionary(let value):
            guard let members = node.members else { return mismatch(node, path, declared, type) }
            var valueDeclared = declared
            valueDeclared.member += "[key]"
            for member in members {
                check(member.value, value, path: join(path, member.key), declared: valueDeclared, dates: dates)
            }
        case .named(let id), .generic(let id, _):
            checkDecl(node, type, id, path: path, declared: declared)
        }
    }

    private mutating func checkDecl(_ node: JSONNode, _ type: TypeRef, _ id: DeclID, path: String, declared: Declared) {
        let decl = table[id]
        switch decl.kind {
        case .structure:
            guard let members = node.members else { return mismatch(node, path, declared, type) }
            checkObject(node, members, fields: table.fields(of: type)?.fields ?? [], owner: id, path: path)
        case .enumeration(let info):
            guard let text = node.stringValue else { return mismatch(node, path, declared, type) }
            if info.unknownCaseName == nil, !info.cases.contains(where: { $0.rawValue == text }) {
                let cases = info.cases.map(\.rawValue).joined(separator: ", ")
                report(
                    "DTG5012", node,
                    "\(describe(path)) is \(shown(node)), which is not a case of \(decl.qualifiedName) (\(cases))",
                    declared)
            }
        case .alias(let target):
            check(node, target, path: path, declared: declared, dates: nil)
        case .oneOf(let info):
            checkOneOf(node, info, decl, path: path, declared: declared)
        case .appType:
            // Against the schema the document gives it; without one, any JSON passes.
            if let schema = decl.appTypeSchema { check(node, schema, path: path, declared: declared, dates: nil) }
        case .statusResponses:
            // Checked against one status's type: the spec's `responses` names each.
            break
        case .responseHeaders:
            // Headers, never a body.
            break
        }
    }

    private mutating func checkObject(
        _ node: JSONNode, _ members: [JSONNode.Member], fields: [Field], owner id: DeclID, path: String
    ) {
        let owner = table[id]
        // Fields usually come in the payload's order: look from where the last one was found.
        var cursor = 0
        func lookup(_ key: String) -> JSONNode? {
            guard !members.isEmpty else { return nil }
            for step in 0..<members.count {
                let index = (cursor + step) % members.count
                if members[index].key == key {
                    cursor = index + 1
                    return members[index].value
                }
            }
            return nil
        }
        for field in fields {
            let declared = Declared(
                owner: owner.qualifiedName, member: "." + field.name, file: owner.specFile ?? specPath,
                location: field.keyLocation)
            let value = lookup(field.jsonKey)
            let coding = field.coding
            if coding.lenient { continue }
            let absentIsFine =
                field.type.isOptional || coding.mayBeAbsent || coding.fallback != nil || coding.strategy.isNullable
            guard let value else {
                if !absentIsFine {
                    report(
                        "DTG5013", node,
                        "\(describe(path)) has no key '\(field.jsonKey)'; \(declared.name) is \(table.describe(field.type)), which is required",
                        declared)
                }
                continue
            }
            if case .null = value.value, absentIsFine { continue }
            // `""` in an optional URL is no URL, as both decoders read it.
            if value.stringValue == "", table.readsEmptyURLAsNil(field, of: id) { continue }
            let fieldPath = join(path, field.jsonKey)
            switch coding.strategy {
            case .plain, .nullable:
                check(value, field.type, path: fieldPath, declared: declared, dates: nil)
            case .nullableDate(let format):
                checkDate(value, format, path: fieldPath, declared: declared, optional: false)
            case .date(let format, let container):
                switch container {
                case .single:
                    checkDate(value, format, path: fieldPath, declared: declared, optional: false)
                case .array:
                    guard let elements = value.elements else {
                        mismatch(value, fieldPath, declared, field.type); continue
                    }
                    for (index, element) in elements.enumerated() {
                        checkDate(
                            element, format, path: fieldPath + "[\(index)]", declared: declared,
                            optional: isOptionalElement(field.type))
                    }
                case .nested:
                    check(value, field.type, path: fieldPath, declared: declared, dates: format)
                case .dictionary:
                    guard let members = value.members else {
                        mismatch(value, fieldPath, declared, field.type); continue
                    }
                    for member in members {
                        checkDate(
                            member.value, format, path: join(fieldPath, member.key), declared: declared, optional: false
                        )
                    }
                }
            case .lossyArray:
                // Elements that do not decode are dropped, never an error.
                if value.elements == nil { mismatch(value, fieldPath, declared, field.type) }
            case .lenient:
                continue
            case .stringEncoded:
                guard case .scalar(let scalar) = table.resolved(field.type.nonOptional) else { continue }
                guard let text = value.stringValue else {
                    report(
                        "DTG5014", value,
                        "\(describe(fieldPath)) is \(value.kindDescription); \(declared.name) is \(scalar.rawValue) written as a string",
                        declared)
                    continue
                }
                if !Self.parsesAsStringEncoded(text, scalar) {
                    report(
                        "DTG5015", value,
                        "\(describe(fieldPath)) is \(shown(value)), which does not read as \(scalar.rawValue); \(declared.name) is \(scalar.rawValue) written as a string",
                        declared)
                }
            }
        }
        // `$additionalProperties`: every other key holds a value of its shape.
        if let additional = owner.additionalProperties, case .dictionary(let value) = additional.type {
            let keys = Set(fields.map(\.jsonKey))
            var declared = Declared(
                owner: owner.qualifiedName, member: "." + additional.name, file: owner.specFile ?? specPath,
                location: additional.keyLocation)
            declared.member += "[key]"
            for member in members where !keys.contains(member.key) {
                check(member.value, value, path: join(path, member.key), declared: declared, dates: nil)
            }
        }
    }

    private func isOptionalElement(_ type: TypeRef) -> Bool {
        if case .array(let element) = table.resolved(type.nonOptional) { return element.isOptional }
        return false
    }

    private static func parsesAsStringEncoded(_ text: String, _ scalar: TypeRef.Scalar) -> Bool {
        switch scalar {
        case .int, .int64: Int64(text) != nil
        case .double, .float: Double(text) != nil
        case .decimal: Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) != nil
        case .bool: text == "true" || text == "false"
        default: true
        }
    }

    private mutating func checkOneOf(
        _ node: JSONNode, _ info: OneOfInfo, _ decl: Decl, path: String, declared: Declared
    ) {
        let oneOfDeclared = Declared(
            owner: decl.qualifiedName, file: decl.specFile ?? specPath, location: decl.location)
        if let key = info.discriminator {
            // A variant that is no object is chosen by its JSON kind.
            if let byKind = info.variants.first(where: { $0.tag == nil && $0.kind == Self.kind(of: node) }) {
                return check(node, byKind.type, path: path, declared: oneOfDeclared, dates: nil)
            }
            guard let members = node.members else {
                return report(
                    "DTG5016", node,
                    "\(describe(path)) is \(shown(node)); \(decl.qualifiedName) is a one-of told apart by '\(key)', so it is an object",
                    oneOfDeclared)
            }
            guard let tagNode = members.first(where: { $0.key == key })?.value else {
                if info.unknownCaseName == nil {
                    report(
                        "DTG5017", node,
                        "\(describe(path)) has no key '\(key)', which tells the variants of \(decl.qualifiedName) apart",
                        oneOfDeclared)
                }
                return
            }
            guard let tag = tagNode.stringValue, let variant = info.variants.first(where: { $0.tag == tag }) else {
                if info.unknownCaseName == nil {
                    let tags = info.variants.compactMap(\.tag).joined(separator: ", ")
                    report(
                        "DTG5018", tagNode,
                        "\(describe(join(path, key))) is \(shown(tagNode)), which is not a tag of \(decl.qualifiedName) (\(tags))",
                        oneOfDeclared)
                }
                return
            }
            check(node, variant.type, path: path, declared: oneOfDeclared, dates: nil)
            return
        }
        let kind = Self.kind(of: node)
        let candidates = info.variants.filter { $0.kind == kind || $0.kind == .any }
        // One candidate: its mismatches are the payload's. Several: any that fits will do.
        if candidates.count == 1, let only = candidates.first {
            check(node, only.type, path: path, declared: oneOfDeclared, dates: nil)
            return
        }
        for candidate in candidates {
            var trial = PayloadVerifier(table: table, specPath: specPath, payloadPath: payloadPath)
            trial.check(node, candidate.type, path: path, declared: oneOfDeclared, dates: nil)
            if trial.diagnostics.isEmpty { return }
        }
        if info.unknownCaseName != nil { return }
        let variants = info.variants.map { table.describe($0.type) }.joined(separator: ", ")
        report(
            "DTG5019", node,
            "\(describe(path)) is \(shown(node)); \(decl.qualifiedName) is one of \(variants), and none of them reads it",
            oneOfDeclared)
    }

    private static func kind(of node: JSONNode) -> OneOfInfo.JSONKind {
        switch node.value {
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .object: .object
        case .array: .array
        case .null: .any
        }
    }

    // MARK: scalars

    private mutating func checkScalar(
        _ node: JSONNode, _ scalar: TypeRef.Scalar, path: String, declared: Declared, dates: DateFormatSpec?
    ) {
        let type = TypeRef.scalar(scalar)
        switch scalar {
        case .string:
            if node.stringValue == nil { mismatch(node, path, declared, type) }
        case .bool:
            if node.boolValue == nil { mismatch(node, path, declared, type) }
        case .int, .int64:
            guard case .number(let lexeme) = node.value else { return mismatch(node, path, declared, type) }
            if !Self.isWholeNumber(lexeme) {
                report(
                    "DTG5020", node,
                    "\(describe(path)) is \(lexeme), not a whole number that fits \(scalar.rawValue); \(declared.name) is \(table.describe(type))",
                    declared)
            }
        case .double, .float, .decimal:
            guard case .number = node.value else { return mismatch(node, path, declared, type) }
        case .url:
            guard let text = node.stringValue else { return mismatch(node, path, declared, type) }
            if URL(string: text) == nil {
                report(
                    "DTG5021", node, "\(describe(path)) is \(shown(node)), which is not a URL; \(declared.name) is URL",
                    declared)
            }
        case .uuid:
            guard let text = node.stringValue else { return mismatch(node, path, declared, type) }
            if UUID(uuidString: text) == nil {
                report(
                    "DTG5022", node,
                    "\(describe(path)) is \(shown(node)), which is not a UUID; \(declared.name) is UUID", declared)
            }
        case .data:
            guard let text = node.stringValue else { return mismatch(node, path, declared, type) }
            if Data(base64Encoded: text) == nil {
                report("DTG5023", node, "\(describe(path)) is not base64; \(declared.name) is Data", declared)
            }
        case .date:
            if let dates {
                checkDate(node, dates, path: path, declared: declared, optional: false)
            } else if node.stringValue == nil, Self.kind(of: node) != .number {
                mismatch(node, path, declared, type)
            }
        case .file:
            return
        }
    }

    private mutating func checkDate(
        _ node: JSONNode, _ format: DateFormatSpec, path: String, declared: Declared, optional: Bool
    ) {
        if case .null = node.value {
            if !optional {
                report(
                    "DTG5024", node, "\(describe(path)) is null; \(declared.name) is Date, which is not optional",
                    declared)
            }
            return
        }
        if format.date(from: node) == nil {
            let expected = format.isEpoch ? "a number" : "a string"
            report(
                "DTG5025", node,
                "\(describe(path)) is \(shown(node)), not a date in format '\(format.name)' (\(expected)); \(declared.name) is Date",
                declared)
        }
    }

    private static func isWholeNumber(_ lexeme: String) -> Bool {
        if Int64(lexeme) != nil { return true }
        guard
            lexeme.utf8.contains(where: {
                $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
            }),
            let value = Double(lexeme)
        else { return false }
        return value == value.rounded() && abs(value) < 9.2e18
    }

    // MARK: reporting

    private func declaration(of type: TypeRef, fallback: SourceLocation) -> Declared {
        switch table.resolved(type.nonOptional) {
        case .named(let id), .generic(let id, _):
            let decl = table[id]
            return Declared(owner: decl.qualifiedName, file: decl.specFile ?? specPath, location: decl.location)
        default:
            return Declared(owner: table.describe(type), file: specPath, location: fallback)
        }
    }

    private func declarationOrResponse(_ type: TypeRef, _ declared: Declared) -> Declared {
        var result = declared
        result.member += " (\(table.describe(type)))"
        return result
    }

    private func describe(_ path: String) -> String {
        path.isEmpty ? "the payload" : "'\(path)'"
    }

    private func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : path + "." + key
    }

    /// A value as a message shows it: strings quoted (and cut when long), others by kind.
    private func shown(_ node: JSONNode) -> String {
        switch node.value {
        case .string(let text):
            let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "a string (\"\(cut)\")"
        case .number(let lexeme): return "a number (\(lexeme))"
        case .bool(let value): return "\(value)"
        default: return node.kindDescription
        }
    }

    private mutating func mismatch(_ node: JSONNode, _ path: String, _ declared: Declared, _ type: TypeRef) {
        report(
            "DTG5026", node, "\(describe(path)) is \(shown(node)); \(declared.name) is \(table.describe(type))",
            declared)
    }

    private mutating func report(_ code: DiagnosticCode, _ node: JSONNode, _ message: String, _ declared: Declared) {
        guard diagnostics.count < Self.limit else {
            suppressed += 1
            return
        }
        var diagnostic = Diagnostic(.error, code, file: payloadPath, at: node.location, message)
        diagnostic.related = Diagnostic.Related(file: declared.file, location: declared.location)
        diagnostics.append(diagnostic)
    }
}
