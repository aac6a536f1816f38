/// Builds the template context for a spec's DTO file: one entry per declaration, with the
/// Swift of every property, coding key and coding statement spelled out.
struct DTOContextBuilder {
    let table: TypeTable
    let access: String
    let printer: SwiftPrinter

    /// Whether declarations also get `init(fastJSON:)` (off with `--no-fast-decoding`).
    var fastDecoding = false
    /// The declarations that get it: those something decodes (nil: all).
    var decoded: Set<DeclID>?
    /// Whether a struct with an `id` conforms to `Identifiable` (`options.identifiable`).
    var identifiable = true

    func context(_ file: FileContext, namespace: NamespaceIR?) -> DTOsFileContext {
        contexts(file, namespace: namespace, files: 1)[0]
    }

    /// One context per DTO file: each top-level type (with its nested types and their fast
    /// paths) in the file `SpecFileNaming.dtoFileIndex` gives its name; the first file
    /// declares the namespace.
    func contexts(_ file: FileContext, namespace: NamespaceIR?, files: Int) -> [DTOsFileContext] {
        let count = max(1, files)
        var declarations = Array(repeating: [DeclarationContext](), count: count)
        var topLevel = Array(repeating: [DeclID](), count: count)
        for id in table.topLevel {
            guard let declaration = declaration(id) else { continue }
            let index = SpecFileNaming.dtoFileIndex(ofType: table[id].name, count: count)
            declarations[index].append(declaration)
            topLevel[index].append(id)
        }
        var fastPaths = Array(repeating: [FastPathContext](), count: count)
        var conforms = Array(repeating: false, count: count)
        for index in table.decls.indices where conformsToFastJSON(DeclID(index: index)) {
            let id = DeclID(index: index)
            var top = id
            while let parent = table[top].parent { top = parent }
            let file = SpecFileNaming.dtoFileIndex(ofType: table[top].name, count: count)
            conforms[file] = true
            if let path = fastPath(id) { fastPaths[file].append(path) }
        }
        return (0..<count).map { index in
            var file = file
            if !access.isEmpty {
                file.exposedImports = ImportAccess.dtos(topLevel[index], in: table, fastPaths: conforms[index])
            }
            return DTOsFileContext(
                file: file, declarations: declarations[index],
                namespace: namespace.map {
                    NamespaceContext(name: $0.name, access: access, declares: $0.declares && index == 0)
                },
                fastPaths: fastPaths[index],
                appTypes: index == 0 ? table.declaredAppTypes : []
            )
        }
    }

    /// Whether a declaration conforms to `FastJSONDecodable`: with fast decoding on, every
    /// generated struct, enum and one-of, whether or not an endpoint decodes it, so that its
    /// declaration line follows from the type alone (an update that stops decoding it keeps
    /// the line). The conformance is declared with the type, not by an extension: the
    /// optimizer drops a type nothing uses, conformance and all, only when no extension adds
    /// a conformance to it (one that does keeps the type's code in a release binary).
    func conformsToFastJSON(_ id: DeclID) -> Bool {
        fastDecoding && table.declaresCodableType(id)
    }

    /// The protocol a declaration lists for fast decoding, if any.
    func fastJSONConformance(_ id: DeclID) -> String? {
        conformsToFastJSON(id) ? printer.runtime.fastJSONDecodable : nil
    }

    /// How a declaration of this spec reads `FastDecoder`'s tape, in an extension, when
    /// something decodes it. Structs make the calls their `init(from:)` makes, on a
    /// `FastJSONObject` keyed by the JSON keys; one-ofs choose their variant as `init(from:)`
    /// does. Enums need none (the runtime reads the raw value), nor does a type nothing
    /// decodes: the runtime's default runs its `init(from:)` on the tape.
    func fastPath(_ id: DeclID) -> FastPathContext? {
        let decl = table[id]
        guard conformsToFastJSON(id), decoded?.contains(id) ?? true else { return nil }
        let body: FastPathContext.Body
        switch decl.kind {
        case .structure(let fields):
            body = .structure(
                statements: fields.map { printer.decodeStatement($0, onTape: true) }
                    + (decl.additionalProperties.map { [printer.decodeAdditionalPropertiesStatement($0, onTape: true)] }
                        ?? []))
        case .oneOf(let info): body = .oneOf(oneOfDecoding(decl, info, onTape: true))
        case .enumeration, .alias, .appType, .statusResponses, .responseHeaders: return nil
        }
        return FastPathContext(
            access: access, type: printer.qualifiedType(.named(id)),
            valueType: printer.runtime.fastJSONValue, body: body,
            availability: printer.availability(printer.deprecated.deprecation(of: id)),
            initAvailability: printer.availability(printer.deprecated.codingDeprecation(of: id))
        )
    }

