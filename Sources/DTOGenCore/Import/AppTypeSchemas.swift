extension OpenAPITranslator {
    /// The component schemas that are the app's own types (`externalTypes`): a schema whose
    /// key, or the type name import would give it, is such a name is that name, scalar or not.
    mutating func nameAppSchemas() {
        guard !appTypes.isEmpty else { return }
        for member in schemas {
            let candidate = SwiftName.type(member.key, style: naming)
            guard let name = [member.key, candidate].first(where: { appTypes[$0] != nil }) else { continue }
            typeNames[member.key] = name
            appSchemas.insert(member.key)
        }
    }
}
