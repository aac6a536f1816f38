import PositionalJSON

/// The importer's output, checked by the stages every spec goes through (the format's
/// rules, validate, resolve, link), so `dtogen import` never writes a spec that `dtogen`
/// then rejects and a spec backed by a document never fails on what the document says. A
/// type or endpoint the spec format cannot express is left out with a warning at the
/// document node it comes from, saying why, and what uses it goes with it, through the type
/// graph of the spec: the stages run once.
enum ImportCheck {
    /// `spec` as the translator built it (its types, endpoints and their shapes at their
    /// document nodes, or `unplaced`); `file`: the path of the file a location is in, for the
    /// warnings. `built`: the spec without what is left out, which import prints (an
    /// endpoint whose query item or header is rejected keeps its other parts).
    static func accepted(_ spec: Spec, file: (SourceLocation) -> String) -> (built: Spec, warnings: [Diagnostic]) {
        let (checked, errors) = check(ImportedLocations.settled(spec))
        guard !errors.isEmpty else { return (checked, []) }
        let leftOut = LeftOut(errors: errors, parts: Parts(translated: spec), read: checked)
        return (leftOut.keeping(checked), leftOut.warnings(file: file))
    }

    /// Why a part is left out, and where.
    struct Reason {
        var location: SourceLocation
        var message: String
    }

    /// The parts left out: those an error is in, then what uses a type left out.
    struct LeftOut {
        var reasons: [Place: Reason] = [:]
        let parts: Parts
        var places: Places { parts.places }

        /// `errors`: those of the parts that may be left out (a spec backed by a document
        /// leaves out none of its own); `read`: the spec as read, whose type graph leads from
        /// a type left out to what uses it; `inDocument`: whether a part at a location may
        /// be left out for what it uses (else the stages say what it uses is unknown).
        init(
            errors: [Diagnostic], parts: Parts, read: Spec?, inDocument: (SourceLocation) -> Bool = { _ in true }
        ) {
            self.parts = parts
            for error in errors {
                for place in places.owners(of: error.location) where reasons[place] == nil {
                    reasons[place] = Reason(location: error.location, message: error.message)
                }
            }
            // What uses a type that could not be read says so, rather than "unknown type".
            let typesLeftOut = Set(reasons.keys.compactMap(places.typeName))
            for error in errors where [.unknownType, .unknownErrorType].contains(error.code) {
                guard let subject = error.subject, typesLeftOut.contains(subject) else { continue }
                for place in places.owners(of: error.location)
                where reasons[place]?.location == error.location && reasons[place]?.message == error.message {
                    reasons[place]?.message = Self.uses(subject)
                }
            }
            if let read { follow(read, inDocument: inDocument) }
        }

        /// The spec as read without what is left out.
        func keeping(_ spec: Spec) -> Spec {
            var kept = spec
            let names = places.typeNames
            let leftOutTypes = Set(names.indices.filter { !keepsType(at: $0) }.map { names[$0] })
            kept.types.removeAll { leftOutTypes.contains($0.name) }
            kept.endpoints = zip(spec.endpoints, Self.indices(of: spec.endpoints, in: parts.endpointNames)).compactMap {
                endpoint, index in
                guard let index else { return endpoint }
                guard keepsEndpoint(at: index) else { return nil }
                var endpoint = endpoint
                for parameter in parameters(of: index) {
                    switch parameter.group {
                    case "query": endpoint.query.removeAll { $0.key == parameter.key }
                    case Place.Parameter.responseHeaders: endpoint.responseHeaders.removeAll { $0.key == parameter.key }
                    case Place.Parameter.errors:
                        if parameter.key == ErrorStatus.other.written { endpoint.error = nil }
                        endpoint.errors.removeAll { $0.status.value.written == parameter.key }
                    default: endpoint.headers.removeAll { $0.key == parameter.key }
                    }
                }
                return endpoint
            }
            return kept
        }

        func keepsType(at index: Int) -> Bool { reasons[Place(entry: .type(index))] == nil }
        func keepsEndpoint(at index: Int) -> Bool { reasons[Place(entry: .endpoint(index))] == nil }

        /// The query items and headers left out of an endpoint that is kept.
        func parameters(of index: Int) -> [Place.Parameter] {
            parts.parameters[index].filter { reasons[Place(entry: .endpoint(index), parameter: $0)] != nil }
        }

