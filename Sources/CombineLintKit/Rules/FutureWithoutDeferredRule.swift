/// A `Future { … }` created outside `Deferred { }` where its eagerness shows: its closure runs at
/// creation, before or without any subscriber, and every subscriber (a `retry` too) gets the one
/// cached result. That matters where the `Future` is kept (a property, a `lazy var`, a
/// collection), retried, returned to callers that subscribe more than once, or made where no one
/// subscribes; a `Future` made and subscribed at once, once, behaves as a deferred one would, and is
/// not reported, nor is one made in place and subscribed several times right there (its one run is
/// shared on purpose).
public struct FutureWithoutDeferredRule: Rule {
    public static let description = RuleDescription(
        id: "future_without_deferred", name: "Future without Deferred", defaultSeverity: .warning,
        summary: "A Future that is kept, retried, subscribed twice or never subscribed ran its work at creation and caches one result (error when retried).")

    public init() {}

    /// One `Future` creation found in the tokens.
    struct Creation {
        /// The first token (`Combine` of `Combine.Future`, or `Future`), the `Future` token, the last token of the creation.
        var first: Int
        var name: Int
        var end: Int
        /// Member names after the creation (`eraseToAnyPublisher`, `retry`).
        var followers: [String]
    }

    /// Why a `Future`'s eager start and cached result change what the code does.
    enum Eagerness: Equatable, Sendable {
        /// `retry` (or the project's operator of this name that resubscribes as it does) resubscribes
        /// and gets the cached failure.
        case retried(String)

        var isRetried: Bool {
            if case .retried = self { return true }
            return false
        }
        /// Kept in a property or collection (named; nil for an element of an unnamed collection
        /// literal), or returned by a function whose caller keeps it.
        case kept(String?)
        /// Subscribed to more than once: every subscriber shares one run.
        case sharedBySubscribers
        /// Made where nothing subscribes: the work runs anyway.
        case neverSubscribed
        /// A local subscribed only on some paths (in an `if`, a `switch`, a loop) or only later, by
        /// the operator a closure returns it to (`send(command).flatMap { _ in readBack }`): the work
        /// ran when it was made, before (or without) that subscription.
        case subscribedLater
        /// Not a verdict but a step: the local holding the `Future` is what its function returns on
        /// every path, so the function's callers decide.
        case returnedToCallers
    }

