/// Methods of one type that another type's repeated methods call on an object of it: a player
/// container's `@objc func update()` (a notification's selector) calls `addTab(tab)`, which calls
/// `tab.willBeAddedToPlayer()` on each re-added tab. Found per method name once per run, through
/// the index's chain-element postings, and grouped by the receiver's type as the call's place
/// resolves it; the calling type's own repeated code (its `TypeAnalysis` without external
/// entries) says which of its methods run again and again.
enum RepeatedMethodCallers {
    /// One call `receiver.method(…)` made by a method of another type.
    private struct Caller: Sendable {
        var callerType: String
        var callerIdentity: TypeIdentity
        var tree: Int
        var function: Int
        /// The called method's name token.
        var token: Int
    }

    /// The path in the calling type, as text (`PlayerContainer.update() → addTab(_:after:)`), of the
    /// first repeated method that calls `method` on an object of the type `identity` (named
    /// `typeName`), or of a type it inherits from or conforms to, if any. With `writes`, `method` is
    /// a property with an observer, and the path's end sets it (`badge.button = cartButton` runs
    /// `button`'s `didSet`).
    static func firstPath(calling method: String, writes: Bool = false, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                          extraCallbacks: Set<String>, memo: ProjectMemo) -> String? {
        firstPath(calling: method, writes: writes, onType: typeName, identity: identity, index: index, extraCallbacks: extraCallbacks, memo: memo, hops: 0)
    }

    /// How many objects a path may cross before the storing one: a scene delegate's foreground
    /// callback → a coordinator → a sync controller that stores is two.
    private static let maximumHops = 2

    /// How many subtypes, and how many ancestors, `inheritedPath` reads.
    private static let relativesLimit = 16

    private static func firstPath(calling method: String, writes: Bool, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                                  extraCallbacks: Set<String>, memo: ProjectMemo, hops: Int) -> String? {
        let key = "repeated_subscription.first-path\u{0}\(method)\u{0}\(writes)\u{0}\(identity.key)\u{0}\(hops)\u{0}" + extraCallbacks.sorted().joined(separator: ",")
        let found = memo.value(for: key) { () -> String in
            uncachedFirstPath(calling: method, writes: writes, onType: typeName, identity: identity, index: index, extraCallbacks: extraCallbacks,
                              memo: memo, hops: hops) ?? ""
        }
        return found.isEmpty ? nil : found
    }

