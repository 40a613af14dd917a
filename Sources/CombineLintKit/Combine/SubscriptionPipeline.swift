/// The code a subscription keeps alive while it lives: the subscribed chain up to its subscriber,
/// the publishers built in locals that it reads (`let changes = $query.map { … }` then
/// `changes.sink { … }`), and closures held in locals and passed to its operators.
public struct SubscriptionPipeline: Sendable {
    /// Token ranges that make up the pipeline, the subscribed chain first.
    public var ranges: [ClosedRange<Int>]
    /// Closures the subscription keeps (the outermost ones of each range), in source order.
    public var closures: [Int]
    /// Arguments that hand a function value rather than a closure literal to an operator that
    /// calls it for each event (`.sink(receiveValue: handle)`, `.map(self.parse)`): value token ranges.
    public var functionArguments: [ClosedRange<Int>]

    /// The pipeline of the subscription whose subscriber is element `subscriber` of chain `chain`.
    public init(chain c: Int, subscriber: Int, lookup: TreeLookup) {
        let tree = lookup.tree
        let chain = tree.chains[c]
        var ranges: [ClosedRange<Int>] = [chain.first...chain.elements[subscriber].lastToken]
        var closures: [Int] = []
        var functionArguments: [ClosedRange<Int>] = []
        var followed = Set<Int>()
        var r = 0
        while r < ranges.count, r < 32 {
            let range = ranges[r]
            r += 1
            var excluded = Set<Int>()
            let parts = lookup.outerChains(in: range)
            // `Publishers.MergeMany(images.map { self.upload($0) })`: the one argument is a collection
            // of publishers, and the closure (or function) its `map` is given runs at once, while
            // the argument is made: the subscription does not keep it.
            let collections = parts.flatMap { SubscriptionPipeline.publisherCollectionArguments(of: tree.chains[$0]) }
            for p in parts {
                let part = tree.chains[p]
                if collections.contains(where: { $0.contains(part.first) }) {
                    for element in part.elements { excluded.formUnion(element.closures) }
                    continue
                }
                // `items.filter { … }.publisher`: the closures before `.publisher` run on a collection, once.
                let sequenceEnd = part.elements.firstIndex { $0.name == "publisher" && !$0.isCall && $0.kind == .member } ?? 0
                for (e, element) in part.elements.enumerated() {
                    // Future runs its closure at once and does not keep it.
                    if e < sequenceEnd || (e == 0 && element.name == "Future") { excluded.formUnion(element.closures) }
                    // The root names a local publisher (not a collection read through `.publisher`).
                    if e == 0, sequenceEnd == 0, part.elements.count > 1,
                       let v = SubscriptionPipeline.local(named: element, at: element.nameToken, lookup), followed.insert(v).inserted,
                       let initializer = tree.variables[v].initializer {
                        ranges.append(initializer)
                    }
                    for (a, argument) in element.arguments.enumerated() where argument.closure == nil {
                        let takesFunction = SubscriptionPipeline.takesFunction(element, argument: a)
                        if takesFunction { functionArguments.append(argument.value) }
                        // A local passed as a publisher to combine, or as the function of an operator.
                        // `let streams = spots.map { self.readings(for: $0.id) }`, then `Publishers.MergeMany(streams)`:
                        // a collection of publishers, made at once, as when written in the call.
                        guard argument.value.count == 1, !collections.contains(argument.value),
                              let v = SubscriptionPipeline.local(at: argument.value.lowerBound, lookup),
                              let initializer = tree.variables[v].initializer else { continue }
                        let isClosureLiteral = tree.tokens[initializer.lowerBound].kind == .leftBrace
                            && Int(tree.matching[initializer.lowerBound]) == initializer.upperBound
                        if (isClosureLiteral && takesFunction) || Catalogue.combiningOperators.contains(element.name),
                           followed.insert(v).inserted {
                            ranges.append(initializer)
                        }
                    }
                }
            }
            for k in lookup.outerClosures(in: range) where !excluded.contains(k) { closures.append(k) }
        }
        self.ranges = ranges
        self.closures = closures
        self.functionArguments = functionArguments
    }

    /// The argument of a `Publishers.MergeMany(…)` given one collection of publishers (a single
    /// unlabelled argument: nobody merges one publisher with nothing), as token ranges.
    static func publisherCollectionArguments(of chain: Chain) -> [ClosedRange<Int>] {
        chain.elements.compactMap { element in
            guard element.name == Catalogue.mergeManyName, element.isCall, element.arguments.count == 1,
                  element.arguments[0].label == nil, element.arguments[0].closure == nil else { return nil }
            return element.arguments[0].value
        }
    }

    /// Whether argument `a` of `element` hands over a function that runs for each event.
    static func takesFunction(_ element: ChainElement, argument a: Int) -> Bool {
        let argument = element.arguments[a]
        guard let label = argument.label else {
            if Catalogue.accumulatingOperators.contains(element.name) { return a == 1 }
            return Catalogue.unlabelledFunctionOperators.contains(element.name)
        }
        return Catalogue.functionArgumentLabels.contains(label) && (Catalogue.pipelineOperators.contains(element.name))
    }

    /// The local variable named by identifier token `token` (not a member access), if any.
    static func local(at token: Int, _ lookup: TreeLookup) -> Int? {
        let tree = lookup.tree
        guard tree.tokens[token].kind == .identifier, token == 0 || tree.tokens[token - 1].kind != .period else { return nil }
        return lookup.localVariable(named: tree.name(token), visibleAt: token)
    }

    static func local(named element: ChainElement, at token: Int, _ lookup: TreeLookup) -> Int? {
        guard element.kind == .root else { return nil }
        return local(at: token, lookup)
    }
}
