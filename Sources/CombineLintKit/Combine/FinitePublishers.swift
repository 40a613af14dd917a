/// Pipelines that finish by themselves: a retain cycle through their subscription ends on its
/// own, because a finished subscription releases its closures.
///
/// A pipeline finishes when its source does and no stage brings in a publisher that may not:
/// - sources: `Just`, `Empty` (unless `completeImmediately: false`), `Fail`, `Result…publisher`,
///   `Record`, a sequence's `.publisher` (`[1, 2].publisher`, `(1...3).publisher`, `podcasts.publisher`
///   of a parameter declared `[Podcast]`; see `SynchronousCompletion.sequencePublisher`),
///   `Publishers.Sequence`, a root named in `extraRoots`; with `oneShot`, also a `Future`, a
///   `Deferred` whose closure returns a finishing publisher, `dataTaskPublisher(for:)`, and a
///   call of one of the project's functions whose every `return` is a finishing pipeline
///   (`provider.save(settings)` returning `Future { … }.eraseToAnyPublisher()`);
/// - a local is followed to its initializer (`let p = Just(1).map { … }`), a `let` declared without
///   one to every value its branches give it, and a stored property set only at its declaration to
///   that value (`private lazy var certificate = Future { … }.eraseToAnyPublisher()`);
/// - `combineLatest`, `merge`, `zip` arguments must finish too (and a publisher `append` or `prepend`
///   is given must not be one known never to finish), and so must every publisher appended
///   to the local array a `Publishers.MergeMany(uploads)` is given; the publisher a `flatMap`, `catch`
///   or `tryCatch` closure (or the `map` before `switchToLatest`) returns must finish too;
/// - `first` and `prefix` end any pipeline after its first values, and `timeout` at its first silence
///   (unless a timer feeds it); a stage after them that brings in another publisher (`merge(with:)`,
///   `flatMap`) must bring in one that finishes.
public struct FinitePublishers: Sendable {
    /// The project, to follow calls of its functions; `nil` to judge the chain alone.
    public let index: ProjectIndex?
    /// Where answers about the project's functions are kept for the run.
    public let memo: ProjectMemo?
    /// Extra root names of publishers that finish at once (a rule option).
    public let extraRoots: Set<String>
    /// Whether sources that answer once, later (`Future`, requests), count as finishing.
    public let oneShot: Bool

    /// Sources taken to finish while a function that hands on its input is judged (see `relay(function:in:depth:)`).
    private var assumedRoots: Set<String> = []
    /// The names of the functions whose `catch` (or `tryCatch`) closure is judged: a call of one of
    /// them there subscribes again after a failure (`retryWithBackoff(retries - 1)`), a retry,
    /// which finishes when an attempt does, as `retry(_:)` does.
    private var retriedFunctions: Set<String> = []

    /// How many locals, closures and functions deep a question is followed.
    private static let maximumDepth = 12

    public init(index: ProjectIndex? = nil, memo: ProjectMemo? = nil, extraRoots: Set<String> = [], oneShot: Bool = false) {
        self.index = index
        self.memo = memo
        self.extraRoots = extraRoots
        self.oneShot = oneShot
    }

    /// Whether `chain` of `tree`, up to (not including) element `end`, is a publisher that finishes.
    public func finishes(_ chain: Chain, before end: Int? = nil, in tree: SyntaxTree) -> Bool {
        finishes(chain, before: end ?? chain.elements.count, in: tree, depth: 0)
    }

