import Testing
@testable import DTOGenCore

/// The resolver's one-job parts, on tables built by hand: which types some roots use, which
/// aliases end in themselves, which fields break cycles of inline storage, and how an
/// imported table is appended.
struct TypeGraphTests {
    static let at = SourceLocation(line: 1, column: 1)

    func field(_ key: String, _ type: TypeRef, line: Int = 1) -> Field {
        Field(jsonKey: key, keyLocation: SourceLocation(line: line, column: 3), name: key, type: type, doc: nil)
    }

    func add(_ table: inout TypeTable, _ name: String, _ kind: Decl.Kind) -> DeclID {
        let id = table.add(Decl(name: name, qualifiedName: name, parent: nil, kind: kind, doc: nil, location: Self.at))
        table.topLevel.append(id)
        return id
    }

    @Test func reachableFollowsFieldsAliasesVariantsAndGenericArguments() {
        var table = TypeTable()
        let leaf = add(&table, "Leaf", .enumeration(EnumInfo(cases: [])))
        let list = add(&table, "Leaves", .alias(.array(.named(leaf))))
        let page = add(&table, "Page", .structure([]))
        let root = add(&table, "Root", .structure([field("leaves", .optional(.named(list)))]))
        let unused = add(&table, "Unused", .structure([field("root", .named(root))]))
        let graph = TypeGraph(table: table)
        #expect(graph.reachable(from: [.named(root)]) == [root, list, leaf])
        #expect(graph.reachable(from: [.generic(page, [.named(leaf)])]) == [page, leaf])
        #expect(graph.reachable(from: [.named(unused)]).contains(leaf))
        #expect(graph.reachable(from: [.scalar(.string)]).isEmpty)
    }

    @Test func aliasesThatEndInThemselvesAreCycles() {
        var table = TypeTable()
        let a = add(&table, "A", .alias(.json))
        let b = add(&table, "B", .alias(.optional(.named(a))))
        table[a].kind = .alias(.named(b))
        let c = add(&table, "C", .alias(.named(a)))
        let d = add(&table, "D", .alias(.array(.named(a))))
        let graph = TypeGraph(table: table)
        #expect(graph.aliasIsCyclic(a) && graph.aliasIsCyclic(b) && graph.aliasIsCyclic(c))
        #expect(!graph.aliasIsCyclic(d), "an array stores its elements out of line")
    }

    /// `Node.next: Node?` is boxed (under a name beside its own); `Pair.left: Pair` can hold
    /// no finite value: an error at its key that says what to write.
    @Test func cyclesOfInlineStorageAreBoxedOrReported() {
        var table = TypeTable()
        let node = add(&table, "Node", .structure([]))
        table[node].kind = .structure([
            field("_next", .scalar(.int)), field("next", .optional(.named(node))),
            field("children", .array(.named(node))),
        ])
        let pair = add(&table, "Pair", .structure([]))
        table[pair].kind = .structure([field("left", .named(pair), line: 7)])
        let plan = RecursiveStorage.plan(table)
        #expect(plan.boxed.map(\.0) == [RecursiveStorage.Edge(struct: node, field: 1)])
        #expect(plan.boxed.map(\.storage) == ["_next2"])
        #expect(plan.errors.map(\.location) == [SourceLocation(line: 7, column: 3)])
        #expect(
            plan.errors.map(\.message) == [
                #"'left' makes 'Pair' contain itself (through 'left'), which no JSON value can end; make 'left' optional ("Pair?") or an array"#
            ])
    }

    @Test func anImportedTableIsAppendedWithItsReferencesMoved() {
        var imported = TypeTable()
        let tag = add(&imported, "Tag", .enumeration(EnumInfo(cases: [])))
        let item = add(&imported, "Item", .structure([field("tags", .array(.named(tag)))]))
        var table = TypeTable()
        _ = add(&table, "Own", .structure([]))
        let moved = table.importing(imported, specFile: "items.json")
        #expect(moved(item) == DeclID(index: 2))
        #expect(table.decls.count == 3 && table.topLevel.count == 1, "copies are not this spec's top-level types")
        #expect(table[moved(item)].external && table[moved(item)].specFile == "items.json")
        guard case .structure(let fields) = table[moved(item)].kind else { Issue.record("not a struct"); return }
        #expect(fields[0].type == .array(.named(moved(tag))))
    }
}
