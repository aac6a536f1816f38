/// A template's context as a Swift value. Each key the template reads is a stored property
/// (an optional one renders as a false section), so no key is ever missing: Mustache looks a
/// missing key up in the outer contexts, where a nested context would find its parent's
/// value of the same name. The key names are the templates' vocabulary (README, "Templates").
protocol TemplateContext {
    var entries: MustacheObject { get }
}

extension TemplateContext {
    var value: MustacheValue { .object(entries) }
}

extension MustacheValue {
    /// A value, or a false section when there is none.
    static func optional(_ text: String?) -> MustacheValue {
        text.map(MustacheValue.string) ?? .bool(false)
    }

    /// A nested context, or a false section when there is none.
    static func optional(_ context: (some TemplateContext)?) -> MustacheValue {
        context?.value ?? .bool(false)
    }

    /// Lines in an `items` section, or a false section when there are none.
    static func items(_ lines: [String]) -> MustacheValue {
        lines.isEmpty ? .bool(false) : .object(["items": .lines(lines)])
    }
}

/// A context that opens exactly one of a template's sections. Every other section's key is
/// there and false: Mustache looks a missing key up in the outer contexts, so a nested
/// declaration would otherwise open its parent's section of the same name. The section
/// names are a type, so the builder cannot leave one out.
struct SectionContext<Section: RawRepresentable & CaseIterable> where Section.RawValue == String {
    var value: MustacheValue

    /// `shared`: keys of the context that the section reads too (repeated in it, so the
    /// section never reads an outer context).
    init(_ section: Section, _ content: MustacheValue, shared: MustacheObject = [:]) {
        var object = shared
        for other in Section.allCases { object[other.rawValue] = .bool(false) }
        if case .object(let inner) = content {
            object[section.rawValue] = .object(shared.merging(inner))
        } else {
            object[section.rawValue] = content
        }
        value = .object(object)
    }
}

/// What every generated file's template gets: its header and imports.
struct FileContext {
    var header: String
    var runtime: RuntimeSymbols
    /// The imports this file's public or package declarations need (such output only).
    var exposedImports = ImportAccess()
    /// The output's access, which those imports are declared with.
    var access = AccessLevel.internal

    /// `package` output states its imports' access only where `InternalImportsByDefault`
    /// makes a plain import internal: elsewhere a plain import is public, and a `package
    /// import` of a module the app imports plainly in another file is ambiguous (an error).
    var importsByFeature: Bool {
        access == .package && (exposedImports.foundation || exposedImports.runtime)
    }

    var entries: MustacheObject {
        let importModifier = SwiftPrinter.accessModifier(access)
        let modifier = importsByFeature ? "" : importModifier
        return [
            "header": .string(header),
            "foundationAccess": .string(exposedImports.foundation ? modifier : ""),
            "runtimeImport": runtime.module.map {
                .object([
                    "module": .string($0), "spi": .string(RuntimeSymbols.spi),
                    "access": .string(exposedImports.runtime ? modifier : ""),
                ])
            } ?? .bool(false),
            "importsByFeature": importsByFeature
                ? .object([
                    "feature": .string("InternalImportsByDefault"),
                    "imports": .lines(
                        [
                            SwiftPrinter.importDeclaration(
                                "Foundation", modifier: exposedImports.foundation ? importModifier : "")
                        ]
                            + (runtime.module.map {
                                [
                                    SwiftPrinter.importDeclaration(
                                        $0, spi: RuntimeSymbols.spi,
                                        modifier: exposedImports.runtime ? importModifier : "")
                                ]
                            } ?? [])),
                ]) : .bool(false),
            "runtimeVersionCheck": .object([
                "type": .string(runtime.versionCheck),
                "version": .string(String(runtime.version.rawValue)),
            ]),
        ]
    }
}

// MARK: endpoints.swift and factory

/// `endpoints.swift`: the API namespace and the factories' extensions (and the repository).
struct EndpointsFileContext: TemplateContext {
    var file: FileContext
    var api: APIContext?
    var endpointType: String
    var extensions: [ExtensionContext]
    var repository: RepositoryContext?
    /// The API-key kinds the spec declares.
    var kinds: [KindContext] = []

