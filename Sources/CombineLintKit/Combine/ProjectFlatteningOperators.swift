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
            let methods = PublisherExtensions.methods(named: name, index: index)
            return !methods.isEmpty && methods.allSatisfy { reference in
                let tree = index.trees[reference.tree]
                let returned = tree.returnedChainIndices(ofFunction: reference.item)
                return !returned.isEmpty && returned.allSatisfy { c in
                    let elements = tree.chains[c].elements
                    let root = elements[0]
                    let startsAtSelf = (root.name == "self" && root.kind == .root)
                        || (root.kind == .root && root.isCall && root.name.first?.isLowercase == true)
                    return startsAtSelf && elements.indices.contains { i in
                        Catalogue.flatteningOperators.contains(elements[i].name) && elements[i].isCall && (elements[i].kind == .member || i == 0)
                    }
                }
            }
        }
    }
}