    func finishes(_ chain: Chain, before end: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        guard depth < FinitePublishers.maximumDepth, end > 0, !chain.elements.isEmpty else { return false }
        let elements = chain.elements
        // The source is the last element before the first operator: `provider.save(x)` in
        // `provider.save(x).receive(on: q)`.
        // At most `end`: asked about `self.load(url)` up to the call itself, the own method's call is the whole source.
        var firstOperator = min(Catalogue.firstPipelineOperator(in: elements, from: FinitePublishers.callsOwnMethod(chain, in: tree) ? 2 : 1, before: end), end)
        // `pantry.items.filter(\.isStaple).publisher.map(\.name)`: the steps before a collection's
        // `publisher` are the collection's own (`filter`, `map`), not operators; the sequence is the source.
        if firstOperator < end, elements[firstOperator..<end].contains(where: { $0.name == "publisher" && !$0.isCall }),
           let p = SynchronousCompletion.sequencePublisher(chain, in: tree, index: index), p >= firstOperator, p < end {
            firstOperator = p + 1
        }
        // Read in order: a limit (`first()`, `prefix(3)`) ends the pipeline whatever came before it,
        // and a later stage that brings in another publisher (`merge(with:)`, `flatMap`) keeps it
        // finishing only when that publisher finishes too: `$location.first().merge(with:
        // $location.dropFirst())` never finishes.
        var finishing = sourceFinishes(chain, through: firstOperator - 1, in: tree, depth: depth)
        for e in firstOperator..<end {
            let element = elements[e]
            if FinitePublishers.limitsValues(element) {
                finishing = true
            } else if element.name == "timeout", element.isCall, !elements[..<e].contains(where: { $0.name == "publish" && $0.argument("every") != nil }) {
                // `timeout` ends the pipeline at the first silence of its interval, which a source
                // sending now and then (a subject, `$state`) leaves sooner or later; a timer firing
                // more often than that never does.
                finishing = true
            } else if Catalogue.mergingOperators.contains(element.name) {
                for argument in element.arguments where finishing && argument.closure == nil {
                    guard let other = inputPublisher(argument, in: tree),
                          finishes(other, before: other.elements.count, in: tree, depth: depth + 1) else { finishing = false; break }
                }
            } else if Catalogue.concatenatingOperators.contains(element.name), let index {
                // `backlog.publisher.append(entries)`: values are appended once the source is done,
                // a publisher lives on after it; one that never finishes keeps the pipeline open.
                for argument in NeverFinishingSources.inputsKeptRunning(by: element) where finishing
                    && NeverFinishingSources.startsNeverFinishing(argument.value, tree: tree, index: index, extraNames: []) {
                    finishing = false
                }
            } else if Catalogue.publisherMakingClosureOperators.contains(element.name) {
                // `flatMap(vehicles.currentRange(for:))`: the referenced function makes each inner publisher.
                if element.closures.isEmpty, let reference = FinitePublishers.referencedFunction(in: element, of: tree) {
                    finishing = finishing && finishes(reference, before: reference.elements.count, in: tree, depth: depth + 1)
                    continue
                }
                // `flatMap(api.fetchCarDetails)`: a method named without its labels, each of whose
                // functions returns a finishing pipeline of its own (not one made from the value given).
                if element.closures.isEmpty, let index, let reference = FinitePublishers.referencedMethodName(in: element, of: tree, index: index) {
                    let last = reference.elements.count - 1
                    let receiverType = TypeResolver.ownerTypeThroughProperties(ofElement: last, in: reference, tree: tree, index: index)
                    let relay = functionRelay(reference.elements[last], receiverType: receiverType, writtenType: false, unwrapped: true, depth: depth)
                    finishing = finishing && relay.map { $0.finishes && $0.parameters.isEmpty && !$0.receiver } == true
                    continue
                }
                var judge = self
                if element.name == "catch" || element.name == "tryCatch", let f = tree.enclosingFunction(of: element.nameToken) {
                    judge.retriedFunctions.insert(tree.functions[f].name)
                }
                finishing = finishing && !element.closures.isEmpty
                    && element.closures.allSatisfy({ judge.returnsFinishing(closure: $0, in: tree, depth: depth) })
            } else if element.name == "switchToLatest" {
                finishing = finishing && e > 0 && Catalogue.mappers.contains(elements[e - 1].name) && !elements[e - 1].closures.isEmpty
                    && elements[e - 1].closures.allSatisfy({ returnsFinishing(closure: $0, in: tree, depth: depth) })
            }
        }
        return finishing
    }

    /// `self.decode(data)` in a view model: `self` is no publisher there, so a method of the type named
    /// like an operator (`decode`, `filter`) is the pipeline's source, a call of the project's function,
    /// not an operator applied to `self`. In a publisher type or an extension of one, it is the operator.
    static func callsOwnMethod(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        let elements = chain.elements
        guard elements.count > 1, elements[0].kind == .root, elements[0].name == "self", !elements[0].isCall,
              elements[1].isCall, let t = tree.enclosingType(of: chain.first) else { return false }
        let type = tree.types[t]
        let namesPublisher = { (name: String) in
            let simple = ProjectIndex.stripGenerics(name).lastNameComponent
            return Catalogue.namesPublisherType(simple) || simple.hasSuffix("Subject")
        }
        return !namesPublisher(type.name) && !type.inheritance.contains(where: namesPublisher)
    }