    private static func uncachedFirstPath(calling method: String, writes: Bool, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                                          extraCallbacks: Set<String>, memo: ProjectMemo, hops: Int) -> String? {
        let callers = memoizedCallers(of: method, writes: writes, index: index, memo: memo)
        guard !callers.isEmpty else { return nil }
        // Also a call on an object of a subclass that inherits the method (`viewModel.reload()` with
        // `let viewModel: ExhibitListViewModel`, a `BaseListViewModel<Exhibit>`): one level down.
        let inheritors = writes ? [] : index.directSubtypes(of: typeName.lastNameComponent).filter {
            index.functions(named: method, inTypesNamed: $0).isEmpty
        }.map { ancestorIdentity($0, of: identity, index: index, memo: memo) }
        for receiver in receivers(typeName, identity: identity, index: index, memo: memo) + inheritors {
            for caller in callers[receiver] ?? [] where caller.callerIdentity != identity {
                let key = "repeated_subscription.own\u{0}" + caller.callerIdentity.key + "\u{0}" + extraCallbacks.sorted().joined(separator: ",")
                let analysis = memo.value(for: key) {
                    TypeAnalysis(identity: caller.callerIdentity, typeName: caller.callerType, index: index, extraCallbacks: extraCallbacks,
                                 memo: memo, externalEntries: false)
                }
                // A call below a run-once guard of the caller (`guard !hasBoundOnce else { return }`)
                // runs once, however often the repeated method does.
                // `cell.showTyping(…)` in the cell provider of a diffable data source: it runs per row.
                if let provider = cellProvider(around: caller.token, in: index.trees[caller.tree], index: index) {
                    return caller.callerType + "." + provider + " cell provider"
                }
                guard let m = analysis.graph.method(inTree: caller.tree, function: caller.function) else {
                    // An initializer (not among the graph's methods) runs once, but the value closure
                    // of a never-finishing sink it subscribes runs once per value.
                    if let source = valueClosureSource(around: caller.token, in: index.trees[caller.tree], index: index) {
                        let initializer = index.trees[caller.tree].functions[caller.function]
                        return caller.callerType + "." + initializer.selectorName + " { " + source + ".sink }"
                    }
                    continue
                }
                guard let path = analysis.path(to: m) else {
                    // An override that the base class's repeated code calls (`bindViewModel()` from
                    // `BaseViewController.viewWillAppear`): it runs as often as that code does.
                    if let inherited = overridePath(of: caller, method: analysis.graph.methods[m], index: index,
                                                    extraCallbacks: extraCallbacks, memo: memo) { return inherited }
                    // A method that a third type's repeated code calls in turn (`sceneWillEnterForeground`
                    // → `coordinator.resumeSync()` → `syncController.resume()`).
                    let callerMethod = analysis.graph.methods[m]
                    if hops < maximumHops, callerMethod.name != method,
                       let outer = firstPath(calling: callerMethod.observedProperty ?? callerMethod.name, writes: callerMethod.isObserver, onType: caller.callerType,
                                             identity: caller.callerIdentity, index: index, extraCallbacks: extraCallbacks, memo: memo, hops: hops + 1) {
                        return outer + " → " + caller.callerType + "." + callerMethod.selectorName
                    }
                    // `sidebar.selection.sink { [weak self] in self?.editor.document = $0 }`: the value
                    // closure of a subscription that never finishes runs once per value.
                    if let source = valueClosureSource(around: caller.token, in: index.trees[caller.tree], index: index) {
                        return caller.callerType + "." + callerMethod.selectorName + " { " + source + ".sink }"
                    }
                    continue
                }
                guard !analysis.isGuardedToRunOnce(before: caller.token, along: path) else { continue }
                return caller.callerType + "." + path.map(\.label).joined(separator: " → ")
            }
        }
        return nil
    }

    /// The first call of `method` on an object of the type `identity` (named `typeName`), or of a type
    /// it inherits from or conforms to, made by another type right in the value closure of a `sink`
    /// whose pipeline never finishes (`sensors.state.filter { … }.sink { self?.sensors.startScan() }`):
    /// the caller's type and the source's name, for a message. The method then runs once per value,
    /// the nesting that `nested_sink` reports at its subscription.
    static func perValueCaller(of method: String, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                               memo: ProjectMemo) -> (callerType: String, source: String)? {
        let callers = memoizedCallers(of: method, index: index, memo: memo)
        guard !callers.isEmpty else { return nil }
        for receiver in receivers(typeName, identity: identity, index: index, memo: memo) {
            for caller in callers[receiver] ?? [] where caller.callerIdentity != identity {
                let tree = index.trees[caller.tree]
                // Right in the closure: a call from a method the closure calls is a path of the caller's own.
                guard let source = valueClosureSource(around: caller.token, in: tree, index: index),
                      let closure = tree.innermostClosure(of: caller.token), let call = tree.call(receiving: closure),
                      tree.chains[call.chain].elements[call.element].name == "sink" else { continue }
                return (caller.callerType, source)
            }
        }
        return nil
    }

    /// The source's last name (`selection` of `sidebar.selection.sink { … }`) when the token stands in
    /// the value closure of a `sink` whose pipeline never finishes: the closure runs once per value.
    private static func valueClosureSource(around token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        for c in tree.enclosingClosures(of: token) {
            guard let call = tree.call(receiving: c) else { continue }
            let chain = tree.chains[call.chain]
            let element = chain.elements[call.element]
            // `ids.forEach { self?.downloads.observe(trailID: $0) }` runs now, in the sink's closure.
            if element.name == "forEach" { continue }
            guard element.name == "sink", call.element >= 1, RepeatingSinkClosures.valueClosures(of: element).contains(c),
                  NeverFinishingSources.startsNeverFinishing(chain, before: call.element, tree: tree, index: index, extraNames: []) else { return nil }
            return RepeatingSinkClosures.sourceName(of: chain, sinkAt: call.element)
        }
        return nil
    }