    /// A file that never names `Future` creates none.
    static let requiredNames = NameSet(["Future"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        // A project type of its own named `Future` (a nested `Publishers.Future` does not shadow Combine's).
        if let type = context.index.type(named: "Future"), type.kind != .extension, type.isDeclaredAtTopLevel { return [] }
        if tree.imports(anyOf: Catalogue.modulesWithOwnFuture) { return [] }
        var findings: [Finding] = []
        let creations = creations(in: tree)
        guard !creations.isEmpty else { return [] }
        // `retry`, and the project's operators that resubscribe as it does (`retryWithBackoff(3)`).
        let retrying = ProjectRetryOperators.names(index: context.index, memo: context.memo)
        for creation in creations {
            // A test case makes, keeps and subscribes its publishers itself to check what they do; a
            // test double's Future stands in for the app's in tests only (the app's own function of
            // the selector carries what its callers do).
            if TestCaseCode.isTestOrDouble(creation.name, of: tree, index: context.index) { continue }
            // `retry` on the Future itself replays its cached failure wherever it was made, a
            // `flatMap` transform included; other uses there run after someone subscribed.
            if isLazy(creation.name, in: tree), !creation.followers.contains(where: retrying.contains) { continue }
            guard let eagerness = eagerness(of: creation, retrying: retrying, context: context) else { continue }
            // `refreshing = future.handleEvents(receiveCompletion: { _ in self.refreshing = nil }).share()…`:
            // the holder keeps the work only while it runs, so callers join the one request in flight
            // and the next call after it ends makes a new Future. Nothing stale is replayed.
            if case .kept(let holder?) = eagerness, let c = tree.chain(startingAt: creation.first),
               Self.emptiesHolder(holder, within: tree.chains[c], in: tree) { continue }
            let retried = eagerness.isRetried
            findings.append(context.finding(tokens: creation.first, through: creation.name, message: message(eagerness),
                                            severity: retried ? .error : nil, fix: fix(creation, context: context), help: Self.help))
        }
        return findings
    }

    static let help = "Create it inside `Deferred { Future { … } }` so that each subscription runs the work anew."

    private func message(_ eagerness: Eagerness) -> String {
        switch eagerness {
        case .retried(let name):
            let call = name == "retry" ? "`retry` resubscribes" : "`\(name)(…)` resubscribes (as `retry` does)"
            return "\(call) to this `Future`, which replays its cached failure instead of running the work again."
        case .kept(let holder):
            let place = holder.map { "`\($0)`" } ?? "a collection"
            return "This `Future` is kept in \(place), but its closure ran once, at creation: every later subscriber gets that one cached result."
        case .sharedBySubscribers:
            return "This `Future` is subscribed to more than once, but its closure ran once, at creation: every subscriber shares that one result."
        case .neverSubscribed:
            return "Nothing subscribes to this `Future`, yet its closure runs as soon as it is created."
        case .subscribedLater, .returnedToCallers:
            return "This `Future` is subscribed only later or only on some paths, but its closure ran at once, when it was created."
        }
    }

    /// How the creation's eagerness shows, or `nil` when it cannot be told from a deferred start.
    private func eagerness(of creation: Creation, retrying: Set<String>, context: RuleContext) -> Eagerness? {
        let tree = context.tree
        if let name = creation.followers.first(where: retrying.contains) { return .retried(name) }
        if creation.followers.contains(where: Catalogue.subscriberCalls.contains) { return nil }
        // A function or computed property that makes the Future: judge it by its call sites.
        guard let c = tree.chain(startingAt: creation.first) else { return nil }
        if tree.chains[c].isReturned { return callersEagerness(of: creation, retrying: retrying, context: context) }
        let found = fate(of: tree.chains[c], in: tree, retrying: retrying)
        switch found {
        // `let checksum = Future { … }` then two sinks right there: the code that makes the Future
        // subscribes to it at once, and shares its one run on purpose (as `share()` would).
        case .sharedBySubscribers: return nil
        // `let export = Future { … }` … `return export.eraseToAnyPublisher()`: as if returned in place.
        case .returnedToCallers: return callersEagerness(of: creation, retrying: retrying, context: context)
        default: return found
        }
    }

    /// How the callers of the function (or computed property) that returns the `Future` use it.
    private func callersEagerness(of creation: Creation, retrying: Set<String>, context: RuleContext) -> Eagerness? {
        guard let owner = owningDeclaration(of: creation, in: context.tree) else { return nil }
        // The call sites are read by name and selector: found once for all the functions of one
        // selector (every service of an app may have a `fetch()`), grouped by their receiver's
        // type, and each function takes those on receivers of its own or a related type.
        let key = "future_without_deferred.call-sites\u{0}\(owner.name)\u{0}\(owner.selector)\u{0}\(owner.isFunction)"
        return context.memo.value(for: key) { callSiteFates(of: owner, retrying: retrying, context: context) }.first(forType: owner.typeName, index: context.index)
    }

    /// What happens to a chain that holds a `Future` (its creation, or, with `index`, a call of a
    /// function that returns one: a call found by name may be another type's method, so a holder
    /// counts only when it is declared as a publisher).
    private func fate(of chain: Chain, in tree: SyntaxTree, retrying: Set<String>, call index: ProjectIndex? = nil, depth: Int = 0) -> Eagerness? {
        if let element = chain.elements.first(where: { retrying.contains($0.name) }) { return .retried(element.name) }
        if isSubscribed(chain) { return nil }
        if let index, let kept = fate(of: chain, in: tree, retrying: retrying), case .kept(let holder) = kept {
            return holdsPublishers(holder ?? "", chain: chain, in: tree, index: index) ? kept : nil
        }
        // `let request = cached ?? service.load()`: the local holds the Future whenever the cache is empty.
        if case .other = chain.context, let v = coalescedDeclaration(of: chain, in: tree) {
            let variable = tree.variables[v]
            if !variable.isLocal || variable.modifiers.contains("lazy") { return .kept(variable.name) }
            return localFate(v, in: tree, retrying: retrying, depth: depth)
        }
        switch chain.context {
        case .statement:
            return .neverSubscribed
        case .discardAssignment:
            return .neverSubscribed
        case .declaration(let v):
            let variable = tree.variables[v]
            if !variable.isLocal || variable.modifiers.contains("lazy") { return .kept(variable.name) }
            return localFate(v, in: tree, retrying: retrying, depth: depth)
        case .assignment(let target, _):
            let owner = SubscriptionFinder.owner(ofTarget: target.lowerBound, through: target.upperBound, in: tree)
            switch owner {
            case .local(let v): return localFate(v, in: tree, retrying: retrying, depth: depth)
            case .parameter: return nil
            default: return .kept(owner.name.isEmpty ? tree.text(target.lowerBound, target.upperBound) : owner.name)
            }
        case .collectionElement:
            return .kept(nil)
        case .argument(let open):
            // `futures.append(fetch())`: kept in a collection; other calls (`Publishers.Zip(…)`) subscribe or pass it on.
            return storedCollection(addingTo: open, in: tree).map { .kept($0) }
        default:
            return nil
        }
    }

    /// Whether the chain's own closures (its `handleEvents(receiveCompletion:)`) set `holder` back
    /// to `nil` (`self?.holder = nil`, `holder = nil`).
    static func emptiesHolder(_ holder: String, within chain: Chain, in tree: SyntaxTree) -> Bool {
        guard chain.first + 2 < chain.last else { return false }
        return (chain.first..<(chain.last - 1)).contains { k in
            tree.tokens[k].kind == .identifier && tree.name(k) == holder
                && tree.tokens[k + 1].kind == .equal && tree.isWord(k + 2, "nil")
                && (tree.statementStarts[k] || tree.tokens[k - 1].kind == .period)
        }
    }

    /// The variable declared by `let name = cached ?? chain` (or `self.cached ?? chain`), when the
    /// chain is the whole right operand of `??` and the whole rest of the initializer.
    private func coalescedDeclaration(of chain: Chain, in tree: SyntaxTree) -> Int? {
        let first = chain.first
        guard first >= 4, tree.tokens[first - 1].kind == .operator, tree.text(first - 1) == "??",
              tree.tokens[first - 2].kind == .identifier else { return nil }
        // The left operand: a name or `self.name`.
        var equal = first - 3
        if equal >= 2, tree.tokens[equal].kind == .period, tree.isWord(equal - 1, "self") { equal -= 2 }
        guard equal >= 2, tree.tokens[equal].kind == .equal, tree.tokens[equal - 1].kind == .identifier,
              tree.isWord(equal - 2, "let") || tree.isWord(equal - 2, "var"),
              let v = tree.variables.indices.first(where: { tree.variables[$0].nameToken == equal - 1 }),
              let initializer = tree.variables[v].initializer, initializer.upperBound == chain.last else { return nil }
        return v
    }

    /// The chain ends in a subscriber: `sink`, `assign`, a project's own (`weakAssign`), `store(in:)`,
    /// or the `async` bridges `await future.value` and `for await v in future.values`.
    private func isSubscribed(_ chain: Chain) -> Bool {
        chain.elements.dropFirst().contains { element in
            Catalogue.subscriberCalls.contains(element.name) || (element.name == "store" && element.argument("in") != nil)
                || element.name.hasSuffix("Sink") || element.name.hasSuffix("Assign")
                || (!element.isCall && Catalogue.asyncSubscriberMembers.contains(element.name))
        }
    }

    /// Whether `holder`, where a call's result is kept, is declared to hold a publisher (or is a
    /// collection literal, or a variable declared right there without a type).
    private func holdsPublishers(_ holder: String, chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if case .declaration(let v) = chain.context { return tree.variables[v].typeText.isEmpty || isPublisherType(tree.variables[v].typeText) }
        if case .collectionElement = chain.context { return true }
        return index.properties(named: holder).contains { isPublisherType($0.typeText) }
            || tree.variables.contains { $0.name == holder && isPublisherType($0.typeText) }
    }

    private func isPublisherType(_ text: String) -> Bool {
        text.contains("Publisher") || text.contains("Future")
    }

    /// A local holding a `Future`: retried, subscribed more than once, or captured by a closure
    /// that subscribes later (a tap handler: each run gets the result cached at creation).
    private func localFate(_ v: Int, in tree: SyntaxTree, retrying: Set<String>, depth: Int = 0) -> Eagerness? {
        var subscriptions: [Int] = []
        var returnedToLaterSubscriber = false
        var returnedFromBody: [Int] = []
        let declaredIn = tree.innermostClosure(of: tree.variables[v].nameToken)
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
            let names = tree.postfixMembers(after: use + 1).names
            if let name = names.first(where: retrying.contains) { return .retried(name) }
            guard names.contains(where: Catalogue.subscriberCalls.contains) else {
                // `send(command).flatMap { _ in readBack }`: the operator subscribes when a value comes.
                if names.isEmpty, isReturnedToLaterSubscriber(use, in: tree) {
                    returnedToLaterSubscriber = true
                    continue
                }
                // `return export.eraseToAnyPublisher()` from the function that declares the local.
                if declaredIn == nil, tree.innermostClosure(of: use) == nil, isReturnedWhole(use, in: tree) {
                    returnedFromBody.append(use)
                    continue
                }
                // Handed on unsubscribed to another local or a property (`let shared = future.eraseToAnyPublisher()`,
                // `cached = shared`): that holder's fate is the Future's.
                if depth < 3, let c = tree.chain(startingAt: use), tree.chains[c].first == use,
                   let fate = aliasFate(of: tree.chains[c], in: tree, retrying: retrying, depth: depth + 1) { return fate }
                if names.isEmpty, let holder = assignedHolder(of: use, in: tree) ?? appendedHolder(of: use, in: tree) { return .kept(holder) }
                continue
            }
            if tree.innermostClosure(of: use) != declaredIn { return .kept(tree.variables[v].name) }
            subscriptions.append(use)
        }
        // Subscriptions in the two branches of an `if`/`else` or in two `case`s: one of them runs.
        let apart = zip(subscriptions, subscriptions.dropFirst()).map { tree.mayRunApart($0, $1) }
        if apart.contains(false) { return .sharedBySubscribers }
        // Returned, and subscribed nowhere here: the callers decide, unless the function can end
        // another way (`guard exists else { return Fail(…) }` after the Future was made), where
        // the work ran with no one to subscribe.
        if subscriptions.isEmpty, !returnedToLaterSubscriber, !returnedFromBody.isEmpty {
            return everyExitReturns(returnedFromBody, after: tree.variables[v].nameToken, in: tree) ? .returnedToCallers : .subscribedLater
        }
        if subscriptions.isEmpty { return returnedToLaterSubscriber ? .subscribedLater : nil }
        // `check.sink { … }` now and `taps.flatMap { _ in check }` on every tap: each tap gets the
        // result cached at creation, later.
        if returnedToLaterSubscriber { return .subscribedLater }
        // `let upload = Future { … }` then `guard isOnline else { return }` before `upload.sink`:
        // on that path the work ran and nothing subscribed.
        if let first = subscriptions.first, exitsEarly(between: tree.variables[v].nameToken, and: first, in: tree) { return .subscribedLater }
        // `let purge = Future { … }` then `if settings.autoPurge { purge.sink { … } }`: where the
        // condition fails, the work ran for nothing. Subscriptions in both branches (`if`/`else`,
        // two `case`s) are taken to cover every path.
        return !apart.contains(true) && subscriptions.allSatisfy({ isConditional($0, below: tree.variables[v].scope, in: tree) }) ? .subscribedLater : nil
    }

