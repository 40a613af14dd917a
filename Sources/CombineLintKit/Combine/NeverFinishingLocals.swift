/// A pipeline that goes on from a local (`let query = Publishers.CombineLatest(input.search,
/// input.category)`, then `query.debounce(…).flatMap { … }`) starts where the local's value starts:
/// it never finishes when that value never does.
extension NeverFinishingSources {
    /// Whether chain elements `0..<end` start from a never-finishing publisher, directly
    /// (`evidence`) or through the value of the local the chain starts from, followed a few locals deep.
    static func startsNeverFinishing(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex,
                                     extraNames: Set<String>, depth: Int = 0) -> Bool {
        if evidence(in: chain, before: end, tree: tree, index: index, extraNames: extraNames) != nil { return true }
        if depth < 3, operatorKeepsAlive(chain, before: end, tree: tree, index: index, extraNames: extraNames, depth: depth) { return true }
        // The local must be the publisher the chain goes on from (`query.debounce(…)`), not a
        // receiver of some member (`query.count`).
        guard depth < 3, end >= 1, chain.elements.count > 1, let root = chain.elements.first, root.kind == .root, !root.isCall,
              isOperatorLike(chain.elements[1]),
              let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree),
              let value = tree.valueChain(ofVariable: v),
              // `let once = $state.first()`: a value limit in the local's value makes it finish.
              !limitsValues(value)
        else { return false }
        return startsNeverFinishing(value, before: value.elements.count, tree: tree, index: index, extraNames: extraNames, depth: depth + 1)
    }

    /// Whether `chain` goes on from a local that holds a never-finishing publisher, judged one local
    /// deep without following properties or function bodies (so a function's own returns never
    /// lead back to it): `let subject = CurrentValueSubject<Int?, Never>(nil)` then
    /// `return subject.eraseToAnyPublisher()`, or `if let s = subjects[id] { return s.eraseToAnyPublisher() }`.
    static func startsFromNeverFinishingLocal(_ chain: Chain, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let root = chain.elements.first, root.kind == .root, !root.isCall, root.subscripts.isEmpty,
              chain.elements.count == 1 || isOperatorLike(chain.elements[1]) else { return false }
        return localHoldsNeverFinishing(named: root.name, at: root.nameToken, tree: tree, index: index)
    }

    /// Whether the local (or condition binding) `name` seen at token `token` holds a never-finishing
    /// publisher, judged as `startsFromNeverFinishingLocal` judges it: also a bare name handed to
    /// `merge(with: polled)` with `let polled = Timer.publish(every: 20, …).autoconnect()`.
    static func localHoldsNeverFinishing(named name: String, at token: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let initializer: ClosedRange<Int>?
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            if ProjectIndex.namesSubject(tree.variables[v].typeText) { return true }
            initializer = tree.variables[v].initializer
            // `let subject = queue.sync { () -> CurrentValueSubject<…> in … }`: the closure's result, as its signature names it.
            if let initializer, let type = closureResultType(of: initializer, in: tree), ProjectIndex.namesSubject(type) { return true }
        } else {
            // A condition binding makes no variable of the tree: `if let s = subjects[id] { return s… }`.
            initializer = tree.nearestBindingInFunction(of: name, before: token)?.value
        }
        guard let initializer, let value = tree.chain(startingAt: initializer.lowerBound).map({ tree.chains[$0] }),
              let first = value.elements.first, !limitsValues(value)
        else { return false }
        // A subject made right here finishes only if someone completes it, which a returned, erased one hides.
        if first.isCall, value.elements.count == 1, Catalogue.subjectTypes.contains(first.name) { return true }
        return evidence(in: value, before: value.elements.count, tree: tree, index: index, extraNames: [],
                        throughProperties: false, throughBodies: false) != nil
    }

    /// The result type that the closure of a call giving back its closure's value declares, when that
    /// call is the whole initializer (`queue.sync { () -> CurrentValueSubject<Int, Never> in … }`).
    private static func closureResultType(of initializer: ClosedRange<Int>, in tree: SyntaxTree) -> String? {
        guard let c = tree.chain(startingAt: initializer.lowerBound), case let chain = tree.chains[c], chain.last == initializer.upperBound,
              let call = chain.elements.last, call.isCall, Catalogue.closureResultCalls.contains(call.name),
              let closure = call.closures.last else { return nil }
        return tree.declaredResultType(ofClosure: closure)
    }

    /// An operator that keeps the pipeline alive with publishers of its own, whatever its source
    /// gives (no value limit after it): a flattening operator whose closure returns only publishers
    /// that never finish (`Just(userID).flatMap { id in socket.messages(for: id) }`: `flatMap` finishes
    /// only when every inner one does), or a merge or `combineLatest` with an input that never
    /// finishes (`stream.combineLatest(Timer.publish(every: 60, …).autoconnect())`, `.merge(with: $edits)`:
    /// they finish only when every input does; `zip` ends with its shortest input).
    private static func operatorKeepsAlive(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex,
                                           extraNames: Set<String>, depth: Int) -> Bool {
        let last = min(end, chain.elements.count)
        guard last > 1 else { return false }
        let never = { (inner: Chain) in
            !limitsValues(inner)
                && startsNeverFinishing(inner, before: inner.elements.count, tree: tree, index: index, extraNames: extraNames, depth: depth + 1)
        }
        for e in 1..<last {
            let element = chain.elements[e]
            guard element.isCall, !chain.elements[e..<last].contains(where: FinitePublishers.limitsValues) else { continue }
            if Catalogue.flatteningOperators.contains(element.name), let c = element.closures.last {
                let returned = tree.chainsReturned(byClosure: c)
                if !returned.isEmpty, returned.allSatisfy(never) { return true }
            } else if Catalogue.combinersLivingAsLongAsAnyInput.contains(element.name) {
                for argument in inputsKeptRunning(by: element) {
                    guard let c = tree.chain(startingAt: argument.value.lowerBound) else {
                        // A bare name (`$edits`, `events`) is no chain of its own.
                        if startsNeverFinishing(argument.value, tree: tree, index: index, extraNames: extraNames) { return true }
                        continue
                    }
                    if tree.chains[c].last == argument.value.upperBound, never(tree.chains[c]) { return true }
                }
            }
        }
        return false
    }

    /// Whether a local's value has a one-shot or value-limiting operator after its source
    /// (`$state.first()`, `subject.prefix(1)`): it finishes, whatever its source.
    static func limitsValues(_ value: Chain) -> Bool {
        value.elements.dropFirst().contains { $0.isCall && (Catalogue.oneShotOperators.contains($0.name) || Catalogue.valueLimitingOperators.contains($0.name)) }
    }

    /// Whether a value limit (`first()`, `first(where:)`, `prefix(3)`) stands among the operators
    /// before element `end`: the pipeline there finishes after its first values, whatever its source.
    static func isLimited(_ chain: Chain, before end: Int) -> Bool {
        chain.elements.prefix(end).dropFirst().contains(where: FinitePublishers.limitsValues)
    }

    /// Whether `name`, seen at token `token`, is bound by a capture list around it to another
    /// object's property that never finishes (`Task { [weak self, states = feed.state] in for await
    /// state in states.values { … } }`): a member path of plain names whose last one is a
    /// `$projection`, a subject, or a property that hands on a never-finishing publisher. Nil when no
    /// capture list binds the name to an expression.
    static func capturedValueNeverFinishes(named name: String, at token: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool? {
        for c in tree.enclosingClosures(of: token) {
            guard let capture = tree.closures[c].captures.first(where: { $0.name == name }) else { continue }
            // `[feed]` captures the outer name as it is: the outer code decides.
            guard capture.expression != name else { return nil }
            let path = capture.expression.split(separator: ".").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let last = path.last, path.allSatisfy({ part in
                !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            }) else { return false }
            return Catalogue.isProjected(last) || isSubjectProperty(last, index: index)
                || isNeverFinishingProperty(last, index: index) || erasesSubjectOrProjection(last, index: index)
        }
        return nil
    }
}