    /// The name of the data source or cell registration (`DataSource`) whose cell provider closure
    /// holds the token, if any.
    private static func cellProvider(around token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        for c in tree.enclosingClosures(of: token) where RepeatedSites.closureSiteKind(c, in: tree, index: index) == .cellProvider {
            guard let call = tree.call(receiving: c) else { continue }
            return tree.chains[call.chain].elements[call.element].name
        }
        return nil
    }

    /// For a caller directly in an `override` method: the path of the ancestor's repeated method that
    /// calls it on `self`, then the override (`BaseViewController.viewWillAppear(_:) → bindViewModel()`).
    /// The override's own run-once guards are not read: a template method is called on every appearance.
    private static func overridePath(of caller: Caller, method: MethodCallGraph.Method, index: ProjectIndex,
                                     extraCallbacks: Set<String>, memo: ProjectMemo) -> String? {
        let function = index.trees[caller.tree].functions[caller.function]
        guard function.modifiers.contains("override") else { return nil }
        let key = "repeated_subscription.override\u{0}\(caller.callerType)\u{0}\(function.name)\u{0}" + extraCallbacks.sorted().joined(separator: ",")
        let found = memo.value(for: key) { () -> String in
            inheritedPath(calling: function.name, overriding: true, onType: caller.callerType, bag: "", index: index,
                          extraCallbacks: extraCallbacks, memo: memo) ?? ""
        }
        return found.isEmpty ? nil : found + " → " + caller.callerType + "." + method.selectorName
    }

    /// The callers of `method` on named objects (or, with `writes`, the assignments to that
    /// property), by receiver type, worked out once per run.
    private static func memoizedCallers(of method: String, writes: Bool = false, index: ProjectIndex, memo: ProjectMemo) -> [TypeIdentity: [Caller]] {
        memo.value(for: "repeated_subscription.method-callers\u{0}" + method + (writes ? "\u{0}writes" : "")) {
            RepeatedMethodCallers.callers(of: method, writes: writes, index: index, memo: memo)
        }
    }

    /// The type `identity` and the types it inherits from or conforms to: a call on any of them
    /// may run the type's method.
    private static func receivers(_ typeName: String, identity: TypeIdentity, index: ProjectIndex, memo: ProjectMemo) -> [TypeIdentity] {
        [identity] + index.allAncestors(of: typeName).map { ancestorIdentity($0, of: identity, index: index, memo: memo) }
    }

    /// Whether another type's disappearance callback (`viewWillDisappear`, `viewDidDisappear`, AppKit's
    /// closing callbacks; or another of `callbacks`) calls `method` on an object of the type `identity` (named `typeName`): a
    /// screen's `viewDidDisappear { viewModel.stopLiveUpdates() }`, paired with the
    /// `viewWillAppear { viewModel.startLiveUpdates() }` that reaches a store, ends each run of it.
    /// The call may pass through one method of a third object (`sceneDidEnterBackground {
    /// coordinator.pauseLiveUpdates() }`, which calls `availability.pauseLive()`).
    static func calledOnDisappearance(_ method: String, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                                      memo: ProjectMemo, callbacks: Set<String> = Catalogue.disappearCallbacks, hops: Int = 1) -> Bool {
        let callers = memoizedCallers(of: method, index: index, memo: memo)
        guard !callers.isEmpty else { return false }
        return receivers(typeName, identity: identity, index: index, memo: memo).contains { receiver in
            (callers[receiver] ?? []).contains { caller in
                guard caller.callerIdentity != identity else { return false }
                let function = index.trees[caller.tree].functions[caller.function]
                guard function.kind == .function else { return false }
                let name = function.name
                if callbacks.contains(name) { return true }
                return hops > 0 && calledOnDisappearance(name, onType: caller.callerType, identity: caller.callerIdentity, index: index,
                                                         memo: memo, callbacks: callbacks, hops: hops - 1)
            }
        }
    }

