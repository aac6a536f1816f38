/// The importer's output, checked by the stages every spec goes through (read, validate,
/// resolve), so `dtogen import` never writes a spec that `dtogen` then rejects and a spec
/// backed by a document never fails on what the document says. A type or endpoint the spec
/// format cannot express is left out with a warning at the document node it comes from,
/// saying why; what used it is checked again (and left out in turn) until the spec is clean.
enum ImportCheck {
    /// Rounds of leaving out: each leaves out at least one type or endpoint; what depends on
    /// a type left out goes in the next round.
    static let maximumRounds = 16

    /// `spec` as the translator wrote it (`types` and `endpoints` entries located at their
    /// nodes); `file`: the path of the file a location is in, for the warnings. An endpoint whose query or header
    /// parameter is rejected keeps its other parts: only that parameter is left out.
    static func accepted(_ spec: DraftJSON, file: (SourceLocation) -> String) -> (
        spec: DraftJSON, warnings: [Diagnostic]
    ) {
        guard case .object(var top) = spec else { return (spec, []) }
        var warnings: [Diagnostic] = []
        var typesLeftOut: [String] = []
        for _ in 0..<maximumRounds {
            let errors = check(.object(top))
            guard !errors.isEmpty else { break }
            let typesIndex = top.firstIndex { $0.0 == "types" }
            let endpointsIndex = top.firstIndex { $0.0 == "endpoints" }
            var types = typesIndex.flatMap { members(top[$0].1) } ?? []
            var endpoints = endpointsIndex.flatMap { elements(top[$0].1) } ?? []
            let places = Places(types: types, endpoints: endpoints)
            // The first error at each part, in the pipeline's order.
            var reasons: [Place: Diagnostic] = [:]
            for error in errors {
                for place in places.owners(of: error.location) where reasons[place] == nil { reasons[place] = error }
            }
            guard !reasons.isEmpty else { break }
            func reason(_ error: Diagnostic) -> String {
                // What uses a type left out says so, rather than "unknown type".
                typesLeftOut.first { [.unknownType, .unknownErrorType].contains(error.code) && error.subject == $0 }
                    .map { "it uses type '\($0)', which is left out" } ?? error.message
            }
            var keptTypes: [(String, DraftJSON)] = []
            for (index, type) in types.enumerated() {
                guard let error = reasons[Place(entry: .type(index))] else {
                    keptTypes.append(type)
                    continue
                }
                warnings.append(
                    Diagnostic(
                        .warning, "DTG4001", file: file(error.location), at: error.location,
                        "type '\(type.0)' is left out: \(reason(error))"))
                typesLeftOut.append(type.0)
            }
            types = keptTypes
            var keptEndpoints: [DraftJSON] = []
            for (index, endpoint) in endpoints.enumerated() {
                let name = endpoint["name"].flatMap(text) ?? "?"
                if let error = reasons[Place(entry: .endpoint(index))] {
                    warnings.append(
                        Diagnostic(
                            .warning, "DTG4002", file: file(error.location), at: error.location,
                            "endpoint '\(name)' is left out: \(reason(error))"))
                    continue
                }
                var kept = endpoint
                for group in Places.parameterGroups {
                    for key in (endpoint[group].flatMap(members) ?? []).map(\.0) {
                        guard
                            let error = reasons[
                                Place(entry: .endpoint(index), parameter: Place.Parameter(group: group, key: key))]
                        else { continue }
                        let what = group == "query" ? "query item" : "header"
                        warnings.append(
                            Diagnostic(
                                .warning, "DTG4003", file: file(error.location), at: error.location,
                                "\(what) '\(key)' of endpoint '\(name)' is left out: \(reason(error))"))
                        kept = removing(key, from: group, of: kept)
                    }
                }
                keptEndpoints.append(kept)
            }
            endpoints = keptEndpoints
            if let typesIndex { top[typesIndex].1 = .object(types) }
            if let endpointsIndex { top[endpointsIndex].1 = .array(endpoints) }
        }
        return (.object(top), warnings)
    }

    /// A part of the draft an error can be in: a type, an endpoint, or one query or header
    /// parameter of an endpoint.
    struct Place: Hashable {
        enum Entry: Hashable {
            case type(Int)
            case endpoint(Int)
        }

        struct Parameter: Hashable {
            var group: String
            var key: String
        }

        var entry: Entry
        var parameter: Parameter?
    }

    /// Every located node of the draft's types and endpoints, and the part it belongs to.
    struct Places {
        /// Parameters that can be left out alone (a path parameter cannot: the path names it).
        static let parameterGroups = ["query", "headers"]