    /// Whether a `return` or `throw` of the same body (not of a closure or nested function within it)
    /// stands between token `start` and the statement of token `end`: that statement may not run.
    private func exitsEarly(between start: Int, and end: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.innermostClosure(of: start)
        let function = tree.enclosingFunction(of: start)
        var statement = end
        while statement > start, !tree.statementStarts[statement] { statement -= 1 }
        guard statement > start + 1 else { return false }
        return (start + 1..<statement).contains { k in
            (tree.isWord(k, "return") || tree.isWord(k, "throw"))
                && tree.innermostClosure(of: k) == closure && tree.enclosingFunction(of: k) == function
        }
    }

    /// Whether token `use` starts what a `return` statement returns: the bare name, or a chain from it
    /// that subscribes nothing (`return export.eraseToAnyPublisher()`).
    private func isReturnedWhole(_ use: Int, in tree: SyntaxTree) -> Bool {
        guard use > 0, tree.isWord(use - 1, "return") else { return false }
        if let c = tree.chain(startingAt: use), tree.chains[c].first == use { return tree.chains[c].isReturned }
        return use + 1 >= tree.tokens.count || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace
    }

    /// Whether every `return` and `throw` of the function body after token `start` (not of a
    /// closure or nested function within it) is one of the `returns` of the local.
    private func everyExitReturns(_ returns: [Int], after start: Int, in tree: SyntaxTree) -> Bool {
        guard let f = tree.enclosingFunction(of: start), let close = tree.functions[f].bodyClose else { return false }
        return !(start + 1..<close).contains { k in
            let exits = tree.isWord(k, "throw") || (tree.isWord(k, "return") && !returns.contains(k + 1))
            return exits && tree.innermostClosure(of: k) == nil && tree.enclosingFunction(of: k) == f
        }
    }