        /// A warning for each part left out, at the error that leaves it out (DTG4001 a type,
        /// DTG4002 an endpoint, DTG4003 a query item or header).
        func warnings(file: (SourceLocation) -> String) -> [Diagnostic] {
            var warnings: [Diagnostic] = []
            for (index, name) in parts.typeKeys.enumerated() {
                guard let reason = reasons[Place(entry: .type(index))] else { continue }
                warnings.append(
                    Diagnostic(
                        .warning, "DTG4001", file: file(reason.location), at: reason.location,
                        "type '\(name)' is left out: \(reason.message)"))
            }
            for (index, written) in parts.endpointNames.enumerated() {
                let name = written ?? "?"
                if let reason = reasons[Place(entry: .endpoint(index))] {
                    warnings.append(
                        Diagnostic(
                            .warning, "DTG4002", file: file(reason.location), at: reason.location,
                            "endpoint '\(name)' is left out: \(reason.message)"))
                    continue
                }
                for parameter in parameters(of: index) {
                    guard let reason = reasons[Place(entry: .endpoint(index), parameter: parameter)] else { continue }
                    guard parameter.group != Place.Parameter.errors else {
                        warnings.append(
                            Diagnostic(
                                .warning, "DTG4052", file: file(reason.location), at: reason.location,
                                "the error type of status '\(parameter.key)' of endpoint '\(name)' is left out: \(reason.message)"
                            ))
                        continue
                    }
                    let what = parameter.group == "query" ? "query item" : "header"
                    warnings.append(
                        Diagnostic(
                            .warning, "DTG4003", file: file(reason.location), at: reason.location,
                            "\(what) '\(parameter.key)' of endpoint '\(name)' is left out: \(reason.message)"))
                }
            }
            return warnings
        }

        static func uses(_ type: String) -> String { "it uses type '\(type)', which is left out" }

        /// Leaves out, until nothing changes, each type that uses a type left out, and each
        /// endpoint, or query item or header of one, that does, and an endpoint whose pages
        /// are asked for by a query item left out.
        private mutating func follow(_ spec: Spec, inDocument: (SourceLocation) -> Bool) {
            let typeIndex = Dictionary(
                places.typeNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var leftOutTypes = Set(reasons.keys.compactMap(places.typeName))
            var changed = true
            while changed {
                changed = false
                for type in spec.types where inDocument(type.nameLocation) {
                    guard let index = typeIndex[type.name], !leftOutTypes.contains(type.name),
                        let use = SpecReferences.first(in: type.shape, among: leftOutTypes)
                    else { continue }
                    reasons[Place(entry: .type(index))] = Reason(location: use.location, message: Self.uses(use.name))
                    leftOutTypes.insert(type.name)
                    changed = true
                }
            }
            for (endpoint, index) in zip(spec.endpoints, Self.indices(of: spec.endpoints, in: parts.endpointNames))
            where inDocument(endpoint.location) {
                guard let index, reasons[Place(entry: .endpoint(index))] == nil else { continue }
                follow(endpoint, at: index, leftOutTypes: leftOutTypes)
            }
        }

        private mutating func follow(_ endpoint: EndpointSpec, at index: Int, leftOutTypes: Set<String>) {
            let whole = Place(entry: .endpoint(index))
            if let use = SpecReferences.first(in: endpoint, among: leftOutTypes) {
                reasons[whole] = Reason(location: use.location, message: Self.uses(use.name))
                return
            }
            for (group, parameters) in [
                ("query", endpoint.query), ("headers", endpoint.headers),
                (Place.Parameter.responseHeaders, endpoint.responseHeaders),
            ] {
                for parameter in parameters {
                    let place = Place(
                        entry: .endpoint(index), parameter: Place.Parameter(group: group, key: parameter.key))
                    guard reasons[place] == nil,
                        let use = SpecReferences.first(in: parameter.shape, among: leftOutTypes)
                    else { continue }
                    reasons[place] = Reason(location: use.location, message: Self.uses(use.name))
                }
            }
            // An error type left out leaves out its entry: that status's body is not decoded.
            let errors =
                [endpoint.error.map { (ErrorStatus.other.written, $0) }].compactMap { $0 }
                + endpoint.errors.map { ($0.status.value.written, $0.type) }
            for (status, type) in errors {
                let place = Place(
                    entry: .endpoint(index), parameter: Place.Parameter(group: Place.Parameter.errors, key: status))
                guard reasons[place] == nil,
                    let use = SpecReferences.uses(inErrorType: type).first(where: { leftOutTypes.contains($0.name) })
                else { continue }
                reasons[place] = Reason(location: use.location, message: Self.uses(use.name))
            }
            // A page is asked for by a query item: without it, the endpoint cannot page.
            if let param = endpoint.paginate?.param,
                let reason = reasons[
                    Place(entry: .endpoint(index), parameter: Place.Parameter(group: "query", key: param.value))]
            {
                reasons[whole] = Reason(
                    location: reason.location, message: "its query item '\(param.value)' is left out: \(reason.message)"
                )
            }
        }

        /// The entry index of each endpoint as read (the reader leaves out one it cannot read):
        /// matched by name, and in order among endpoints of one name.
        static func indices(of read: [EndpointSpec], in names: [String?]) -> [Int?] {
            var byName: [String: [Int]] = [:]
            for (index, name) in names.enumerated() {
                byName[name ?? "", default: []].append(index)
            }
            return read.map { endpoint in
                guard let index = byName[endpoint.name.value]?.first else { return nil }
                byName[endpoint.name.value]?.removeFirst()
                return index
            }
        }
    }