    /// Whether every method of another type that calls `method` on an object of the type `identity`
    /// (named `typeName`) also calls `reset` on such an object: a switch's action that either
    /// subscribes or empties the bag (`if motionSwitch.isOn { model.enableAlerts() } else {
    /// model.disableAlerts() }`), or empties it before subscribing again, balances each run with the next.
    static func alwaysCalledWith(_ method: String, reset: String, onType typeName: String, identity: TypeIdentity, index: ProjectIndex,
                                 memo: ProjectMemo) -> Bool {
        let callers = memoizedCallers(of: method, index: index, memo: memo)
        let resetters = memoizedCallers(of: reset, index: index, memo: memo)
        var found = false
        for receiver in receivers(typeName, identity: identity, index: index, memo: memo) {
            let resetting = Set((resetters[receiver] ?? []).filter { $0.callerIdentity != identity }.map { "\($0.tree) \($0.function)" })
            for caller in callers[receiver] ?? [] where caller.callerIdentity != identity {
                guard resetting.contains("\(caller.tree) \(caller.function)") else { return false }
                found = true
            }
        }
        return found
    }

    /// The path, as text (`FeedViewController.viewWillAppear(_:)`), of a repeated method of a type
    /// related to `typeName` by inheritance or conformance that calls `method` on `self`, so that
    /// the call runs this type's method: a subclass calling the base class's `bindTheme()` from its
    /// `viewWillAppear`, a base class's `viewWillAppear` calling `bind()` that this subclass
    /// overrides, a conforming type calling a method of a protocol extension, or a subclass's
    /// override of a hook that the base class's `viewWillAppear` calls (`refreshOnAppear()`) calling
    /// the base class's `bind(_:)`. A subclass that declares a method of that name runs its own; a
    /// path along which the caller empties `bag` does not count.
    static func inheritedPath(calling method: String, overriding: Bool, onType typeName: String, bag: String, index: ProjectIndex,
                              extraCallbacks: Set<String>, memo: ProjectMemo, throughOverrides: Bool = true) -> String? {
        // The nearest relatives only: real hierarchies are a few levels deep, and each of thousands of
        // classes in one chain asking about the whole chain would be quadratic.
        let subtypes = index.subtypes(of: typeName, limit: Self.relativesLimit).sorted()
        // A base class's call reaches this type's method only through an override.
        let ancestors = overriding ? index.allAncestors(of: typeName, limit: Self.relativesLimit).map { ProjectIndex.stripGenerics($0).lastNameComponent } : []
        let subtypeSet = Set(subtypes)
        var seen: Set<String> = [typeName]
        for other in ancestors + subtypes where seen.insert(other).inserted && index.type(named: other) != nil {
            let isSubtype = subtypeSet.contains(other)
            for identity in TypeIdentity.members(named: other, index: index, memo: memo).keys.sorted(by: { $0.key < $1.key }) {
                let key = "repeated_subscription.own\u{0}" + identity.key + "\u{0}" + extraCallbacks.sorted().joined(separator: ",")
                let analysis = memo.value(for: key) {
                    TypeAnalysis(identity: identity, typeName: other, index: index, extraCallbacks: extraCallbacks,
                                 memo: memo, externalEntries: false)
                }
                if isSubtype, analysis.graph.byName[method]?.contains(where: { !analysis.graph.methods[$0].isProtocolDefault }) == true { continue }
                for (m, info) in analysis.graph.methods.enumerated() {
                    let calls = MethodCallGraph.selfCalls(in: info.body, of: index.trees[info.tree], names: [method: []])
                    guard let call = calls.first else { continue }
                    guard let path = analysis.path(to: m) else {
                        // A subclass's override (or a method it reaches) that a repeated callback of
                        // the subclass's ancestors calls.
                        guard isSubtype, throughOverrides else { continue }
                        let callers = memo.value(for: key + "\u{0}override-callers") { RepeatedSubscriptionRule.overrideCallers(analysis.graph, index: index) }
                        guard let o = callers[m], case let override = analysis.graph.methods[o],
                              // The override empties the bag before it calls (`cancellables.removeAll()`).
                              !BagResets.empties(bag, in: info.body.lowerBound..<call.token, of: index.trees[info.tree]),
                              o == m || !BagResets.empties(bag, in: override.body, of: index.trees[override.tree]),
                              let inherited = inheritedPath(calling: override.name, overriding: true, onType: other, bag: bag, index: index,
                                                            extraCallbacks: extraCallbacks, memo: memo, throughOverrides: false) else { continue }
                        return inherited + " → " + other + "." + override.selectorName + (o == m ? "" : " → " + other + "." + info.selectorName)
                    }
                    guard !analysis.isReset(bag, along: path, storeToken: call.token, memo: memo, memoKey: key) else { continue }
                    return other + "." + path.map(\.label).joined(separator: " → ")
                }
            }
        }
        return nil
    }