    /// The declaration of a generated type; nil for the app's own (`externalTypes`).
    func declaration(_ id: DeclID) -> DeclarationContext? {
        let decl = table[id]
        switch decl.kind {
        case .oneOf(let info):
            var context = oneOfContext(decl, info, codingDeprecation: printer.deprecated.codingDeprecation(of: id))
            context.fastJSON = fastJSONConformance(id)
            return .oneOf(context)
        case .structure(let fields):
            var context = structContext(decl, fields, codingDeprecation: printer.deprecated.codingDeprecation(of: id))
            context.fastJSON = fastJSONConformance(id)
            return .structure(context)
        case .enumeration(let info):
            var context = enumContext(decl, info)
            context.fastJSON = fastJSONConformance(id)
            return .enumeration(context)
        case .alias(let target):
            return .alias(
                AliasContext(
                    doc: docLines(decl.doc),
                    availability: printer.availability(printer.deprecated.deprecation(of: id)),
                    access: access, name: printer.declaredName(decl), type: printer.type(target)))
        case .appType: return nil
        case .statusResponses(let cases): return .statusResponses(statusResponsesContext(id, cases))
        case .responseHeaders(let fields): return .responseHeaders(responseHeadersContext(id, fields))
        }
    }

    /// `responseHeaders`: a property per header, a memberwise init, and `init(from:)`.
    func responseHeadersContext(_ id: DeclID, _ fields: [Decl.HeaderField]) -> ResponseHeadersContext {
        let decl = table[id]
        return ResponseHeadersContext(
            doc: docLines(decl.doc), availability: printer.availability(printer.deprecated.deprecation(of: id)),
            access: access, isolation: Isolation.declaration(decl), name: decl.name,
            protocol: printer.runtime.responseHeaders, fieldsType: printer.runtime.responseHeaderFields,
            fields: fields.map { field in
                let name = SwiftName.escaped(field.name)
                let deprecated = field.deprecation.map { deprecation in
                    DeprecatedHeaderContext(
                        availability: printer.availability(deprecation), access: access, name: name,
                        type: printer.type(field.type), storage: SwiftName.escaped(field.storage ?? "_" + field.name))
                }
                return HeaderFieldContext(
                    doc: docLines(printer.responseHeaderDoc(field)), access: access, name: name,
                    type: printer.type(field.type),
                    defaultValue: field.type.isOptional ? " = " + printer.literal(.null) : "", deprecated: deprecated,
                    stored: deprecated?.storage ?? name,
                    read: printer.responseHeaderRead(field))
            })
    }

    /// `responses`: a case per status, and the `init` that picks one by the status.
    func statusResponsesContext(_ id: DeclID, _ cases: [Decl.StatusCase]) -> StatusResponsesContext {
        let decl = table[id]
        return StatusResponsesContext(
            doc: docLines(decl.doc), availability: printer.availability(printer.deprecated.deprecation(of: id)),
            access: access, isolation: Isolation.declaration(decl), name: decl.name,
            protocol: printer.runtime.statusResponse,
            envelope: printer.runtime.envelope,
            cases: cases.map { entry in
                StatusCaseContext(
                    status: String(entry.code), phrase: HTTPStatus.phrase(entry.code),
                    name: SwiftName.escaped(entry.name),
                    payload: entry.payload.map(printer.type), check: printer.statusCaseCheck(entry),
                    value: printer.statusCaseValue(entry))
            })
    }

    func docLines(_ doc: String?) -> [String] {
        doc.map(SwiftLiteral.docLines) ?? []
    }

