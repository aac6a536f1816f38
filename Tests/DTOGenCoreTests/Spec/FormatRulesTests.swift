import PositionalJSON
import Testing
import TestSupport

@testable import DTOGenCore

/// The format's rules on a typed spec (`FormatRules.applied(to:)`, what the import check
/// runs, since import reads no text) say and leave out what the reader says and leaves out
/// reading the spec's text.
struct FormatRulesTests {
    private static func at(_ column: Int) -> PositionalJSON.SourceLocation {
        PositionalJSON.SourceLocation(line: 2, column: column)
    }

    private static func shape(_ kind: ShapeSpec.Kind, _ column: Int) -> ShapeSpec {
        ShapeSpec(kind: kind, location: at(column))
    }

    private static func property(_ key: String, _ shape: ShapeSpec) -> PropertySpec {
        PropertySpec(key: key, keyLocation: .unplaced, shape: shape)
    }

    /// A spec that breaks every rule a typed value can break, each at a column of its own.
    static func breakingSpec() -> Spec {
        var named = shape(.object([property("id", shape(.reference("Int"), 11))]), 10)
        named.name = .unplaced("id")
        named.label = .unplaced("x")
        named.style = .unplaced(.form)
        var deprecatedElement = shape(.reference("String"), 21)
        deprecatedElement.deprecated = .unplaced(Deprecation(message: nil))
        deprecatedElement.writeNull = .unplaced(true)
        var withExamples = shape(.reference("String"), 23)
        withExamples.examples = [.unplaced("samples/a.json")]
        withExamples.constant = .unplaced("1")
        var openEnum = shape(.enumeration([.unplaced("a"), .unplaced("b"), .unplaced("a")]), 25)
        openEnum.discriminator = .unplaced("kind")
        var reference = shape(.reference("Int"), 26)
        reference.unknownCase = .unplaced("other")
        var bare = shape(.object([]), 27)
        bare.additionalProperties = AdditionalPropertiesSpec(
            shape: shape(.reference("Int"), 28), keyLocation: .unplaced)
        let holder = shape(
            .object([
                property("list", shape(.array(deprecatedElement), 20)),
                property("sample", withExamples),
                property("empty", shape(.reference(""), 24)),
                property("choice", shape(.oneOf([]), 29)),
                property("none", shape(.enumeration([]), 30)),
                property("letters", openEnum), property("count", reference), property("bare", bare),
            ]), 19)
        var body = shape(.reference("Holder"), 41)
        body.readOnly = .unplaced(true)
        var query = shape(.reference("String"), 42)
        query.writeNull = .unplaced(true)
        query.label = .unplaced("for")
        var endpoint = EndpointSpec(
            name: .unplaced("send"), path: .unplaced("/send"), params: [], query: [property("q", query)], headers: [],
            location: at(40))
        endpoint.body = body
        endpoint.kind = .unplaced(.custom("_2fa"))
        var spec = Spec(
            path: "import.json",
            types: [
                NamedShape(name: "Named", nameLocation: .unplaced, shape: named),
                NamedShape(name: "Holder", nameLocation: .unplaced, shape: holder),
            ], endpoints: [endpoint], location: .unplaced)
        spec.kinds = [
            KindDeclaration(name: .unplaced("lower"), placement: .header("X-Key")),
            KindDeclaration(name: .unplaced("Spaced"), placement: .header("X Key")),
            KindDeclaration(name: .unplaced("Unnamed"), placement: .query("")),
            KindDeclaration(name: .unplaced("Fine"), placement: .query("key")),
        ]
        return spec
    }

    @Test func aTypedSpecBreaksTheRulesTheReaderFindsInItsText() throws {
        let spec = ImportedLocations.settled(Self.breakingSpec())
        let (applied, errors) = FormatRules.applied(to: spec)
        let root = SpecWriter.json(spec, locating: true).node(at: ImportedLocations.top)
        let (read, diagnostics) = SpecReader.read(root: root, path: "import.json")
        let said = errors.sorted().map(\.description)
        #expect(said == diagnostics.sorted().map(\.description))
        // Every rule is broken once or more, each where its value is.
        #expect(
            Set(errors.map(\.code.rawValue)) == [
                "DTG1005", "DTG1021", "DTG1026", "DTG1028", "DTG1029", "DTG1031", "DTG1032", "DTG1035", "DTG1036",
                "DTG1038",
                "DTG1039", "DTG1042", "DTG1059", "DTG1060", "DTG1062",
            ], "\(said)")
        #expect(said.contains("import.json:2:24: error: \(FormatRules.emptyTypeName.message) [DTG1021]"), "\(said)")
        // What is left is what the reader reads.
        let (ours, theirs) = (
            structure(of: applied, locations: true), structure(of: try #require(read), locations: true)
        )
        let same = zip(ours, theirs).prefix { $0 == $1 }.count
        #expect(
            ours == theirs,
            "…\(ours.dropFirst(max(0, same - 150)).prefix(300))\n…\(theirs.dropFirst(max(0, same - 150)).prefix(300))")
        #expect(applied.kinds.map(\.name.value) == ["Fine"])
    }

    @Test func aSpecWithinTheRulesIsKeptAsItIs() throws {
        var spec = Self.breakingSpec()
        spec.types = []
        spec.kinds = []
        spec.endpoints[0].body = nil
        spec.endpoints[0].kind = .unplaced(.custom("Billing.APIKey"))
        spec.endpoints[0].query[0].shape.writeNull = nil
        let settled = ImportedLocations.settled(spec)
        let (applied, errors) = FormatRules.applied(to: settled)
        #expect(errors.isEmpty, "\(errors)")
        #expect(structure(of: applied, locations: true) == structure(of: settled, locations: true))
    }
}
