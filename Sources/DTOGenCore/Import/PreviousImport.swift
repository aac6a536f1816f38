import PositionalJSON

/// What an earlier import of a document decided, read from the spec it wrote, so that
/// `dtogen import --update` keeps it: the names it gave shapes the document writes in
/// several places (by how they are written), the shapes it left in place, and the number
/// of DTO files. A team pins the
/// names its code uses; a new version of the document changes only what changed in it.
public struct PreviousImport: Sendable {
    /// Type names by the shape they declare (`SharedShapes.key` of its members), sorted:
    /// several types may be written alike.
    var shapeNames: [String: [String]] = [:]
    /// Inline objects and one-ofs it wrote in place (in a type, a field, a parameter, a body),
    /// by key: kept in place, so a shape that another operation now writes too is not
    /// renamed to a shared type.
    var inPlaceShapes: Set<String> = []
    /// Shapes it wrote as several types, or as a type and in place: written alike, shapes
    /// that differ in the document (one-ofs whose inline variants had names of their own).
    /// A shape that holds shared ones is recognised by how the spec writes it only when that
    /// is not one of these.
    var ambiguousShapes: Set<String> = []
    /// `options.dtoFiles` (1 when the spec has none).
    var dtoFiles = 1
    /// `options.naming` (`swift` when the spec has none): a re-import keeps it.
    public private(set) var naming = NamingStyle.swift
    /// `externalTypes`: a re-import keeps them.
    public private(set) var externalTypes: [String: String] = [:]

    public init() {}

    /// The spec an earlier import wrote; nil when it is not a JSON object. Its types and
    /// endpoints as the spec reader reads them (what it cannot read is not kept), so a shape
    /// has the key it has when translated.
    public init?(spec bytes: [UInt8]) {
        guard let root = try? JSONReader.parse(bytes: bytes), case .object(let members) = root.value else { return nil }
        for member in members {
            switch member.key {
            case "options":
                guard case .object(let options) = member.value.value else { continue }
                if case .number(let count)? = options.first(where: { $0.key == "dtoFiles" })?.value.value,
                    let files = Int(count), SpecFileNaming.dtoFileCounts.contains(files)
                {
                    dtoFiles = files
                }
                if case .string(let style)? = options.first(where: { $0.key == "naming" })?.value.value {
                    naming = NamingStyle(rawValue: style) ?? .swift
                }
            case "externalTypes":
                guard case .object(let entries) = member.value.value else { continue }
                // `"Money": "Shop.Money"`, or `{ "type": "Shop.Money", "schema": ... }`.
                for entry in entries {
                    if let swiftType = entry.value.stringValue ?? entry.value["type"]?.stringValue {
                        externalTypes[entry.key] = swiftType
                    }
                }
            default: continue
            }
        }
        guard let spec = SpecReader.read(root: root, path: "previous.json").0 else { return }
        let declared = spec.types.map { type in
            (
                type.name
                    + (type.genericParameters.isEmpty
                        ? "" : "<" + type.genericParameters.joined(separator: ", ") + ">"),
                type.shape
            )
        }
        for (name, shape) in declared {
            guard let key = SharedShapes.shape(shape)?.key else { continue }
            shapeNames[key, default: []].append(name)
        }
        shapeNames = shapeNames.mapValues { $0.sorted() }
        var census = SharedShapes.Census(repeated: [])
        census.count(types: declared, endpoints: spec.endpoints)
        inPlaceShapes = Set(census.order)
        ambiguousShapes = Set(shapeNames.filter { $0.value.count > 1 }.keys).union(
            inPlaceShapes.filter { shapeNames[$0] != nil })
    }
}
