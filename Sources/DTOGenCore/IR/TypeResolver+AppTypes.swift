/// `externalTypes`: names the spec's shapes use for types the app declares. Each is a
/// declaration of kind `appType`, found by its name like a type of `types`, spelled as the
/// app's Swift type and never generated.
extension TypeResolver {
    mutating func declareAppTypes(_ entries: [ExternalTypeSpec], besides types: [NamedShape]) {
        let typeNames = Set(types.map(\.name))
        for entry in entries {
            let name = entry.name.value
            let swiftType = entry.swiftType.value
            if SpecReader.builtinScalars.contains(name) {
                sink.error(
                    "DTG3147", entry.name.location,
                    "'\(name)' is a built-in type; an external type needs a name of its own, such as '\(name)Value'")
                continue
            }
            guard SwiftName.isTypeName(name) else {
                sink.error(
                    "DTG3148", entry.name.location,
                    "'\(name)' is not a valid type name; use letters, digits and '_', starting with a letter")
                continue
            }
            if typeNames.contains(name) {
                sink.error(
                    "DTG3149", entry.name.location,
                    "'\(name)' is also a type in 'types'; an external type stands for your own, so remove one of them")
                continue
            }
            guard Self.isSwiftTypeName(swiftType) else {
                sink.error(
                    "DTG3150", entry.swiftType.location,
                    "'\(swiftType)' is not a Swift type name; write your type's name, qualified if need be (\"Shop.Money\")"
                )
                continue
            }
            let spelled = String(swiftType.prefix { $0 != "." })
            if typeNames.contains(spelled) || namespace == spelled {
                sink.error(
                    "DTG3151", entry.swiftType.location,
                    "generated code spells '\(swiftType)' from '\(spelled)', which is also \(namespace == spelled ? "'options.namespace'" : "a type in 'types'"); rename one of them"
                )
                continue
            }
            let id = table.add(
                Decl(name: name, qualifiedName: swiftType, parent: nil, kind: .appType, location: entry.name.location))
            named[name] = id
            if let schema = entry.schema { pendingAppSchemas.append((id, schema)) }
            // A generated type never takes the name the app's type is spelled with.
            topLevelNames.insert(spelled)
        }
    }

    /// `ProblemDetails` (RFC 9457) named as an error type by a spec that declares no type of
    /// that name: DTORuntime's, an error body already.
    mutating func declareRuntimeErrorTypes(usedBy spec: Spec) {
        let name = SwiftName.problemDetails
        guard named[name] == nil, !spec.types.contains(where: { $0.name == name }) else { return }
        let written =
            [spec.error].compactMap { $0 } + spec.errors.map(\.type)
            + spec.endpoints.flatMap { [$0.error].compactMap { $0 } + $0.errors.map(\.type) }
        guard let first = written.first(where: { $0.value == name }) else { return }
        var decl = Decl(
            name: name, qualifiedName: runtimeModule.map { "\($0).\(name)" } ?? name, parent: nil, kind: .appType,
            location: first.location)
        decl.providedByRuntime = true
        decl.isErrorBody = true
        named[name] = table.add(decl)
    }

    /// `Money`, `Shop.Money`: identifiers joined by dots, none a keyword.
    static func isSwiftTypeName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { SwiftName.isTypeName(String($0)) }
    }

    /// The schemas `externalTypes` give the app's types, once every named type is declared:
    /// types nested in the app's type, which `verify` reads and nothing generates.
    mutating func resolveAppTypeSchemas() {
        for (id, schema) in pendingAppSchemas {
            var siblings: Set<String> = []
            table[id].appTypeSchema = resolve(schema, hint: "Schema", parent: id, element: false, siblings: &siblings)
        }
        pendingAppSchemas = []
    }
}
