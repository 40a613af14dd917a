/// The project's own operators that end in `assign(to:on:)` on an object they are given:
/// `extension Publisher { func bind<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>,
/// on root: Root) -> AnyCancellable { receive(on: DispatchQueue.main).assign(to: keyPath, on: root) } }`.
/// A call of one retains the object passed as that root, as `assign(to:on:)` written there would.
enum ProjectAssignOperators {
    /// The position of the parameter that every declaration of the project's publisher-extension
    /// method `name` hands to `assign(to:on:)` as the root, in every chain it returns; nil when one
    /// does not (a weak variant that subscribes with `sink { [weak root] … }`), or none is declared.
    static func rootParameter(of name: String, index: ProjectIndex, memo: ProjectMemo) -> Int? {
        // The memo holds no optionals: -1 stands for none.
        let found = memo.value(for: "project-assign-root \(name)") { () -> Int in
            var result = -1
            for reference in PublisherExtensions.methods(named: name, index: index) {
                let tree = index.trees[reference.tree]
                let function = tree.functions[reference.item]
                let returned = tree.returnedChainIndices(ofFunction: reference.item)
                guard !returned.isEmpty else { return -1 }
                for c in returned {
                    guard let last = tree.chains[c].elements.last, last.name == "assign", last.isCall, last.argument("to") != nil,
                          let on = last.argument("on"), on.value.lowerBound == on.value.upperBound,
                          let p = function.parameters.firstIndex(where: { $0.name == tree.name(on.value.lowerBound) }),
                          result == -1 || result == p else { return -1 }
                    result = p
                }
            }
            return result
        }
        return found < 0 ? nil : found
    }

    /// The names of the project's publisher-extension methods that may be such operators, once per
    /// run: a file naming none of them calls none.
    static func candidateNames(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "project-assign-operator-names") {
            var names = Set<String>()
            for reference in index.chainElements["assign"] {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                guard chain.isReturned, tree.innermostClosure(of: chain.first) == nil,
                      let f = tree.enclosingFunction(of: chain.first), PublisherExtensions.declares(tree.functions[f], in: tree) else { continue }
                names.insert(tree.functions[f].name)
            }
            return NameSet(names.sorted())
        }
    }
}