    /// A part of the draft an error can be in: a type, an endpoint, or one query or header
    /// parameter of an endpoint.
    struct Place: Hashable {
        enum Entry: Hashable {
            case type(Int)
            case endpoint(Int)
        }

        struct Parameter: Hashable {
            /// `query`, `headers`, `responseHeaders`, or `errors` (an error type, by status as
            /// written; `default` for `error` too).
            var group: String
            var key: String

            static let errors = "errors"
            static let responseHeaders = "responseHeaders"
        }

        var entry: Entry
        var parameter: Parameter?
    }

    /// What the warnings name and `keeping` matches: the types' keys as written (`Page<T>`),
    /// the endpoints' names (nil where an entry has none) and the query items and headers of
    /// each, in the order of the spec's entries; and where each part is.
    struct Parts {
        let places: Places
        let typeKeys: [String]
        let endpointNames: [String?]
        let parameters: [[Place.Parameter]]

        /// The spec import built, before its parts are settled.
        init(translated spec: Spec) {
            places = Places(translated: spec)
            typeKeys = spec.types.map(SpecWriter.writtenName)
            endpointNames = spec.endpoints.map(\.name.value)
            parameters = spec.endpoints.map { endpoint in
                endpoint.query.map { Place.Parameter(group: "query", key: $0.key) }
                    + endpoint.headers.map { Place.Parameter(group: "headers", key: $0.key) }
                    + endpoint.responseHeaders.map {
                        Place.Parameter(group: Place.Parameter.responseHeaders, key: $0.key)
                    }
                    + (endpoint.error == nil
                        ? [] : [Place.Parameter(group: Place.Parameter.errors, key: ErrorStatus.other.written)])
                    + endpoint.errors.map {
                        Place.Parameter(group: Place.Parameter.errors, key: $0.status.value.written)
                    }
            }
        }

        /// A spec's tree as written (a spec backed by a document, expanded).
        init(root: JSONNode) {
            places = Places(root: root)
            typeKeys = (root["types"]?.members ?? []).map(\.key)
            let endpoints = root["endpoints"]?.elements ?? []
            endpointNames = endpoints.map { $0["name"]?.stringValue }
            parameters = endpoints.map { endpoint in
                Places.parameterGroups.flatMap { group in
                    (endpoint[group]?.members ?? []).map { Place.Parameter(group: group, key: $0.key) }
                }
                    + (endpoint["error"] == nil
                        ? [] : [Place.Parameter(group: Place.Parameter.errors, key: ErrorStatus.other.written)])
            }
        }
    }

    /// Every part of a spec with a location, and the part it belongs to.
    struct Places {
        /// Parameters that can be left out alone (a path parameter cannot: the path names it).
        static let parameterGroups = ["query", "headers", Place.Parameter.responseHeaders, Place.Parameter.errors]

        /// The types' names, by index, without generic parameters (`Page` for `Page<T>`): as
        /// a reference to one spells it.
        private(set) var typeNames: [String] = []
        private var byLocation: [SourceLocation: [Place]] = [:]
        /// The columns of the nodes on each line, in order.
        private var byLine: [Line: [Int]] = [:]

        private struct Line: Hashable {
            var file: UInt32
            var line: Int
        }