    func structContext(_ decl: Decl, _ declared: [Field], codingDeprecation: Deprecation? = nil) -> StructContext {
        // `$additionalProperties` is a property and an argument like the others, last; coded by
        // the runtime after the declared keys, which `CodingKeys` lists for it.
        let additional = decl.additionalProperties
        let fields = declared + (additional.map { [$0] } ?? [])
        // A field that spells a deprecated type is deprecated as it is stored, and so is all
        // that sets it: the memberwise init, the decoding and encoding.
        let spelled = fields.map { printer.deprecated.mentioned(in: $0.type, table: table) }
        let setters = printer.availability(codingDeprecation)
        let properties = zip(fields, spelled).map { field, spelled in
            PropertyContext(
                doc: docLines(field.doc), availability: printer.availability(spelled ?? field.deprecation),
                access: access, name: SwiftName.escaped(field.name),
                type: !field.boxed ? printer.storedType(field) : printer.type(field.type),
                boxed: field.boxed ? field.storage.map { ($0, printer.storedType(field)) } : nil,
                storageAvailability: printer.availability(spelled),
                stored: field.boxed ? nil : field.storage
            )
        }
        let parameters = fields.map { field in
            let name = SwiftName.escaped(field.name)
            // A boxed field is set through its storage.
            return ParameterContext(
                name: name, type: !field.boxed ? printer.storedType(field) : printer.type(field.type),
                defaultValue: printer.parameterDefault(field), target: field.storage ?? name,
                assigned: printer.storedArgument(field, argument: name)
            )
        }
        let keys = declared.map { field in
            let name = field.storage ?? field.name
            return CodingKeyContext(
                name: SwiftName.escaped(name),
                rawValue: printer.rawValueClause(name: name, rawValue: field.jsonKey))
        }
        return StructContext(
            doc: docLines(decl.doc), availability: printer.availability(decl.deprecation), access: access,
            isolation: Isolation.declaration(decl), name: printer.declaredName(decl), setters: setters,
            isError: decl.isErrorBody, isIdentifiable: identifiable && TypeTable.identifies(declared),
            properties: properties, parameters: parameters,
            codingKeys: additional != nil || TypeTable.needsCodingKeys(declared) ? keys : nil,
            keysAreListed: additional != nil,
            decoding: additional != nil || TypeTable.needsCustomDecoding(declared)
                ? declared.map { printer.decodeStatement($0) }
                    + (additional.map { [printer.decodeAdditionalPropertiesStatement($0)] } ?? []) : nil,
            encoding: additional != nil || TypeTable.needsCustomEncoding(declared)
                ? declared.map(printer.encodeStatement)
                    + (additional.map { [printer.encodeAdditionalPropertiesStatement($0)] } ?? [])
                : nil,
            nested: decl.nested.compactMap(declaration)
        )
    }

    func oneOfContext(_ decl: Decl, _ info: OneOfInfo, codingDeprecation: Deprecation? = nil) -> OneOfContext {
        let helper = printer.runtime.oneOf
        let key = info.discriminator.map(SwiftLiteral.string) ?? ""
        let spelled = info.variants.map { printer.deprecated.mentioned(in: $0.type, table: table) }
        let cases = zip(info.variants, spelled).map { variant, spelled in
            OneOfCaseContext(
                availability: printer.availability(spelled), access: access, name: SwiftName.escaped(variant.name),
                type: printer.type(variant.type),
                tag: variant.tag.map(SwiftLiteral.string) ?? "",
                writesTag: info.discriminator != nil && variant.tag != nil, helper: helper, key: key
            )
        }
        return OneOfContext(
            doc: docLines(decl.doc), availability: printer.availability(decl.deprecation),
            codingAvailability: printer.availability(codingDeprecation), access: access,
            isolation: Isolation.declaration(decl), name: decl.name,
            helper: helper,
            cases: cases,
            unknown: info.unknownCaseName.map {
                UnknownCaseContext(access: access, name: SwiftName.escaped($0), jsonType: printer.runtime.jsonValue)
            },
            decoding: oneOfDecoding(decl, info, onTape: false),
            shapes: printer.oneOfShapes(info, generic: table.isGeneric(decl)),
            nested: decl.nested.compactMap(declaration)
        )
    }

    /// `onTape`: for the fast path, whose extension is outside the type.
    func oneOfDecoding(_ decl: Decl, _ info: OneOfInfo, onTape: Bool) -> OneOfDecodingContext {
        printer.oneOfDecoding(info, typeName: decl.qualifiedName, onTape: onTape)
    }

    func enumContext(_ decl: Decl, _ info: EnumInfo) -> EnumContext {
        EnumContext(
            doc: docLines(decl.doc), availability: printer.availability(decl.deprecation), access: access,
            isolation: Isolation.declaration(decl), name: decl.name,
            cases: info.cases.map { c in
                let name = SwiftName.escaped(c.name)
                return EnumCaseContext(
                    name: name, rawValue: printer.rawValueClause(name: c.name, rawValue: c.rawValue),
                    literal: SwiftLiteral.string(c.rawValue))
            },
            unknown: info.unknownCaseName.map(SwiftName.escaped)
        )
    }
}

/// The sections of `declaration.mustache`: one per kind of declaration.
enum DeclarationSection: String, CaseIterable, Sendable {
    case `struct`, `enum`, alias, oneOf, statusResponses, responseHeaders
}

/// The sections of a fast path in `dtos.swift.mustache`'s `fastPaths`.
enum FastPathSection: String, CaseIterable, Sendable {
    case structure, oneOf
}