    /// Whether token `use` is the whole value that a closure given to a publisher-making operator
    /// returns (`flatMap { _ in readBack }`, `catch { _ in return fallback }`).
    private func isReturnedToLaterSubscriber(_ use: Int, in tree: SyntaxTree) -> Bool {
        guard let c = tree.innermostClosure(of: use), let call = tree.call(receiving: c),
              Catalogue.publisherMakingClosureOperators.contains(tree.chains[call.chain].elements[call.element].name) else { return false }
        let closure = tree.closures[c]
        guard use + 1 == closure.close else { return false }
        return use == closure.bodyStart || (use - 1 == closure.bodyStart && tree.isWord(closure.bodyStart, "return"))
    }

    /// Whether token `use` runs only on some paths of the scope `scope` that declares the local: in
    /// an `if`, `else`, `guard` body, `switch`, loop or `catch` opened inside that scope.
    private func isConditional(_ use: Int, below scope: Int, in tree: SyntaxTree) -> Bool {
        var s: Int? = Int(tree.scopeOfToken[use])
        while let current = s, current != scope {
            if case .controlFlow(let word) = tree.scopes[current].kind, Self.conditionalWords.contains(word) { return true }
            s = tree.scopes[current].parent
        }
        return false
    }

    private static let conditionalWords: Set<ControlWord> = [.if, .else, .guard, .switch, .for, .while, .catch]

