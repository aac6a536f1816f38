import Testing
@testable import DTOGenCore

/// Template contexts: a context that opens one section of a template names every other
/// section false, and the section names are the templates' own.
struct ContextTests {
    /// The sections opened directly inside `within` (or at the top of the template).
    func sections(of template: String, within: String? = nil) -> Set<String> {
        var depth = 0
        var inside = within == nil
        var found: Set<String> = []
        var rest = Substring(template)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound]
            rest = rest[close.upperBound...]
            if tag.hasPrefix("#") || tag.hasPrefix("^") {
                let name = String(tag.dropFirst())
                if inside, depth == 0, tag.hasPrefix("#") { found.insert(name) }
                if !inside, name == within { inside = true } else { depth += 1 }
            } else if tag.hasPrefix("/") {
                if depth == 0 { inside = within == nil ? inside : false } else { depth -= 1 }
            }
        }
        return found
    }

    @Test func sectionNamesAreTheTemplates() throws {
        let declaration = try #require(DefaultTemplates.all["declaration"])
        #expect(sections(of: declaration) == Set(DeclarationSection.allCases.map(\.rawValue)))
        let dtos = try #require(DefaultTemplates.all["dtos.swift"])
        #expect(sections(of: dtos, within: "fastPaths") == Set(FastPathSection.allCases.map(\.rawValue)))
    }

    @Test func exactlyOneSectionIsOpen() {
        let context = SectionContext(DeclarationSection.enum, .string("x"), shared: ["access": .string("public ")]).value
        #expect(context == .object(["access": .string("public "), "struct": .bool(false), "enum": .string("x"), "alias": .bool(false), "oneOf": .bool(false)]))
    }
}
