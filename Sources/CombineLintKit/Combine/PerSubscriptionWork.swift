/// Publishers that do their work again for each subscriber ("cold"): `dataTaskPublisher(for:)`
/// sends one request per subscription, `Deferred { … }` runs its closure per subscription (a
/// `Future` made inside it too), and so does a call of one of the project's functions that returns
/// such a publisher on one of its paths (every `return` being a publisher chain), or a chain with a
/// `flatMap` (or `catch`) whose closure makes such publishers (each subscription makes its own), or a
/// combining one (`Publishers.MergeMany`, `zip`) with such an input. Operators keep that (`map`, `decode`, `retry`), except the ones
/// that share one upstream subscription (`share()`, `multicast`, `makeConnectable()`). A `Future`
/// made once is not: it ran at creation and replays its one result. Subjects and `$property` are
/// hot: subscribers share them.
public struct PerSubscriptionWork: Sendable {
    public let index: ProjectIndex
    public let memo: ProjectMemo
    private static let maximumDepth = 6

    public init(index: ProjectIndex, memo: ProjectMemo) {
        self.index = index
        self.memo = memo
    }

    /// What `chain` of `tree` (all of it) starts per subscription, described for a message
    /// (``a `dataTaskPublisher` request``), or `nil` when it is not known to do work per subscriber.
    public func work(of chain: Chain, in tree: SyntaxTree) -> String? {
        work(of: chain, in: tree, depth: 0)
    }

    private func work(of chain: Chain, in tree: SyntaxTree, depth: Int) -> String? {
        guard depth < PerSubscriptionWork.maximumDepth, !chain.elements.isEmpty else { return nil }
        let elements = chain.elements
        if elements.contains(where: { Catalogue.sharingOperators.contains($0.name) && $0.kind == .member }) { return nil }
        let root = elements[0]
        // `Deferred { … }` or `Combine.Deferred { … }`.
        if root.name == "Deferred" || (root.name == "Combine" && elements.count > 1 && elements[1].name == "Deferred"),
           !(root.name == "Deferred" ? root.closures : elements[1].closures).isEmpty { return "`Deferred` publisher" }
        for element in elements where element.kind == .member && element.isCall && Catalogue.perSubscriptionSourceCalls.contains(element.name) {
            return "`\(element.name)` request"
        }
        // The source is the last element before the first operator.
        let firstOperator = Catalogue.firstPipelineOperator(in: elements, before: elements.count)
        // `flatMap { request(…) }`: each subscription makes its own inner publishers, whatever the
        // upstream is (a token that every subscriber receives, a subject); so does `catch { _ in remote }`
        // for each subscription that fails (a cached `Future` replays its failure to every subscriber).
        // The project's own flattening operators (`flatMapLatest`) too, which the catalogue does not
        // take for the pipeline's first operator.
        for element in elements.dropFirst() where element.kind == .member && element.isCall && makesInnerPublishers(element.name) {
            if let inner = innerWork(of: element, in: tree, depth: depth) { return inner }
        }
        // `Publishers.MergeMany(serials.map { api.lookup(serial: $0) })`, `request.zip(other)`: each
        // subscription subscribes to every input, and an input that does work does it again.
        for element in elements where element.isCall && Catalogue.inputSubscribingCombiners.contains(element.name) {
            if let inner = combinedInputWork(of: element, in: tree, depth: depth) { return inner }
        }
        if firstOperator == 1, root.kind == .root, !root.isCall, let local = FinitePublishers.localPublisher(named: root, in: tree) {
            return work(of: local, in: tree, depth: depth + 1)
        }
        // `perform(request).decodeJSON(Account.self)`: the project's own operators that go on from
        // their publisher without sharing it keep its work; the source is before them.
        var sourceEnd = firstOperator
        while sourceEnd >= 2, elements[sourceEnd - 1].kind == .member, elements[sourceEnd - 1].isCall,
              passesWorkOn(elements[sourceEnd - 1].name) {
            sourceEnd -= 1
        }
        let source = elements[sourceEnd - 1]
        guard source.isCall, source.closures.isEmpty || source.kind == .member, source.name.first?.isLowercase == true,
              source.kind == .member || sourceEnd == 1 else { return nil }
        // `forecast(for: id)` with no receiver runs the method of the type around it (or of its relatives).
        let caller = source.kind == .root ? tree.enclosingType(of: source.nameToken).map { tree.types[$0].name.lastNameComponent } : nil
        return functionWork(source, callerType: caller, in: tree, depth: depth)
    }

    /// Whether the closure of the operator `name` makes a publisher for each subscription that reaches
    /// it: `flatMap`, `catch`, or one of the project's flattening operators.
    private func makesInnerPublishers(_ name: String) -> Bool {
        Catalogue.publisherMakingClosureOperators.contains(name) || ProjectFlatteningOperators.flattens(name, index: index, memo: memo)
    }

    /// Whether `name` is an operator of the project's own (a publisher-extension method) whose every
    /// declaration goes on from the publisher it is called on and shares no subscription.
    private func passesWorkOn(_ name: String) -> Bool {
        PublisherExtensions.everyMethod(named: name, index: index) { elements in
            !elements.contains { Catalogue.sharingOperators.contains($0.name) }
        }
    }

