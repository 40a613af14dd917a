/// Where a closure handed to one of the project's own methods runs: where that method calls it.
/// `gateway.send(verb) { result in … }`, with `send(_:completion:)` calling `completion(…)` only in
/// `commandQueue.async { … }` or a URLSession completion handler, runs its closure off the main
/// thread; so does a `Future`'s promise handed on to such a method (`issue(verb, promise: promise)`).
enum CallbackParameterQueues {
    /// How many methods deep a closure (or a promise) handed on is followed.
    static let maximumLevels = 2

    /// Whether closure `c`, an argument of the call `call` of `tree`, runs off the main thread at every
    /// call of it that the project methods the call may run make (and they make one).
    static func closureRunsOffMain(_ c: Int, call: SyntaxTree.CallReference, in tree: SyntaxTree, index: ProjectIndex,
                                   memo: ProjectMemo?, levels: Int) -> Bool {
        let element = tree.chains[call.chain].elements[call.element]
        let position = element.arguments.firstIndex { $0.closure == c }
            ?? element.trailingClosures.firstIndex { $0.closure == c }.map { element.arguments.count + $0 }
        guard let position else { return false }
        return argumentRunsOffMain(position: position, call: call, in: tree, index: index, memo: memo, levels: levels)
    }

    /// Whether the value passed whole at token `token` (`promise` in `issue(verb, promise: promise)`) is
    /// called only off the main thread by the project methods it is handed to.
    static func argumentRunsOffMain(at token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo?, levels: Int) -> Bool {
        guard let open = tree.openParen(ofWholeArgument: token), let call = tree.call(openedAt: open) else { return false }
        let element = tree.chains[call.chain].elements[call.element]
        guard let position = element.arguments.firstIndex(where: { $0.value.lowerBound == token && $0.value.upperBound == token }) else { return false }
        return argumentRunsOffMain(position: position, call: call, in: tree, index: index, memo: memo, levels: levels)
    }

    /// Whether argument `position` of the call (trailing closures counted after the arguments in
    /// parentheses) is called only off the main thread by every project method the call may run.
    private static func argumentRunsOffMain(position: Int, call: SyntaxTree.CallReference, in tree: SyntaxTree, index: ProjectIndex,
                                            memo: ProjectMemo?, levels: Int) -> Bool {
        guard levels > 0 else { return false }
        let chain = tree.chains[call.chain]
        let element = chain.elements[call.element]
        guard element.isCall, !Catalogue.isPipelineOperator(element) else { return false }
        let labels = element.argumentLabels
        // The methods of the name the labels fit, grouped by declaring type once per name and labels:
        // each receiver type then takes its own group (every feature may declare its own `send(_:completion:)`).
        let makeCandidates = { () -> ProjectFunctionCalls.Candidates in
            let fitting = index.functions[element.name].filter { reference in
                let function = index.trees[reference.tree].functions[reference.item]
                return function.kind == .function && function.bodyOpen != nil && function.accepts(argumentLabels: labels)
                    && !TestCaseCode.isTestOrDouble(function.nameToken, of: index.trees[reference.tree], index: index)
            }
            return ProjectFunctionCalls.Candidates(grouping: fitting, index: index)
        }
        let candidates = memo.map { $0.value(for: "callback-candidates \(element.name) \(labels)", makeCandidates) } ?? makeCandidates()
        var methods = candidates.functions
        // `gateway.send(…)` with `let gateway: GatewayClient`: that type's methods (its ancestors', its conformers').
        if let receiver = TypeResolver.ownerTypeThroughProperties(ofElement: call.element, in: chain, tree: tree, index: index)?.lastNameComponent {
            let owned = candidates.declared(byTypesRelatedTo: receiver, index: index)
            if !owned.isEmpty { methods = owned }
        } else if ProjectFunctionCalls.isMadeOnFrameworkType(at: call.element, of: chain, index: index) {
            return false
        }
        guard !methods.isEmpty else { return false }
        return methods.allSatisfy { reference in
            let declaring = index.trees[reference.tree]
            let function = declaring.functions[reference.item]
            guard let p = function.parameterIndex(receivingArgumentAt: position, labels: labels),
                  function.parameters[p].typeText.contains("->") else { return false }
            return parameterRunsOffMain(function.parameters[p].name, of: function, in: declaring, index: index, memo: memo, levels: levels)
        }
    }

    /// Whether every use of closure parameter `name` in `function`'s body calls it off the main thread
    /// (`completion(…)`, `completion?(…)`) or hands it whole to another project method that does, and
    /// there is at least one call. Any other use (stored, returned) leaves where it runs unknown.
    private static func parameterRunsOffMain(_ name: String, of function: FunctionDecl, in tree: SyntaxTree, index: ProjectIndex,
                                             memo: ProjectMemo?, levels: Int) -> Bool {
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return false }
        var calls = 0
        for k in (open + 1)..<close where tree.tokens[k].kind == .identifier && tree.name(k) == name {
            guard tree.tokens[k - 1].kind != .period, tree.tokens[k + 1].kind != .colon,
                  SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree) == nil else { continue }
            let next = tree.tokens[k + 1].kind
            let isCall = next == .leftParen || (next == .questionMark && k + 2 < close && tree.tokens[k + 2].kind == .leftParen)
            if isCall {
                guard BackgroundNotifications.runsOffMain(k, in: tree, index: index, callbackLevels: levels - 1, memo: memo) else { return false }
                calls += 1
            } else if argumentRunsOffMain(at: k, in: tree, index: index, memo: memo, levels: levels - 1) {
                calls += 1
            } else {
                return false
            }
        }
        return calls > 0
    }
}
