/// The project's own operators that flatten as `flatMap` and `switchToLatest` do:
/// `extension Publisher { func flatMapLatest<P: Publisher>(_ transform: @escaping (Output) -> P) ->
/// AnyPublisher<P.Output, P.Failure> { map(transform).switchToLatest().eraseToAnyPublisher() } }`.
/// The closure a chain gives one builds each inner publisher, as a `flatMap` closure does.
enum ProjectFlatteningOperators {
    /// The names of the methods of the project's `extension Publisher` and `extension AnyPublisher`
    /// blocks that flatten, as `flattens(_:index:memo:)` says: a file that mentions none of them
    /// (and no flattening operator) calls none.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "project-flattening-operator-names") {
            var found = Set<String>()
            for extended in ["Publisher", "AnyPublisher"] {
                for reference in index.typeDeclarations[extended] {
                    let tree = index.trees[reference.tree]
                    guard tree.types[reference.item].kind == .extension else { continue }
                    for f in tree.types[reference.item].functions where flattens(tree.functions[f].name, index: index, memo: memo) {
                        found.insert(tree.functions[f].name)
                    }
                }
            }
            return NameSet(found.sorted())
        }
    }

    /// Whether every publisher-extension method of the project named `name` returns the publisher it
    /// is called on through `flatMap` or `switchToLatest` (`self.flatMap(transform)`,
    /// `map(transform).switchToLatest()`).
    static func flattens(_ name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard !Catalogue.flatteningOperators.contains(name) else { return false }
        return memo.value(for: "project-flattening-operator \(name)") {
            PublisherExtensions.everyMethod(named: name, index: index) { PublisherExtensions.callsStep(Catalogue.flatteningOperators, in: $0) }
        }
    }
}