    /// `cached = shared`, `self.cached = shared`: the property a bare name is assigned to, as a
    /// whole statement.
    private func assignedHolder(of use: Int, in tree: SyntaxTree) -> String? {
        guard use >= 2, tree.tokens[use - 1].kind == .equal,
              use + 1 >= tree.tokens.count || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace else { return nil }
        var start = use - 2
        while start > 0, !tree.statementStarts[start] { start -= 1 }
        guard tree.statementStarts[start] else { return nil }
        switch SubscriptionFinder.owner(ofTarget: start, through: use - 2, in: tree) {
        case .local, .parameter: return nil
        case let owner: return owner.name.isEmpty ? nil : owner.name
        }
    }

    /// `pendingUploads.append(upload)`: the stored collection a bare name is added to, as the
    /// call's only argument.
    private func appendedHolder(of use: Int, in tree: SyntaxTree) -> String? {
        guard use >= 1, use + 1 < tree.tokens.count, tree.tokens[use - 1].kind == .leftParen,
              tree.tokens[use + 1].kind == .rightParen else { return nil }
        return storedCollection(addingTo: use - 1, in: tree)
    }

    /// The collection that the call whose `(` is token `open` adds its argument to (`futures.append(…)`,
    /// `self.raw.insert(…)`), when it is not a local: a local collection lives for the body only, and
    /// its Futures are merged and subscribed there (`Publishers.MergeMany(uploads)`), once, as
    /// deferred ones would be.
    private func storedCollection(addingTo open: Int, in tree: SyntaxTree) -> String? {
        guard let call = tree.call(openedAt: open), call.element > 0 else { return nil }
        let elements = tree.chains[call.chain].elements
        guard Catalogue.collectionMutatingMethods.contains(elements[call.element].name) else { return nil }
        let holder = elements[call.element - 1]
        if call.element == 1, holder.kind == .root,
           SubscriptionFinder.localVariable(named: holder.name, visibleAt: holder.nameToken, in: tree) != nil { return nil }
        return holder.name
    }

