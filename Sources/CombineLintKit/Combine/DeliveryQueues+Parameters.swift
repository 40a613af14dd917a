/// Pipelines from what the callers hand in: a parameter of the enclosing function (`bind(events:)`,
/// `init(progress:)`), or a stored property the type's initializers set from one
/// (`self.flowReadings = flowReadings`). They deliver where what every caller passes delivers.
extension DeliveryQueues {
    /// Off the main thread when every call outside tests passes a pipeline that delivers off it
    /// (`runner.events`, `socket.frames`, both sent into on a background queue), with the first
    /// caller's reason; nil when there is no such call or one passes anything else.
    func parameterDelivery(of chain: Chain, before sourceEnd: Int) -> Delivery? {
        guard parameterLevels > 0, let f = tree.enclosingFunction(of: chain.first) else { return nil }
        let elements = chain.elements
        let viaSelf = sourceEnd == 2 && Catalogue.selfAliases.contains(elements[0].name)
        guard sourceEnd == 1 || viaSelf, case let source = elements[sourceEnd - 1], !source.isCall, source.subscripts.isEmpty,
              viaSelf || source.kind == .root else { return nil }
        let name = source.name
        // `$field` is a property's own publisher, never a parameter's.
        guard !name.hasPrefix("$") else { return nil }
        var given: [(function: Int, parameter: Int)] = []
        if !viaSelf, let p = tree.functions[f].parameters.firstIndex(where: { $0.name == name }),
           SubscriptionFinder.localVariable(named: name, visibleAt: chain.first, in: tree) == nil {
            given = [(f, p)]
        } else if viaSelf || (SubscriptionFinder.localVariable(named: name, visibleAt: chain.first, in: tree) == nil
                              && !SubscriptionFinder.isParameter(named: name, visibleAt: chain.first, in: tree)),
                  let t = tree.enclosingType(of: chain.first),
                  let property = index.property(name, ofType: tree.types[t].name.lastNameComponent),
                  property.initializerText.isEmpty, !property.isComputed, !property.isStatic {
            // `self.flowReadings = flowReadings` in each initializer.
            for start in InitializerAssignments.valueStarts(of: name, inType: t, in: tree) {
                guard tree.tokens[start].kind == .identifier, tree.statementStarts[start + 1] || tree.tokens[start + 1].kind == .rightBrace,
                      let initializer = tree.enclosingFunction(of: start), tree.functions[initializer].kind == .initializer,
                      let p = tree.functions[initializer].parameters.firstIndex(where: { $0.name == tree.name(start) }) else { return nil }
                given.append((initializer, p))
            }
        }
        guard !given.isEmpty else { return nil }
        let compute = { () -> Delivery in
            var reasons: [String] = []
            for (function, p) in given {
                for delivery in self.callerDeliveries(ofParameter: p, of: function) {
                    guard case .background(let reason) = delivery else { return .unknown }
                    reasons.append(reason)
                }
            }
            guard let first = reasons.first else { return .unknown }
            return .background(reason: "\(first), what the callers pass as `\(name)`")
        }
        let result: Delivery
        if let memo {
            let key = "parameter-delivery \(tree.file.path) \(given.map { "\($0.function):\($0.parameter)" }) \(parameterLevels) \(subjectLevels) \(followsNotifications)"
            result = memo.value(for: key, compute)
        } else {
            result = compute()
        }
        if case .background = result { return result }
        return nil
    }

    /// What each call of function `f` of this tree outside tests passes for its parameter `p`
    /// delivers: the calls of its name and selector, or for an initializer the constructions of its
    /// type. A value that is no whole pipeline (`x ?? y`) is unknown.
    private func callerDeliveries(ofParameter p: Int, of f: Int) -> [Delivery] {
        let function = tree.functions[f]
        let isInitializer = function.kind == .initializer
        guard let name = isInitializer ? tree.functions[f].enclosingType.map({ tree.types[$0].name.lastNameComponent }) : function.name else { return [] }
        var deliveries: [Delivery] = []
        for reference in index.chainElements[name] {
            let callTree = index.trees[reference.tree]
            let element = callTree.chains[reference.chain].elements[reference.element]
            // Tests and previews stand in for the app's callers (`static let session = ScanSession(progress: feed…)` of a preview).
            guard element.isCall, isInitializer || MethodCallGraph.selector(of: element) == function.selectorName,
                  !TestCaseCode.isTestOrDouble(element.nameToken, of: callTree, index: index),
                  memo.map({ !PreviewCode.contains(element.nameToken, inTree: reference.tree, index: index, memo: $0) }) ?? true,
                  let argument = element.argument(forParameter: p, of: function) else { continue }
            var value: Chain?
            if let c = callTree.chain(spanning: argument.value) {
                value = callTree.chains[c]
            } else {
                // `let irradiance = socket.frames.temperatures.map { … }.eraseToAnyPublisher()`, then `Model(irradiance: irradiance)`.
                value = SubscriptionFinder.localValueChain(namedBy: argument.value, in: callTree)
            }
            guard let value else {
                deliveries.append(.unknown)
                continue
            }
            var caller = reading(callTree)
            caller.parameterLevels -= 1
            deliveries.append(caller.delivery(of: value, before: value.elements.count))
        }
        return deliveries
    }
}
