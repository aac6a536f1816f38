// The contexts of the mapping file's templates (`mappings.swift`, `mapping`) as Swift values.
// Every key a template reads inside a section is a stored property of that section's
// context (see `TemplateContext`).

/// `mappings.swift`: one extension per domain mapping, one `init(from model:)` per body.
struct MappingsFileContext: TemplateContext {
    var file: FileContext
    var mappings: [MappingContext]
    var bodyInits: [BodyInitContext]

    var entries: MustacheObject {
        file.entries.merging(["mappings": .list(mappings.map(\.value)), "bodyInits": .list(bodyInits.map(\.value))])
    }
}

/// `#sourceLocation(file: …, line: N)`'s arguments.
struct SourceLocationContext: TemplateContext {
    /// The spec's path as a string literal.
    var file: String
    var line: Int

    var entries: MustacheObject { ["file": .string(file), "line": .string(String(line))] }
}

/// `mapping`: `extension Model` with `init(from dto:)`, the array mapper, `update(from:)` and
/// the response mapper, as the spec asks.
struct MappingContext: TemplateContext {
    /// `@available(*, deprecated…)` on `init(from:)`, `from(_ dtos:)` and `update(from:)`: the
    /// mapping spells a deprecated type or reads a deprecated field.
    var availability: [String] = []

    var access: String
    var model: String
    var dtoType: String
    /// `init`, or `convenience init` for a class.
    var initKeyword: String
    var declaresInit: Bool
    var throwing: Bool
    /// Each argument of `self.init(`, its lines ending in a comma.
    var arguments: [[String]]
    /// `swift` expressions bound to constants under their own `#sourceLocation`.
    var hoisted: [HoistedContext]
    var location: SourceLocationContext?
    var response: MappingResponseContext?
    var update: UpdateContext?

    var entries: MustacheObject {
        [
            "access": .string(access), "model": .string(model), "dtoType": .string(dtoType),
            "initKeyword": .string(initKeyword), "initializer": .bool(declaresInit), "throws": .bool(throwing),
            "arguments": .list(arguments.map { .object(["lines": .lines($0)]) }),
            "hoisted": .list(hoisted.map(\.value)), "location": .optional(location),
            "response": .optional(response), "update": .optional(update),
            "availability": .lines(availability),
        ]
    }
}

/// `let swiftN = <expression>`, under the `#sourceLocation` of its line in the spec.
struct HoistedContext: TemplateContext {
    var name: String
    var expression: String
    var location: SourceLocationContext?

    var entries: MustacheObject {
        ["name": .string(name), "expression": .string(expression), "location": .optional(location)]
    }
}

/// `static func from(_ response:)`: one model per element of the response's `each` path.
struct MappingResponseContext: TemplateContext {
    var access: String
    var model: String
    var declaresInit: Bool
    var type: String
    var elements: String
    /// The `each` path, as a line comment would hold it.
    var each: String
    var throwing: Bool
    /// `@available(*, deprecated…)`, as `MappingContext.responseAvailability` says.
    var availability: [String] = []

    var entries: MustacheObject {
        [
            "access": .string(access), "model": .string(model), "initializer": .bool(declaresInit),
            "type": .string(type), "elements": .string(elements), "each": .string(each), "throws": .bool(throwing),
            "availability": .lines(availability),
        ]
    }
}

/// `update(from dto:)`: `self.<label> = <value>` for each argument.
struct UpdateContext: TemplateContext {
    var access: String
    var model: String
    var dtoType: String
    var throwing: Bool
    /// `mutating ` for a struct, empty for a class.
    var keyword: String
    var assignments: [AssignmentContext]
    var location: SourceLocationContext?
    /// `@available(*, deprecated…)`, as `init(from:)`'s.
    var availability: [String] = []

    var entries: MustacheObject {
        [
            "access": .string(access), "model": .string(model), "dtoType": .string(dtoType), "throws": .bool(throwing),
            "keyword": .string(keyword), "assignments": .list(assignments.map(\.value)),
            "location": .optional(location), "availability": .lines(availability),
        ]
    }
}

struct AssignmentContext: TemplateContext {
    var lines: [String]
    var location: SourceLocationContext?

    var entries: MustacheObject { ["lines": .lines(lines), "location": .optional(location)] }
}

/// `init(from model:)` on a body DTO (`bodyFrom`): the memberwise init, listed fields in its order.
struct BodyInitContext: TemplateContext {
    /// `@available(*, deprecated…)` on the extension: the body's memberwise init is deprecated.
    var availability: [String] = []
    var access: String
    var bodyType: String
    var model: String
    /// `label: model.path` for each field.
    var fields: [String]
    var location: SourceLocationContext?

    var entries: MustacheObject {
        [
            "access": .string(access), "bodyType": .string(bodyType), "model": .string(model),
            "fields": .lines(fields), "location": .optional(location), "availability": .lines(availability),
        ]
    }
}