    /// The fate of a chain that hands a local Future on: by declaration or assignment, or added
    /// to a stored collection (`pendingUploads.append(upload.eraseToAnyPublisher())`).
    private func aliasFate(of chain: Chain, in tree: SyntaxTree, retrying: Set<String>, depth: Int) -> Eagerness? {
        switch chain.context {
        case .declaration, .assignment, .argument: return fate(of: chain, in: tree, retrying: retrying, depth: depth)
        default: return nil
        }
    }

    /// How the callers of a function (or readers of a computed property) that returns a new
    /// `Future` use it: the first call site where the eagerness shows, in project order.
    /// A call matches by its full selector (`load(id:)`), else, when no call of the name spells
    /// it (default arguments, trailing closures), by name.
    private func callSiteFates(of owner: Owner, retrying: Set<String>, context: RuleContext) -> CallSiteFates {
        // A call whose labels the function cannot take (`subscription.request(.unlimited)` beside
        // `request(center:)`, whose argument has a default) is another function's.
        let uses = context.index.chainElements[owner.name].filter { reference in
            let element = context.index.trees[reference.tree].chains[reference.chain].elements[reference.element]
            return element.isCall == owner.isFunction && (owner.function.map { $0.accepts(argumentLabels: element.argumentLabels) } ?? true)
        }
        let spelled = uses.filter { reference in
            let element = context.index.trees[reference.tree].chains[reference.chain].elements[reference.element]
            return MethodCallGraph.selector(of: element) == owner.selector
        }
        // Another function of the selector that returns nothing: a bare call may be that one.
        let returnsNothingToo = context.index.functions[owner.name].contains { reference in
            let function = context.index.trees[reference.tree].functions[reference.item]
            return function.kind == .function && function.selectorName == owner.selector && !function.returnsValue
        }
        var fates = CallSiteFates()
        for (order, reference) in (owner.isFunction && !spelled.isEmpty ? spelled : uses).enumerated() {
            let tree = context.index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let call = chain.elements[reference.element].nameToken
            // `statusSubject.send(x)` or `other.load()` on an object of an unrelated type runs another
            // method of the name: the receiver's type says which functions a call site may run.
            let receiverType = TypeResolver.ownerTypeThroughProperties(ofElement: reference.element, in: chain, tree: tree, index: context.index)
            if let receiverType, fates.byReceiver[receiverType.lastNameComponent] != nil { continue }
            if receiverType == nil, fates.unknown != nil { continue }
            // A caller that returns the call's result on hands the question to its own callers: not followed.
            guard let eagerness = fate(of: chain, in: tree, retrying: retrying, call: context.index), eagerness != .returnedToCallers,
                  !TestCaseCode.contains(call, of: tree, index: context.index) else { continue }
            // `let request = api.token().handleEvents(receiveCompletion: { _ in self?.pending = nil }).share()`,
            // then `pending = request`: kept only while it runs, as for a Future made right there.
            if case .kept(let holder?) = eagerness, Self.emptiesHolder(holder, within: chain, in: tree) { continue }
            // A call in a `flatMap` transform runs per subscription, but `retry` on its result still
            // resubscribes to the one Future that call made.
            if !eagerness.isRetried, isLazy(call, in: tree) { continue }
            if eagerness == .neverSubscribed, returnsNothingToo { continue }
            let ranked = CallSiteFates.Ranked(order: order, eagerness: eagerness)
            if let receiverType { fates.byReceiver[receiverType.lastNameComponent] = ranked } else { fates.unknown = ranked }
        }
        return fates
    }