        private var byLocation: [SourceLocation: [Place]] = [:]
        /// The columns of the nodes on each line, in order.
        private var byLine: [Line: [Int]] = [:]

        private struct Line: Hashable {
            var file: UInt32
            var line: Int
        }

        init(types: [(String, DraftJSON)], endpoints: [DraftJSON]) {
            for (index, type) in types.enumerated() { add(type.1, Place(entry: .type(index))) }
            for (index, endpoint) in endpoints.enumerated() {
                let whole = Place(entry: .endpoint(index))
                guard let entryMembers = members(endpoint) else {
                    add(endpoint, whole)
                    continue
                }
                if case .located(_, let location) = endpoint { record(location, whole) }
                for member in entryMembers {
                    guard Self.parameterGroups.contains(member.0), let parameters = members(member.1) else {
                        add(member.1, whole)
                        continue
                    }
                    if case .located(_, let location) = member.1 { record(location, whole) }
                    for parameter in parameters {
                        add(
                            parameter.1,
                            Place(
                                entry: .endpoint(index), parameter: Place.Parameter(group: member.0, key: parameter.0)))
                    }
                }
            }
            for key in byLine.keys { byLine[key]?.sort() }
        }

        private mutating func add(_ draft: DraftJSON, _ place: Place) {
            visit(draft) { record($0, place) }
        }

        private mutating func record(_ location: SourceLocation, _ place: Place) {
            if byLocation[location] == nil {
                byLine[Line(file: location.file, line: location.line), default: []].append(location.column)
            }
            if byLocation[location]?.contains(place) != true { byLocation[location, default: []].append(place) }
        }

        /// The parts an error is in: those with a node where it points; else (an error inside
        /// a value, such as a path, points at a column within it) those with the nearest node
        /// before it on its line, so a document written on one line still has one owner per error.
        func owners(of location: SourceLocation) -> [Place] {
            if let places = byLocation[location] { return places }
            guard let columns = byLine[Line(file: location.file, line: location.line)], let first = columns.first else {
                return []
            }
            let column = columns.last { $0 <= location.column } ?? first
            var nearest = location
            nearest.column = column
            return byLocation[nearest] ?? []
        }
    }

    /// An endpoint without one of its query or header parameters.
    static func removing(_ key: String, from group: String, of endpoint: DraftJSON) -> DraftJSON {
        switch endpoint {
        case .located(let value, let location): return .located(removing(key, from: group, of: value), location)
        case .object(var entries):
            guard let index = entries.firstIndex(where: { $0.0 == group }) else { return endpoint }
            var parameters = members(entries[index].1) ?? []
            parameters.removeAll { $0.0 == key }
            if parameters.isEmpty {
                entries.remove(at: index)
            } else {
                entries[index].1 = relocated(.object(parameters), like: entries[index].1)
            }
            return .object(entries)
        default: return endpoint
        }
    }

    /// `value` at the location `original` has, if any.
    static func relocated(_ value: DraftJSON, like original: DraftJSON) -> DraftJSON {
        if case .located(_, let location) = original { return .located(value, location) }
        return value
    }

    /// The errors the pipeline finds in a draft spec, located in the document.
    static func check(_ spec: DraftJSON) -> [Diagnostic] {
        var input = SpecInput(path: "import.json", bytes: [])
        input.parsed = OpenAPIBackedSpec.node(spec, at: SourceLocation(line: 1, column: 1))
        let (_, diagnostics) = Generator.resolve([input], options: GeneratorOptions())
        return diagnostics.filter { $0.severity == .error }
    }

    static func visit(_ draft: DraftJSON, _ body: (SourceLocation) -> Void) {
        switch draft {
        case .located(let value, let location):
            body(location)
            visit(value, body)
        case .array(let elements): for element in elements { visit(element, body) }
        case .object(let members): for member in members { visit(member.1, body) }
        default: break
        }
    }

    static func members(_ draft: DraftJSON) -> [(String, DraftJSON)]? {
        switch draft {
        case .located(let value, _): members(value)
        case .object(let members): members
        default: nil
        }
    }

    static func elements(_ draft: DraftJSON) -> [DraftJSON]? {
        switch draft {
        case .located(let value, _): elements(value)
        case .array(let elements): elements
        default: nil
        }
    }

    static func text(_ draft: DraftJSON) -> String? {
        switch draft {
        case .located(let value, _): text(value)
        case .string(let text): text
        default: nil
        }
    }
}
