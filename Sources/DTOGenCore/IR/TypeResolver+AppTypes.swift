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
