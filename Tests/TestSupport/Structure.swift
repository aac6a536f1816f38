/// A value's structure as text, every stored property at any depth but where it was
/// written (`SourceLocation`s): two values read from different files (a spec import built
/// from a document, and that spec read back from the text import wrote) compare equal when
/// they say the same. With `locations`, where each value was written is part of it too
/// (its file, line and column), for values that must not move.
public func structure(of value: Any, locations: Bool = false) -> String {
    var text = ""
    write(value, into: &text, locations: locations)
    return text
}

private func write(_ value: Any, into text: inout String, locations: Bool) {
    let mirror = Mirror(reflecting: value)
    let type = String(describing: mirror.subjectType)
    // Where a value was written is left out; whether an optional one is there is not.
    if !locations, type == "SourceLocation" { return }
    if !locations, type == "Optional<SourceLocation>" {
        text += mirror.children.isEmpty ? "none" : "some"
        return
    }
    if let string = value as? String {
        text += String(reflecting: string)
        return
    }
    switch mirror.displayStyle {
    case .struct, .class, .enum, .tuple, .optional, .collection, .dictionary, .set:
        text += String(describing: mirror.subjectType)
        guard !mirror.children.isEmpty else {
            // A case without a payload is its name; a payload's case is its child's label.
            text += mirror.displayStyle == .enum ? ".\(value)" : "()"
            return
        }
        text += "("
        for child in mirror.children {
            text += (child.label ?? "") + ":"
            write(child.value, into: &text, locations: locations)
            text += ","
        }
        text += ")"
    default:
        text += "\(value)"
    }
}
