import Foundation
import PositionalJSON
import Testing
@testable import DTOGenCore
import TestSupport

/// A new version of a document changes only the Swift of what changed in it: for every
/// component schema whose JSON is the same in both versions (and so is that of the schemas
/// it refers to), the generated declaration is byte-identical and in the same file; for
/// every operation whose JSON is the same, so is the factory. Checked on hand-made pairs
/// (with the naming rules alone, and with `dtogen import --update`) and on three versions of
/// Stripe's document, each about three months after the one before.
struct UpdateStabilityTests {
    struct Version {
        var spec: String
        var files: [GeneratedFile]
    }

    static func imported(_ document: String, path: String = "shop.json", previous: PreviousImport? = nil) throws
        -> Version
    {
        let imported = OpenAPIImporter.importDocument(
            bytes: Array(document.utf8), path: path, options: ImportOptions(name: "Shop", previous: previous))
        #expect(!imported.hasErrors, "\(imported.diagnostics)")
        let result = Generator.generate([SpecInput(path: "shop.json", bytes: Array(imported.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics.prefix(5))")
        return Version(spec: imported.spec, files: result.files)
    }

    /// JSON text without positions, to tell whether a schema or an operation changed.
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let lexeme): lexeme
        case .string(let string): DraftJSON.quoted(string)
        case .array(let elements): "[" + elements.map(text).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { DraftJSON.quoted($0.key) + ":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func members(_ node: JSONNode?) -> [JSONNode.Member] {
        guard let node, case .object(let members) = node.value else { return [] }
        return members
    }

    /// The top-level declaration of `name`: its file and its lines up to its closing brace.
    static func declaration(_ name: String, in files: [GeneratedFile]) -> (file: String, text: String)? {
        declarations(in: files)[name]
    }

    /// Every top-level declaration of the DTO files, by name.
    static func declarations(in files: [GeneratedFile]) -> [String: (file: String, text: String)] {
        var found: [String: (file: String, text: String)] = [:]
        for file in files where file.path.contains(".DTOs.") {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < lines.count {
                let line = lines[index]
                index += 1
                guard let first = line.first, first.isLetter else { continue }
                let words = line.split(separator: " ").map(String.init).filter {
                    !["public", "nonisolated", "indirect"].contains($0)
                }
                guard words.count >= 2, ["struct", "enum", "typealias"].contains(words[0]) else { continue }
                let name = String(words[1].prefix { $0 != ":" && $0 != "<" })
                if words[0] == "typealias" || line.hasSuffix("{}") {
                    found[name] = (file.path, line)
                    continue
                }
                guard let end = lines[(index - 1)...].firstIndex(of: "}") else { continue }
                found[name] = (file.path, lines[(index - 1)...end].joined(separator: "\n"))
                index = end + 1
            }
        }
        return found
    }

    /// The factory whose doc comment names `METHOD /path`, with its doc comment.
    static func factory(_ method: String, _ path: String, in files: [GeneratedFile]) -> String? {
        factories(in: files)["\(method.uppercased()) \(path)"]
    }

    /// Every factory by the `METHOD /path` its doc comment names.
    static func factories(in files: [GeneratedFile]) -> [String: String] {
        var found: [String: String] = [:]
        for file in files where file.path.hasSuffix(".Endpoints.swift") {
            let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (index, line) in lines.enumerated() where line.hasPrefix("    /// `") && line.hasSuffix("`") {
                guard let end = lines[index...].firstIndex(of: "    }") else { continue }
                found[String(line.dropFirst("    /// `".count).dropLast())] = lines[index...end].joined(separator: "\n")
            }
        }
        return found
    }

    /// What differs between the two versions' Swift although its JSON is the same.
    static func unstable(old oldDocument: String, new newDocument: String, oldVersion: Version, newVersion: Version)
        throws -> [String]
    {
        let oldRoot = try JSONReader.parse(bytes: Array(oldDocument.utf8))
        let newRoot = try JSONReader.parse(bytes: Array(newDocument.utf8))
        return unstable(oldRoot: oldRoot, newRoot: newRoot, oldVersion: oldVersion, newVersion: newVersion)
    }

    /// The schemas of `newRoot` whose JSON is the same in `oldRoot`, as is the JSON of every
    /// schema they refer to (through `$ref`s, at any depth): a declaration reads what it
    /// refers to where it tells a one-of's variants apart by their keys.
    static func unchangedSchemas(oldRoot: JSONNode, newRoot: JSONNode) -> Set<String> {
        let oldSchemas = Dictionary(
            members(oldRoot["components"]?["schemas"]).map { ($0.key, text($0.value)) }, uniquingKeysWith: { a, _ in a }
        )
        let schemas = members(newRoot["components"]?["schemas"])
        let changed = Set(schemas.filter { oldSchemas[$0.key] != text($0.value) }.map(\.key))
        var references: [String: [String]] = [:]
        for schema in schemas { references[schema.key] = schemaReferences(in: schema.value) }
        var unchanged: Set<String> = []
        for schema in schemas where !changed.contains(schema.key) {
            var seen: Set<String> = [schema.key]
            var pending = references[schema.key] ?? []
            var same = true
            while same, let next = pending.popLast() {
                guard seen.insert(next).inserted else { continue }
                same = !changed.contains(next)
                pending += references[next] ?? []
            }
            if same { unchanged.insert(schema.key) }
        }
        return unchanged
    }

    /// The component schemas `node` names in `$ref`s.
    static func schemaReferences(in node: JSONNode) -> [String] {
        switch node.value {
        case .array(let elements): return elements.flatMap(schemaReferences)
        case .object(let members):
            return members.flatMap { member -> [String] in
                if member.key == "$ref", case .string(let target) = member.value.value,
                    target.hasPrefix("#/components/schemas/")
                {
                    return [String(target.dropFirst("#/components/schemas/".count))]
                }
                return schemaReferences(in: member.value)
            }
        default: return []
        }
    }

    static func unstable(oldRoot: JSONNode, newRoot: JSONNode, oldVersion: Version, newVersion: Version) -> [String] {
        var problems: [String] = []
        let oldDeclarations = declarations(in: oldVersion.files)
        let newDeclarations = declarations(in: newVersion.files)
        let unchanged = unchangedSchemas(oldRoot: oldRoot, newRoot: newRoot)
        for schema in members(newRoot["components"]?["schemas"]) where unchanged.contains(schema.key) {
            let name = SwiftName.type(schema.key)
            let before = oldDeclarations[name]
            let after = newDeclarations[name]
            guard before != nil || after != nil else { continue }  // not a type of its own (a scalar alias)
            if before?.file != after?.file {
                problems.append("\(name): in \(before?.file ?? "-") before, \(after?.file ?? "-") now")
            } else if before?.text != after?.text {
                problems.append("\(name): declaration changed")
            }
        }
        let oldFactories = factories(in: oldVersion.files)
        let newFactories = factories(in: newVersion.files)
        let oldPaths = Dictionary(members(oldRoot["paths"]).map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for path in members(newRoot["paths"]) {
            for operation in members(path.value)
            where ["get", "put", "post", "delete", "patch", "head", "options"].contains(operation.key) {
                guard let previous = oldPaths[path.key]?[operation.key], text(previous) == text(operation.value) else {
                    continue
                }
                let key = "\(operation.key.uppercased()) \(path.key)"
                if oldFactories[key] != newFactories[key] { problems.append("\(key): factory changed") }
            }
        }
        return problems
    }

    // MARK: hand-made pairs

    static let address =
        #"{"type":"object","required":["line1"],"properties":{"line1":{"type":"string"},"city":{"type":"string"}}}"#

    static func operation(_ id: String, body: String = address) -> String {
        ##"{"post":{"operationId":"\##(id)","requestBody":{"content":{"application/json":{"schema":{"type":"object","properties":{"address":\##(body)}}}}},"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Location"}}}}}}}"##
    }

    static func document(paths: [(String, String)], schemas: [(String, String)]) -> String {
        let pathText = paths.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        let schemaText = schemas.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
        return
            ##"{"openapi":"3.0.0","info":{"title":"Shop","version":"1"},"paths":{\##(pathText)},"components":{"schemas":{\##(schemaText)}}}"##
    }

    static let schemas: [(String, String)] = [
        ("error-object", #"{"type":"object","properties":{"message":{"type":"string"}}}"#),
        (
            "Location",
            ##"{"type":"object","required":["id"],"properties":{"id":{"type":"string"},"status":{"$ref":"#/components/schemas/Status"},"kind":{"type":"string","enum":["a","b"]}}}"##
        ),
        (
            "Store",
            ##"{"type":"object","properties":{"kind":{"type":"string","enum":["a","b"]},"profile":{"$ref":"#/components/schemas/UserProfile"},"wrap":{"anyOf":[{"type":"object","properties":{"note":{"type":"string"}}},{"type":"string","enum":[""]}]}}}"##
        ),
        ("UserProfile", #"{"type":"object","properties":{"name":{"type":"string"}}}"#),
        ("Status", #"{"type":"string","enum":["active","inactive"]}"#),
    ]

    static let paths: [(String, String)] = [
        ("/terminal/locations", operation("postTerminalLocations")),
        (
            "/terminal/locations/{id}",
            operation("updateTerminalLocation").replacingOccurrences(
                of: #""requestBody""#,
                with:
                    #""parameters":[{"name":"id","in":"path","required":true,"schema":{"type":"string"}}],"requestBody""#
            )
        ),
    ]

    static let base = document(paths: paths, schemas: schemas)

    /// Each change, and whether the rules alone keep the rest (else only `--update` does).
    static let changes: [(name: String, document: String, byRulesAlone: Bool)] = [
        // An operation inserted first that writes the shared address shape too: the shape
        // keeps its name (a new use never renames a shape).
        (
            "an operation inserted first",
            document(paths: [("/tax/settings", operation("postTaxSettings"))] + paths, schemas: schemas), true
        ),
        // A schema inserted before one whose Swift name it takes: the one already there keeps it.
        (
            "a schema inserted that takes a colliding name",
            document(
                paths: paths,
                schemas: [("user-profile", #"{"type":"object","properties":{"id":{"type":"integer"}}}"#)] + schemas),
            true
        ),
        // A schema inserted named like a one-of variant's "unset" value (Stripe's `enum: [""]`)
        // was named after its field: the variant, named by its value, keeps its name.
        (
            "a schema inserted named like a variant",
            document(
                paths: paths,
                schemas: schemas + [("WrapObject", #"{"type":"object","properties":{"size":{"type":"integer"}}}"#)]),
            true
        ),
        // A schema inserted named like a type nested in another (`Store.Wrap`, its inline
        // one-of): a nested type yields only to the top-level names its own declaration uses.
        (
            "a schema inserted named like a nested type",
            document(
                paths: paths,
                schemas: [("Wrap", #"{"type":"object","properties":{"size":{"type":"integer"}}}"#)] + schemas),
            true
        ),
        // A schema inserted that Swift makes take a suffix (`Error` → `ErrorObject`): the
        // schema whose own name gives `ErrorObject` keeps it.
        (
            "a schema inserted whose name takes a suffix",
            document(
                paths: paths,
                schemas: [("Error", #"{"type":"object","properties":{"code":{"type":"integer"}}}"#)] + schemas),
            true
        ),
        (
            "an enum value added",
            document(
                paths: paths,
                schemas: schemas.map {
                    $0.0 == "Status" ? ($0.0, #"{"type":"string","enum":["active","inactive","archived"]}"#) : $0
                }), true
        ),
        // A hundred types more: a fresh import would split the DTOs over files; --update keeps one.
        (
            "a type count crossing a file boundary",
            document(
                paths: paths,
                schemas: schemas
                    + (1...100).map {
                        ("Extra\($0)", ##"{"type":"object","properties":{"n\##($0)":{"type":"integer"}}}"##)
                    }), false
        ),
    ]

    @Test(arguments: changes.map(\.name))
    func theRestOfTheSwiftStaysAsItWas(_ name: String) throws {
        let change = try #require(Self.changes.first { $0.name == name })
        let old = try Self.imported(Self.base)
        let updated = try Self.imported(change.document, previous: PreviousImport(spec: Array(old.spec.utf8)))
        #expect(
            try Self.unstable(old: Self.base, new: change.document, oldVersion: old, newVersion: updated) == [],
            "with --update")
        if change.byRulesAlone {
            let fresh = try Self.imported(change.document)
            #expect(
                try Self.unstable(old: Self.base, new: change.document, oldVersion: old, newVersion: fresh) == [],
                "by the rules alone")
        }
    }

    /// The changes are there too: the check does not pass because nothing is compared.
    @Test func whatChangedDoesChange() throws {
        let old = try Self.imported(Self.base)
        let document = try #require(Self.changes.first { $0.name == "an enum value added" }).document
        let new = try Self.imported(document)
        #expect(Self.declaration("Status", in: old.files)?.text != Self.declaration("Status", in: new.files)?.text)
        #expect(Self.declaration("Location", in: old.files)?.text == Self.declaration("Location", in: new.files)?.text)
        #expect(Self.factory("post", "/terminal/locations", in: new.files) != nil)
        // The shared address shape is one type, named from its field.
        #expect(Self.declaration("AddressObject", in: new.files) != nil)
        // What the first version's import did: the names its spec gave are kept by --update.
        let renamed = old.spec.replacingOccurrences(of: "AddressObject", with: "PinnedAddress")
        let pinned = try Self.imported(document, previous: PreviousImport(spec: Array(renamed.utf8)))
        #expect(Self.declaration("PinnedAddress", in: pinned.files) != nil)
        #expect(Self.declaration("AddressObject", in: pinned.files) == nil)
    }

    /// Gift shapes a second operation starts writing: a plain one, and one that holds the
    /// shared address (the earlier spec writes it with the address's name, the document
    /// with the address inline).
    static let gifts = [
        #"{"type":"object","required":["note"],"properties":{"note":{"type":"string"}}}"#,
        ##"{"type":"object","properties":{"note":{"type":"string"},"to":\##(address)}}"##,
    ]

    /// With `--update`, an inline object keeps where it is declared when its uses change: one
    /// written once stays in its body when another operation starts writing it too, and a
    /// shared one stays a type when only one use is left. By the rules alone both move.
    @Test(arguments: gifts.indices, [false, true])
    func updateKeepsWhereAShapeIsDeclared(_ gift: Int, _ fromOnceToTwice: Bool) throws {
        let once = Self.document(
            paths: Self.paths + [("/gifts", Self.operation("postGifts", body: Self.gifts[gift]))], schemas: Self.schemas
        )
        let twice = Self.document(
            paths: Self.paths + [
                ("/gifts", Self.operation("postGifts", body: Self.gifts[gift])),
                ("/wraps", Self.operation("postWraps", body: Self.gifts[gift])),
            ], schemas: Self.schemas)
        let (before, after) = fromOnceToTwice ? (once, twice) : (twice, once)
        let old = try Self.imported(before)
        let updated = try Self.imported(after, previous: PreviousImport(spec: Array(old.spec.utf8)))
        let fresh = try Self.imported(after)
        let declared = try #require(Self.declaration("PostGiftsBody", in: old.files))
        #expect(Self.declaration("PostGiftsBody", in: updated.files)?.text == declared.text, "with --update")
        #expect(Self.declaration("PostGiftsBody", in: fresh.files)?.text != declared.text, "by the rules alone")
    }

    /// Import puts a big document's DTOs in a fixed number of files, whatever its size.
    @Test func bigDocumentsAreSplitOverAFixedNumberOfFiles() {
        #expect(OpenAPITranslator.dtoFiles(forTypeCount: 50) == 1)
        #expect(OpenAPITranslator.dtoFiles(forTypeCount: 150) == OpenAPITranslator.splitDTOFiles)
        #expect(OpenAPITranslator.dtoFiles(forTypeCount: 1_500) == OpenAPITranslator.splitDTOFiles)
    }

    // MARK: the shared pairs

    /// Two versions of Stripe's document about three months apart, read where they are kept
    /// (`../shared/conformance`), and how many schemas of each pair are known to move.
    struct HistoryPair: Sendable, CustomTestStringConvertible {
        var old: String
        var new: String
        /// Schemas and operations whose Swift changes although their JSON (and that of what
        /// they refer to) does not, with `--update` and by the naming rules alone.
        var knownUnstable: Int
        var knownUnstableByRulesAlone: Int
        var testDescription: String { "\(old) → \(new)" }
    }

    static let stripePairs = [
        // It was 6 by the rules alone while enums were shared: each a field whose enum took
        // the name of a schema the new version adds that sorts first and writes the same
        // values. An enum is now nested where it is written.
        HistoryPair(
            old: "history/stripe-2023-02-22.yaml", new: "history/stripe-2023-06-01.yaml", knownUnstable: 0,
            knownUnstableByRulesAlone: 0),
        // 2023-06-01 → 2023-09-12 (the big-API copy). `PaymentIntentPaymentMethodOptions` is
        // the same JSON, but its one-of's guards read the keys of a variant that changed: it
        // is compared only with what it refers to.
        HistoryPair(
            old: "history/stripe-2023-06-01.yaml", new: "bigapis/stripe.yaml", knownUnstable: 0,
            knownUnstableByRulesAlone: 0),
    ]

    /// Each pair imported fresh, then the new version with `--update` and fresh again.
    @Test(.tags(.heavy), .enabled(if: Tier.heavy), arguments: stripePairs)
    func stripeThreeMonthsLater(_ pair: HistoryPair) throws {
        let folder = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        let oldPath = folder.appendingPathComponent(pair.old).path
        let newPath = folder.appendingPathComponent(pair.new).path
        guard let oldBytes = FileManager.default.contents(atPath: oldPath),
            let newBytes = FileManager.default.contents(atPath: newPath)
        else { return }
        func version(_ bytes: Data, _ path: String, previous: PreviousImport?) throws -> Version {
            let imported = OpenAPIImporter.importDocument(
                bytes: Array(bytes), path: path, options: ImportOptions(name: "Stripe", previous: previous))
            let result = Generator.generate([SpecInput(path: "stripe.json", bytes: Array(imported.spec.utf8))])
            #expect(!result.hasErrors)
            return Version(spec: imported.spec, files: result.files)
        }
        let oldRoot = try OpenAPIImporter.read(Array(oldBytes))
        let newRoot = try OpenAPIImporter.read(Array(newBytes))
        let old = try version(oldBytes, oldPath, previous: nil)
        let new = try version(newBytes, newPath, previous: PreviousImport(spec: Array(old.spec.utf8)))
        let problems = Self.unstable(oldRoot: oldRoot, newRoot: newRoot, oldVersion: old, newVersion: new)
        #expect(
            problems.count <= pair.knownUnstable, "\(problems.count): \(problems.prefix(40).joined(separator: "\n"))")
        // Without the earlier spec (a backed spec, a fresh import), the naming rules alone.
        let fresh = try version(newBytes, newPath, previous: nil)
        let rulesAlone = Self.unstable(oldRoot: oldRoot, newRoot: newRoot, oldVersion: old, newVersion: fresh)
        #expect(
            rulesAlone.count <= pair.knownUnstableByRulesAlone,
            "\(rulesAlone.count): \(rulesAlone.prefix(40).joined(separator: "\n"))")
        // The check compares what it says: most schemas and operations are the same in both.
        let declarations = Self.declarations(in: new.files)
        let compared = Self.unchangedSchemas(oldRoot: oldRoot, newRoot: newRoot).filter {
            declarations[SwiftName.type($0)] != nil
        }
        #expect(compared.count > 500, "\(compared.count) schemas compared")
        #expect(Self.factories(in: new.files).count > 400)
    }
}
