/// `presentErrors(from: joinError)`: a subject given whole to a project function is consumed by
/// that function's body, through its parameter (`source.compactMap { $0 }…` in a protocol
/// extension's helper, or `Publishers.Merge(other, source)` then a skip). Its uses of the
/// parameter say how the subject's values are read. An initializer call (`ListModel(errors: subject)`)
/// hands it to the type's `init` of that selector.
extension SubjectFakeInitialValueRule {
    /// The outcomes of the parameter uses in every project function the call around argument
    /// token `token` may run (by full selector); none when the token is not a whole argument.
    /// `through` is the argument's last token when it is longer than one (`model.$toast.eraseToAnyPublisher()`).
    static func handedToFunctionOutcomes(argumentAt token: Int, through last: Int? = nil, in tree: SyntaxTree, name subject: String, kind: Kind,
                                         index: ProjectIndex, resets: inout Set<String>) -> [Outcome] {
        let open = Int(tree.enclosing[token])
        guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return [] }
        let element = tree.chains[call.chain].elements[call.element]
        guard let position = element.arguments.firstIndex(where: { $0.value.lowerBound == token && $0.value.upperBound == (last ?? token) })
        else { return [] }
        let label = element.arguments[position].label
        // `ChatListViewModel(service: s, localErrors: errors.eraseToAnyPublisher())`: the type's initializer.
        let makesType = element.kind == .root && element.name.first?.isUppercase == true
        let name = makesType ? "init" : element.name
        let selector = name + MethodCallGraph.selector(of: element).dropFirst(element.name.count)
        var outcomes: [Outcome] = []
        for ref in index.functions[name] {
            let calleeTree = index.trees[ref.tree]
            let function = calleeTree.functions[ref.item]
            guard function.kind == (makesType ? .initializer : .function), function.selectorName == selector,
                  !makesType || function.enclosingType.map({ calleeTree.types[$0].name.lastNameComponent == element.name }) == true,
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
                outcomes.append(classify(chain, after: 0, name: subject, kind: kind, tree: calleeTree, treeIndex: ref.tree, index: index, resets: &resets))
            }
            // `Publishers.Merge(service.errors, localErrors)`: the parameter whole as an argument of a combiner.
            for k in open...close where calleeTree.tokens[k].kind == .identifier && calleeTree.name(k) == parameter.name {
                guard SubscriptionFinder.localVariable(named: parameter.name, visibleAt: k, in: calleeTree) == nil,
                      let combiner = combiningCall(takingWholeArgument: k, in: calleeTree) else { continue }
                outcomes.append(combinedOutcome(calleeTree.chains[combiner.chain], combinerAt: combiner.element, argumentAt: k, name: subject,
                                                kind: kind, tree: calleeTree, treeIndex: ref.tree, index: index, resets: &resets))
            }
        }
        return outcomes
    }
}
