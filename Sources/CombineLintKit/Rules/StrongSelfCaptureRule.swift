/// A closure (or method reference) in a subscription that `self` keeps captures `self` strongly:
/// self → bag → subscription → closure → self, a cycle that only the publisher's completion breaks.
public struct StrongSelfCaptureRule: Rule {
    public static let description = RuleDescription(
        id: "strong_self_capture",
        name: "Strong self capture",
        defaultSeverity: .warning,
        summary: "A closure of a subscription that self keeps captures self strongly, a retain cycle.",
        options: [RuleOptionDescription(key: "finite_publishers",
                                        summary: "Extra root names of publishers that complete at once (like Just), where a cycle ends by itself.")])

    public init() {}

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [SubscribingHelpers.preparation(index, memo: memo)]
    }

    public func check(_ context: RuleContext) -> [Finding] {
        // Every finding is about one of the file's subscriptions, an `assign(to: &$p)`, or a closure
        // handed to a project method that subscribes it.
        let assignments = context.mentions(anyOf: StrongSelfCaptureRule.assignName) ? publishedAssignments(context) : []
        let helpers = SubscribingHelpers.of(context.index, memo: context.memo)
        let helperCalls = context.index.treeIndexByPath[context.tree.file.path].flatMap { helpers.callsByTree[$0] } ?? []
        guard !context.subscriptions.isEmpty || !assignments.isEmpty || !helperCalls.isEmpty
                || context.mentions(anyOf: StrongSelfCaptureRule.closureSubscriberNames) else { return [] }
        let tree = context.tree
        let lookup = TreeLookup(tree)
        let selfBindings = SelfConditionBindings(tree)
        let finite = FinitePublishers(index: context.index, memo: context.memo,
                                      extraRoots: Set(context.options.strings("finite_publishers")), oneShot: true)
        var helperFindings = helperCalls.isEmpty ? [] : handedClosureFindings(helpers, calls: helperCalls, finite: finite, context: context, lookup: lookup)
        if context.mentions(anyOf: StrongSelfCaptureRule.closureSubscriberNames) {
            helperFindings += handMadeSubscriberFindings(context, lookup: lookup)
        }
        var kept: [(chain: Int, subscriber: Int, keeper: String)] = assignments
        for subscription in context.subscriptions where subscription.subscriber != .connect {
            guard let keeper = SubscriptionFinder.selfMemberKeeping(subscription, lookup: lookup)
                    ?? keeperOfReturned(subscription, context: context, lookup: lookup)
                    ?? keeperThroughOwnedMember(subscription, context: context, lookup: lookup)
                    ?? keeperOfLocalBagMovedToOwnedMember(subscription, context: context, lookup: lookup)
                    ?? keeperThroughHelper(subscription, context: context, lookup: lookup)
                    ?? keeperThroughSelfAlias(subscription, context: context, bindings: selfBindings) else { continue }
            kept.append((subscription.chain, subscription.element, keeper))
        }
        kept.sort { $0.chain < $1.chain }
        var reported = Set(helperFindings.map(\.token))
        var findings: [Finding] = helperFindings.map(\.finding)
        for (c, subscriber, bag) in kept {
            let chain = tree.chains[c]
            guard SelfCapture.isInReferenceType(chain.first, of: tree, index: context.index),
                  !isStaticContext(chain.first, in: tree),
                  // A test case or a singleton: its cycle frees nothing later.
                  !LongLivedObjects.liveForTheRun(around: chain.first, in: tree, index: context.index, memo: context.memo),
                  !finite.finishes(chain, before: subscriber, in: tree),
                  // A method of a protocol-typed dependency that the project cannot show endless is
                  // most often a request: its subscription lets go of `self` once it answers.
                  !NeverFinishingSources.startsFromUndecidedCall(chain, before: subscriber, tree: tree, index: context.index),
                  // So is a call of the project's own function that is not shown to hand on an endless source.
                  !NeverFinishingSources.startsFromUndecidedFunction(chain, before: subscriber, tree: tree, index: context.index),
                  !releasedOnDisappearance(bag, around: chain.first, context: context) else { continue }
            let pipeline = SubscriptionPipeline(chain: c, subscriber: subscriber, lookup: lookup)
            for closure in pipeline.closures {
                guard let token = SelfCapture.strongSelfToken(in: closure, of: tree) ?? implicitSelfToken(in: closure, context)
                        ?? strongLocalAliasToken(in: closure, context, lookup: lookup, bindings: selfBindings),
                      reported.insert(token).inserted else { continue }
                findings.append(closureFinding(at: token, closure: closure, bag: bag, context: context, lookup: lookup))
            }
            for (closure, token) in flattenedInnerCaptures(of: pipeline, finite: finite, context, lookup: lookup) where reported.insert(token).inserted {
                findings.append(closureFinding(at: token, closure: closure, bag: bag, context: context, lookup: lookup))
            }
            for argument in pipeline.functionArguments {
                if let name = methodReference(argument, context: context, lookup: lookup) {
                    guard SelfCapture.selfIsStrong(at: argument.lowerBound, in: tree),
                          reported.insert(argument.lowerBound).inserted else { continue }
                    findings.append(methodFinding(name, passedAt: argument, bag: bag, context))
                } else if let name = localFunctionHoldingSelf(argument, context: context, lookup: lookup),
                          reported.insert(argument.lowerBound).inserted {
                    findings.append(context.finding(tokens: argument.lowerBound, through: argument.upperBound,
                                                    message: StrongSelfCaptureMessages.localFunction(name, bag: bag),
                                                    help: StrongSelfCaptureMessages.localFunctionHelp(name, bag: bag)))
                }
            }
        }
        return findings
    }

    /// Closures of the publishers that a flattening operator's closure returns (`flatMap { [weak self] id in
    /// guard let self …; return self.store.items.map { self.lookup(id, in: $0) } }`, or `map` then
    /// `switchToLatest`) that hold `self` strongly, with the token: the operator keeps each inner
    /// subscription, and so its closures, while the inner source runs, so one that never finishes
    /// keeps `self` as long as the outer subscription does.
    private func flattenedInnerCaptures(of pipeline: SubscriptionPipeline, finite: FinitePublishers, _ context: RuleContext,
                                        lookup: TreeLookup) -> [(closure: Int, token: Int)] {
        let tree = context.tree
        var result: [(Int, Int)] = []
        for closure in pipeline.closures {
            guard let call = tree.call(receiving: closure) else { continue }
            let outer = tree.chains[call.chain]
            let name = outer.elements[call.element].name
            guard Catalogue.flatteningOperators.contains(name)
                    || (name == "map" && outer.elements[(call.element + 1)...].contains { $0.name == "switchToLatest" }) else { continue }
            for inner in tree.chainsReturned(byClosure: closure) where !finite.finishes(inner, in: tree) {
                for k in lookup.outerClosures(in: inner.first...inner.last) {
                    guard let token = SelfCapture.strongSelfToken(in: k, of: tree) ?? implicitSelfToken(in: k, context) else { continue }
                    result.append((k, token))
                }
            }
        }
        return result
    }

    private static let assignName = NameSet(["assign"])
    private static let closureSubscriberNames = NameSet(Catalogue.closureSubscriberTypes)

    /// `AnySubscriber(receiveValue: { self.title = $0; return .none })` or `Subscribers.Sink(…)` made by
    /// hand, kept by `self`: stored in a member (`self.subscriber = sink`, `lazy var s = AnySubscriber(…)`),
    /// or subscribed to a publisher of `self`'s own (`subject.subscribe(sink)`,
    /// `viewModel.events.subscribe(sink)` with `viewModel` a strong stored property): the publisher
    /// keeps its subscribers, so self → publisher → subscriber → closure → self.
    private func handMadeSubscriberFindings(_ context: RuleContext, lookup: TreeLookup) -> [(token: Int, finding: Finding)] {
        let tree = context.tree
        var result: [(token: Int, finding: Finding)] = []
        for (c, chain) in tree.chains.enumerated() {
            guard let e = chain.elements.indices.last, case let element = chain.elements[e], element.isCall,
                  Catalogue.closureSubscriberTypes.contains(element.name),
                  element.name != "Sink" || (e == 1 && chain.elements[0].name == Catalogue.subscribersNamespace),
                  element.name != "AnySubscriber" || e == 0 else { continue }
            let closures = element.closures
            guard !closures.isEmpty else { continue }
            let storage = SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree)
            let made = Subscription(chain: c, element: e, subscriber: .sink, storage: storage)
            guard let keeper = SubscriptionFinder.selfMemberKeeping(made, lookup: lookup)
                    ?? keptAsAnyCancellable(storage, lookup: lookup)
                    ?? subscribedToOwnPublisher(chain, storage: storage, context: context, lookup: lookup),
                  SelfCapture.isInReferenceType(chain.first, of: tree, index: context.index),
                  !isStaticContext(chain.first, in: tree),
                  !LongLivedObjects.liveForTheRun(around: chain.first, in: tree, index: context.index, memo: context.memo) else { continue }
            for closure in closures {
                guard let token = SelfCapture.strongSelfToken(in: closure, of: tree),
                      !result.contains(where: { $0.token == token }) else { continue }
                result.append((token, closureFinding(at: token, closure: closure, bag: keeper, context: context, lookup: lookup)))
            }
        }
        return result
    }

    /// `cancellables.insert(AnyCancellable(sink))`, `token = AnyCancellable(sink)`: the member of `self`
    /// that keeps the wrapper of a local hand-made subscriber.
    private func keptAsAnyCancellable(_ storage: CancellableStorage, lookup: TreeLookup) -> String? {
        guard case .local(let v) = storage else { return nil }
        let tree = lookup.tree
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
            let open = Int(tree.enclosing[use])
            guard open >= 0, tree.tokens[open].kind == .leftParen, Int(tree.matching[open]) == use + 1,
                  let call = tree.call(openedAt: open), call.element == 0 else { continue }
            let chain = tree.chains[call.chain]
            guard chain.elements[0].name == "AnyCancellable", chain.elements[0].arguments.count == 1 else { continue }
            let wrapper = Subscription(chain: call.chain, element: 0, subscriber: .sink,
                                       storage: SubscriptionFinder.storage(of: chain, subscriberAt: 0, in: tree))
            if let keeper = SubscriptionFinder.selfMemberKeeping(wrapper, lookup: lookup) { return keeper }
        }
        return nil
    }

    /// The publisher of `self` that a hand-made subscriber is given to (`publisher.subscribe(subscriber)`,
    /// the subscriber written there or a local holding it): `subject`, `$title`, `self.subject`, or
    /// `viewModel.events` with `viewModel` a strong stored property of `self`. Named as written.
    private func subscribedToOwnPublisher(_ chain: Chain, storage: CancellableStorage, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        var arguments: [Int] = []
        switch storage {
        case .passed:
            if case .argument(let open) = chain.context { arguments = [open] }
        case .local(let v):
            for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
                let open = Int(tree.enclosing[use])
                if open >= 0, tree.tokens[open].kind == .leftParen { arguments.append(open) }
            }
        default:
            return nil
        }
        for open in arguments {
            guard let call = tree.call(openedAt: open), call.element > 0 else { continue }
            let callChain = tree.chains[call.chain]
            guard callChain.elements[call.element].name == "subscribe", callChain.elements[call.element].arguments.count == 1 else { continue }
            var k = callChain.first
            if tree.isSelfReference(k), k + 2 < tree.tokens.count, tree.tokens[k + 1].kind == .period { k += 2 }
            guard tree.tokens[k].kind == .identifier, k <= callChain.elements[call.element - 1].lastToken else { continue }
            var member = tree.name(k)
            if member.hasPrefix("$") { member.removeFirst() }
            guard !member.isEmpty, lookup.localVariable(named: member, visibleAt: k) == nil,
                  !SubscriptionFinder.isParameter(named: member, visibleAt: k, in: tree),
                  let t = tree.enclosingType(of: k),
                  let v = tree.memberVariable(named: member, ofType: t) else { continue }
            let variable = tree.variables[v]
            guard !variable.isComputed, !variable.isStatic,
                  !variable.modifiers.contains(where: { $0.hasPrefix("weak") || $0.hasPrefix("unowned") }) else { continue }
            return tree.text(callChain.first, callChain.elements[call.element - 1].lastToken)
        }
        return nil
    }

    /// `cancellables.removeAll()` or `timer?.cancel()` in `viewWillDisappear`: the screen lets go of
    /// the subscription each time it leaves, so the cycle never outlives it.
    /// So does a representable's coordinator whose bag the representable's `dismantleUIView(_:coordinator:)`
    /// empties: SwiftUI calls it when the view goes away, before it drops the coordinator.
    /// So does an object whose owner calls its teardown method, which empties the bag, just before
    /// dropping it (`menuBarController?.remove()` then `menuBarController = nil`), or whose SwiftUI
    /// view calls it when it disappears (`.onDisappear { model.stopClock() }`).
    private func releasedOnDisappearance(_ keeper: String, around token: Int, context: RuleContext) -> Bool {
        guard !keeper.hasPrefix("$"), let t = context.tree.enclosingType(of: token) else { return false }
        if DisappearanceResets.releasedByTeardown(keeper, coordinatorAt: t, of: context.tree, index: context.index) { return true }
        guard let treeIndex = context.index.treeIndexByPath[context.file.path] else { return false }
        return OwnerTeardowns.releasedWhenLeaving(keeper, ofType: t, inTree: treeIndex, index: context.index, memo: context.memo)
    }

    /// `bind(viewModel.$title) { self.label.text = $0 }` where `bind` is a project method that
    /// subscribes the closure it is given and keeps the subscription in a member of its `self`
    /// (called on `self`, from the type or a related one), or in the bag passed to it
    /// (`publisher.bind(to: bag) { … }` with a bag of `self`), or that returns the subscription's
    /// `AnyCancellable` which the caller keeps in a member of `self`
    /// (`publisher.driveUI { … }.store(in: &cancellables)`): the closure is kept by `self`.
    private func handedClosureFindings(_ helpers: SubscribingHelpers, calls: [(chain: Int, element: Int)], finite: FinitePublishers,
                                       context: RuleContext, lookup: TreeLookup) -> [(token: Int, finding: Finding)] {
        let tree = context.tree
        let index = context.index
        var result: [(token: Int, finding: Finding)] = []
        for (c, e) in calls {
            let chain = tree.chains[c]
            let element = chain.elements[e]
            guard let candidates = helpers.byName[element.name] else { continue }
            let labels = element.argumentLabels
            for helper in candidates {
                let helperTree = index.trees[helper.tree]
                let function = helperTree.functions[helper.function]
                guard function.accepts(argumentLabels: labels), let callerType = tree.enclosingType(of: element.nameToken) else { continue }
                // The closure literal, or a method of `self` passed by name (`observeUnlock(handleUnlock)`).
                let closure = handedClosure(element, to: function, parameter: helper.handler)
                let method = closure == nil ? argument(of: element, for: function, parameter: helper.handler).flatMap { argument in
                    methodReference(argument.value, context: context, lookup: lookup).map { (name: $0, value: argument.value) }
                } : nil
                guard closure != nil || method != nil else { continue }
                let keeper: String
                switch helper.keeper {
                case .selfMember(let name):
                    guard let helperType = function.enclosingType else { continue }
                    let helperTypeName = helperTree.types[helperType].name.lastNameComponent
                    if function.kind == .initializer {
                        // `observer = StreamObserver(feed) { self… }`: the new object keeps the closure,
                        // and a strong stored property of `self` keeps the object.
                        guard let holder = strongMemberHolding(chain, type: callerType, lookup: lookup) else { continue }
                        keeper = holder + "." + name
                    } else if e == 0 || (e == 1 && tree.isSelfReference(chain.first)) {
                        // Called on `self`, from the helper's own type or a related one.
                        guard index.areRelated(helperTypeName, tree.types[callerType].name.lastNameComponent) else { continue }
                        keeper = name
                    } else {
                        // `keyboard.observe { self… }` with `keyboard` a strong stored property of `self`:
                        // self → keyboard → its member → subscription → closure → self.
                        guard let receiver = strongMemberReceiver(of: chain, call: e, type: callerType, context: context, lookup: lookup),
                              ProjectIndex.stripGenerics(receiver.type).lastNameComponent == helperTypeName else { continue }
                        keeper = receiver.name + "." + name
                    }
                case .parameter(let p):
                    guard let argument = argument(of: element, for: function, parameter: p),
                          case .selfMember(let name) = SubscriptionFinder.owner(ofTarget: argument.value.lowerBound, through: argument.value.upperBound, in: tree)
                    else { continue }
                    keeper = name
                case .returned:
                    // `publisher.driveUI { … }.store(in: &cancellables)`, `token = publisher.driveUI { … }`.
                    let call = Subscription(chain: c, element: e, subscriber: .sink,
                                            storage: SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree))
                    guard let name = SubscriptionFinder.selfMemberKeeping(call, lookup: lookup) else { continue }
                    keeper = name
                }
                // `api.load(id).sinkResult { … }`: a helper called on a request subscribes to what finishes.
                guard SelfCapture.isInReferenceType(chain.first, of: tree, index: index), !isStaticContext(chain.first, in: tree),
                      !LongLivedObjects.liveForTheRun(around: chain.first, in: tree, index: index, memo: context.memo),
                      e == 0 || !finite.finishes(chain, before: e, in: tree) else { continue }
                // `load(client.send(request)) { … }`: the helper subscribes to the request it is given.
                if let p = helper.source, let given = argument(of: element, for: function, parameter: p),
                   let c = tree.chain(spanning: given.value),
                   finite.finishes(tree.chains[c], before: tree.chains[c].elements.count, in: tree) { continue }
                if let method {
                    let token = method.value.lowerBound
                    guard SelfCapture.selfIsStrong(at: token, in: tree), !result.contains(where: { $0.token == token }) else { continue }
                    result.append((token, methodFinding(method.name, passedAt: method.value, bag: keeper, context)))
                    break
                }
                guard let closure, let token = SelfCapture.strongSelfToken(in: closure, of: tree) ?? implicitSelfToken(in: closure, context),
                      !result.contains(where: { $0.token == token }) else { continue }
                result.append((token, closureFinding(at: token, closure: closure, bag: keeper, context: context, lookup: lookup)))
                break
            }
        }
        return result
    }

    /// The strong stored property of type `t` that keeps the value of `chain`: assigned to it
    /// (`observer = …`, `self.observer = …`), its declaration's initial value (`lazy var watcher = …`),
    /// or a collection it is added to (`observers.append(…)`).
    private func strongMemberHolding(_ chain: Chain, type t: Int, lookup: TreeLookup) -> String? {
        let tree = lookup.tree
        switch chain.context {
        case .declaration(let v):
            let variable = tree.variables[v]
            guard !variable.isLocal, variable.enclosingType == t, isStrongStoredProperty(v, in: tree) else { return nil }
            return variable.name
        case .assignment(let target, false):
            var k = target.lowerBound
            if tree.isSelfReference(k), k + 2 == target.upperBound, tree.tokens[k + 1].kind == .period {
                k += 2
            } else if k != target.upperBound || lookup.localVariable(named: tree.name(k), visibleAt: k) != nil {
                return nil
            }
            guard tree.tokens[k].kind == .identifier, let v = tree.memberVariable(named: tree.name(k), ofType: t),
                  isStrongStoredProperty(v, in: tree) else { return nil }
            return tree.name(k)
        case .argument:
            // `observers.append(Observer(feed) { self… })`: a collection of `self` keeps the new object.
            guard case .collection(.selfMember(let name)) = SubscriptionFinder.storage(of: chain, subscriberAt: chain.elements.count - 1, in: tree),
                  let v = tree.memberVariable(named: name, ofType: t), isStrongStoredProperty(v, in: tree) else { return nil }
            return name + "[…]"
        default:
            return nil
        }
    }

    /// The closure literal a call passes for parameter `p` of `function`: the argument of that
    /// parameter's label, or the trailing closure when `p` is the last parameter.
    private func handedClosure(_ element: ChainElement, to function: FunctionDecl, parameter p: Int) -> Int? {
        if p == function.parameters.count - 1, let trailing = element.trailingClosures.last { return trailing.closure }
        return argument(of: element, for: function, parameter: p)?.closure
    }

    /// The argument a call passes for parameter `p` of `function`, matched by label (by position
    /// among the unlabelled ones for `_`).
    private func argument(of element: ChainElement, for function: FunctionDecl, parameter p: Int) -> Argument? {
        guard p < function.parameters.count else { return nil }
        if let label = function.parameters[p].label { return element.argument(label) }
        let unlabelledBefore = function.parameters[..<p].filter { $0.label == nil }.count
        let unlabelled = element.arguments.filter { $0.label == nil }
        return unlabelledBefore < unlabelled.count ? unlabelled[unlabelledBefore] : nil
    }

    /// `publisher.assign(to: &$title)` (or `&self.$title`): the `@Published` storage of `self`
    /// keeps that subscription as long as `self` lives, so its closures are kept by `self` too.
    private func publishedAssignments(_ context: RuleContext) -> [(chain: Int, subscriber: Int, keeper: String)] {
        let tree = context.tree
        var result: [(chain: Int, subscriber: Int, keeper: String)] = []
        for (c, chain) in tree.chains.enumerated() {
            guard let e = chain.elements.indices.last, e > 0, chain.elements[e].name == "assign", chain.elements[e].isCall,
                  chain.elements[e].argument("on") == nil, let target = chain.elements[e].argument("to"), target.isInout else { continue }
            let value = target.value
            var first = value.lowerBound
            while first <= value.upperBound, tree.tokens[first].kind == .ampersand || tree.tokenIs(first, "&") { first += 1 }
            // `$title` or `self.$title`: the property of `self`, not of another object.
            let name = tree.name(value.upperBound)
            let ownProperty = first == value.upperBound
                || (first + 2 == value.upperBound && tree.isSelfReference(first) && tree.tokens[first + 1].kind == .period)
            guard ownProperty, name.hasPrefix("$"), name.count > 1 else { continue }
            result.append((c, e, name))
        }
        return result
    }

    /// The subscription is an element of the `[AnyCancellable]` (or `Set<AnyCancellable>`) literal that
    /// function `f` returns (`func makeStateSubscriptions() -> [AnyCancellable] { [a.sink { … }, …] }`):
    /// the caller keeps it as it would a returned token (`cancellables.formUnion(makeStateSubscriptions())`).
    private func isInReturnedCollection(_ subscription: Subscription, function f: Int, in tree: SyntaxTree) -> Bool {
        let function = tree.functions[f]
        guard subscription.storage == .passed, case .collectionElement(let open) = tree.chains[subscription.chain].context,
              Catalogue.isCancellableCollectionType(function.returnType),
              let bodyOpen = function.bodyOpen, let bodyClose = function.bodyClose else { return false }
        return SubscribingHelpers.isReturnedLiteral(open: open, body: bodyOpen...bodyClose, in: tree)
    }

    /// The subscription goes into a local bag that function `f` returns (`var bag = Set<AnyCancellable>()
    /// … .store(in: &bag) … return bag`): the caller keeps it as it would a returned token.
    private func returnsLocalBag(of subscription: Subscription, function f: Int, in tree: SyntaxTree) -> Bool {
        let v: Int
        switch subscription.storage {
        case .bag(.local(let local)), .collection(.local(let local)): v = local
        default: return false
        }
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { return false }
        let name = tree.variables[v].name
        return ((open + 1)..<close).contains { k in
            tree.isWord(k, "return") && k + 1 < close && tree.tokens[k + 1].kind == .identifier && tree.name(k + 1) == name
                && FinitePublishers.endsStatement(k + 1, in: tree) && tree.innermostClosure(of: k) == nil
        }
    }

    /// The member of `self` that keeps a subscription a method returns (`func bind() -> AnyCancellable`),
    /// where the type's own calls of that method, or its subclasses' (a method of
    /// `extension UIViewController` called by a controller), store the result (`token = bind()`,
    /// `bind().store(in: &cancellables)`, or in the same file into the bag of an object a strong
    /// stored property holds, `bind().store(in: &holder.bag)`).
    private func keeperOfReturned(_ subscription: Subscription, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        guard let f = tree.enclosingFunction(of: tree.chains[subscription.chain].first),
              tree.innermostClosure(of: tree.chains[subscription.chain].first) == nil,
              subscription.storage == .returned || returnsLocalBag(of: subscription, function: f, in: tree)
                || isInReturnedCollection(subscription, function: f, in: tree),
              tree.functions[f].kind == .function, let t = tree.enclosingType(of: tree.functions[f].nameToken) else { return nil }
        let callers = ReturnedSubscriptionCallers.selfCalls(of: tree.functions[f].name, inType: tree.types[t].name.lastNameComponent,
                                                            index: context.index, memo: context.memo)
        for reference in callers {
            let callTree = context.index.trees[reference.tree]
            let call = ReturnedSubscriptionCallers.returnedToken(reference, in: callTree)
            let sameFile = reference.tree == context.index.treeIndexByPath[context.file.path]
            let callLookup = sameFile ? lookup : TreeLookup(callTree)
            if let keeper = SubscriptionFinder.selfMemberKeeping(call, lookup: callLookup) { return keeper }
            // `observeRefreshes().store(in: &holder.bag)` with `holder` a strong stored property of `self`.
            if sameFile, let keeper = keeperThroughOwnedMember(call, context: context, lookup: lookup) { return keeper }
            // `keepAlive(bind())` with `keepAlive` storing its one parameter in a member of `self`.
            if sameFile, let keeper = keeperThroughHelper(call, context: context, lookup: lookup) { return keeper }
        }
        return nil
    }

    /// `var local = Set<AnyCancellable>()`, `.store(in: &local)`, then `observers.bag = local` where
    /// `observers` is a strong stored property of `self`: self → observers → its bag → subscription
    /// → closure → self, as when stored there at once. The keeper is named as written (`observers.bag`).
    private func keeperOfLocalBagMovedToOwnedMember(_ subscription: Subscription, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        let v: Int
        switch subscription.storage {
        case .local(let local), .bag(.local(let local)), .collection(.local(let local)): v = local
        default: return nil
        }
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
            guard use >= 4, tree.tokens[use - 1].kind == .equal,
                  use + 1 >= tree.tokens.count || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace else { continue }
            let start = BagResets.assignmentTargetStart(ofEqualAt: use - 1, notBefore: 0, in: tree)
            guard let path = BagResets.key(first: start, last: use - 2, in: tree) else { continue }
            let parts = path.split(separator: ".").map(String.init)
            guard parts.count == 2, lookup.localVariable(named: parts[0], visibleAt: use) == nil,
                  !SubscriptionFinder.isParameter(named: parts[0], visibleAt: use, in: tree),
                  let t = tree.enclosingType(of: use), let member = tree.memberVariable(named: parts[0], ofType: t),
                  isStrongStoredProperty(member, in: tree) else { continue }
            return path
        }
        return nil
    }

    /// `.store(in: &viewModel.cancellables)` where `viewModel` is a strong stored property of `self`:
    /// self → viewModel → its bag → subscription → closure → self is a cycle as well. The keeper
    /// is named as written (`viewModel.cancellables`).
    private func keeperThroughOwnedMember(_ subscription: Subscription, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        // Exactly `member.bag`: one strong stored property of `self`, then its bag.
        guard let (k, last) = memberBag(storing: subscription, in: tree, afterSelf: true) else { return nil }
        let member = tree.name(k)
        guard let t = tree.enclosingType(of: k) else { return nil }
        // A parameter that the function also keeps in a strong stored property (`init(monitor:)`
        // with `self.monitor = monitor`): its bag is that property's object's bag.
        if SubscriptionFinder.isParameter(named: member, visibleAt: k, in: tree) {
            guard let f = tree.enclosingFunction(of: k), let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose,
                  let property = strongPropertyHolding(named: member, from: open + 1, to: close, type: t, in: tree) else { return nil }
            return property + "." + tree.name(last)
        }
        // A local object that the method also puts into a strong stored property (`child = detail`,
        // `self.player = player`): self → property → that object → its bag → closure → self.
        if let local = lookup.localVariable(named: member, visibleAt: k) {
            if let property = strongPropertyHolding(local: local, type: t, in: tree) { return property + "." + tree.name(last) }
            // `let cell = tableView.dequeueReusableCell(…)` in a view controller's (or view's) code: the
            // table in its view keeps the cell while it shows it or holds it for reuse, and so the
            // cell's bag: self → view → table → cell → bag → closure → self.
            guard let value = tree.variables[local].initializer, handsOutCell(value, in: tree),
                  MainActorTypes.isMainActor(typeAt: t, in: tree, index: context.index, memo: context.memo) else { return nil }
            return member + "." + tree.name(last)
        }
        // The same cell bound by a condition, `guard let cell = tableView.dequeueReusableCell(…) as? RowCell else { … }`.
        if let binding = tree.nearestBindingInFunction(of: member, before: k), let value = binding.value, handsOutCell(value, in: tree) {
            guard MainActorTypes.isMainActor(typeAt: t, in: tree, index: context.index, memo: context.memo) else { return nil }
            return member + "." + tree.name(last)
        }
        if let v = tree.memberVariable(named: member, ofType: t) {
            return isStrongStoredProperty(v, in: tree) ? member + "." + tree.name(last) : nil
        }
        // A stored property inherited from a base class (`let viewModel: ViewModel` of a generic
        // `BaseViewController<ViewModel>` in another file).
        guard let property = context.index.property(member, ofType: tree.types[t].name.lastNameComponent),
              !property.isComputed, !property.isStatic,
              !property.modifiers.contains(where: { $0.hasPrefix("weak") || $0.hasPrefix("unowned") }) else { return nil }
        return member + "." + tree.name(last)
    }

    /// Whether the value in `range` is a cell a table or collection view hands out
    /// (`tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath) as! RowCell`).
    private func handsOutCell(_ range: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        tree.chains(in: range).contains { chain in
            chain.elements.dropFirst().contains { $0.isCall && $0.kind == .member && $0.name.hasPrefix(Catalogue.cellDequeuePrefix) }
        }
    }

    private func isStrongStoredProperty(_ v: Int, in tree: SyntaxTree) -> Bool {
        let variable = tree.variables[v]
        return !variable.isComputed && !variable.isStatic
            && !variable.modifiers.contains(where: { $0.hasPrefix("weak") || $0.hasPrefix("unowned") })
    }

    /// The strong stored property of type `t` that the scope of local `local` assigns it to
    /// (`child = detail` or `self.child = detail`, the whole right-hand side), if any.
    private func strongPropertyHolding(local: Int, type t: Int, in tree: SyntaxTree) -> String? {
        let variable = tree.variables[local]
        return strongPropertyHolding(named: variable.name, from: variable.nameToken + 1, to: tree.scopes[variable.scope].close, type: t, in: tree)
    }

    /// The strong stored property of type `t` that tokens `from..<to` assign the value named `name`
    /// to (`child = detail` or `self.child = detail`, the whole right-hand side), if any.
    private func strongPropertyHolding(named name: String, from start: Int, to close: Int, type t: Int, in tree: SyntaxTree) -> String? {
        let end = min(close, tree.tokens.count - 1)
        var k = max(start, 2)
        while k + 1 <= end {
            defer { k += 1 }
            guard tree.tokens[k].kind == .identifier, tree.name(k) == name, tree.tokens[k - 1].kind == .equal,
                  k + 1 > end || tree.statementStarts[k + 1] || tree.tokens[k + 1].kind == .rightBrace || tree.tokens[k + 1].kind == .semicolon else { continue }
            var target = k - 2
            guard target >= 0, tree.tokens[target].kind == .identifier else { continue }
            let property = tree.name(target)
            // `self.player = player`, or a bare `child = detail` that starts its statement.
            if target >= 2, tree.tokens[target - 1].kind == .period, tree.isSelfReference(target - 2) {
                target -= 2
            } else if target > 0, tree.tokens[target - 1].kind == .period {
                continue
            } else if property == name {
                continue
            }
            guard tree.statementStarts[target],
                  let v = tree.memberVariable(named: property, ofType: t),
                  isStrongStoredProperty(v, in: tree) else { continue }
            return property
        }
        return nil
    }

    /// `keep(publisher.sink { … })` where `keep` is a method of the same type, declared in this file,
    /// whose body stores its one parameter in a member of `self` (`cancellables.insert(c)`,
    /// `c.store(in: &cancellables)`, `self.token = c`): that member keeps the subscription.
    private func keeperThroughHelper(_ subscription: Subscription, context: RuleContext, lookup: TreeLookup) -> String? {
        guard subscription.storage == .passed else { return nil }
        let tree = context.tree
        let chain = tree.chains[subscription.chain]
        guard subscription.element == chain.elements.count - 1, case .argument(let open) = chain.context,
              let call = tree.call(openedAt: open) else { return nil }
        let callChain = tree.chains[call.chain]
        let element = callChain.elements[call.element]
        // `keep(…)` or `self.keep(…)`, with the subscription as its only argument.
        guard element.isCall, element.arguments.count == 1, element.arguments[0].value.lowerBound == chain.first,
              let t = tree.enclosingType(of: element.nameToken) else { return nil }
        let isHelper = { (function: FunctionDecl) in
            function.kind == .function && function.name == element.name && function.parameters.count == 1
                && !function.isStatic && function.parameters[0].label == element.arguments[0].label
        }
        let throughSelf = call.element == 1 && tree.isSelfReference(callChain.first)
        guard call.element == 0 || throughSelf else {
            return keeperThroughOwnedHelper(callChain, call: call.element, isHelper: isHelper, type: t, context: context, lookup: lookup)
        }
        let helpers = tree.types[t].functions.filter { isHelper(tree.functions[$0]) }
        if helpers.count == 1 { return storedMember(ofHelper: helpers[0], lookup: lookup) }
        guard helpers.isEmpty else { return nil }
        // `retain(_:)` of a base class (a generic `BaseChatViewController<Model>`), in another file.
        for base in context.index.superclasses(of: tree.types[t].name.lastNameComponent, limit: 8) {
            let found = context.index.functions(named: element.name, inTypesNamed: base).filter {
                isHelper(context.index.trees[$0.tree].functions[$0.item])
            }
            if found.count == 1 {
                let other = context.index.trees[found[0].tree]
                return storedMember(ofHelper: found[0].item, lookup: other === tree ? lookup : TreeLookup(other))
            }
            guard found.isEmpty else { return nil }
        }
        return nil
    }

    /// `viewModel.retain(p.sink { … })` (or `self.viewModel.retain(…)`) where `viewModel` is a strong
    /// stored property of `self` and `retain` a method of its type that stores its one parameter in a
    /// member: self → view model → that member → subscription → closure → self.
    private func keeperThroughOwnedHelper(_ callChain: Chain, call e: Int, isHelper: (FunctionDecl) -> Bool, type t: Int,
                                          context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        guard let receiver = strongMemberReceiver(of: callChain, call: e, type: t, context: context, lookup: lookup) else { return nil }
        let found = context.index.functions(named: callChain.elements[e].name, inTypesNamed: receiver.type).filter {
            isHelper(context.index.trees[$0.tree].functions[$0.item])
        }
        guard found.count == 1 else { return nil }
        let other = context.index.trees[found[0].tree]
        return storedMember(ofHelper: found[0].item, lookup: other === tree ? lookup : TreeLookup(other)).map { receiver.name + "." + $0 }
    }

    /// The receiver of the call at element `e` of `callChain` when it is a strong stored property of
    /// type `t` (`viewModel.retain(…)`, `self.keyboard.observe { … }`; not a local or parameter of
    /// that name): its name and the type its object is of.
    private func strongMemberReceiver(of callChain: Chain, call e: Int, type t: Int, context: RuleContext,
                                      lookup: TreeLookup) -> (name: String, type: String)? {
        let tree = context.tree
        let first = tree.isSelfReference(callChain.first) ? 1 : 0
        guard e == first + 1, case let owner = callChain.elements[first], !owner.isCall, owner.subscripts.isEmpty,
              first == 1 || (lookup.localVariable(named: owner.name, visibleAt: callChain.first) == nil
                             && !SubscriptionFinder.isParameter(named: owner.name, visibleAt: callChain.first, in: tree)),
              let v = tree.memberVariable(named: owner.name, ofType: t), isStrongStoredProperty(v, in: tree),
              let ownerType = TypeResolver.ownerType(ofElement: e, in: callChain, tree: tree, index: context.index) else { return nil }
        return (owner.name, ownerType)
    }

    /// The member of `self` that helper `f` (of `lookup`'s tree) stores its one parameter in, if any.
    private func storedMember(ofHelper f: Int, lookup: TreeLookup) -> String? {
        let tree = lookup.tree
        guard let body = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { return nil }
        let parameter = tree.functions[f].parameters[0].name
        for k in (body + 1)..<close where tree.tokens[k].kind == .identifier && tree.name(k) == parameter {
            if k > 0, tree.tokens[k - 1].kind == .period { continue }
            if let member = SubscriptionFinder.selfMemberStoring(localAt: k, lookup: lookup) { return member }
        }
        return nil
    }

    /// `.store(in: &strongSelf.bag)` after `guard let strongSelf = self else { return }` in a
    /// `[weak self]` closure: the bag of `self` under another name, which keeps the subscription.
    private func keeperThroughSelfAlias(_ subscription: Subscription, context: RuleContext, bindings: SelfConditionBindings) -> String? {
        let tree = context.tree
        guard let (k, last) = memberBag(storing: subscription, in: tree, afterSelf: false),
              bindings.names(visibleAt: k, in: tree).contains(tree.name(k)) else { return nil }
        return tree.name(last)
    }

    /// The tokens of `owner` and `bag` when the subscription is stored with `.store(in: &owner.bag)`
    /// (or `.store(in: owner.bag)` into a bag object) or `owner.bag.append(…)` into a bag that is not `self`'s own (`&self.owner.bag` too, with `afterSelf`).
    private func memberBag(storing subscription: Subscription, in tree: SyntaxTree, afterSelf: Bool) -> (owner: Int, bag: Int)? {
        let chain = tree.chains[subscription.chain]
        // `holder.tokens.append(p.sink { … })`: appended to a collection of a member.
        if case .collection(.other) = subscription.storage, case .argument(let open) = chain.context,
           let call = tree.call(openedAt: open), case let elements = tree.chains[call.chain].elements, call.element >= 2 {
            let start = afterSelf && elements[0].name == "self" && call.element == 3 ? 1 : 0
            guard call.element - start == 2, elements[start].kind == (start == 0 ? .root : .member), !elements[start].isCall,
                  elements[start].subscripts.isEmpty, !elements[start + 1].isCall, elements[start + 1].subscripts.isEmpty
            else { return nil }
            return (elements[start].nameToken, elements[start + 1].nameToken)
        }
        guard case .bag(.other) = subscription.storage else { return nil }
        guard subscription.element + 1 < chain.elements.count,
              // `&owner.bag`, or a bag object without `&` (`.store(in: log.bag)` with a custom
              // `store(in: CancelBag)`): either is kept by `owner`.
              let argument = SubscriptionFinder.bagArgument(of: chain.elements[subscription.element + 1]) else { return nil }
        let last = argument.value.upperBound
        var k = argument.value.lowerBound
        while k <= last, tree.tokens[k].kind == .ampersand || tree.tokenIs(k, "&") { k += 1 }
        if afterSelf, k + 1 <= last, tree.isSelfReference(k), tree.tokens[k + 1].kind == .period { k += 2 }
        guard k + 2 == last, tree.tokens[k].kind == .identifier, tree.tokens[k + 1].kind == .period,
              tree.tokens[last].kind == .identifier else { return nil }
        return (k, last)
    }

    /// In a closure made after `guard let self` in a `[weak self]` one, a bare member name
    /// (`title = t`) is an implicit use of the strong `self`: the first one, if any.
    private func implicitSelfToken(in c: Int, _ context: RuleContext) -> Int? {
        let tree = context.tree
        let closure = tree.closures[c]
        guard closure.selfCapture == nil, !closure.capturesSelfWeakly,
              tree.enclosingClosures(of: closure.open).contains(where: { o in
                  o != c && tree.closures[o].capturesSelfWeakly && tree.closures[o].selfUnwraps.contains { $0 < closure.open }
              }),
              SelfCapture.selfIsStrong(at: closure.open, in: tree),
              let t = tree.enclosingType(of: closure.open), closure.bodyStart < closure.close else { return nil }
        let typeName = tree.types[t].name
        for k in closure.bodyStart..<closure.close where tree.tokens[k].kind == .identifier {
            if k > 0, tree.tokens[k - 1].kind == .period { continue }
            if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .colon { continue }
            let name = tree.name(k)
            guard lookup(name, isMemberOf: t, typeName, context),
                  SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree) == nil,
                  !SubscriptionFinder.isParameter(named: name, visibleAt: k, in: tree),
                  // `guard let self, let walker = self.walker else { return }` before the closure: the bound copy.
                  SubscriptionFinder.optionalBindingToken(named: name, visibleAt: k, in: tree) == nil else { continue }
            // `{ [api] in api.load() }`: the capture list copies the member when the closure is made;
            // the body uses that copy, not `self`.
            if isCaptured(name, at: k, within: c, in: tree) { continue }
            return k
        }
        return nil
    }

    /// Whether a capture list of closure `c`, or of a closure inside it around token `k`, names `name`.
    private func isCaptured(_ name: String, at k: Int, within c: Int, in tree: SyntaxTree) -> Bool {
        for closure in tree.enclosingClosures(of: k) {
            if tree.closures[closure].captures.contains(where: { $0.name == name }) { return true }
            if closure == c { break }
        }
        return false
    }

    /// `let owner = self` before the subscription, then `.sink { owner.title = $0 }`: the closure
    /// holds that local, a strong reference to `self` under another name. Not a `weak var` or
    /// `unowned` local, nor one the closure captures weakly (`[weak owner]`). The same for a
    /// condition binding `guard let strongSelf = self` made before the closure.
    private func strongLocalAliasToken(in c: Int, _ context: RuleContext, lookup: TreeLookup, bindings selfBindings: SelfConditionBindings) -> Int? {
        let tree = context.tree
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return nil }
        var bindings: Set<String>? = nil
        for k in closure.bodyStart..<closure.close where tree.tokens[k].kind == .identifier {
            if k > 0, tree.tokens[k - 1].kind == .period { continue }
            let name = tree.name(k)
            guard let v = lookup.localVariable(named: name, visibleAt: k) else {
                // `guard let strongSelf = self` before the closure: a strong reference to `self`.
                if bindings == nil { bindings = selfBindings.names(visibleAt: closure.open, in: tree) }
                if bindings?.contains(name) == true, !SubscriptionFinder.isParameter(named: name, visibleAt: k, in: tree),
                   !closure.captures.contains(where: { $0.name == name && $0.specifier != .strong }) {
                    return k
                }
                continue
            }
            let variable = tree.variables[v]
            guard variable.nameToken < closure.open, let value = variable.initializer,
                  value.lowerBound == value.upperBound, tree.isSelfReference(value.lowerBound),
                  !variable.modifiers.contains(where: { $0.hasPrefix("weak") || $0.hasPrefix("unowned") }),
                  !(variable.nameToken >= 2 && (tree.isWord(variable.nameToken - 2, "weak") || tree.isWord(variable.nameToken - 2, "unowned"))),
                  !closure.captures.contains(where: { $0.name == name && $0.specifier != .strong }),
                  SelfCapture.selfIsStrong(at: value.lowerBound, in: tree) else { continue }
            return k
        }
        return nil
    }

    private func lookup(_ name: String, isMemberOf t: Int, _ typeName: String, _ context: RuleContext) -> Bool {
        isProperty(name, of: t, typeName, context) || isInstanceMethod(name, of: t, typeName, context)
            || inheritsFrameworkMember(name, typeName, context)
    }

    /// `title` in a view controller: a member its UIKit or AppKit base class declares.
    private func inheritsFrameworkMember(_ name: String, _ typeName: String, _ context: RuleContext) -> Bool {
        Catalogue.inheritedFrameworkMembers.contains { base, members in
            members.contains(name) && context.index.inherits(typeName.lastNameComponent, from: base)
        }
    }

    /// Inside a static method `self` is the type: no instance is kept alive.
    private func isStaticContext(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard let f = tree.enclosingFunction(of: token) else { return false }
        let function = tree.functions[f]
        if function.isStatic { return true }
        if let v = function.variable { return tree.variables[v].isStatic }
        return false
    }

    /// `handle(_:)`, `self.handle(_:)` or `chapterName(for:)`: the compound name refers to the same
    /// method as `handle`; the range without its argument labels (a label may be a keyword, `for`,
    /// `in`). A call (`handle()`, `make(x)`) is left as it is.
    private func withoutArgumentLabels(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> ClosedRange<Int> {
        guard let open = tree.compoundNameLabelsOpen(closingAt: value.upperBound), open > value.lowerBound,
              tree.tokens[open - 1].kind == .identifier else { return value }
        return value.lowerBound...(open - 1)
    }

    /// The finding of a method of `self` passed by name (`sink(receiveValue: handle)`) into a
    /// subscription that `bag` keeps.
    private func methodFinding(_ name: String, passedAt value: ClosedRange<Int>, bag: String, _ context: RuleContext) -> Finding {
        context.finding(tokens: value.lowerBound, through: value.upperBound, message: StrongSelfCaptureMessages.method(name, bag: bag),
                        help: StrongSelfCaptureMessages.methodHelp(name, bag: bag))
    }

    /// The method's name when the argument is `handle` (a method of the enclosing type) or `self.handle`.
    private func methodReference(_ written: ClosedRange<Int>, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        let value = withoutArgumentLabels(written, in: tree)
        guard let t = tree.enclosingType(of: value.lowerBound) else { return nil }
        let typeName = tree.types[t].name
        // `chapterTitle(at:)`: a compound name names a function, even beside a property `chapterTitle`.
        let compound = value != written
        if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period,
           tree.tokens[value.upperBound].kind == .identifier {
            let name = tree.name(value.upperBound)
            // `self.onChange`: a stored closure is a value; reading it does not capture `self`.
            return !compound && isProperty(name, of: t, typeName, context) ? nil : name
        }
        guard value.count == 1, tree.tokens[value.lowerBound].kind == .identifier else { return nil }
        let name = tree.name(value.lowerBound)
        guard lookup.localVariable(named: name, visibleAt: value.lowerBound) == nil,
              !SubscriptionFinder.isParameter(named: name, visibleAt: value.lowerBound, in: tree),
              compound || !isProperty(name, of: t, typeName, context),
              isInstanceMethod(name, of: t, typeName, context) else { return nil }
        return name
    }

    /// `func handle(_ v: Int) { self.total += v }` declared in the method, then `sink(receiveValue: handle)`:
    /// a local function that uses `self` (written, or implied by a bare member name, which a local
    /// function may use without `self.`) captures it strongly, and the subscription keeps the function.
    private func localFunctionHoldingSelf(_ written: ClosedRange<Int>, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        let value = withoutArgumentLabels(written, in: tree)
        guard value.count == 1, tree.tokens[value.lowerBound].kind == .identifier,
              let t = tree.enclosingType(of: value.lowerBound) else { return nil }
        let name = tree.name(value.lowerBound)
        guard lookup.localVariable(named: name, visibleAt: value.lowerBound) == nil,
              !SubscriptionFinder.isParameter(named: name, visibleAt: value.lowerBound, in: tree) else { return nil }
        let typeName = tree.types[t].name
        for function in tree.functions where function.isLocal && function.kind == .function && function.name == name {
            guard let open = function.bodyOpen, let close = function.bodyClose, !(open...close).contains(value.lowerBound),
                  let outer = tree.enclosingFunction(of: function.nameToken),
                  let outerOpen = tree.functions[outer].bodyOpen, let outerClose = tree.functions[outer].bodyClose,
                  (outerOpen...outerClose).contains(value.lowerBound), tree.enclosingType(of: function.nameToken) == t else { continue }
            for k in (open + 1)..<close where tree.tokens[k].kind == .identifier || tree.isSelfReference(k) {
                if k > 0, tree.tokens[k - 1].kind == .period { continue }
                if tree.isSelfReference(k) {
                    if SelfCapture.selfIsStrong(at: k, in: tree) { return name }
                    continue
                }
                if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .colon { continue }
                let member = tree.name(k)
                guard self.lookup(member, isMemberOf: t, typeName, context),
                      SubscriptionFinder.localVariable(named: member, visibleAt: k, in: tree) == nil,
                      !SubscriptionFinder.isParameter(named: member, visibleAt: k, in: tree),
                      SelfCapture.selfIsStrong(at: k, in: tree) else { continue }
                return name
            }
        }
        return nil
    }

    private func isProperty(_ name: String, of t: Int, _ typeName: String, _ context: RuleContext) -> Bool {
        if context.tree.memberVariable(named: name, ofType: t) != nil { return true }
        return context.index.property(name, ofType: typeName) != nil
    }

    private func isInstanceMethod(_ name: String, of t: Int, _ typeName: String, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let declaredHere = tree.types[t].functions.filter { tree.functions[$0].kind == .function && tree.functions[$0].name == name }
        if !declaredHere.isEmpty { return declaredHere.contains { !tree.functions[$0].isStatic } }
        if context.index.type(named: typeName)?.methods.contains(name) == true { return true }
        return context.index.allAncestors(of: typeName).contains { context.index.type(named: $0)?.methods.contains(name) == true }
    }

    /// The finding stays at the strong `self` (the closure that holds it); a nested closure's
    /// `[weak self]` that cannot help is shown as a related location.
    private func closureFinding(at token: Int, closure: Int, bag: String, context: RuleContext, lookup: TreeLookup) -> Finding {
        let late = SelfCapture.lateWeakCaptures(in: closure, of: context.tree, lookup: lookup)
        let related = late.map { capture in
            context.related(tokens: capture.list.lowerBound, through: capture.list.upperBound,
                            message: StrongSelfCaptureMessages.tooLate(capture.specifier))
        }
        // `{ _ in queue.async { [weak self] in … } }`: the strong `self` is the one in the nested capture list.
        let nested = late.first { $0.list.contains(token) }?.specifier
        return context.finding(tokens: token, message: StrongSelfCaptureMessages.closure(bag: bag, nested: nested),
                               help: late.isEmpty ? StrongSelfCaptureMessages.closureHelp(bag: bag) : StrongSelfCaptureMessages.outerClosureHelp(bag: bag),
                               related: related)
    }
}