    /// `typeName` when it keeps an object of its own type in the static property `member`
    /// (`static let shared = HealthSyncService()`, `static let shared: HealthSyncService = .init()`).
    private static func singletonType(_ typeName: String, member: String, index: ProjectIndex) -> String? {
        guard typeName.first?.isUppercase == true, let property = index.property(member, ofType: typeName), property.isStatic,
              !property.isComputed else { return nil }
        let written = TypeResolver.simpleTypeName(property.typeText)
        let value = property.initializerText.trimmingSpaces
        let ownType = written == typeName || (property.typeText.isEmpty && (value.hasPrefix(typeName + "(") || value.hasPrefix(typeName + ".init(")))
        return ownType ? typeName : nil
    }

    /// The type `makeCoordinator()` of type `t` is declared to return (`Coordinator`), if it declares one.
    private static func coordinatorType(of t: Int, in tree: SyntaxTree) -> String? {
        guard let f = tree.types[t].functions.first(where: { tree.functions[$0].name == "makeCoordinator" && tree.functions[$0].kind == .function })
        else { return nil }
        let written = tree.functions[f].returnType
        return written.isEmpty ? nil : TypeResolver.simpleTypeName(written)
    }

    /// The identity of an ancestor named in the inheritance clause of type `identity`, resolved
    /// where that type is declared.
    private static func ancestorIdentity(_ name: String, of identity: TypeIdentity, index: ProjectIndex, memo: ProjectMemo) -> TypeIdentity {
        let simple = ProjectIndex.stripGenerics(name)
        guard case .declared(let declaration) = identity else { return .named(simple.lastNameComponent) }
        let token = index.trees[declaration.tree].types[declaration.item].keywordToken
        return receiverIdentity(simple, at: token, inTree: declaration.tree, index: index, memo: memo)
    }

    /// The identity a type name written at a place means: its declaration, or just the name.
    private static func receiverIdentity(_ name: String, at token: Int, inTree tree: Int, index: ProjectIndex, memo: ProjectMemo) -> TypeIdentity {
        let meant = TypeDeclarationResolver.candidates(named: name, at: token, inTree: tree, index: index, memo: memo)
        return meant.count == 1 ? .declared(meant[0]) : .named(name.lastNameComponent)
    }

