/// `dtogen diff`'s notices of what the API now retires: a type, a property, an endpoint or a
/// parameter that is deprecated on the new side and was not on the old one. Nothing breaks
/// (the compiler warns where the app uses it); the notice says what to move off before the
/// API removes it.
extension APIComparer {
    mutating func compareDeprecations() {
        for (name, after) in new.types {
            guard let before = old.types[name] else { continue }
            if let now = after.decl.deprecation, before.decl.deprecation == nil {
                add([], name, Self.deprecatedNow(now), at: after.decl.location, in: after.spec)
            }
            guard case .structure(let fields) = after.decl.kind, case .structure(let was) = before.decl.kind else {
                continue
            }
            for field in fields {
                guard let now = field.deprecation,
                    was.contains(where: { $0.jsonKey == field.jsonKey && $0.deprecation == nil })
                else { continue }
                add([], "\(name).\(field.name)", Self.deprecatedNow(now), at: field.keyLocation, in: after.spec)
            }
        }
        for (name, after) in new.endpoints {
            guard let before = old.endpoints[name]?.endpoint else { continue }
            let endpoint = after.endpoint
            if let now = endpoint.deprecation, before.deprecation == nil {
                add([], "Endpoint.\(name)", Self.deprecatedNow(now), at: endpoint.location, in: after.spec)
            }
            for argument in endpoint.arguments {
                guard let now = argument.deprecation,
                    before.arguments.contains(where: { $0.name == argument.name && $0.deprecation == nil })
                else { continue }
                add(
                    [], "Endpoint.\(name)(\(argument.label ?? argument.name):)", Self.deprecatedNow(now),
                    at: endpoint.location, in: after.spec)
            }
        }
    }

    static func deprecatedNow(_ deprecation: Deprecation) -> String {
        "deprecated now" + (deprecation.message.map { ": " + $0 } ?? "")
    }
}
