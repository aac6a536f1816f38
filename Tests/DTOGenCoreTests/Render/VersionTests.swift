import Foundation
import Testing
@testable import DTOGenCore

/// One version, checked: `dtogen --version`, the runtime versions the generator writes, the
/// runtime's `GeneratedCodeSupport` and `CHANGELOG.md` agree.
struct VersionTests {
    @Test func theToolTheRuntimeAndTheChangelogAgree() throws {
        let latest = RuntimeVersion.latest.rawValue
        #expect(
            DTOGenVersion.tool.split(separator: ".").dropFirst().first == Substring(String(latest)),
            "dtogen 0.\(latest) writes runtime version \(latest)")
        let support = try String(
            contentsOf: packageRoot.appendingPathComponent("Sources/DTORuntime/GeneratedCodeSupport.swift"),
            encoding: .utf8)
        for version in RuntimeVersion.allCases {
            #expect(
                support.contains("public enum Version\(version.rawValue) {}"),
                "the runtime declares Version\(version.rawValue)")
        }
        #expect(
            !support.contains("public enum Version\(latest + 1) {}"), "a runtime version the generator does not know")
        let changelog = try String(contentsOf: packageRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        #expect(
            changelog.contains("## \(DTOGenVersion.tool) (runtime version \(latest))"),
            "CHANGELOG.md has an entry for \(DTOGenVersion.tool)")
        for version in RuntimeVersion.allCases {
            #expect(changelog.contains("(runtime version \(version.rawValue))"))
        }
    }
}