    /// The type a local is cast to where it is bound: `let cell = tableView.dequeueReusableCell(…) as! FeedCell`,
    /// `guard let cell = … as? FeedCell`. The data source calls the cell's methods on it on every reuse.
    static func castType(ofLocal name: String, at token: Int, in tree: SyntaxTree) -> String? {
        let initializer: ClosedRange<Int>
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree), let value = tree.variables[v].initializer {
            initializer = value
        } else if let value = tree.nearestBindingInFunction(of: name, before: token)?.value {
            initializer = value
        } else if let start = tree.casePatternCastType(of: name, before: token) {
            // `case let screen as DashboardViewController:` in a `switch` over a tab's root screen.
            return dottedTypeName(from: start, limit: token, in: tree)
        } else {
            return nil
        }
        let level = tree.enclosing[initializer.lowerBound]
        var k = initializer.upperBound
        while k > initializer.lowerBound, !(tree.isWord(k, "as") && tree.enclosing[k] == level) { k -= 1 }
        guard k > initializer.lowerBound, k < initializer.upperBound else { return dequeuedType(in: initializer, of: tree) }
        var start = k + 1
        while start <= initializer.upperBound, tree.tokens[start].kind != .identifier { start += 1 }
        guard start <= initializer.upperBound else { return nil }
        return dottedTypeName(from: start, limit: initializer.upperBound + 1, in: tree)
    }

    /// `tableView.dequeue(ChannelCell.self, for: indexPath)`: a generic dequeue helper returns a cell of
    /// the type it is handed (`func dequeue<Cell>(_ type: Cell.Type, for: IndexPath) -> Cell`).
    private static func dequeuedType(in initializer: ClosedRange<Int>, of tree: SyntaxTree) -> String? {
        guard let c = tree.chain(spanning: initializer), case let chain = tree.chains[c],
              let call = chain.elements.last, call.isCall, call.name.lowercased().contains("dequeue") else { return nil }
        for argument in call.arguments {
            let value = argument.value
            guard value.count >= 3, tree.tokens[value.upperBound].kind == .keyword || tree.tokens[value.upperBound].kind == .identifier,
                  tree.name(value.upperBound) == "self", tree.tokens[value.upperBound - 1].kind == .period,
                  tree.tokens[value.lowerBound].kind == .identifier else { continue }
            return dottedTypeName(from: value.lowerBound, limit: value.upperBound - 1, in: tree)
        }
        return nil
    }

    /// The type a parenthesised expression casts to as its last step: `(x as? Feed.Cell)`, `(x as! T)`.
    private static func castType(inParentheses open: Int, in tree: SyntaxTree) -> String? {
        let close = Int(tree.matching[open])
        guard close > open + 3 else { return nil }
        var k = close - 1
        while k > open, tree.tokens[k].kind == .identifier || tree.tokens[k].kind == .period { k -= 1 }
        guard k > open + 1, tree.tokens[k].kind == .questionMark || tree.tokens[k].kind == .exclamationMark,
              tree.isWord(k - 1, "as"), k + 1 < close, tree.tokens[k + 1].kind == .identifier else { return nil }
        return dottedTypeName(from: k + 1, limit: close, in: tree)
    }

    /// `FeedCell` or `Feed.Cell` written from token `start`, up to whatever follows the type (`else { … }`
    /// of a `guard`, a case's `:`), before token `limit`.
    private static func dottedTypeName(from start: Int, limit: Int, in tree: SyntaxTree) -> String? {
        var end = start
        while end + 2 < limit, tree.tokens[end + 1].kind == .period, tree.tokens[end + 2].kind == .identifier { end += 2 }
        return TypeResolver.simpleTypeName(tree.text(start, end))
    }

    /// Whether `name` is a local that the function makes right there, `let booking = BookingCoordinator(…)`:
    /// each run of the function calls the method on a new object, once, so nothing piles up in one
    /// object's bag. Made outside the closure that calls it (`let detail = DetailViewController()`,
    /// then `$selection.sink { [weak detail] in detail?.watch($0) }`), it is one object whose method
    /// the closure runs again and again.
    private static func isMadeInFunction(_ name: String, before token: Int, function: Int, in tree: SyntaxTree) -> Bool {
        guard let open = tree.functions[function].bodyOpen else { return false }
        let caller = tree.innermostClosure(of: token)
        return (tree.localsByName[name] ?? []).contains { v in
            let variable = tree.variables[v]
            guard variable.nameToken > open, variable.nameToken < token, let initializer = variable.initializer,
                  tree.innermostClosure(of: variable.nameToken) == caller, let callee = calleeOfWholeCall(initializer, in: tree) else { return false }
            return callee.first?.isUppercase == true || isFactory(callee, of: tree.functions[function].enclosingType, in: tree)
        }
    }

    /// Whether `name` is a parameter of `function`, a `private` method, that every call of it in its
    /// file gives a new object (`startChild(FeedingCoordinator(…))`, or a local the calling function
    /// makes right there, `let diary = DiaryCoordinator(…); startChild(diary)`): each run calls the
    /// method on a new object, so nothing piles up in one object's bag.
    private static func isParameterGivenNewObjects(_ name: String, at token: Int, function f: Int, inTree t: Int, index: ProjectIndex) -> Bool {
        let tree = index.trees[t]
        let function = tree.functions[f]
        guard function.kind == .function, function.isFilePrivate, tree.innermostClosure(of: token) == nil,
              let p = function.parameters.firstIndex(where: { $0.name == name }),
              SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) == nil else { return false }
        var calls = 0
        for reference in index.identifiers[function.name].entries(inTree: t) {
            let i = reference.token
            guard i != function.nameToken, tree.name(i) == function.name, i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .leftParen else { continue }
            // `other.startChild(…)` is another object's method.
            if i >= 2, tree.tokens[i - 1].kind == .period, !tree.isSelfReference(i - 2) { continue }
            guard let call = tree.call(openedAt: i + 1), case let element = tree.chains[call.chain].elements[call.element],
                  let position = element.arguments.indices.first(where: {
                      function.parameterIndex(receivingArgumentAt: $0, labels: element.argumentLabels) == p }),
                  let caller = tree.outerMethod(of: i) ?? initializer(around: i, in: tree) else { return false }
            let value = element.arguments[position].value
            let first = value.lowerBound
            let isConstruction = calleeOfWholeCall(value, in: tree)?.first?.isUppercase == true
            let isNewLocal = value.count == 1 && tree.tokens[first].kind == .identifier
                && isMadeInFunction(tree.name(first), before: first, function: caller, in: tree)
            guard isConstruction || isNewLocal else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// The name called when tokens `range` are one call and nothing else (`BookingCoordinator(…)`,
    /// `makeCoordinator(for: tab)`).
    private static func calleeOfWholeCall(_ range: ClosedRange<Int>, in tree: SyntaxTree) -> String? {
        guard range.count >= 3, tree.tokens[range.lowerBound].kind == .identifier, tree.tokens[range.lowerBound + 1].kind == .leftParen,
              Int(tree.matching[range.lowerBound + 1]) == range.upperBound else { return nil }
        return tree.name(range.lowerBound)
    }

    /// `makeCoordinator(for: tab)`: a method of the type whose every `return` builds a new object
    /// (`return IncidentsCoordinator(…)` in each case of a `switch`).
    private static func isFactory(_ name: String, of type: Int?, in tree: SyntaxTree) -> Bool {
        guard let type else { return false }
        return tree.types[type].functions.contains { f in
            let function = tree.functions[f]
            guard function.kind == .function, function.name == name, let open = function.bodyOpen, let close = function.bodyClose else { return false }
            var returns = 0
            for k in open..<close where tree.isWord(k, "return") && tree.enclosingFunction(of: k) == f && tree.innermostClosure(of: k) == nil {
                guard k + 2 < close, tree.tokens[k + 1].kind == .identifier, tree.name(k + 1).first?.isUppercase == true,
                      tree.tokens[k + 2].kind == .leftParen, case let end = Int(tree.matching[k + 2]), end > k + 2,
                      end + 1 >= close || tree.statementStarts[end + 1] || tree.tokens[end + 1].kind == .rightBrace else { return false }
                returns += 1
            }
            return returns > 0
        }
    }

    /// `ids.forEach(tracker.track)`: another object's method handed whole to `forEach` runs once
    /// per element, now, as a call written in a loop would.
    private static func isHandedToForEach(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard let last = chain.elements.last, !last.isCall, last.subscripts.isEmpty, case .argument(let open) = chain.context,
              let call = tree.call(openedAt: open), case let element = tree.chains[call.chain].elements[call.element],
              element.name == "forEach", element.arguments.count == 1 else { return false }
        return element.arguments[0].value == chain.first...chain.last
    }

    /// The initializer whose body (or a closure in it) holds the token: a sink it subscribes may
    /// call another object's method once per value.
    private static func initializer(around token: Int, in tree: SyntaxTree) -> Int? {
        guard let f = tree.enclosingFunction(of: token), tree.functions[f].kind == .initializer, !tree.functions[f].isLocal else { return nil }
        return f
    }

    /// Every `receiver.method(…)` call on a named object (a local, parameter or property, not
    /// `self`) inside a method of a type, by the receiver's type when it can be told (a method handed
    /// to `forEach` too); with `writes`, every `receiver.method = …` instead.
    private static func callers(of method: String, writes: Bool, index: ProjectIndex, memo: ProjectMemo) -> [TypeIdentity: [Caller]] {
        var result: [TypeIdentity: [Caller]] = [:]
        for reference in index.chainElements[method] {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let e = reference.element
            let element = chain.elements[e]
            guard element.kind == .member, e >= 1 else { continue }
            if writes {
                guard !element.isCall, element.subscripts.isEmpty, e == chain.elements.count - 1, chain.last + 1 < tree.tokens.count,
                      tree.tokens[chain.last + 1].kind == .equal else { continue }
            } else {
                guard element.isCall || isHandedToForEach(chain, in: tree) else { continue }
            }
            // The call `element` on an object of `type`, made by method `function` of type `owner`.
            func add(_ type: String, owner: Int, function: Int) {
                let receiverType = receiverIdentity(type, at: element.nameToken, inTree: reference.tree, index: index, memo: memo)
                result[receiverType, default: []].append(Caller(callerType: tree.types[owner].name.lastNameComponent,
                                                                callerIdentity: TypeIdentity.of(type: owner, inTree: reference.tree, index: index, memo: memo),
                                                                tree: reference.tree, function: function, token: element.nameToken))
            }
            // `context.coordinator.bind(…)` in a representable's `updateUIView(_:context:)`: the
            // receiver is the object `makeCoordinator()` made.
            if e == 2, chain.elements[1].name == "coordinator", !chain.elements[1].isCall, chain.elements[0].kind == .root,
               !chain.elements[0].isCall, chain.elements[1].subscripts.isEmpty,
               let function = tree.outerMethod(of: element.nameToken), let owner = tree.functions[function].enclosingType,
               let type = coordinatorType(of: owner, in: tree) {
                add(type, owner: owner, function: function)
                continue
            }
            // `HealthSyncService.shared.startObserving()`: the object a type keeps in a static property
            // of its own type, a singleton.
            if e == 2, chain.elements[0].kind == .root, !chain.elements[0].isCall, !chain.elements[1].isCall,
               chain.elements[1].subscripts.isEmpty,
               let type = singletonType(chain.elements[0].name, member: chain.elements[1].name, index: index),
               let function = tree.outerMethod(of: element.nameToken), let owner = tree.functions[function].enclosingType {
                add(type, owner: owner, function: function)
                continue
            }
            var receiverIndex = e - 1
            if receiverIndex == 1, chain.elements[0].name == "self" { receiverIndex = 1 } else if receiverIndex != 0 {
                // `appDelegate.sessionStore.resumeLiveUpdates()`: an object kept in a stored property
                // of a named one (the property types the index knows).
                if chain.elements[0].kind == .root, chain.elements[0].name != "super",
                   chain.elements[..<e].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
                   let type = TypeResolver.ownerTypeThroughProperties(ofElement: e, in: chain, tree: tree, index: index),
                   let function = tree.outerMethod(of: element.nameToken), let owner = tree.functions[function].enclosingType {
                    add(type, owner: owner, function: function)
                }
                continue
            }
            let receiver = chain.elements[receiverIndex]
            // `(childCoordinators.first as? ExhibitsCoordinator)?.showScanner()`: the cast names the type.
            if receiverIndex == 0, receiver.kind == .literal, receiver.name == "(…)",
               let type = castType(inParentheses: receiver.nameToken, in: tree),
               let function = tree.outerMethod(of: element.nameToken) ?? initializer(around: element.nameToken, in: tree),
               let owner = tree.functions[function].enclosingType {
                add(type, owner: owner, function: function)
                continue
            }
            guard !receiver.isCall, receiver.subscripts.isEmpty, receiver.name != "self", receiver.name != "super",
                  receiver.kind == .root || receiverIndex == 1 else { continue }
            guard let function = tree.outerMethod(of: element.nameToken) ?? initializer(around: element.nameToken, in: tree),
                  let owner = tree.functions[function].enclosingType,
                  !isMadeInFunction(receiver.name, before: element.nameToken, function: function, in: tree),
                  !isParameterGivenNewObjects(receiver.name, at: element.nameToken, function: function, inTree: reference.tree, index: index),
                  let type = TypeResolver.writtenTypeOfName(receiver.name, at: element.nameToken, in: tree, index: index)
                    ?? castType(ofLocal: receiver.name, at: element.nameToken, in: tree) else { continue }
            add(type, owner: owner, function: function)
        }
        return result
    }

}
