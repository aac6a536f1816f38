import Foundation
import YAMLReader

/// The files one OpenAPI description spans: the document, then every file its `$ref`s reach
/// (a relative path, with or without a JSON pointer; YAML or JSON; a ref inside a referred
/// file is relative to that file). Each file's nodes carry their own `SourceLocation.file`,
/// so a diagnostic points into the file that says it. The files are read through a closure
/// the caller gives (the command line reads the disk, a backed spec its loaded inputs).
struct OpenAPIDocuments {
    /// Reads a file by its path (relative to the working folder, or absolute); nil when it cannot.
    typealias FileReader = @Sendable (String) -> [UInt8]?

    /// Every file read, the document first; a node in `files[i]` has `file == firstFile + i`.
    private(set) var files: [(path: String, root: JSONNode)]
    let firstFile: UInt32
    let read: FileReader
    private var indexByPath: [String: Int]

    init(path: String, root: JSONNode, firstFile: UInt32, read: @escaping FileReader) {
        files = [(path, root)]
        indexByPath = [path: 0]
        self.firstFile = firstFile
        self.read = read
    }

    /// The index in `files` of the file a location is in (0 when it is not one of them).
    func index(of location: SourceLocation) -> Int {
        let index = Int(location.file) - Int(firstFile)
        return files.indices.contains(index) ? index : 0
    }

    /// The path of the file a location is in.
    func path(of location: SourceLocation) -> String { files[index(of: location)].path }

    /// The paths of every file read besides the document.
    var otherPaths: [String] { files.dropFirst().map(\.path) }

    /// Where a reference leads: the file's index and the JSON pointer inside it.
    struct Target: Hashable {
        var file: Int
        var pointer: String

        /// The same schema however it is written: its file and pointer.
        var key: String { "\(file)#\(pointer)" }
    }

    enum Failure: Error {
        case message(String)
        /// The referred file is not valid JSON or YAML: where in it, and why.
        case unreadable(SourceLocation, String)
    }

    /// Reads the file a reference names (once) and returns where the reference leads.
    mutating func target(of ref: String, from location: SourceLocation) -> Result<Target, Failure> {
        let hash = ref.firstIndex(of: "#")
        // A reference is a URI: its path and its fragment (the JSON pointer, RFC 6901 §6) are
        // percent-encoded (`#/definitions/Request%20class`, `%7Bid%7D`).
        let written = hash.map { String(ref[..<$0]) } ?? ref
        let fragment = hash.map { String(ref[ref.index(after: $0)...]) } ?? ""
        let pointer = fragment.removingPercentEncoding ?? fragment
        guard !pointer.isEmpty || !written.isEmpty else {
            return .success(Target(file: index(of: location), pointer: ""))
        }
        guard written.isEmpty || !written.contains("://") else {
            return .failure(
                .message(
                    "the reference '\(ref)' is a URL; dtogen reads references to files beside the document, not over the network"
                ))
        }
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            return .failure(
                .message("the reference '\(ref)' has a fragment that is not a JSON pointer (it starts with '#/')"))
        }
        if written.isEmpty { return .success(Target(file: index(of: location), pointer: pointer)) }
        guard let path = SpecPaths.relative(written, from: path(of: location)) else {
            return .failure(.message("the reference '\(ref)' names no file"))
        }
        if let known = indexByPath[path] { return .success(Target(file: known, pointer: pointer)) }
        guard let bytes = read(path) else {
            return .failure(.message("cannot read '\(written)' (\(path)), which the reference '\(ref)' names"))
        }
        let file = firstFile + UInt32(files.count)
        do {
            let root = try OpenAPIImporter.read(bytes, file: file)
            files.append((path, root))
            indexByPath[path] = files.count - 1
            return .success(Target(file: files.count - 1, pointer: pointer))
        } catch {
            // Known, so its diagnostic names it; its root is empty.
            files.append((path, JSONNode(value: .null, location: error.location)))
            indexByPath[path] = files.count - 1
            return .failure(.unreadable(error.location, error.message))
        }
    }

    /// The node a pointer names in a file, or the key it misses.
    func node(at target: Target) -> Result<JSONNode, Failure> {
        var current = files[target.file].root
        guard !target.pointer.isEmpty else { return .success(current) }
        for raw in target.pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            if let members = current.members, let next = members.first(where: { $0.key == key })?.value {
                current = next
            } else if let elements = current.elements, let index = Int(key), elements.indices.contains(index) {
                current = elements[index]
            } else {
                return .failure(.message("no '\(key)'"))
            }
        }
        return .success(current)
    }
}

extension OpenAPITranslator {
    /// The component schema a target in the document is, with its type name (none for one
    /// that is inlined: a scalar alias).
    func component(_ target: OpenAPIDocuments.Target) -> (key: String, name: String)? {
        let prefix = String(schemaPrefix.dropFirst())
        guard target.file == 0, target.pointer.hasPrefix(prefix) else { return nil }
        let key = String(target.pointer.dropFirst(prefix.count)).replacingOccurrences(of: "~1", with: "/")
            .replacingOccurrences(of: "~0", with: "~")
        return typeNames[key].map { (key, $0) }
    }

    /// The type a reference's target is declared as: a component's, or a schema's in another
    /// file; nil for an alias (the object it names comes next), a wrapper or an inlined schema.
    mutating func typeName(of target: OpenAPIDocuments.Target, node: JSONNode, ref: String) -> String? {
        guard node["$ref"] == nil, !(component(target).map { wrapperSchemas.contains($0.key) } ?? false) else {
            return nil
        }
        return externalType(target, node, ref: ref)?.reference
    }

    /// A schema that a reference reaches in another file: a type of its own (unless it is a
    /// scalar, which is inlined), named once from the pointer's last key or the file's name,
    /// and written after the endpoints. A component of the document reached through a path
    /// is that component's type. Nil: translate the node where it is used.
    mutating func externalType(_ target: OpenAPIDocuments.Target, _ node: JSONNode, ref: String) -> ShapeSpec? {
        if target.file == 0 {
            return component(target).map {
                ShapeSpec(.reference($0.name), optional: nullableSchemas.contains($0.key))
            }
        }
        // A reference to a reference is followed first; a scalar is written where it is used.
        guard node["$ref"] == nil, node.members != nil, !isScalarAlias(node) else { return nil }
        let key = target.key
        if let name = externalTypeNames[key] {
            return ShapeSpec(.reference(name), optional: nullableExternalTypes.contains(key))
        }
        let path = documents.files[target.file].path
        let last = target.pointer.split(separator: "/").last.map(String.init)
        let stem = path.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? "Schema"
        var name = SwiftName.type(last ?? stem, style: naming)
        if !SwiftName.isTypeName(name) { name = "Schema" }
        if SpecReader.builtinScalars.contains(name) {
            let renamed = takenTypeNames.free(name + "Object")
            warn(
                "DTG4013", node, ref,
                "'\(name)' is a built-in type of dtogen specs; this schema is imported as '\(renamed)'")
            name = renamed
        }
        name = takenTypeNames.claim(name)
        externalTypeNames[key] = name
        if Self.allowsNull(node) { nullableExternalTypes.insert(key) }
        pendingExternalTypes.append((name, node, ref))
        return ShapeSpec(.reference(name), optional: nullableExternalTypes.contains(key))
    }
}
