import Foundation
import Testing
@testable import DTOGenCore
import TestSupport

/// `options.access: "package"`: the generated module's API for the other modules of its
/// package (SE-0386), under `InternalImportsByDefault`: it compiles as a module of its own,
/// a module of the same package uses it, and one of another package cannot.
struct PackageAccessTests {
    static let spec = #"""
        {
          "name": "Shop",
          "baseURL": "https://shop.example.com",
          "options": { "access": "package" },
          "types": {
            "Item": { "id": "Int", "added": "Date", "state": { "$enum": ["new", "sold"] } }
          },
          "endpoints": [{ "name": "item", "path": "/items/{id}", "params": { "id": "Int" }, "response": "Item" }]
        }
        """#

    static let client = """
        import Foundation
        import Shop
        import DTORuntime

        func use() throws -> (URL?, Item.State) {
            let request = try Endpoint<EndpointKinds.Public, Item>.item(id: 7).makeRequest(baseURL: ShopAPI.baseURL, with: ())
            let item = Item(id: 7, added: Date(timeIntervalSince1970: 0), state: .sold)
            return (request.url, item.state)
        }
        """

    @Test func anotherModuleOfThePackageUsesIt() throws {
        let result = Generator.generate([SpecInput(path: "shop.json", bytes: Array(Self.spec.utf8))])
        #expect(!result.hasErrors, "\(result.diagnostics)")
        let text = result.files.map(\.contents).joined()
        #expect(text.contains("package nonisolated struct Item:") && text.contains("    package let added: Date\n"))
        #expect(
            text.contains("package import Foundation") && text.contains("@_spi(Generated) package import DTORuntime"))

        let runtime = try Swiftc.runtimeModule()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dtogen-package-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let paths = try Swiftc.write(result.files, source: "", named: "Empty.swift", into: folder)
        let strict = ["-swift-version", "6", "-enable-upcoming-feature", "InternalImportsByDefault"]
        let module = try Swiftc.run(
            [
                "-parse-as-library", "-module-name", "Shop", "-package-name", "ShopPackage", "-emit-module",
                "-emit-module-path", folder.appendingPathComponent("Shop.swiftmodule").path, "-I", runtime.path,
            ]
                + strict + paths)
        #expect(module.status == 0 && !module.output.contains("warning:"), "\(module.output)")

        let clientFile = folder.appendingPathComponent("Client.swift")
        try Self.client.write(to: clientFile, atomically: true, encoding: .utf8)
        func typecheckClient(package: String) throws -> ProcessRun {
            try Swiftc.run(
                [
                    "-typecheck", "-parse-as-library", "-module-name", "App", "-package-name", package, "-I",
                    folder.path,
                    "-I", runtime.path, "-swift-version", "6", clientFile.path,
                ])
        }
        let same = try typecheckClient(package: "ShopPackage")
        #expect(same.status == 0, "\(same.output)")
        let other = try typecheckClient(package: "OtherPackage")
        #expect(other.status != 0 && other.output.contains("Item"), "\(other.output)")
    }
}
