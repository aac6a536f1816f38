import Foundation
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
        let context = SectionContext(DeclarationSection.enum, .string("x"), shared: ["access": .string("public ")])
            .value
        #expect(
            context
                == .object([
                    "access": .string("public "), "struct": .bool(false), "enum": .string("x"), "alias": .bool(false),
                    "oneOf": .bool(false), "statusResponses": .bool(false), "responseHeaders": .bool(false),
                ]))
    }

    /// The keys a template reads that its innermost context lacks, so Mustache would take
    /// them from an outer context. Walks every section the context opens (a list's every
    /// element), with the partials in place.
    func fallThroughs(
        _ nodes: [MustacheTemplate.Node], _ stack: [MustacheObject], partials: [String: String], at path: String = ""
    ) throws -> [String] {
        var found: [String] = []
        for node in nodes {
            switch node {
            case .text: break
            case .partial(let name, _):
                let partial = try MustacheTemplate(partials[name] ?? "", name: name)
                found += try fallThroughs(partial.nodes, stack, partials: partials, at: path)
            case .variable(let name, _):
                guard let key = name.first, key != ".", let innermost = stack.last else { continue }
                if innermost[key] == nil { found.append(path + key) }
            case .section(let name, let children, let inverted):
                guard let key = name.first, key != ".", let innermost = stack.last else { continue }
                guard let value = innermost[key] else {
                    found.append(path + key)
                    continue
                }
                // Only what renders: a false section's inside is never read.
                guard value.isTruthy != inverted else { continue }
                switch value {
                case .object(let object):
                    found += try fallThroughs(children, stack + [object], partials: partials, at: path + key + ".")
                case .list(let elements):
                    for element in elements {
                        if case .object(let object) = element {
                            found += try fallThroughs(
                                children, stack + [object], partials: partials, at: path + key + ".")
                        } else {
                            found += try fallThroughs(children, stack, partials: partials, at: path + key + ".")
                        }
                    }
                default: found += try fallThroughs(children, stack, partials: partials, at: path + key + ".")
                }
            }
        }
        return found
    }

    /// The endpoints file (factories, model overloads, the repository, its stub) reads every
    /// key from its own context: the typed contexts declare each one, absent ones as false.
    @Test func theEndpointTemplatesReadEveryKeyFromTheirOwnContext() throws {
        let spec = #"""
            { "name": "Shop", "baseURL": "https://shop.example", "repository": true,
              "types": { "Item": { "id": "Int", "name": "String" }, "NewItem": { "name": "String" } },
              "endpoints": [
                { "name": "items", "path": "/items", "response": ["Item"], "kind": "public" },
                { "name": "item", "path": "/items/{id}", "response": "Item", "query": { "full": "Bool?" }, "headers": { "X-Trace": "String?" }, "timeout": 5, "kind": "private" },
                { "name": "create", "method": "POST", "path": "/items", "body": "NewItem", "response": "Item", "bodyFrom": { "model": "Draft", "fields": { "name": "title" } } },
                { "name": "search", "path": "/search", "query": { "q": "String", "page": "Int", "size": "Int" }, "response": ["Item"], "bodyEncoding": "form", "method": "POST", "body": "NewItem" }
              ] }
            """#
        var input = SpecInput(path: "shop.json", bytes: Array(spec.utf8))
        input.generates = true
        let (irs, diagnostics) = Generator.resolve([input], options: GeneratorOptions())
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics)")
        let ir = try #require(irs.first)
        let runtime = RuntimeSymbols(module: "DTORuntime")
        let printer = SwiftPrinter(table: ir.types, runtime: runtime)
        var context = EndpointContextBuilder(access: "", printer: printer).context(
            FileContext(header: "", runtime: runtime), endpoints: ir.endpoints, api: ir.api)
        let repository = try #require(ir.repository)
        context.repository = RepositoryContextBuilder(access: "", printer: printer, payloads: [:]).context(
            repository, api: ir.api)
        let template = try MustacheTemplate(try #require(DefaultTemplates.all["endpoints.swift"]))
        let found = try fallThroughs(template.nodes, [context.entries], partials: DefaultTemplates.all)
        #expect(found.isEmpty, "read from an outer context: \(Set(found).sorted())")
        // The checker finds a key that is missing.
        var missing = context.entries
        missing["api"] = nil
        #expect(try fallThroughs(template.nodes, [missing], partials: DefaultTemplates.all) == ["api"])
    }

    /// Every golden and seed spec's files (DTOs with fast paths, mappings with `update` and
    /// spec locations, endpoints, repositories) read every key from their own context.
    @Test(arguments: ["Tests/Fixtures/golden-specs", "specs"])
    func everyTemplateReadsEveryKeyFromItsOwnContext(folder: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let inputs = try SpecLoader.load(root.appendingPathComponent(folder).path)
        #expect(!inputs.isEmpty)
        let (irs, diagnostics) = Generator.resolve(inputs, options: GeneratorOptions())
        #expect(!diagnostics.contains { $0.severity == .error })
        let runtime = RuntimeSymbols(module: "DTORuntime")
        let file = FileContext(header: "", runtime: runtime)
        let templates = DefaultTemplates.all
        func check(_ name: String, _ context: MustacheValue, _ spec: String) throws {
            guard case .object(let object) = context else { return }
            let template = try MustacheTemplate(try #require(templates[name]))
            let found = try fallThroughs(template.nodes, [object], partials: templates)
            #expect(found.isEmpty, "\(spec) \(name): \(Set(found).sorted())")
        }
        for ir in irs where ir.generates {
            let printer = SwiftPrinter(table: ir.types, runtime: runtime)
            var dtos = DTOContextBuilder(table: ir.types, access: "public ", printer: printer)
            dtos.fastDecoding = true
            try check("dtos.swift", dtos.context(file, namespace: ir.namespace).value, ir.path)
            try check(
                "mappings.swift",
                MappingContextBuilder(access: "", printer: printer, specFile: ir.path).context(
                    file, mappings: ir.mappings, bodies: ir.endpoints.compactMap(\.bodyFrom)
                ).value, ir.path)
            var endpoints = EndpointContextBuilder(access: "", printer: printer).context(
                file, endpoints: ir.endpoints, api: ir.api)
            endpoints.repository = ir.repository.map {
                RepositoryContextBuilder(access: "", printer: printer, payloads: [:]).context($0, api: ir.api)
            }
            try check("endpoints.swift", endpoints.value, ir.path)
        }
    }
}