    /// The function an operator is handed by its compound name (`flatMap(vehicles.currentRange(for:))`,
    /// `catch(self.fallback(_:))`), as a chain whose last element is that name: judged as a call of it.
    static func referencedFunction(in element: ChainElement, of tree: SyntaxTree) -> Chain? {
        guard element.isCall, element.arguments.count == 1, case let argument = element.arguments[0], argument.label == nil,
              argument.closure == nil, let c = tree.chain(startingAt: argument.value.lowerBound), case let chain = tree.chains[c],
              chain.last == argument.value.upperBound, chain.elements.last?.isCall == true,
              tree.compoundNameLabelsOpen(closingAt: chain.last) != nil else { return nil }
        return chain
    }

    /// The method an operator is handed by its bare name (`flatMap(api.fetchCarDetails)`), as a chain
    /// of names ending in it, when the project declares a function of that name and no property of it.
    static func referencedMethodName(in element: ChainElement, of tree: SyntaxTree, index: ProjectIndex) -> Chain? {
        guard element.isCall, element.arguments.count == 1, case let argument = element.arguments[0], argument.label == nil,
              argument.closure == nil, let c = tree.chain(startingAt: argument.value.lowerBound), case let chain = tree.chains[c],
              chain.last == argument.value.upperBound, chain.elements.allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              let name = chain.elements.last?.name, !index.functions[name].isEmpty, index.properties(named: name).isEmpty else { return nil }
        return chain
    }

    /// `first()`, `first(where:)`, `prefix(3)`; not `prefix(while:)` or `prefix(untilOutputFrom:)`,
    /// which wait for a condition or another publisher.
    static func limitsValues(_ element: ChainElement) -> Bool {
        guard Catalogue.valueLimitingOperators.contains(element.name), element.isCall else { return false }
        return element.name == "first" || (element.arguments.count == 1 && element.arguments[0].label == nil)
    }

