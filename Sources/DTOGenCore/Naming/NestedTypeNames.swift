/// The name of a type declared inside another (or at file scope for an inline shape), as
/// the resolver asks for it: the scope it must be unique in is the resolver's to give
/// (`isTaken`: the file's names, the siblings, the enclosing types), the rule is here.
struct NestedTypeName: Equatable {
    var name: String
    /// The name the spec spelled (`$typeName`), when it is no valid type name (then
    /// `name` is made from it).
    var invalid: String?
    /// The `$typeName` as spelled, when it would shadow a type of Swift's or the runtime's
    /// and takes `Object` after it.
    var shadowing: String?
    /// The spelled name before it was numbered, when another in scope had it.
    var taken: String?

    /// `spelled`: the shape's `$typeName`; else the name is made from `hint` (the key it is
    /// written at), an array's `element`, and whether it is an enum; `avoided` names
    /// (DTORuntime's, when its sources share the module) take `Value` or `Object` after them.
    static func decide(
        spelled: String?, hint: String, element: Bool, isEnum: Bool, style: NamingStyle, avoided: Set<String>,
        isTaken: (String) -> Bool
    ) -> NestedTypeName {
        guard let spelled else {
            var name = SwiftName.inlineType(hint, isElement: element, isEnum: isEnum, style: style)
            if avoided.contains(name) { name += isEnum ? "Value" : "Object" }
            return NestedTypeName(name: NameScope.free(name, isTaken: isTaken))
        }
        var result = NestedTypeName(name: spelled)
        if SwiftName.isTypeName(spelled) {
            result.name = SwiftName.unshadowed(spelled, also: avoided)
            if result.name != spelled { result.shadowing = spelled }
        } else {
            result.invalid = spelled
            result.name = SwiftName.type(spelled, style: style)
        }
        let distinct = NameScope.free(result.name, isTaken: isTaken)
        if distinct != result.name {
            result.taken = result.name
            result.name = distinct
        }
        return result
    }
}
