/// The translator's shapes are the spec's own (`ShapeSpec`), each at the document node it
/// translates; a part that has no node of its own (an array's element, a dictionary's
/// values, a one-of's variant, a modifier) is `unplaced` and takes the location of what
/// holds it when the spec is read.
extension SourceLocation {
    /// Where an imported part is when it takes its holder's location.
    static let unplaced = SourceLocation(line: 0, column: 0, file: .max)
}

extension Located {
    /// A value the translator writes, which takes its holder's location.
    static func unplaced(_ value: Value) -> Located { Located(value, at: .unplaced) }
}

extension ShapeSpec {
    /// A shape that takes its holder's location.
    init(_ kind: Kind, optional: Bool = false) {
        self.init(kind: kind, location: .unplaced, optional: optional)
    }

    /// The shape as an element, a value or a variant is held: at its holder's location.
    var unplaced: ShapeSpec {
        var copy = self
        copy.location = .unplaced
        return copy
    }

    /// The shape with none of its parts at a node of its own: what the spec's text writes
    /// without locations (an external type's schema) is where what holds it is.
    var unplacedThroughout: ShapeSpec {
        SharedShapes.mapInside(unplaced, hint: SharedShapes.Hint(parent: "")) { inner, _ in inner.unplacedThroughout }
    }

    /// The shape at `location`.
    func placed(at location: SourceLocation) -> ShapeSpec {
        var copy = self
        copy.location = location
        return copy
    }

    /// The type it refers to, when it is a reference.
    var reference: String? {
        if case .reference(let name) = kind { return name }
        return nil
    }

    /// Whether it is an object with properties (or none), rather than a reference, an array,
    /// a dictionary, an enum or a one-of.
    var isPlainObject: Bool {
        if case .object = kind { return additionalProperties == nil }
        return false
    }
}
