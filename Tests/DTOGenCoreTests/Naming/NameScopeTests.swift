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
        #expect(members.contains("userID2"))
    }

    @Test func anImportedKeyIsNamedByItsMeaningThenItsPlace() {
        var taken = NameScope()
        #expect(SwiftName.explicitName("created", taken: &taken, place: "Query") == nil)
        // A comparison says what it means.
        #expect(SwiftName.explicitName("created<", taken: &taken, place: "Query") == "createdBefore")
        #expect(SwiftName.explicitName("created>=", taken: &taken, place: "Query") == "createdAtOrAfter")
        #expect(SwiftName.explicitName("price", taken: &taken, place: "Query") == nil)
        #expect(SwiftName.explicitName("price>", taken: &taken, place: "Query") == "priceAbove")
        // A sign is spelled out.
        #expect(SwiftName.explicitName("1", taken: &taken, place: "Field") == nil)
        #expect(SwiftName.explicitName("+1", taken: &taken, place: "Field") == "plus1")
        // Else the place, numbered as a last resort.
        #expect(SwiftName.explicitName("id", taken: &taken, place: "Path") == nil)
        #expect(SwiftName.explicitName("ID", taken: &taken, place: "Query") == "idQuery")
        #expect(SwiftName.explicitName("Id", taken: &taken, place: "Query") == "idQuery2")
    }
}
