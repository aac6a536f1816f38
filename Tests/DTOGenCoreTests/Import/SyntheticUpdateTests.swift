import Foundation
import PositionalJSON
import Testing
@testable import DTOGenCore

/// The update invariant of `UpdateStabilityTests` on the big public documents, each changed
/// the way new versions change: an operation removed (the first), an operation inserted
/// first that writes what another writes, schemas inserted with the names nested types and
/// Swift's own types have (`Address`, `Item`, `Error`). Every schema and operation the change
/// leaves alone must keep its Swift with `--update`; by the naming rules alone, a shape whose
/// number of uses crosses one moves (listed in `knownByRulesAlone`). Two documents by
/// default; `DTOGEN_SYNTHETIC_UPDATES=all` runs all nine (about two minutes on two cores).
struct SyntheticUpdateTests {
    enum Change: String, CaseIterable, Sendable {
        case firstOperationRemoved, operationInsertedFirst, schemasInsertedWithCommonNames
    }

    static let allDocuments = [
        "bigapis2/slack-web.json", "bigapis2/square.json", "bigapis/box.json", "bigapis2/github-rest-2020.json",
        "bigapis2/twilio-api-v2010.json", "bigapis2/jira-platform.json", "bigapis2/linode.yaml",
        "bigapis2/docker-engine.yaml", "bigapis/openai.yaml",
    ]

    static let documents =
        ProcessInfo.processInfo.environment["DTOGEN_SYNTHETIC_UPDATES"] == "all"
        ? allDocuments : Array(allDocuments.prefix(2))

    /// Declarations that move by the rules alone: Linode's `GET /account` writes the account
    /// inline, so without it `ActivePromotionsObject` is written once and goes back in place.
    static let knownByRulesAlone: [String: Int] = ["bigapis2/linode.yaml firstOperationRemoved": 1]

    /// Names of schemas to insert, as nested types and Swift's types are commonly named.
    static let commonNames = [
        "Address", "Item", "Status", "Links", "Metadata", "Type", "Data", "Error", "Result", "Config", "Owner",
        "Content", "Settings", "Options", "Properties", "Attributes", "Source", "Target", "Items", "Details",
    ]

    static func replacing(_ key: String, in members: [JSONNode.Member], with value: JSONNode.Value)
        -> [JSONNode.Member]
    {
        members.map {
            $0.key == key
                ? JSONNode.Member(
                    key: key, keyLocation: $0.keyLocation, value: JSONNode(value: value, location: $0.value.location))
                : $0
        }
    }

    /// `root` with `change` made, as JSON text.
    static func changed(_ root: JSONNode, _ change: Change) throws -> String {
        guard case .object(var members) = root.value, case .object(var paths)? = root["paths"]?.value else {
            throw Unreadable()
        }
        switch change {
        case .firstOperationRemoved:
            paths.removeFirst()
        case .operationInsertedFirst:
            // The first operation with parameters or a body, again under a path that sorts first.
            let found = paths.lazy.compactMap { path -> (JSONNode.Member, JSONNode.Member)? in
                guard case .object(let operations) = path.value.value else { return nil }
                return operations.first { $0.value["requestBody"] != nil || $0.value["parameters"] != nil }.map {
                    (path, $0)
                }
            }.first
            guard let (path, operation) = found, case .object(let written) = operation.value.value else {
                throw Unreadable()
            }
            let renamed =
                written.filter { $0.key != "operationId" }
                + [
                    JSONNode.Member(
                        key: "operationId", keyLocation: operation.keyLocation,
                        value: JSONNode(value: .string("aaaInserted"), location: operation.value.location))
                ]
            let inserted = JSONNode.Member(
                key: operation.key, keyLocation: operation.keyLocation,
                value: JSONNode(value: .object(renamed), location: operation.value.location))
            paths.insert(
                JSONNode.Member(
                    key: "/aaa-inserted", keyLocation: path.keyLocation,
                    value: JSONNode(value: .object([inserted]), location: path.value.location)), at: 0)
        case .schemasInsertedWithCommonNames:
            let holder = root["components"] != nil ? "components" : "definitions"
            let schemasNode = holder == "components" ? root["components"]?["schemas"] : root["definitions"]
            guard case .object(let schemas)? = schemasNode?.value, let location = schemasNode?.location else {
                throw Unreadable()
            }
            let existing = Set(schemas.map { $0.key.lowercased() })
            let newSchemas = try commonNames.filter { !existing.contains($0.lowercased()) }.map { name in
                JSONNode.Member(
                    key: name, keyLocation: location,
                    value: try JSONReader.parse(
                        bytes: Array(#"{"type":"object","properties":{"n":{"type":"integer"}}}"#.utf8)))
            }
            if holder == "components", case .object(let components)? = root["components"]?.value {
                members = replacing(
                    "components", in: members,
                    with: .object(replacing("schemas", in: components, with: .object(newSchemas + schemas))))
            } else {
                members = replacing("definitions", in: members, with: .object(newSchemas + schemas))
            }
        }
        members = replacing("paths", in: members, with: .object(paths))
        return UpdateStabilityTests.text(JSONNode(value: .object(members), location: root.location))
    }

    struct Unreadable: Error {}

    @Test(arguments: documents, Change.allCases)
    func unchangedSchemasAndOperationsKeepTheirSwift(_ document: String, _ change: Change) throws {
        let path = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance/\(document)")
            .path
        guard let bytes = FileManager.default.contents(atPath: path) else { return }
        let root = try OpenAPIImporter.read(Array(bytes))
        let before = UpdateStabilityTests.text(root)
        let after = try Self.changed(root, change)
        #expect(before != after)
        func version(_ text: String, previous: PreviousImport?) -> UpdateStabilityTests.Version {
            let imported = OpenAPIImporter.importDocument(
                bytes: Array(text.utf8), path: path, options: ImportOptions(name: "API", previous: previous))
            let result = Generator.generate([SpecInput(path: "api.json", bytes: Array(imported.spec.utf8))])
            #expect(!result.hasErrors)
            return UpdateStabilityTests.Version(spec: imported.spec, files: result.files)
        }
        let old = version(before, previous: nil)
        let updated = version(after, previous: PreviousImport(spec: Array(old.spec.utf8)))
        let withUpdate = try UpdateStabilityTests.unstable(
            old: before, new: after, oldVersion: old, newVersion: updated)
        #expect(withUpdate == [], "with --update")
        let fresh = version(after, previous: nil)
        let byRules = try UpdateStabilityTests.unstable(old: before, new: after, oldVersion: old, newVersion: fresh)
        #expect(byRules.count <= Self.knownByRulesAlone["\(document) \(change)", default: 0], "\(byRules)")
    }
}
