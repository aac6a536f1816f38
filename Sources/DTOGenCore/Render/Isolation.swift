/// Which actor isolation generated declarations have, so the same output compiles in a
/// module whose default isolation is `MainActor` (Xcode 26's app targets,
/// `.defaultIsolation(MainActor.self)`) and in one whose default is `nonisolated`.
///
/// - What mirrors JSON or builds a request (DTOs, enums, one-ofs, their fast paths, the
///   base-URL enum, API-key kinds, endpoint factories) is written `nonisolated`: a DTO
///   decodes on whatever thread the client or the app decodes it, and its `Decodable` and
///   `Sendable` conformances must not be isolated to the main actor. Nested types inherit it
///   from their top-level type; an extension does not, so each extension says it too.
/// - What touches the app's own models (domain mappings, `update(from:)`, bodies built from a
///   model and the factories that take one, repositories) says nothing and so takes the
///   module's default: a mapping onto a main-actor `@Model` class runs on the main actor,
///   where the model lives.
enum Isolation {
    /// The modifier of a declaration the DTO file writes at its top level.
    static func declaration(_ decl: Decl) -> String {
        decl.parent == nil ? "nonisolated " : ""
    }
}
