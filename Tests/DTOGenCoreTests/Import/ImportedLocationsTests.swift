import Foundation
import PositionalJSON
import Testing
import TestSupport

@testable import DTOGenCore

/// The spec import builds is checked where the spec reader would place each of its values
/// reading the located text (`ImportedLocations`), so import's warnings point where a
/// backed spec's do, though import reads no text.
struct ImportedLocationsTests {
    /// The settled spec, and the spec the reader reads from the located text, as text with
    /// every location; nil when the document does not translate.
    static func settledAndRead(
        _ bytes: [UInt8], path: String, options: ImportOptions = ImportOptions(),
        read: @escaping OpenAPIDocuments.FileReader = { _ in nil }
    ) throws -> (settled: String, read: String)? {
        var translator = OpenAPITranslator(root: try OpenAPIImporter.read(bytes), file: path, read: read)
        guard let spec = translator.translate(options: options, checks: false) else { return nil }
        let root = SpecWriter.json(spec, locating: true).node(at: ImportedLocations.top)
        let (read, diagnostics) = SpecReader.read(root: root, path: "import.json")
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        return (
            structure(of: ImportedLocations.settled(spec), locations: true),
            structure(of: try #require(read), locations: true)
        )
    }

    static func expectSettledAsRead(
        _ bytes: [UInt8], path: String, options: ImportOptions = ImportOptions(),
        read: @escaping OpenAPIDocuments.FileReader = { _ in nil }
    ) throws {
        let (settled, read) = try #require(try settledAndRead(bytes, path: path, options: options, read: read))
        guard settled != read else { return }
        let at = zip(settled, read).prefix { $0 == $1 }.count
        Issue.record(
            """
            \(path): settled …\(settled.dropFirst(max(0, at - 200)).prefix(400))
            read:    …\(read.dropFirst(max(0, at - 200)).prefix(400))
            """)
    }

    @Test func everyValueIsWhereTheReaderPlacesIt() throws {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/openapi/swagger-petstore-v3-openapi.yaml")
        let petstore = try #require(FileManager.default.contents(atPath: url.path))
        try Self.expectSettledAsRead(Array(petstore), path: "petstore.yaml")
        try Self.expectSettledAsRead(Array(SharedShapesTests.document.utf8), path: "pay.yaml")
        try Self.expectSettledAsRead(Array(ImportCheckTests.findDocument.utf8), path: "find.yaml")
    }

    /// An external type's schema is written without locations (it is for `verify`): every
    /// part of it is where the spec's own keys are.
    @Test func anExternalTypesSchemaIsWhereTheSpecsKeysAre() throws {
        try Self.expectSettledAsRead(
            Array(SharedShapesTests.document.utf8), path: "pay.yaml",
            options: ImportOptions(externalTypes: ["Customer": "Shop.Customer", "Charge": "Shop.Charge"]))
    }
}
