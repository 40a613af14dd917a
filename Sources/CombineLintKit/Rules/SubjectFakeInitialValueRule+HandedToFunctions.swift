/// `presentErrors(from: joinError)`: a subject given whole to a project function is consumed by
/// that function's body, through its parameter (`source.compactMap { $0 }…` in a protocol
/// extension's helper). Its uses of the parameter say how the subject's values are read.
extension SubjectFakeInitialValueRule {
    /// The outcomes of the parameter uses in every project function the call around argument
    /// token `token` may run (by full selector); none when the token is not a whole argument.
    /// `through` is the argument's last token when it is longer than one (`model.$toast.eraseToAnyPublisher()`).
    static func handedToFunctionOutcomes(argumentAt token: Int, through last: Int? = nil, in tree: SyntaxTree, name: String, kind: Kind,
                                         index: ProjectIndex, resets: inout Set<String>) -> [Outcome] {
        let open = Int(tree.enclosing[token])
        guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return [] }
        let element = tree.chains[call.chain].elements[call.element]
        guard let position = element.arguments.firstIndex(where: { $0.value.lowerBound == token && $0.value.upperBound == (last ?? token) })
        else { return [] }
        let label = element.arguments[position].label
        let selector = MethodCallGraph.selector(of: element)
        var outcomes: [Outcome] = []
        for ref in index.functions[element.name] {
            let calleeTree = index.trees[ref.tree]
            let function = calleeTree.functions[ref.item]
            guard function.kind == .function, function.selectorName == selector,
                  let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
            let parameter: Parameter?
            if let label {
                parameter = function.parameters.first { $0.label == label }
            } else {
                parameter = position < function.parameters.count && function.parameters[position].label == nil ? function.parameters[position] : nil
            }
            guard let parameter else { continue }
            for c in calleeTree.chainIndices(in: open...close) {
                let chain = calleeTree.chains[c]
                guard chain.elements[0].kind == .root, !chain.elements[0].isCall, chain.elements[0].name == parameter.name,
                      chain.elements.count > 1,
                      SubscriptionFinder.localVariable(named: parameter.name, visibleAt: chain.first, in: calleeTree) == nil else { continue }
                outcomes.append(classify(chain, after: 0, name: name, kind: kind, tree: calleeTree, treeIndex: ref.tree, index: index, resets: &resets))
            }
        }
        return outcomes
    }
}