    /// The call sites' answers for one name and selector: the first call site's (in the index's
    /// order) on a receiver of unknown type, and the first on a receiver of each known type.
    private struct CallSiteFates: Sendable {
        struct Ranked: Sendable {
            var order: Int
            var eagerness: Eagerness
        }
        var unknown: Ranked?
        var byReceiver: [String: Ranked] = [:]

        /// The first answer of a call site that may run a function of type `typeName` (one on a
        /// receiver of unknown type, of that type or of a related one); any for a free function.
        func first(forType typeName: String?, index: ProjectIndex) -> Eagerness? {
            var best = unknown
            let candidates = typeName.map { index.relatedTypes(of: $0).compactMap { byReceiver[$0] } } ?? Array(byReceiver.values)
            for ranked in candidates where ranked.order < (best?.order ?? .max) { best = ranked }
            return best?.eagerness
        }
    }

    /// The function or computed property whose body returns the `Future`.
    struct Owner {
        var name: String
        var selector: String
        var isFunction: Bool
        /// The function's declaration: what argument labels a call of it may write.
        var function: FunctionDecl? = nil
        /// The simple name of the type that declares it (nil at top level).
        var typeName: String? = nil
    }

    /// Every `Future { … }`, `Future<A, B> { … }`, `Future(…)` with a closure, `Future.init { … }`, `Combine.Future…`.
    func creations(in tree: SyntaxTree) -> [Creation] {
        var result: [Creation] = []
        let tokens = tree.tokens
        for i in tokens.indices where tokens[i].kind == .identifier && tree.tokenIs(i, "Future") {
            var first = i
            if i > 0, tokens[i - 1].kind == .period {
                guard i > 1, tree.tokenIs(i - 2, "Combine"), i < 3 || tokens[i - 3].kind != .period else { continue }
                first = i - 2
            }
            if first > 0 {
                // Type positions: `-> Future<…> {` (a body), `: Future<…>`, `as Future`, `[Future<…>]`.
                let before = tokens[first - 1].kind
                if before == .arrow || before == .colon || tree.isWord(first - 1, "as") || tree.isWord(first - 1, "is") { continue }
            }
            // Inside another type's generic arguments (`Deferred<Future<A, B>>`, `Result<Future<…>, E>`): a type.
            if first > 0, tokens[first - 1].kind == .operator, tree.text(first - 1).hasSuffix("<") { continue }
            let generics = tree.genericArguments(after: i)
            if generics.closesOuter { continue }
            var j = generics.next
            if j + 1 < tokens.count, tokens[j].kind == .period, tree.isWord(j + 1, "init") { j += 2 }
            guard j < tokens.count, !tree.lineBreakBefore[j] else { continue }
            var hasClosure = false
            if tokens[j].kind == .leftParen, tree.matching[j] > Int32(j) {
                let close = Int(tree.matching[j])
                hasClosure = (j + 1..<close).contains { tree.closure(openedAt: $0) != nil && Int(tree.enclosing[$0]) == j }
                // `Future() { promise in … }`: empty parentheses, then the trailing closure.
                if close == j + 1, close + 1 < tokens.count, !tree.lineBreakBefore[close + 1], tree.closure(openedAt: close + 1) != nil {
                    hasClosure = true
                }
            } else if tree.closure(openedAt: j) != nil {
                hasClosure = true
            }
            guard hasClosure else { continue }
            let walk = tree.postfixMembers(after: j)
            // The creation ends after its argument list and trailing closure.
            var end = j
            if tokens[j].kind == .leftParen {
                end = Int(tree.matching[j])
                if end + 1 < tokens.count, !tree.lineBreakBefore[end + 1], let c = tree.closure(openedAt: end + 1) { end = tree.closures[c].close }
            } else if let c = tree.closure(openedAt: j) {
                end = tree.closures[c].close
            }
            result.append(Creation(first: first, name: i, end: end, followers: walk.names))
        }
        return result
    }