    var entries: MustacheObject {
        file.entries.merging([
            "api": .optional(api), "endpointType": .string(endpointType),
            "extensions": .list(extensions.map(\.value)), "repository": .optional(repository),
            "kinds": .list(kinds.map(\.value)),
        ])
    }
}

/// A kind a spec declares in `"kinds"`: `enum Name: DTORuntime.APIKeyKind`.
struct KindContext: TemplateContext {
    var access: String
    var name: String
    var `protocol`: String
    var locationType: String
    /// `.header("X-API-Key")`.
    var location: String
    var doc: String

    var entries: MustacheObject {
        [
            "access": .string(access), "name": .string(name), "protocol": .string(`protocol`),
            "locationType": .string(locationType), "location": .string(location), "doc": .string(doc),
        ]
    }
}

/// `enum API { static let baseURL }`: the spec's base URL as a literal, inside the spec's
/// namespace when it has one.
struct APIContext: TemplateContext {
    var name: String
    var baseURL: String
    var access: String
    var namespace: String?

    var entries: MustacheObject {
        [
            "name": .string(name), "baseURL": .string(baseURL), "access": .string(access),
            "namespace": .optional(namespace),
        ]
    }
}

/// One `extension Endpoint<Kind, Response>` and the factories it holds.
struct ExtensionContext: TemplateContext {
    var endpointType: String
    var kind: String
    var response: String
    /// `@available(*, deprecated…)` on the extension, when its response spells a deprecated type.
    var availability: [String] = []
    var factories: [FactoryContext]

    /// The factories' `bodyFrom` overloads, in an extension of their own that says no
    /// isolation (see `Isolation`).
    var modelOverloads: [ModelOverloadContext] {
        factories.compactMap(\.modelOverload).enumerated().map { index, overload in
            var overload = overload
            overload.spaced = index > 0
            return overload
        }
    }

    var entries: MustacheObject {
        let common: MustacheObject = [
            "endpointType": .string(endpointType), "kind": .string(kind), "response": .string(response),
            "availability": .lines(availability),
        ]
        let overloads = modelOverloads
        return common.merging([
            "factories": .list(factories.map(\.value)),
            "modelFactories": overloads.isEmpty
                ? .bool(false) : .object(common.merging(["overloads": .list(overloads.map(\.value))])),
        ])
    }
}

/// `factory`: one `static func name(...) -> Self` (or `static var name: Self`).
struct FactoryContext: TemplateContext {
    enum Layout {
        case property
        /// Argument declarations on the factory's line.
        case inline([String])
        /// One argument declaration per line.
        case multiline([String])
    }

    var doc: [String]
    /// `@available(*, deprecated…)` on the factory.
    var availability: [String] = []
    var access: String
    var name: String
    var layout: Layout
    var method: String
    var path: String
    var query: [String]
    var headers: [String]
    var body: String?
    var envelope: String?
    var errorType: String?
    /// The error types by status, as `(type, status)` in Swift.
    var statusErrors: [(type: String, status: String)] = []
    var timeout: String?
    var bodyEncoding: String?
    /// `["tags": ","]`: the form body's delimited fields.
    var formDelimiters: String?
    var rawResponse: String?
    var paginate: String?
    /// A stream endpoint's `format:` argument.
    var format: String?
    /// A stream endpoint's event decoder, when it is not `FastDecoder` (text events).
    var decodeEvent: String?
    /// A blank line before it (every factory but an extension's first).
    var spaced: Bool
    var modelOverload: ModelOverloadContext?

