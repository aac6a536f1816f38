import Testing
@testable import DTOGenCore

/// Which Swift names types get when names collide: decided by where each is written and what
/// it uses, so a type added to a spec renames no other.
struct TypeNameTests {
    func names(_ spec: String) throws -> [String] {
        let (irs, diagnostics) = Generator.resolve(
            [SpecInput(path: "spec.json", bytes: Array(spec.utf8))], options: GeneratorOptions())
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let ir = try #require(irs.first)
        return ir.types.decls.map(\.qualifiedName).sorted()
    }

    /// `Error` would shadow Swift's and is renamed; the name it would take goes to the type
    /// that spells it, whichever the spec declares first.
    @Test(arguments: [
        #"{ "Error": { "message": "String" }, "ErrorObject": { "code": "Int" } }"#,
        #"{ "ErrorObject": { "code": "Int" }, "Error": { "message": "String" } }"#,
    ])
    func aRenamedTypeYieldsToTheTypeThatSpellsItsName(_ types: String) throws {
        let names = try names(#"{ "types": \#(types), "endpoints": [] }"#)
        #expect(names == ["ErrorObject", "ErrorObject2"])
    }

    /// A nested type takes a top-level name unless its own top-level type uses that name
    /// somewhere inside it (then it would shadow it there): through a field, an array, a
    /// generic argument, a one-of variant or a nested type's field.
    @Test func aNestedTypeGivesWayOnlyToTheNamesItsTypeUses() throws {
        let names = try names(
            #"""
            { "types": {
                "Card": { "last4": "String" },
                "Page<T>": { "data": ["T"] },
                "Free": { "card": { "brand": "String" } },
                "ByField": { "card": { "brand": "String" }, "saved": "Card?" },
                "ByGeneric": { "card": { "brand": "String" }, "pages": "Page<Card>?" },
                "ByNested": { "card": { "brand": "String" }, "wallet": { "cards": ["Card"] } },
                "ByVariant": { "card": { "brand": "String" }, "source": { "$oneOf": ["String", "Card"], "$optional": true } }
            }, "endpoints": [] }
            """#)
        #expect(names.contains("Free.Card"))
        #expect(names.contains("ByField.Card2"))
        #expect(names.contains("ByGeneric.Card2"))
        #expect(names.contains("ByNested.Card2"))
        #expect(names.contains("ByVariant.Card2"))
    }
}