    /// Whether the source `elements[0...last]` of `chain` finishes.
    private func sourceFinishes(_ chain: Chain, through last: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        let elements = chain.elements
        let root = elements[0]
        switch root.kind {
        case .literal:
            // `[1, 2, 3].publisher`, `(1...3).publisher`, `"abc".publisher`.
            if elements.count > 1, elements[1].name == "publisher", !elements[1].isCall { return true }
            // `(api.request(.trips) as AnyPublisher<[Trip], APIError>)`, `(ready ? Just(a) : Just(b))`:
            // the publisher the parentheses hold.
            if last == 0, tree.tokens[root.nameToken].kind == .leftParen, let inner = FinitePublishers.parenthesisedValue(root, in: tree) {
                if let operands = FinitePublishers.alternatives(in: inner, of: tree) { return alternativesFinish(operands, in: tree, depth: depth) }
                guard let c = tree.chain(spanning: inner) else { return false }
                return finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree, depth: depth + 1)
            }
            // `(self.api ?? APIClient()).fetchDays(in: range)`: a call on a value the parentheses make,
            // judged as a call on a receiver of unknown type (every project function of the selector).
            guard last >= 1, tree.tokens[root.nameToken].kind == .leftParen else { return false }
        case .root, .member:
            break
        }
        // `func refreshAll(_ podcasts: [Podcast])` then `podcasts.publisher.flatMap { … }`: a sequence
        // declared as a collection gives its elements and finishes.
        if last > 0, SynchronousCompletion.sequencePublisher(chain, in: tree, index: index) == last { return true }
        // Inside a function that hands on its input: the parameter, or the receiver (`self`, or an
        // operator called on it implicitly), is taken to finish; the caller's input decides.
        if last == 0, root.kind == .root, !assumedRoots.isEmpty {
            if !root.isCall, assumedRoots.contains(root.name) { return true }
            if assumedRoots.contains(FinitePublishers.receiverRoot), root.name == "self" || (root.isCall && FinitePublishers.passesValuesOn(root)) {
                return true
            }
        }
        if Catalogue.finiteRoots.contains(root.name) || extraRoots.contains(root.name) {
            return !(root.name == "Empty" && neverCompletes(root, in: tree))
        }
        if root.name == "Publishers", elements.count > 1, elements[1].name == "Sequence" { return true }
        // `Publishers.CombineLatest(Just(a), Just(b))`, `Publishers.Merge(…)`, `Publishers.Zip(…)`: finished when every input is.
        if root.name == "Publishers", last == 1, Catalogue.combiningOperators.contains(elements[1].name), elements[1].isCall {
            let inputs = elements[1].arguments.filter { $0.closure == nil }
            return !inputs.isEmpty && inputs.allSatisfy { argument in
                // `Publishers.MergeMany(uploads)`: every publisher appended to the local array.
                if elements[1].name == "MergeMany", inputPublisher(argument, in: tree) == nil,
                   let appended = FinitePublishers.publishersAppended(toLocalArray: argument, in: tree) {
                    return !appended.isEmpty && appended.allSatisfy { finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }
                }
                // `Publishers.MergeMany(loads)` with `let loads = ids.map { load($0) }`: every element is
                // what the closure returns.
                if elements[1].name == "MergeMany", let closure = FinitePublishers.closureMapping(toLocalArray: argument, in: tree, index: index)
                    ?? FinitePublishers.closureMapping(inline: argument, in: tree, index: index) {
                    return returnsFinishing(closure: closure, in: tree, depth: depth)
                }
                guard let other = inputPublisher(argument, in: tree) else { return false }
                return finishes(other, before: other.elements.count, in: tree, depth: depth + 1)
            }
        }
        // `let refresh = inFlight ?? makeRefresh()`: whichever the local holds must finish.
        if last == 0, let operands = FinitePublishers.localAlternatives(named: root, in: tree) {
            return alternativesFinish(operands, in: tree, depth: depth)
        }
        if last == 0, let local = FinitePublishers.localPublisher(named: root, in: tree) ?? conditionBoundPublisher(named: root, in: tree) {
            return finishes(local, before: local.elements.count, in: tree, depth: depth + 1)
        }
        // `let prepared: AnyPublisher<…>` given its value on each branch: whichever it holds must finish.
        if last == 0, let assigned = FinitePublishers.branchAssignedPublishers(named: root, in: tree) {
            return assigned.allSatisfy { finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }
        }
        // A stored property set once at its declaration hands every subscriber that publisher.
        if let stored = storedPropertyPublisher(chain, through: last, in: tree) {
            return finishes(stored, before: stored.elements.count, in: tree, depth: depth + 1)
        }
        // A constant property set in the initializers: one of the publishers they give it.
        if let assigned = initializerAssignedPublishers(chain, through: last, in: tree) {
            return assigned.allSatisfy { finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }
        }
        // Another object's constant property set in its type's initializers (`row.narratorReady`).
        if let (declaring, assigned) = otherObjectInitializerAssignedPublishers(chain, through: last, in: tree) {
            return assigned.allSatisfy { finishes($0, before: $0.elements.count, in: declaring, depth: depth + 1) }
        }
        // An optional property that holds a publisher for a while: each one the project gives it.
        if let assigned = assignedOptionalPublishers(chain, through: last, in: tree) {
            return allFinish(assigned, depth: depth + 1)
        }
        // A computed property hands each subscriber what its getter returns.
        if let computed = computedPropertyPublishers(chain, through: last, in: tree) {
            return computed.chains.allSatisfy { finishes($0, before: $0.elements.count, in: computed.tree, depth: depth + 1) }
        }
        guard oneShot else { return false }
        if last == 0, root.name == "Future", root.isCall { return true }
        // `forecasts[id]` of a `[String: Future<String, Never>]`, a `let check: Future<Bool, Never>`,
        // `api.homeTiles` of a `lazy var homeTiles: Future<…>`.
        if declaresFuture(chain, through: last, in: tree) { return true }
        if last == 0, root.name == "Deferred", !root.closures.isEmpty {
            return root.closures.allSatisfy { returnsFinishing(closure: $0, in: tree, depth: depth) }
        }
        let source = elements[last]
        guard source.isCall, source.kind == .member || (source.kind == .root && last == 0) else { return false }
        if Catalogue.finishingSourceCalls.contains(source.name) { return true }
        // `cache.license(for: id)?.…` may call a function returning an Optional; without `?` or `!` it cannot.
        // So does `guard let page = model.nextPage() else { … }`: the binding unwraps the whole value.
        let unwrapped = [.questionMark, .exclamationMark].contains(tree.tokens[source.lastToken].kind)
            || (last == elements.count - 1 && tree.conditionBoundName(ofValueAt: chain.first) != nil)
        // `client.get(path)` with `let client: APIClient`: the functions of that type (and of the
        // types it inherits from or that conform to it) are the ones that may run.
        var receiverType = index.flatMap { TypeResolver.ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: $0) }
        var writtenType = false
        // `NotificationCenter.default.publisher(for:)`, `FeedStore.shared.load()`: a type's shared
        // instance (or the type itself) is the receiver.
        if receiverType == nil, last == 1 || (last == 2 && !elements[1].isCall && elements[1].subscripts.isEmpty),
           root.kind == .root, !root.isCall, root.subscripts.isEmpty, root.name.first?.isUppercase == true,
           TypeResolver.localDeclaration(of: root.name, at: root.nameToken, in: tree) == nil {
            receiverType = root.name
            writtenType = true
        }
        guard let relay = functionRelay(source, receiverType: receiverType, writtenType: writtenType, unwrapped: unwrapped, depth: depth),
              relay.finishes else { return false }
        // `request.onMain()`, `track(api.load(id))`: a function that hands on the publisher it is
        // given finishes when that one does.
        if relay.receiver, !(last > 0 && finishes(chain, before: last, in: tree, depth: depth + 1)) { return false }
        return relay.parameters.allSatisfy { slot in
            guard let argument = slot.argument(of: source), let c = tree.chain(startingAt: argument.value.lowerBound) else { return false }
            return finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree, depth: depth + 1)
        }
    }

    /// Whether every publisher closure `c` returns finishes (and it returns at least one).
    /// A returned choice (`self.api?.submit(report) ?? Empty().eraseToAnyPublisher()`, or a ternary)
    /// finishes when both of its operands do.
    private func returnsFinishing(closure c: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        let returned = tree.valuesReturned(byClosure: c) ?? tree.chainsReturned(byClosure: c)
        return !returned.isEmpty && returned.allSatisfy { finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }
    }

    /// What the project's functions that `call` may run (by full selector, else by name) return:
    /// finishing pipelines, or ones that finish when the publishers they are given do (see `Relay`).
    /// Remembered per selector and depth for the run. A function returning an Optional (`-> License?`)
    /// is left out for a call written without `?` or `!` after it (`unwrapped` false): a pipeline
    /// cannot start from that function's result, so another function of the name is the one called.
    /// With the receiver's type known, the functions declared by that type, its ancestors or its
    /// subtypes are the candidates when there are any: a `get(_:query:)` of another type (returning
    /// a request description, not a publisher) does not decide what `client.get(path)` returns.
    /// When the receiver is a type written in the call (`NotificationCenter.default.publisher(for:)`,
    /// `writtenType`), a function of none of those types is not the one called: a framework type's
    /// method is no project function of its name.
    private func functionRelay(_ call: ChainElement, receiverType: String?, writtenType: Bool, unwrapped: Bool, depth: Int) -> Relay? {
        guard let index, depth < FinitePublishers.maximumDepth else { return nil }
        if retriedFunctions.contains(call.name) { return .finishing }
        let selector = MethodCallGraph.selector(of: call)
        let compute = { () -> Relay in
            // The functions of the selector, grouped by the type that declares them, worked out once
            // per selector: each receiver type then takes its own group (thousands of feature files
            // may each declare a `load()` of their own service).
            let makeCandidates = { FinitePublishers.candidates(of: call, unwrapped: unwrapped, index: index) }
            let all = self.memo.map { $0.value(for: "finishing-candidates \(selector) \(call.name) \(unwrapped)", makeCandidates) } ?? makeCandidates()
            var named = all.functions
            if let receiverType, !named.isEmpty {
                let owned = all.declared(byTypesRelatedTo: receiverType.lastNameComponent, index: index)
                if !owned.isEmpty { named = owned } else if writtenType { return .never }
            }
            // A test double's `fetch()` returning a subject the test drives stands in for the app's
            // request in tests only: the app's own implementations decide, when it has some.
            var candidates = TestCaseCode.preferringApp(named, index: index)
            // A decorator handing the call on to another object of the same selector (a retrying
            // client's `wrapped.request(endpoint).retry(2)`) finishes when the others do: they decide.
            let deciding = candidates.filter { !ProjectFunctionCalls.callsItsOwnSelector($0.item, in: index.trees[$0.tree]) }
            if !deciding.isEmpty { candidates = deciding }
            guard !candidates.isEmpty else { return .never }
            return candidates.reduce(Relay.finishing) { relay, ref in
                relay.joined(with: self.relay(function: ref.item, in: index.trees[ref.tree], depth: depth))
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "finishing-function \(selector) \(receiverType ?? "") \(writtenType) \(unwrapped) \(oneShot) \(extraRoots.sorted()) \(depth) \(assumedRoots.sorted())", compute)
    }

    /// The project's functions a call may run, by its full selector (else by its name), that return
    /// something (and, for a call written without `?` or `!`, no Optional), grouped by declaring type.
    static func candidates(of call: ChainElement, unwrapped: Bool, index: ProjectIndex) -> ProjectFunctionCalls.Candidates {
        // Only a function that returns a publisher can be the source of a pipeline.
        let functions = ProjectFunctionCalls.declarations(runBy: call, matching: .selectorElseName, requireBody: true, publisherResults: true,
                                                          also: { unwrapped || !$0.returnType.hasSuffix("?") }, index: index)
        return ProjectFunctionCalls.Candidates(grouping: functions, index: index)
    }

    /// What function `f` of `tree` returns: only finishing pipelines, or pipelines whose sources
    /// are its parameters or, in an extension of a publisher type, its receiver
    /// (`receive(on: q).eraseToAnyPublisher()`), which finish when those do.
    private func relay(function f: Int, in tree: SyntaxTree, depth: Int) -> Relay {
        let function = tree.functions[f]
        guard let returned = tree.chainsReturned(byFunction: f) else {
            return returnsFinishingNames(function: f, in: tree, depth: depth) ? .finishing : .never
        }
        if returned.allSatisfy({ finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }) {
            return .finishing
        }
        // The sources the returned pipelines start from that the caller provides.
        let extendsPublisher = PublisherExtensions.declares(function, in: tree)
        var relay = Relay.finishing
        var assumed = Set<String>()
        for chain in returned {
            let root = chain.elements[0]
            guard root.kind == .root else { return .never }
            if let p = function.parameters.firstIndex(where: { $0.name == root.name }), !root.isCall {
                relay.parameters.insert(Relay.Slot(p, of: function))
                assumed.insert(root.name)
            } else if extendsPublisher, root.name == "self" || (root.isCall && FinitePublishers.passesValuesOn(root)) {
                relay.receiver = true
                assumed.insert(FinitePublishers.receiverRoot)
            }
        }
        guard !assumed.isEmpty else { return .never }
        var given = self
        given.assumedRoots = assumedRoots.union(assumed)
        let finishing = returned.allSatisfy { given.finishes($0, before: $0.elements.count, in: tree, depth: depth + 1) }
        return finishing ? relay : .never
    }

    /// Whether every `return` of function `f` gives a finishing publisher, where some return a bare
    /// name (which forms no chain): a local bound to a pipeline (`let refresh = Deferred { … }…;
    /// return refresh`), an optional property holding one for a while (`if let refreshing {
    /// return refreshing }`, see `assignedOptionalPublishers`), or one the function keeps in a cache
    /// while in flight (`if let running = inFlight[url] { return running }`).
    private func returnsFinishingNames(function f: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { return false }
        var returns = 0
        for k in open..<close where tree.isWord(k, "return") && tree.innermostClosure(of: k) == nil && tree.enclosingFunction(of: k) == f {
            guard k + 1 < close else { return false }
            // `return nil` of a function returning an optional publisher: no publisher to subscribe.
            if tree.isWord(k + 1, "nil"), FinitePublishers.endsStatement(k + 1, in: tree),
               tree.functions[f].returnType.trimmingSpaces.hasSuffix("?") { continue }
            returns += 1
            if let c = tree.chain(startingAt: k + 1) {
                guard finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree, depth: depth + 1) else { return false }
                continue
            }
            guard tree.tokens[k + 1].kind == .identifier, FinitePublishers.endsStatement(k + 1, in: tree) else { return false }
            let name = tree.name(k + 1)
            // `if let running = inFlight[url] { return running }` in a function that also fills that cache
            // (`inFlight[url] = publisher`): a publisher it made and returned before, as its other returns say.
            if let cache = NeverFinishingSources.cacheRead(boundTo: name, before: k, from: open, in: tree) {
                guard NeverFinishingSources.writesCache(cache, from: open, to: close, in: tree) else { return false }
                continue
            }
            if let operands = FinitePublishers.localAlternatives(named: name, visibleAt: k + 1, in: tree) {
                guard alternativesFinish(operands, in: tree, depth: depth) else { return false }
                continue
            }
            if let c = FinitePublishers.localInitializerChain(named: name, visibleAt: k + 1, in: tree) {
                guard finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree, depth: depth + 1) else { return false }
                continue
            }
            // Another local (no pipeline for a value) hides the property: no answer then.
            guard let values = assignedOptionalPublishers(named: name, at: k + 1, bare: true, in: tree),
                  allFinish(values, depth: depth + 1) else { return false }
        }
        return returns > 0
    }

    /// Whether every publisher of `values` (chains by tree, as `assignedOptionalPublishers` gives them) finishes.
    func allFinish(_ values: [(tree: Int, chain: Int)], depth: Int) -> Bool {
        guard let index else { return false }
        return values.allSatisfy { value in
            let tree = index.trees[value.tree]
            return finishes(tree.chains[value.chain], before: tree.chains[value.chain].elements.count, in: tree, depth: depth)
        }
    }

    /// `Empty(completeImmediately: false)` never completes.
    private func neverCompletes(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard let argument = element.argument("completeImmediately") else { return false }
        return argument.value.count == 1 && tree.isWord(argument.value.lowerBound, "false")
    }

    /// The publisher an argument of `zip`, `merge` or `combineLatest` is: its chain, or for a bare
    /// local's name (`upload.zip(download)`, which forms no chain of its own) that local's initializer.
    private func inputPublisher(_ argument: Argument, in tree: SyntaxTree) -> Chain? {
        if let c = tree.chain(startingAt: argument.value.lowerBound) { return tree.chains[c] }
        let k = argument.value.lowerBound
        guard argument.value.upperBound == k, tree.tokens[k].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(k), visibleAt: k, in: tree),
              let initializer = tree.variables[v].initializer,
              let c = tree.chain(startingAt: initializer.lowerBound) else { return nil }
        return tree.chains[c]
    }

    /// The pipeline a local constant holds, when the root element names one whose whole initial value
    /// is one chain (`let request = api.statementPDF(month: m)`, then `request.map { … }.sink { … }`).
    static func constantLocalPipeline(named root: ChainElement, in tree: SyntaxTree) -> Chain? {
        guard root.kind == .root, !root.isCall, root.subscripts.isEmpty,
              let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree),
              tree.variables[v].isLet, let initializer = tree.variables[v].initializer,
              let c = tree.chain(spanning: initializer) else { return nil }
        return tree.chains[c]
    }

    /// The initializer chain of the local variable a root element names, if any.
    static func localPublisher(named root: ChainElement, in tree: SyntaxTree) -> Chain? {
        guard root.kind == .root, tree.tokens[root.nameToken].kind == .identifier,
              let c = localInitializerChain(named: root.name, visibleAt: root.nameToken, in: tree) else { return nil }
        return tree.chains[c]
    }

    /// `guard let nextPage = viewModel.nextPage() else { return }`, then `nextPage.sink { … }`: the
    /// publisher a condition binds the root's name to. Only names some condition of the file binds
    /// are looked for (found once per file): a search back through the function for every root
    /// (a property's name, a thousand nested sinks) would be quadratic.
    func conditionBoundPublisher(named root: ChainElement, in tree: SyntaxTree) -> Chain? {
        guard root.kind == .root, !root.isCall, root.subscripts.isEmpty, tree.tokens[root.nameToken].kind == .identifier,
              let index, let memo, let t = index.treeIndexByPath[tree.file.path] else { return nil }
        let bound = memo.value(for: "condition-bound-names\u{0}\(t)") { () -> Set<String> in
            var names = Set<String>()
            for k in tree.tokens.indices where tree.tokens[k].kind == .equal && k >= 3 {
                if let name = tree.conditionBoundName(ofValueAt: k + 1) { names.insert(name) }
            }
            return names
        }
        guard bound.contains(root.name),
              SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree) == nil,
              !SubscriptionFinder.isParameter(named: root.name, visibleAt: root.nameToken, in: tree),
              let value = tree.nearestBindingInFunction(of: root.name, before: root.nameToken)?.value,
              let c = tree.chain(spanning: value) else { return nil }
        return tree.chains[c]
    }

    /// The chain (its index) that the local variable named `name`, visible at `token`, is given
    /// where it is declared, if any.
    static func localInitializerChain(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Int? {
        guard let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree),
              let initializer = tree.variables[v].initializer else { return nil }
        return tree.chain(startingAt: initializer.lowerBound)
    }
}
