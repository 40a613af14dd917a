/// The project's own operators that handle failure: `extension Publisher { func ignoreFailure() ->
/// AnyPublisher<Output, Never> { self.catch { _ in Empty() }.eraseToAnyPublisher() } }`. A chain
/// that calls one ends where its body's error handler would, as if that handler were written there.
enum ProjectErrorHandlers {
    /// Whether every publisher extension method of the project named `name` returns the publisher
    /// it is called on through an error handler (`catch`, `replaceError`, `assertNoFailure`).
    static func handlesErrors(_ name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "project-error-handler \(name)") {
            let methods = PublisherExtensions.methods(named: name, index: index)
            return !methods.isEmpty && methods.allSatisfy { reference in
                returnsSelfThroughHandler(function: reference.item, in: index.trees[reference.tree])
            }
        }
    }

    /// Every chain the function returns starts at the publisher it extends (`self.catch …`, or an
    /// operator called with no receiver, `replaceError(with: nil)`) and handles errors on the way.
    private static func returnsSelfThroughHandler(function f: Int, in tree: SyntaxTree) -> Bool {
        let returned = tree.returnedChainIndices(ofFunction: f)
        return !returned.isEmpty && returned.allSatisfy { c in
            let elements = tree.chains[c].elements
            let root = elements[0]
            let startsAtSelf = (root.name == "self" && root.kind == .root)
                || (root.kind == .root && root.isCall && root.name.first?.isLowercase == true)
            return startsAtSelf && elements.indices.contains { i in
                Catalogue.errorHandlers.contains(elements[i].name) && elements[i].isCall && (elements[i].kind == .member || i == 0)
            }
        }
    }
}
