import Testing
@testable import DTOGenCore

/// The one numbering rule (`NameScope`) and the rules built on it: members named after
/// their JSON keys (`OwnedNames`), imported keys that need a `$name` (`explicitName`).
struct NameScopeTests {
    @Test func aTakenNameIsNumberedFromTwo() {
        #expect(NameScope(["a"]).free("a") == "a2")
        #expect(NameScope(["a", "a2"]).free("a") == "a3")
        #expect(NameScope(["b"]).free("a") == "a")
        // `_1_2`, not the confusing `_12`.
        #expect(NameScope(["_1"]).free("_1") == "_1_2")
    }

    @Test func claimingTakesTheName() {
        var scope = NameScope(["client"])
        #expect(scope.claim("client") == "client2")
        #expect(scope.claim("client") == "client3")
        #expect(scope.claim("token") == "token")
        #expect(scope.names == ["client", "client2", "client3", "token"])
        // `free` asks without taking.
        #expect(scope.free("token") == "token2" && !scope.contains("token2"))
        scope.reserve("token2")
        #expect(scope.claim("token") == "token3")
    }

    @Test func theFirstFreeCandidateElseTheFirstNumbered() {
        #expect(NameScope(["Address"]).firstFree(["Address", "ChargeAddress"]) == "ChargeAddress")
        #expect(NameScope(["Address", "ChargeAddress"]).firstFree(["Address", "ChargeAddress"]) == "Address2")
    }

    @Test func aNameCheckedInPlaceFollowsTheSameRule() {
        let fileScope: Set = ["Wrap"]
        let siblings: Set = ["Wrap2"]
        #expect(NameScope.free("Wrap") { fileScope.contains($0) || siblings.contains($0) } == "Wrap3")
    }

    @Test func theLaterOwnerYieldsAndLearnsWhoHadTheName() {
        var members = OwnedNames()
        #expect(members.claim("userID", for: "user_id") == ("userID", nil))
        let second = members.claim("userID", for: "userId")
        #expect(second.name == "userID2" && second.takenBy == "user_id")
        #expect(members.free("userID") == "userID3" && members.free("body") == "body")
        #expect(members.free("userID2") == "userID2_2", "userID2 is taken")
    }

    @Test func anImportedKeyIsNamedByItsMeaningThenItsPlace() {
        var taken = NameScope()
        #expect(ImportedNames.explicitName("created", taken: &taken, place: "Query") == nil)
        // A comparison says what it means.
        #expect(ImportedNames.explicitName("created<", taken: &taken, place: "Query") == "createdBefore")
        #expect(ImportedNames.explicitName("created>=", taken: &taken, place: "Query") == "createdAtOrAfter")
        #expect(ImportedNames.explicitName("price", taken: &taken, place: "Query") == nil)
        #expect(ImportedNames.explicitName("price>", taken: &taken, place: "Query") == "priceAbove")
        // A sign is spelled out.
        #expect(ImportedNames.explicitName("1", taken: &taken, place: "Field") == nil)
        #expect(ImportedNames.explicitName("+1", taken: &taken, place: "Field") == "plus1")
        // Else the place, numbered as a last resort.
        #expect(ImportedNames.explicitName("id", taken: &taken, place: "Path") == nil)
        #expect(ImportedNames.explicitName("ID", taken: &taken, place: "Query") == "idQuery")
        #expect(ImportedNames.explicitName("Id", taken: &taken, place: "Query") == "idQuery2")
    }
}

/// A nested type's name: from its `$typeName` or from where it is written, unique in the
/// scope the resolver gives.
struct NestedTypeNameTests {
    static func decide(
        _ spelled: String?, hint: String = "line_items", element: Bool = false, isEnum: Bool = false,
        taken: Set<String> = []
    ) -> NestedTypeName {
        NestedTypeName.decide(
            spelled: spelled, hint: hint, element: element, isEnum: isEnum, style: .swift, avoided: ["Mapping"],
            isTaken: taken.contains)
    }

    @Test func fromWhereItIsWritten() {
        #expect(Self.decide(nil).name == "LineItems")
        #expect(Self.decide(nil, element: true).name == "LineItem")
        #expect(Self.decide(nil, taken: ["LineItems"]).name == "LineItems2")
        // A runtime type's name when the runtime shares the module: another name, no warning.
        #expect(Self.decide(nil, hint: "mapping") == NestedTypeName(name: "MappingObject"))
        #expect(Self.decide(nil, hint: "mapping", isEnum: true) == NestedTypeName(name: "MappingValue"))
    }

    @Test func fromItsTypeNameWithWhatChangedIt() {
        #expect(Self.decide("Wrap") == NestedTypeName(name: "Wrap"))
        #expect(Self.decide("Wrap", taken: ["Wrap"]) == NestedTypeName(name: "Wrap2", taken: "Wrap"))
        #expect(Self.decide("Error") == NestedTypeName(name: "ErrorObject", shadowing: "Error"))
        #expect(
            Self.decide("Error", taken: ["ErrorObject"])
                == NestedTypeName(name: "ErrorObject2", shadowing: "Error", taken: "ErrorObject"))
        #expect(Self.decide("line-item") == NestedTypeName(name: "LineItem", invalid: "line-item"))
    }
}