    /// Inside a closure that runs only after subscription: `Deferred { }`, a `flatMap`/`catch` transform,
    /// or a `map` whose publishers a later `switchToLatest`/`flatMap` subscribes to.
    func isLazy(_ token: Int, in tree: SyntaxTree) -> Bool {
        for c in tree.enclosingClosures(of: token) {
            guard let call = tree.call(receiving: c) else {
                if let name = tree.calleeName(beforeBrace: tree.closures[c].open), Catalogue.lazyClosureCalls.contains(name) { return true }
                continue
            }
            let chain = tree.chains[call.chain]
            let name = chain.elements[call.element].name
            if Catalogue.lazyClosureCalls.contains(name) { return true }
            if Catalogue.mappers.contains(name), chain.elements[(call.element + 1)...].contains(where: { Catalogue.flatteningOperators.contains($0.name) }) { return true }
        }
        return false
    }

    /// The function or computed property whose body makes the Future (not through a closure).
    private func owningDeclaration(of creation: Creation, in tree: SyntaxTree) -> Owner? {
        guard tree.innermostClosure(of: creation.name) == nil, let f = tree.enclosingFunction(of: creation.name) else { return nil }
        let function = tree.functions[f]
        let typeName = tree.enclosingType(of: creation.name).map { tree.types[$0].name.lastNameComponent }
        switch function.kind {
        case .function:
            return Owner(name: function.name, selector: function.selectorName, isFunction: true, function: function, typeName: typeName)
        case .accessor:
            guard function.name == "get", let v = function.variable else { return nil }
            return Owner(name: tree.variables[v].name, selector: tree.variables[v].name, isFunction: false, typeName: typeName)
        default:
            return nil
        }
    }

    /// `Future { … }.eraseToAnyPublisher()` → `Deferred { Future { … } }.eraseToAnyPublisher()`: the type stays the same.
    private func fix(_ creation: Creation, context: RuleContext) -> Fix? {
        guard creation.followers.first == "eraseToAnyPublisher" else { return nil }
        let tokens = context.tree.tokens
        let start = tokens[creation.first].startOffset
        let end = tokens[creation.end].endOffset
        return Fix(title: "Wrap the Future in Deferred", edits: [context.edit(start..<start, "Deferred { "), context.edit(end..<end, " }")])
    }
}