        /// The spec import built, before its parts are settled: a part is where it has a node
        /// of its own (where the located text has one).
        init(translated spec: Spec) {
            typeNames = spec.types.map(\.name)
            for (index, type) in spec.types.enumerated() { add(type.shape, Place(entry: .type(index))) }
            for (index, endpoint) in spec.endpoints.enumerated() {
                let whole = Place(entry: .endpoint(index))
                if endpoint.location != .unplaced { record(endpoint.location, whole) }
                if endpoint.path.location != .unplaced { record(endpoint.path.location, whole) }
                let bodies = ([endpoint.body, endpoint.response] + endpoint.responses.map(\.shape)).compactMap { $0 }
                for shape in (endpoint.params + endpoint.cookies).map(\.shape) + bodies {
                    add(shape, whole)
                }
                for (group, parameters) in [
                    ("query", endpoint.query), ("headers", endpoint.headers),
                    (Place.Parameter.responseHeaders, endpoint.responseHeaders),
                ] {
                    for parameter in parameters {
                        let place = Place(
                            entry: .endpoint(index), parameter: Place.Parameter(group: group, key: parameter.key))
                        add(parameter.shape, place)
                    }
                }
            }
            sortLines()
        }

        /// A spec's tree as written (a spec backed by a document, expanded): every node.
        init(root: JSONNode) {
            let types = root["types"]?.members ?? []
            typeNames = types.map { GenericName.parse($0.key)?.base ?? $0.key }
            for (index, type) in types.enumerated() { add(type.value, Place(entry: .type(index))) }
            for (index, endpoint) in (root["endpoints"]?.elements ?? []).enumerated() {
                let whole = Place(entry: .endpoint(index))
                guard let entryMembers = endpoint.members else {
                    add(endpoint, whole)
                    continue
                }
                record(endpoint.location, whole)
                for member in entryMembers {
                    if member.key == "error" {
                        let place = Place.Parameter(group: Place.Parameter.errors, key: ErrorStatus.other.written)
                        add(member.value, Place(entry: .endpoint(index), parameter: place))
                        continue
                    }
                    guard Self.parameterGroups.contains(member.key), let parameters = member.value.members else {
                        add(member.value, whole)
                        continue
                    }
                    record(member.value.location, whole)
                    for parameter in parameters {
                        add(
                            parameter.value,
                            Place(
                                entry: .endpoint(index),
                                parameter: Place.Parameter(group: member.key, key: parameter.key)))
                    }
                }
            }
            sortLines()
        }

        private mutating func sortLines() {
            for key in byLine.keys { byLine[key]?.sort() }
        }

        /// Each shape in `shape` with a node of its own.
        private mutating func add(_ shape: ShapeSpec, _ place: Place) {
            if shape.location != .unplaced { record(shape.location, place) }
            switch shape.kind {
            case .reference, .enumeration: break
            case .array(let inner), .dictionary(let inner): add(inner, place)
            case .object(let properties): for property in properties { add(property.shape, place) }
            case .oneOf(let variants): for variant in variants { add(variant.shape, place) }
            }
            if let additional = shape.additionalProperties { add(additional.shape, place) }
        }

        private mutating func add(_ node: JSONNode, _ place: Place) {
            record(node.location, place)
            switch node.value {
            case .array(let elements): for element in elements { add(element, place) }
            case .object(let members): for member in members { add(member.value, place) }
            default: break
            }
        }

        private mutating func record(_ location: SourceLocation, _ place: Place) {
            if byLocation[location] == nil {
                byLine[Line(file: location.file, line: location.line), default: []].append(location.column)
            }
            if byLocation[location]?.contains(place) != true { byLocation[location, default: []].append(place) }
        }

        /// The name of the type a place is, when it is a whole type.
        func typeName(_ place: Place) -> String? {
            guard place.parameter == nil, case .type(let index) = place.entry else { return nil }
            return typeNames[index]
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

    /// `spec` (settled where its values are) as the format's rules leave it, and the errors
    /// the rules and every stage find in it: each stage runs once.
    static func check(_ spec: Spec) -> (Spec, [Diagnostic]) {
        let (read, formatErrors) = FormatRules.applied(to: spec)
        let stages = Generator.resolve(
            read: [Generator.ReadSpec(spec: read, base: "Import")], options: GeneratorOptions()
        ).1.all
        return (read, (formatErrors + stages).sorted().filter { $0.severity == .error })
    }
}
