/// The verify stage: every sample payload a spec names (`$examples`, `examples`) checked
/// against its shape, and `dtogen verify`'s ad hoc payloads. No Swift is compiled.
enum ExampleCheck {
    /// `payloads`: the bytes of each sample, by path relative to the specs root; a path
    /// missing here could not be read.
    static func diagnostics(_ ir: SpecIR, payloads: [String: [UInt8]]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for example in ir.examples {
            guard let bytes = payloads[example.path] else {
                diagnostics.append(
                    Diagnostic(
                        .error, "DTG5001", file: ir.path, at: example.location,
                        "cannot read example '\(example.written)' (\(example.path) from the specs folder)"))
                continue
            }
            diagnostics += check(
                bytes, path: example.path, against: example.target, in: ir, declaredAt: example.location)
        }
        return diagnostics
    }

    static func check(
        _ bytes: [UInt8], path: String, against target: ExampleTarget, in ir: SpecIR,
        declaredAt location: SourceLocation
    ) -> [Diagnostic] {
        let payload: JSONNode
        do {
            payload = try JSONReader.parse(bytes: bytes)
        } catch {
            return [Diagnostic(.error, "DTG5002", file: path, at: error.location, error.message)]
        }
        var verifier = PayloadVerifier(table: ir.types, specPath: ir.path, payloadPath: path)
        verifier.check(payload, against: target, declaredAt: location)
        return verifier.diagnostics
    }
}

/// What `dtogen verify` checks payloads against.
public enum VerifyTarget: Sendable {
    /// A type of the spec, by name (`Charge`, `Charge.Card`).
    case type(String)
    /// An endpoint's response body, envelope included.
    case endpoint(String)
}

extension Generator {
    /// `dtogen verify`: checks each payload against a type or endpoint of the generated spec
    /// among `inputs` (the others are its imports). Spec errors come back first, and then
    /// nothing is checked.
    public static func verify(
        _ inputs: [SpecInput], target: VerifyTarget, payloads: [SamplePayload],
        options: GeneratorOptions = GeneratorOptions()
    ) -> [Diagnostic] {
        let (irs, diagnostics) = resolve(inputs, options: options)
        guard !diagnostics.contains(where: { $0.severity == .error }) else { return diagnostics }
        guard let ir = irs.first(where: \.generates) else { return diagnostics }
        let location = SourceLocation(line: 1, column: 1)
        let checked: ExampleTarget
        switch target {
        case .type(let name):
            let candidates = ir.types.decls.indices.map { DeclID(index: $0) }.filter { !ir.types[$0].external }
            let unqualified = { (id: DeclID) -> String in
                guard let namespace = ir.namespace?.name else { return ir.types[id].qualifiedName }
                return String(ir.types[id].qualifiedName.dropFirst(namespace.count + 1))
            }
            guard let id = candidates.first(where: { ir.types[$0].qualifiedName == name || unqualified($0) == name })
            else {
                let names = candidates.map(unqualified)
                return diagnostics + [
                    Diagnostic(
                        .error, "DTG5003", file: ir.path, at: location,
                        "no type named '\(name)' in this spec\(Suggest.hint(for: name, in: names)); its types are \(names.prefix(20).joined(separator: ", "))"
                    )
                ]
            }
            checked = .type(.named(id))
        case .endpoint(let name):
            guard let endpoint = ir.endpoints.first(where: { $0.name == name }) else {
                let names = ir.endpoints.map(\.name)
                return diagnostics + [
                    Diagnostic(
                        .error, "DTG5004", file: ir.path, at: location,
                        "no endpoint named '\(name)' in this spec\(Suggest.hint(for: name, in: names))")
                ]
            }
            if let response = endpoint.response, case .named(let id) = response,
                case .statusResponses(let cases) = ir.types[id].kind
            {
                let types = cases.compactMap { entry in entry.payload.map { "\(entry.code): \(ir.types.describe($0))" }
                }
                return diagnostics + [
                    Diagnostic(
                        .error, "DTG5027", file: ir.path, at: endpoint.location,
                        "'\(name)' answers each status with its own body (\(types.joined(separator: ", "))); verify one with --type"
                    )
                ]
            }
            checked = .endpoint(name: endpoint.name, response: endpoint.response, envelope: endpoint.envelope)
        }
        var result = diagnostics
        for payload in payloads {
            result += ExampleCheck.check(
                payload.bytes, path: payload.path, against: checked, in: ir, declaredAt: location)
        }
        return result
    }
}