    /// The work of the publishers a `flatMap`'s (or `catch`'s) closure returns, when one of them does work per
    /// subscription and the others are such work or guard exits (`Fail`, `Empty`).
    private func innerWork(of element: ChainElement, in tree: SyntaxTree, depth: Int) -> String? {
        var described: String? = nil
        for c in element.closures {
            var returned = tree.chainsReturned(byClosure: c)
            // `catch { _ in remote }`: a bare local (which forms no chain) stands for its initializer.
            let closure = tree.closures[c]
            if returned.isEmpty, closure.bodyStart + 1 == closure.close, tree.tokens[closure.bodyStart].kind == .identifier,
               let local = FinitePublishers.localInitializerChain(named: tree.name(closure.bodyStart), visibleAt: closure.bodyStart, in: tree) {
                returned = [tree.chains[local]]
            }
            for inner in returned {
                if let work = work(of: inner, in: tree, depth: depth + 1) {
                    described = described ?? work
                } else if !finishesAtOnce(inner) {
                    return nil
                }
            }
        }
        return described
    }

    /// The work of an input of a combining operator or publisher: an argument that is such a
    /// publisher, or for `MergeMany` an array of them (`serials.map { api.lookup(serial: $0) }`).
    private func combinedInputWork(of element: ChainElement, in tree: SyntaxTree, depth: Int) -> String? {
        for argument in element.arguments where argument.closure == nil {
            guard let c = tree.chain(spanning: argument.value) else { continue }
            let input = tree.chains[c]
            if element.name == Catalogue.mergeManyName, let last = input.elements.last, last.name == "map", last.isCall, input.elements.count > 1 {
                if let work = innerWork(of: last, in: tree, depth: depth) { return work }
                continue
            }
            if let work = work(of: input, in: tree, depth: depth + 1) { return work }
        }
        return nil
    }

    /// `Fail(error: e)` or `Empty()`, with only type-changing operators after them: a guard's exit
    /// that answers during the subscription, costing nothing when subscribed again. (`Just(cached)`
    /// is a path of its own, a cache hit, where subscribing again may be what the code means.)
    private func finishesAtOnce(_ chain: Chain) -> Bool {
        guard ["Fail", "Empty"].contains(chain.root.name), chain.root.isCall else { return false }
        return chain.elements.dropFirst().allSatisfy { ["eraseToAnyPublisher", "setFailureType", "mapError"].contains($0.name) }
    }

    /// Whether the project's functions that `call` may run all return publishers doing work per
    /// subscription (remembered per selector, and calling type, for the run). A call with no
    /// receiver made in `callerType` runs that type's own method when it or a relative declares one,
    /// not a preview stand-in's of the same selector.
    /// A forwarder (`func snapshots(volumeID:) { api.snapshots(volumeID: volumeID) }`, a store handing
    /// on its client's request) calls another object's method of its own selector, not itself.
    private func functionWork(_ call: ChainElement, callerType: String?, in tree: SyntaxTree, depth: Int) -> String? {
        let selector = MethodCallGraph.selector(of: call)
        let index = self.index
        var forwarder: DeclarationReference? = nil
        if call.kind == .member, let f = tree.enclosingFunction(of: call.nameToken), tree.functions[f].selectorName == selector,
           let t = index.treeIndexByPath[tree.file.path] {
            forwarder = DeclarationReference(tree: t, item: f)
        }
        let key = "per-subscription-work \(selector) \(callerType ?? "") \(depth)" + (forwarder.map { " \($0.tree):\($0.item)" } ?? "")
        let answer = memo.value(for: key) { () -> String in
            let named = ProjectFunctionCalls.declarations(runBy: call, matching: .selectorElseName, requireBody: true, publisherResults: true, index: index)
                .filter { $0 != forwarder }
            let own = callerType.map { ProjectFunctionCalls.Candidates(grouping: named, index: index).declared(byTypesRelatedTo: $0, index: index) } ?? []
            // Test doubles and preview stand-ins among them answer in tests and the canvas only.
            let candidates = TestCaseCode.preferringApp(own.isEmpty ? named : own, index: index)
            var described: String? = nil
            for candidate in candidates {
                guard let work = self.returnedWork(function: candidate.item, in: index.trees[candidate.tree], depth: depth) else { return "" }
                described = described ?? work
            }
            return described ?? ""
        }
        return answer.isEmpty ? nil : answer
    }

    /// The work of function `f`, when every `return` of its body is a publisher chain and one of them
    /// does work per subscription: on that path (`guard let provider else { return api.send(…) }`)
    /// a second subscription runs the work again, whatever the other paths return (a `Future`, a
    /// cached `Just`).
    private func returnedWork(function f: Int, in tree: SyntaxTree, depth: Int) -> String? {
        let function = tree.functions[f]
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return nil }
        var described: String? = nil
        var returns = 0
        for k in tree.chainIndices(in: open...close) {
            let chain = tree.chains[k]
            guard chain.isReturned, tree.innermostClosure(of: chain.first) == nil, tree.enclosingFunction(of: chain.first) == f else { continue }
            returns += 1
            if let work = work(of: chain, in: tree, depth: depth + 1) { described = described ?? work }
        }
        // Every `return` of the function must be one of those chains.
        var statements = 0
        for k in open...close where tree.isWord(k, "return") && tree.innermostClosure(of: k) == nil && tree.enclosingFunction(of: k) == f {
            statements += 1
        }
        return returns > 0 && returns >= statements ? described : nil
    }
}
