/// `dtogen diff` of `externalTypes`.
extension APIComparer {
    /// An `externalTypes` name that stands for another Swift type: code that spells the old
    /// one stops compiling; the JSON is the app's type's to read.
    mutating func compareAppTypes() {
        for (name, after) in new.appTypes {
            guard let before = old.appTypes[name], before.decl.qualifiedName != after.decl.qualifiedName else {
                continue
            }
            add(
                [.source], name,
                "external type is \(after.decl.qualifiedName) (was \(before.decl.qualifiedName))",
                at: after.decl.location, in: after.spec)
        }
    }
}
