import Testing
@testable import DTOGenCore

/// The names import writes, each from where its thing is in the document.
struct ImportedNamesTests {
    @Test func endpointsFromTheirIDElseMethodAndPath() {
        #expect(
            ImportedNames.endpoint(operationId: "list-pets", method: "get", path: "/pets", style: .swift) == "listPets")
        #expect(
            ImportedNames.endpoint(operationId: nil, method: "get", path: "/pets/{petId}", style: .swift)
                == "getPetsByPetID")
        #expect(
            ImportedNames.endpoint(operationId: nil, method: "get", path: "/pets/{petId}", style: .camel)
                == "getPetsByPetId")
        // A keyword is no name of its own.
        #expect(
            ImportedNames.endpoint(operationId: "import", method: "post", path: "/import", style: .swift)
                == "postImport")
    }

    @Test func componentsAndKindsAvoidWhatTheyWouldMean() {
        #expect(ImportedNames.component("user_id", style: .swift) == ("UserID", false))
        #expect(ImportedNames.component("user_id", style: .camel) == ("UserId", false))
        #expect(ImportedNames.component("File", style: .swift) == ("FileObject", true))
        #expect(ImportedNames.component("Response", style: .swift) == ("ResponseObject", true))
        #expect(ImportedNames.apiKeyKind(scheme: "api_key", style: .swift) == "APIKeyAuth")
        #expect(ImportedNames.apiKeyKind(scheme: "PetKey", style: .swift) == "PetKey")
    }

    @Test func enumVariantsByTheirValuesElseTheirPlace() {
        #expect(
            ImportedNames.enumVariant(hint: "Expand", values: ["", "now"], index: 0, style: .swift)
                == "ExpandEmptyOrNow")
        #expect(
            ImportedNames.enumVariant(hint: "Expand", values: ["a", "b", "c", "d"], index: 1, style: .swift)
                == "ExpandVariant2")
        #expect(ImportedNames.enumVariant(hint: "Expand", values: nil, index: 2, style: .swift) == "ExpandVariant3")
    }

    @Test func sharedShapesBestFirst() {
        func candidates(
            choice: Bool = false, enumeration: Bool = false, variants: [String]? = nil, field: String? = "refunds",
            position: String? = nil
        ) -> [String] {
            ImportedNames.sharedShape(
                isChoice: choice, isEnum: enumeration, variants: variants, parent: "charge", field: field,
                position: position, style: .swift)
        }
        #expect(
            candidates(choice: true, variants: ["String", "customer"])
                == ["ExpandableCustomer", "RefundsChoice", "ChargeRefunds"])
        #expect(candidates(choice: true, variants: ["bank_account", "card"]).first == "BankAccountOrCard")
        #expect(candidates(enumeration: true, field: "status") == ["ChargeStatus", "StatusValue"])
        #expect(candidates() == ["RefundsObject", "ChargeRefunds"])
        #expect(candidates(field: nil, position: "Body") == ["ChargeBody"])
    }
}