    var entries: MustacheObject {
        var inline = MustacheValue.bool(false)
        var multiline = MustacheValue.bool(false)
        switch layout {
        case .property: break
        case .inline(let arguments):
            inline = .object([
                "access": .string(access), "name": .string(name),
                "arguments": .separated(arguments.map { ["declaration": .string($0)] }, separator: ", "),
            ])
        case .multiline(let arguments):
            multiline = .object([
                "access": .string(access), "name": .string(name),
                "arguments": .list(arguments.map { .object(["declaration": .string($0)]) }),
            ])
        }
        var isProperty = false
        if case .property = layout { isProperty = true }
        return [
            "doc": .lines(doc), "availability": .lines(availability), "access": .string(access),
            "name": .string(name), "property": .bool(isProperty), "inline": inline, "multiline": multiline,
            "method": .string(method), "path": .string(path), "query": .items(query), "headers": .items(headers),
            "body": .optional(body), "envelope": .optional(envelope), "errorType": .optional(errorType),
            "statusErrors": .list(
                statusErrors.map { .object(["type": .string($0.type), "status": .string($0.status)]) }),
            "timeout": .optional(timeout), "bodyEncoding": .optional(bodyEncoding),
            "formDelimiters": .optional(formDelimiters),
            "rawResponse": .optional(rawResponse),
            "paginate": .optional(paginate), "format": .optional(format), "decodeEvent": .optional(decodeEvent),
            "spaced": .bool(spaced),
        ]
    }
}

/// `bodyFrom`: the factory again, taking the domain model instead of the body.
struct ModelOverloadContext: TemplateContext {
    /// `@available(*, deprecated…)`: the factory it calls, or the body's `init(from model:)`, is deprecated.
    var availability: [String] = []
    var access: String
    var name: String
    var model: String
    var parameters: String
    var arguments: String
    /// A blank line before it (every overload but an extension's first).
    var spaced = false

    var entries: MustacheObject {
        [
            "access": .string(access), "name": .string(name), "model": .string(model),
            "parameters": .string(parameters), "arguments": .string(arguments), "spaced": .bool(spaced),
            "availability": .lines(availability),
        ]
    }
}

// MARK: repository

/// `repository`: the protocol, its live implementation over `APIClient`, and its stub.
struct RepositoryContext: TemplateContext {
    var access: String
    var name: String
    var liveName: String
    var stubName: String
    var client: String
    var endpointType: String
    var providers: [ProviderContext]
    var initArguments: [String]
    var methods: [RepositoryMethodContext]

    var entries: MustacheObject {
        [
            "access": .string(access), "name": .string(name), "liveName": .string(liveName),
            "stubName": .string(stubName), "client": .string(client),
            "endpointType": .string(endpointType),
            "providers": .list(providers.map { .object($0.entries.merging(["access": .string(access)])) }),
            "initArguments": .list(initArguments.map { .object(["declaration": .string($0)]) }),
            "methods": .list(methods.map { .object($0.entries.merging(["access": .string(access)])) }),
        ]
    }
}

/// What the live repository asks for on every request of one endpoint kind.
struct ProviderContext: TemplateContext {
    var name: String
    var type: String
    var doc: String

    var entries: MustacheObject { ["name": .string(name), "type": .string(type), "doc": .string(doc)] }
}

/// One repository method: its signature, how the live one sends, how the stub answers.
struct RepositoryMethodContext: TemplateContext {
    var doc: [String]
    /// `@available(*, deprecated…)`: the endpoint's factory or the mapping it returns through is deprecated.
    var availability: [String] = []
    var name: String
    var signature: String
    var endpointType: String
    var call: String
    var send: String
    var returnsValue: Bool
    var convert: String?
    /// The stub's answer: the example payload as a literal and the property holding it.
    var example: (literal: String, property: String)?
    var quotedName: String

    var entries: MustacheObject {
        [
            "doc": .lines(doc), "availability": .lines(availability), "name": .string(name),
            "caseName": .string(name), "signature": .string(signature),
            "endpointType": .string(endpointType), "call": .string(call), "send": .string(send),
            "returnsValue": .bool(returnsValue), "convert": .optional(convert),
            "example": example.map { .object(["literal": .string($0.literal), "property": .string($0.property)]) }
                ?? .bool(false),
            "noExample": .bool(example == nil && returnsValue),
            "quotedName": .string(quotedName),
        ]
    }
}
