import Foundation
/// A method that stores a subscription in a bag without emptying it, called (directly or through
/// other methods of the same type) from code that runs again and again: appearance and layout
/// callbacks, per-row data source methods, a cell's configure, actions, notification handlers.
/// Each run adds one more live subscription. The direct case (storing right inside the callback)
/// is `store_in_appearance`'s.
public struct RepeatedSubscriptionRule: Rule {
    public static let description = RuleDescription(
        id: "repeated_subscription",
        name: "Repeated subscription",
        defaultSeverity: .warning,
        summary: "A method that stores a subscription in a bag and is called, through other methods, from a callback that runs repeatedly.",
        options: [RuleOptionDescription(key: "appearance_methods", summary: "Extra names of methods that run repeatedly (e.g. a custom `screenDidAppear`).")],
        // A store that another subscription's `sink` reaches through a method is that nesting.
        supersededBy: ["nested_sink"]
    )

    public init() {}

    /// A subscription stored into a bag of `self`.
    struct Store {
        var token: Int
        var label: String
        var bag: String
        var typeName: String
        /// The storing method's type, told apart from same-named types nested elsewhere.
        var identity: TypeIdentity
        var function: Int
        var chain: Int
        var subscriber: Int
        /// The pipeline ends at a value limit that waits for a condition (`filter { … }.first()`):
        /// each run leaves one more pending subscription rather than one more running.
        var waitsForCondition: Bool
    }

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [RepeatedViewCalls.preparation(index, memo: memo), SubscribingHelpers.preparation(index, memo: memo)]
    }

    public func check(_ context: RuleContext) -> [Finding] {
        // Every finding is about one of the file's subscriptions, a project helper's call that returns
        // the subscription it makes (`tokens.append(p.onMain { … })`) among them.
        let helperCalls = SubscribingHelpers.returnedSubscriptions(in: context.tree, index: context.index, memo: context.memo,
                                                                   besides: context.subscriptions)
        guard !context.subscriptions.isEmpty || !helperCalls.isEmpty else { return [] }
        let tree = context.tree
        guard let treeIndex = context.index.treeIndexByPath[tree.file.path] else { return [] }
        let stores = self.stores(in: tree, treeIndex: treeIndex, index: context.index, memo: context.memo,
                                 subscriptions: context.subscriptions + helperCalls)
        guard !stores.isEmpty else { return [] }
        let extra = Set(context.options.strings("appearance_methods"))
        var findings: [Finding] = []
        for store in stores {
            // A type's analysis covers all its files: made once per run, not once per file of the type.
            let key = "repeated_subscription\u{0}" + store.identity.key + "\u{0}" + extra.sorted().joined(separator: ",")
            let analysis = context.memo.value(for: key) {
                TypeAnalysis(identity: store.identity, typeName: store.typeName, index: context.index, extraCallbacks: extra, memo: context.memo)
            }
            if let finding = conformerFinding(store, treeIndex: treeIndex, extra: extra, in: tree, context) {
                findings.append(finding)
                continue
            }
            guard let method = analysis.graph.method(inTree: treeIndex, function: store.function) else {
                // `init` is no method of the graph; an entry closure inside it still runs per event.
                if let finding = entryClosureFinding(store, treeIndex: treeIndex, analysis: analysis, memoKey: key, context) {
                    findings.append(finding)
                }
                continue
            }
            let found = analysis.path(to: method)
            guard let path = found, path.count >= 2 else {
                if let path = found, path.count == 1,
                   let finding = userActionFinding(store, path: path, analysis: analysis, memoKey: key, context) {
                    findings.append(finding)
                } else if found == nil, let finding = entryClosureFinding(store, treeIndex: treeIndex, analysis: analysis, memoKey: key, context) {
                    findings.append(finding)
                } else if let finding = appearanceFinding(store, analysis: analysis, memoKey: key, in: tree, context) {
                    findings.append(finding)
                }
                continue
            }
            if let finding = pathFinding(store, path: path, analysis: analysis, memoKey: key, in: tree, context) {
                findings.append(finding)
            }
        }
        return findings
    }

    /// The finding of a store that `path` reaches from a repeated entry of the analysed type, unless
    /// the bag is emptied along the way, the store is `store_in_appearance`'s, or the pipeline is a
    /// request where one per run is expected. `entryType` names the entry's type when it is not the
    /// store's (a conforming type running a protocol's default method).
    private func pathFinding(_ store: Store, path: [TypeAnalysis.Step], analysis: TypeAnalysis, memoKey key: String, entryType: String? = nil,
                             in tree: SyntaxTree, _ context: RuleContext) -> Finding? {
        guard !analysis.isReset(store.bag, along: path, storeToken: store.token, memo: context.memo, memoKey: key) else { return nil }
        if isStoredRightInCellMethod(store, in: tree, context) { return nil }
        var names = path.map(\.label) + [store.label]
        if let entryType { names[0] = entryType + "." + names[0] }
        // Back to the foreground, or an edit of a search field: a request made there finishes;
        // only a source that never does leaves one more live subscription per run.
        if analysis.startsWhereRequestsAreExpected(path),
           !NeverFinishingSources.startsNeverFinishing(tree.chains[store.chain], before: store.subscriber, tree: tree, index: context.index, extraNames: []) {
            return nil
        }
        // A request-style pipeline, from any repeated entry (back on screen, a pull to refresh, a
        // notification): a project function that returns only requests (`store.list()` returning
        // `Publishers.MergeMany(loads).collect()` of `Deferred { Future … }`s) answers and finishes,
        // so no live subscription is left per run, as `store_in_appearance` takes it for a store
        // made right in the callback.
        // A limit waiting for a condition ends once the screen's state passes it when an appearance
        // starts it (`$items.first(where: { !$0.isEmpty })`); from a user action it may wait past
        // the next tap (an unlock that never comes), one more waiting subscription per tap.
        if !store.waitsForCondition || analysis.startsInAppearance(path), !analysis.startsInCellReuse(path),
           FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
            .finishes(tree.chains[store.chain], before: store.subscriber, in: tree) {
            return nil
        }
        // Run by a closure handed to another object's callback property, which that object calls
        // on each tap: as for another type's repeated code, only a source that never finishes piles up.
        if analysis.requiresEndlessSource(entry: path[0]) {
            guard neverFinishes(store, in: tree, context) else { return nil }
        }
        // Called from another type's repeated code: as for the direct calls, only a source
        // that never finishes leaves one more live subscription per run.
        if let first = analysis.graph.method(inTree: path[0].tree, body: path[0].body), let label = analysis.externalEntries[first] {
            guard neverFinishes(store, in: tree, context) else { return nil }
            names.insert(label, at: 0)
        }
        let text = RepeatedSubscriptionRule.text(path: names.joined(separator: " → "), entry: names[0], store: store,
                                                 subscribeOnceIn: "`viewDidLoad` or `init`", consequence: "values are handled several times and old requests race new ones")
        return context.finding(tokens: store.token, message: text.message, help: text.help)
    }

    /// A store in a protocol's default method (`extension AvatarDisplaying { func loadAvatar(…) }`):
    /// it runs for each conforming type that declares no method of its selector, from that type's
    /// repeated code (a cell's `configure(with:)` calling `loadAvatar(…)` on every reuse). The first
    /// conforming type (by name) whose repeated code reaches it gives the finding.
    private func conformerFinding(_ store: Store, treeIndex: Int, extra: Set<String>, in tree: SyntaxTree, _ context: RuleContext) -> Finding? {
        let index = context.index
        guard index.type(named: store.typeName)?.kind == .protocol else { return nil }
        for conformer in Set(index.subtypes(of: store.typeName).map(\.lastNameComponent)).sorted()
        where index.type(named: conformer).map({ $0.kind != .protocol }) ?? false {
            guard let identity = TypeIdentity.onlyType(named: conformer, index: index, memo: context.memo)?.identity else { continue }
            let key = "repeated_subscription\u{0}" + identity.key + "\u{0}" + extra.sorted().joined(separator: ",")
            let analysis = context.memo.value(for: key) {
                TypeAnalysis(identity: identity, typeName: conformer, index: index, extraCallbacks: extra, memo: context.memo)
            }
            guard let m = analysis.graph.method(inTree: treeIndex, function: store.function), analysis.graph.methods[m].isProtocolDefault,
                  let path = analysis.path(to: m), path.count >= 2,
                  let finding = pathFinding(store, path: path, analysis: analysis, memoKey: key, entryType: conformer, in: tree, context) else { continue }
            return finding
        }
        return nil
    }

    /// Whether a method of the storing type that empties the store's bag (in its body) is called
    /// from another type's disappearance callback (or another of `resets`) on an object of this type.
    private func emptiedFromCallersDisappearance(_ store: Store, analysis: TypeAnalysis, resets: Set<String>, _ context: RuleContext) -> Bool {
        analysis.graph.methods.contains { method in
            BagResets.empties(store.bag, in: method.body, of: context.index.trees[method.tree])
                && RepeatedMethodCallers.calledOnDisappearance(method.name, onType: store.typeName, identity: store.identity,
                                                               index: context.index, memo: context.memo, callbacks: resets)
        }
    }

    /// A store written right in a cell's `configure…`/`bind…` method (`bindProgress(_:)`, which the
    /// cell's own `configure(with:)` calls) is `store_in_appearance`'s, which reports it at that
    /// method: reached from another configure method of the cell, it is still one store, one finding.
    private func isStoredRightInCellMethod(_ store: Store, in tree: SyntaxTree, _ context: RuleContext) -> Bool {
        let extra = Set(context.options.strings("appearance_methods"))
        guard let site = RepeatedSubscriptionRule.sites(of: tree, extraAppearance: extra, context).site(of: store.token),
              case .cellMethod = site.kind else { return false }
        return true
    }

    /// Whether the stored subscription's source never finishes: by what the chain starts from (or
    /// the local it goes on from, `let timer = Timer.publish(…)` then `timer.map { … }`), or,
    /// for a source the storing method is given (`input.refresh` of `transform(input:)`) or the
    /// object's initializer was given (`self.updates = updates`), by what the callers pass.
    private func neverFinishes(_ store: Store, in tree: SyntaxTree, _ context: RuleContext) -> Bool {
        let chain = tree.chains[store.chain]
        return NeverFinishingSources.startsNeverFinishing(chain, before: store.subscriber, tree: tree, index: context.index, extraNames: [])
            || CallerSuppliedSources.neverFinish(chain, before: store.subscriber, function: store.function, in: tree, index: context.index)
            || CallerSuppliedSources.storedFromInitializerNeverFinish(chain, before: store.subscriber, in: tree, index: context.index)
    }

    /// The file's repeated sites, worked out once per file and run rather than for each store.
    static func sites(of tree: SyntaxTree, extraAppearance: Set<String>, _ context: RuleContext) -> RepeatedSites {
        let key = "repeated_subscription.sites\u{0}" + tree.file.path + "\u{0}" + extraAppearance.sorted().joined(separator: ",")
        return context.memo.value(for: key) {
            RepeatedSites(tree: tree, index: context.index, extraAppearance: extraAppearance.sorted(), extraCellMethods: [])
        }
    }

    /// A subscription stored right in a user action (a row's selection, an `@IBAction` or `@objc`
    /// method), from a source that never finishes: every tap leaves one more live subscription.
    /// (Stores right in appearance, layout, foreground and per-row callbacks are `store_in_appearance`'s.)
    private func userActionFinding(_ store: Store, path: [TypeAnalysis.Step], analysis: TypeAnalysis, memoKey: String,
                                   _ context: RuleContext) -> Finding? {
        let tree = context.tree
        let function = tree.functions[store.function]
        // Stored right in an app or scene foreground callback, or in any callback `store_in_appearance`
        // watches (an `@objc func windowDidBecomeKey(_:)` is both a selector and a repeated callback): its.
        let extra = Set(context.options.strings("appearance_methods"))
        guard !Catalogue.foregroundCallbacks.contains(function.name),
              RepeatedSubscriptionRule.sites(of: context.tree, extraAppearance: extra, context).site(of: store.token) == nil,
              TypeAnalysis.isUserAction(selector: function.selectorName, attributes: function.attributes),
              NeverFinishingSources.startsNeverFinishing(tree.chains[store.chain], before: store.subscriber, tree: tree,
                                                         index: context.index, extraNames: []),
              !analysis.isReset(store.bag, along: path, storeToken: store.token, memo: context.memo, memoKey: memoKey),
              !isGuardedBeforeStore(store, in: function, analysis: analysis, memoKey: memoKey, context) else { return nil }
        let text = RepeatedSubscriptionRule.text(path: "\(function.selectorName) → \(store.label)", entry: function.selectorName, store: store,
                                                 subscribeOnceIn: "`viewDidLoad` or `init`",
                                                 consequence: Catalogue.userInputSelectors.contains(function.selectorName)
                                                    ? "each value is handled once per edit so far"
                                                    : Catalogue.systemEventSelectors.contains(function.selectorName)
                                                    ? "each value is handled once per event so far"
                                                    : observesNotifications(function, in: tree)
                                                    ? "each value is handled once per notification so far" : "each value is handled once per tap so far")
        return context.finding(tokens: store.token, message: text.message, help: text.help)
    }

    /// Whether the file registers `function` as a notification observer
    /// (`NotificationCenter.default.addObserver(self, selector: #selector(wardChanged(_:)), name: …)`).
    private func observesNotifications(_ function: FunctionDecl, in tree: SyntaxTree) -> Bool {
        tree.chains.contains { chain in
            chain.elements.contains { element in
                guard element.name == "addObserver", let selector = element.argument("selector") else { return false }
                return selector.value.contains { tree.tokens[$0].kind == .identifier && tree.name($0) == function.name }
            }
        }
    }

    /// A view's `.onAppear { model.bind() }` (or `.task`, `.onChange`, …) calling the storing method of another type:
    /// reported only when the subscription's source never finishes (so each appearance leaves one more
    /// live subscription) and the method neither empties the bag nor guards the subscription.
    private func appearanceFinding(_ store: Store, analysis: TypeAnalysis, memoKey: String, in tree: SyntaxTree, _ context: RuleContext) -> Finding? {
        let function = tree.functions[store.function]
        let viewCalls = RepeatedViewCalls.of(context.index, memo: context.memo)
        guard let open = function.bodyOpen else { return nil }
        guard neverFinishes(store, in: tree, context) else { return nil }
        // Who calls it again and again, asked first: most storing methods have no such caller.
        var entry: String? = nil
        for call in viewCalls.byMethod[function.name] ?? [] where RepeatedViewCalls.receiver(of: call, mayBe: store.typeName, index: context.index) {
            entry = call.modifier
            break
        }
        let extra = Set(context.options.strings("appearance_methods"))
        // A property observer is named after its property (`pinned.didSet`), and run by setting it.
        let observer = context.index.treeIndexByPath[tree.file.path].flatMap { analysis.graph.method(inTree: $0, function: store.function) }
            .map { analysis.graph.methods[$0] }.flatMap { $0.isObserver ? $0 : nil }
        if entry == nil {
            entry = RepeatedMethodCallers.firstPath(calling: observer?.observedProperty ?? function.name, writes: observer != nil, onType: store.typeName,
                                                    identity: store.identity, index: context.index, extraCallbacks: extra, memo: context.memo)
        }
        if entry == nil {
            entry = RepeatedMethodCallers.inheritedPath(calling: function.name, overriding: function.isOverride, onType: store.typeName, bag: store.bag, index: context.index,
                                                        extraCallbacks: extra, memo: context.memo)
        }
        // A base class's repeated callback calls an override of this type (`refreshOnAppear()`), which
        // reaches the storing method through the type's own calls (`pinned = …` runs `pinned.didSet`).
        if entry == nil, let treeIndex = context.index.treeIndexByPath[tree.file.path],
           let m = analysis.graph.method(inTree: treeIndex, function: store.function) {
            let callers = context.memo.value(for: memoKey + "\u{0}override-callers") { RepeatedSubscriptionRule.overrideCallers(analysis.graph, index: context.index) }
            if let o = callers[m], o != m {
                let override = analysis.graph.methods[o]
                if let inherited = RepeatedMethodCallers.inheritedPath(calling: override.name, overriding: true, onType: store.typeName, bag: store.bag,
                                                                       index: context.index, extraCallbacks: extra, memo: context.memo) {
                    entry = inherited + " → " + store.typeName + "." + override.selectorName
                }
            }
        }
        if entry == nil {
            entry = entryThroughOwnCallers(store, analysis: analysis, memoKey: memoKey, in: tree, extraCallbacks: extra, context)
        }
        guard let entry else { return nil }
        // The path's first step as its label names it (`SceneDelegate.sceneWillEnterForeground(_:)`, `onAppear`).
        let first = entry.components(separatedBy: " → ")[0]
        if BagResets.empties(store.bag, in: (open + 1)..<(function.bodyClose ?? store.token), of: tree) { return nil }
        if emptiedByOwnCallsBefore(store, bodyOpen: open, analysis: analysis, in: tree, context) { return nil }
        // A cell's `prepareForReuse` (or a view controller's disappearance) that empties the bag ends
        // what the previous call started.
        if analysis.isReset(store.bag, along: [], storeToken: store.token, memo: context.memo, memoKey: memoKey) { return nil }
        // The calling screen's disappearance callback runs a method of this type that empties the
        // bag (`viewDidDisappear { viewModel.stopLiveUpdates() }`): each appearance starts afresh.
        // Likewise the paired lifecycle callback of a foreground entry (`sceneDidEnterBackground {
        // feedStore.pauseLiveUpdates() }` for `sceneWillEnterForeground`).
        let entryName = first.split(separator: ".").last.map { String($0.prefix { $0 != "(" }) } ?? ""
        let resets = Catalogue.disappearCallbacks.union(Catalogue.lifecycleResets[entryName] ?? [])
        if emptiedFromCallersDisappearance(store, analysis: analysis, resets: resets, context) { return nil }
        // The callers that run it also run a method of this type that empties the bag (a switch's
        // on and off): each subscription is ended before the next.
        if analysis.graph.methods.contains(where: { method in
            method.name != function.name && BagResets.empties(store.bag, in: method.body, of: context.index.trees[method.tree])
                && RepeatedMethodCallers.alwaysCalledWith(function.name, reset: method.name, onType: store.typeName, identity: store.identity,
                                                          index: context.index, memo: context.memo)
        }) { return nil }
        // SwiftUI's pair: `.onAppear { model.startLiveUpdates() }` with `.onDisappear { model.stopLiveUpdates() }`,
        // a method of this type that empties the bag.
        if Catalogue.appearanceModifiers.contains(first), analysis.graph.methods.contains(where: { method in
            (viewCalls.onDisappearByMethod[method.name] ?? []).contains { RepeatedViewCalls.receiver(of: $0, mayBe: store.typeName, index: context.index) }
                && BagResets.empties(store.bag, in: method.body, of: context.index.trees[method.tree])
        }) { return nil }
        // A cell's `configure…` reached from `cellForRowAt` is `store_in_appearance`'s (stored right in repeated code).
        if RepeatedSubscriptionRule.sites(of: tree, extraAppearance: extra, context).site(of: store.token) != nil { return nil }
        if isGuardedBeforeStore(store, in: function, analysis: analysis, memoKey: memoKey, context) { return nil }
        let pathText = "\(entry) → \(store.typeName).\(observer?.name ?? function.selectorName) → \(store.label)"
        let text = RepeatedSubscriptionRule.text(path: pathText, entry: first, store: store,
                                                 subscribeOnceIn: "`init`", consequence: "values are handled several times")
        return context.finding(tokens: store.token, message: text.message, help: text.help)
    }

    /// `stopPolling()` as the first statement of `startPolling(cranes:)`: a method of the type called
    /// in the storing method's own body before the store (not in a closure there, which may run later),
    /// that empties the bag itself or through the methods it calls. Each call then ends what the
    /// previous one started.
    private func emptiedByOwnCallsBefore(_ store: Store, bodyOpen open: Int, analysis: TypeAnalysis, in tree: SyntaxTree,
                                         _ context: RuleContext) -> Bool {
        guard open + 1 < store.token else { return false }
        let graph = analysis.graph
        let calls = MethodCallGraph.selfCalls(in: (open + 1)..<store.token, of: tree, names: graph.byName).filter { call in
            tree.innermostClosure(of: call.token).map { tree.closures[$0].open < open } ?? true
        }
        guard !calls.isEmpty else { return false }
        return graph.reachable(from: calls.flatMap(graph.callees(of:))).contains { m in
            BagResets.empties(store.bag, in: graph.methods[m].body, of: context.index.trees[graph.methods[m].tree])
        }
    }

    /// Another type's repeated code that calls a method of this type which reaches the storing method
    /// through the type's own calls: `collectionView(_:didSelectItemAt:) { viewModel.play(chapter) }`
    /// in a screen, where `play(_:)` calls the storing `observeProgress()`. The nearest such method
    /// decides (a search back from the storing method), unless a step on the way empties the bag or
    /// guards the call to run once. The path up to the storing method, as text.
    private func entryThroughOwnCallers(_ store: Store, analysis: TypeAnalysis, memoKey: String, in tree: SyntaxTree,
                                        extraCallbacks: Set<String>, _ context: RuleContext) -> String? {
        guard let treeIndex = context.index.treeIndexByPath[tree.file.path],
              let m = analysis.graph.method(inTree: treeIndex, function: store.function) else { return nil }
        return analysis.entryThroughOwnCallers(of: m, typeName: store.typeName, identity: store.identity, extraCallbacks: extraCallbacks,
                                               memoKey: memoKey, memo: context.memo) { path in
            !analysis.isReset(store.bag, along: path, storeToken: store.token, memo: context.memo, memoKey: memoKey)
                && !analysis.isGuardedToRunOnce(before: store.token, along: path)
        }
    }

    /// For each method of a type's call graph, the methods of the type that call it on `self`, with
    /// the call's token: worked out once per type, so that searching back from each storing method
    /// reads only its callers.
    struct OwnCallers: Sendable {
        private let callers: [[(method: Int, token: Int)]]

        init(_ graph: MethodCallGraph) {
            var callers = [[(method: Int, token: Int)]](repeating: [], count: graph.methods.count)
            for (m, calls) in graph.calls.enumerated() {
                for call in calls {
                    for callee in graph.callees(of: call) { callers[callee].append((m, call.token)) }
                }
            }
            self.callers = callers
        }

        func of(_ m: Int) -> [(method: Int, token: Int)] { callers[m] }
    }

    /// For each method of the graph that an override of the type reaches through the type's own
    /// calls, the first such override (a multi-source search from all overrides at once: linear in
    /// the calls, not one search per override).
    static func overrideCallers(_ graph: MethodCallGraph, index: ProjectIndex) -> [Int: Int] {
        var origin: [Int: Int] = [:]
        var queue: [Int] = []
        for (m, method) in graph.methods.enumerated() where !method.isObserver {
            guard index.trees[method.tree].functions[method.function].isOverride else { continue }
            origin[m] = m
            queue.append(m)
        }
        var next = 0
        while next < queue.count {
            let m = queue[next]
            next += 1
            for call in graph.calls[m] {
                for callee in graph.callees(of: call) where origin[callee] == nil {
                    origin[callee] = origin[m]
                    queue.append(callee)
                }
            }
        }
        return origin
    }

    /// Whether a run-once guard (a flag the type's methods in this file set, the bag, a view's
    /// attachment) stands in the storing function before the store, or a create-once guard lets
    /// the store through once (per key: `if let row = rows[id] { return row }`, then `rows[id] = row`).
    private func isGuardedBeforeStore(_ store: Store, in function: FunctionDecl, analysis: TypeAnalysis, memoKey: String,
                                      _ context: RuleContext) -> Bool {
        guard let open = function.bodyOpen else { return false }
        // A create-once guard, unless another method clears what it tests and keeps the bag
        // (`stopHeartbeat()` setting `countdownTimer = nil`): then it opens again after each clearing.
        if context.tree.innermostClosure(of: store.token) == nil, let t = context.index.treeIndexByPath[context.tree.file.path],
           CreateOnceGuards.namedGuardedRegions(inFunction: store.function, of: context.tree).contains(where: {
               analysis.letsThroughOnce($0, token: store.token, inTree: t, bag: store.bag, memo: context.memo, memoKey: memoKey)
           }) { return true }
        let flags = RunOnceGuards.flags(setByTypeAt: function.enclosingType, in: context.tree, index: context.index, memo: context.memo)
        return RunOnceGuards.decidesRun(of: store.token, guardsIn: (open + 1)..<store.token, of: context.tree, bag: store.bag, flags: flags)
    }

    /// The message and help of a finding: one more live subscription per run, or, where the
    /// pipeline waits for a value to pass a condition, one more waiting subscription.
    static func text(path: String, entry: String, store: Store, subscribeOnceIn place: String, consequence: String) -> (message: String, help: String) {
        if store.waitsForCondition {
            return ("`\(path)`: each run of `\(entry)` adds one more subscription to `\(store.bag)` that waits for a value to pass, and then every waiting one acts on it.",
                    "Keep this subscription in one `AnyCancellable?` and replace it on each run, so that only the latest one waits.")
        }
        return ("`\(path)`: each run of `\(entry)` adds one more live subscription to `\(store.bag)`, and the earlier ones keep running.",
                "Subscribe once (in \(place)), or empty `\(store.bag)` (or keep a single `AnyCancellable?`) before subscribing again; until then \(consequence).")
    }

    /// Subscriptions stored into a bag of self, inside a (non-local) method of a type.
    private func stores(in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex, memo: ProjectMemo, subscriptions: [Subscription]) -> [Store] {
        var result: [Store] = []
        // Built on first need (a local cancellable put in a bag later), once per file.
        var lookup: TreeLookup?
        for subscription in subscriptions {
            let chain = tree.chains[subscription.chain]
            // `Just(())` or `[a, b].publisher` finishes, unless a later stage brings in a publisher
            // that does not (`Just(()).flatMap { _ in socket.messages }`).
            if Catalogue.finiteRoots.contains(chain.root.name) || chain.root.kind == .literal,
               FinitePublishers(index: index, memo: memo).finishes(chain, before: subscription.element, in: tree) { continue }
            // A request-style pipeline answers and ends, unless its limit waits for a condition
            // on a source that never finishes: then each run leaves one more pending.
            if Catalogue.oneShotRoots.contains(chain.root.name) { continue }
            let limited = chain.elements[..<subscription.element].indices.contains { i in
                let element = chain.elements[i]
                guard Catalogue.oneShotOperators.contains(element.name), element.isCall else { return false }
                // `heartRate.collect(.byTime(q, .seconds(5)))`: it ends when its source does, which is never.
                return !Catalogue.upstreamEndingOperators.contains(element.name)
                    || NeverFinishingSources.evidence(in: chain, before: i, tree: tree, index: index, extraNames: []) == nil
            }
            if limited, !NeverFinishingSources.limitWaitsForCondition(in: chain, before: subscription.element, tree: tree, index: index) { continue }
            let owner: Owner
            let token: Int
            let label: String
            switch subscription.storage {
            case .bag(let o):
                owner = o
                // A helper call storing into the `inout` bag it is given is its own store (`bind(into: &bag) { … }`).
                guard subscription.element + 1 < chain.elements.count else {
                    let helper = chain.elements[subscription.element]
                    token = helper.nameToken
                    label = helper.name + "(" + helper.argumentLabels.map { $0 + ":" }.joined() + ")"
                    break
                }
                let store = chain.elements[subscription.element + 1]
                token = store.nameToken
                label = store.name == "disposed" ? "disposed(by:)" : "store(in:)"
            case .collection(let o):
                owner = o
                switch chain.context {
                case .argument(let open):
                    guard let call = tree.call(openedAt: open) else { continue }
                    let element = tree.chains[call.chain].elements[call.element]
                    token = element.nameToken
                    label = element.name + "(_:)"
                case .assignment(let target, let compound):
                    // `bag[key] = …` replaces the previous entry of that key, unless the key is new each run.
                    guard compound || SubscriptionFinder.subscriptKeyIsNew(target, in: tree) else { continue }
                    token = target.upperBound + 1
                    label = compound ? "+=" : tree.text(target.lowerBound, Int(tree.matching[target.upperBound]) - 1) + "[…] ="
                case .collectionElement(let open):
                    // `bag += [ … ]` adds; `bag = [ … ]` replaces the old bag (and cancels it).
                    if open > 0, tree.tokenIs(open - 1, "+=") {
                        token = open - 1
                        label = "+="
                    } else if open > 0, tree.tokens[open - 1].kind == .equal {
                        continue
                    } else if open > 0, tree.tokens[open - 1].kind == .leftParen || tree.tokens[open - 1].kind == .colon,
                              case let paren = Int(tree.enclosing[open]), paren >= 0, let call = tree.call(openedAt: paren) {
                        let element = tree.chains[call.chain].elements[call.element]
                        token = element.nameToken
                        label = element.name + "(" + element.argumentLabels.map { $0 + ":" }.joined() + ")"
                    } else {
                        continue
                    }
                default:
                    continue
                }
            case .local(let v):
                // `let token = … .sink { … }` then `tokens.append(token)`.
                let made = lookup ?? TreeLookup(tree)
                lookup = made
                guard let later = SubscriptionFinder.laterBagStore(ofLocal: v, lookup: made) else { continue }
                owner = later.owner
                token = later.call.nameToken
                label = later.call.name == "store" ? "store(in:)" : later.call.name + "(_:)"
            default:
                continue
            }
            // A helper's `inout` bag is the member its type's calls pass (`bindHeader(into: &headerBag)`).
            var passedBag: String?
            if case .parameter(let name) = owner, let f = tree.outerMethod(of: chain.first) {
                passedBag = InoutBagArguments.memberPassed(forParameter: name, of: f, in: tree, index: index)
            }
            // `var bag = bags[id, default: []]` … `.store(in: &bag)` … `bags[id] = bag`: the member's bag for that key.
            var copiedBag: String?
            if case .local(let v) = owner { copiedBag = memberBagCopied(into: v, in: tree) }
            guard let bag = BagResets.selfMemberName(owner) ?? passedBag ?? copiedBag ?? heldObjectBag(owner, at: chain.first, in: tree),
                  !bag.isEmpty else { continue }
            // A subscription inside another one's sink is `nested_sink`'s, unless that sink's value
            // closure runs once per run of the method (`Just(id).flatMap { request }.sink { … }`):
            // then it is made once per run, as if written in the method.
            if isInsideRepeatingSubscriberClosure(chain.first, in: tree, index: index, memo: memo) { continue }
            guard let function = tree.outerMethod(of: chain.first) ?? observer(around: chain.first, in: tree)
                    ?? initializer(aroundClosureHolding: chain.first, in: tree)
                    ?? getter(aroundClosureHolding: chain.first, in: tree),
                  let type = tree.functions[function].enclosingType else { continue }
            result.append(Store(token: token, label: label, bag: bag, typeName: tree.types[type].name.lastNameComponent,
                                identity: TypeIdentity.of(type: type, inTree: treeIndex, index: index, memo: memo), function: function,
                                chain: subscription.chain, subscriber: subscription.element, waitsForCondition: limited))
        }
        return result
    }

    /// The member dictionary of bags that local `v` copies one entry of and writes back:
    /// `var bag = bags[id, default: []]` (or `bags[id] ?? []`), then `bags[id] = bag` in its scope.
    /// Stored into the copy, a subscription joins those kept under that key, which pile up as in the member.
    private func memberBagCopied(into v: Int, in tree: SyntaxTree) -> String? {
        let variable = tree.variables[v]
        guard !variable.isLet, let initializer = variable.initializer, case let k = initializer.lowerBound,
              k + 1 < initializer.upperBound, tree.tokens[k].kind == .identifier, tree.tokens[k + 1].kind == .leftBracket,
              SubscriptionFinder.localVariable(named: tree.name(k), visibleAt: k, in: tree) == nil,
              let t = tree.enclosingType(of: k), tree.memberVariable(named: tree.name(k), ofType: t) != nil else { return nil }
        let member = tree.name(k)
        let scope = tree.scopes[variable.scope]
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) where use < scope.close {
            // `bags[id] = bag`, the copy alone on the right.
            guard use >= 4, tree.tokens[use - 1].kind == .equal, tree.tokens[use - 2].kind == .rightBracket,
                  case let open = Int(tree.matching[use - 2]), open >= 1, tree.tokens[open].kind == .leftBracket,
                  tree.tokens[open - 1].kind == .identifier, tree.name(open - 1) == member,
                  use + 1 >= tree.tokens.count || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace else { continue }
            // A copy emptied before it is written back (`bag.removeAll()`) replaces the entry's subscriptions.
            return BagResets.empties(variable.name, in: (initializer.upperBound + 1)..<use, of: tree) ? nil : member
        }
        return nil
    }

    /// `store(in: &inspector.bindings)`: the bag of an object the type holds in a stored property
    /// (not a local or parameter), which lives as long as the holder and piles up the same way.
    private func heldObjectBag(_ owner: Owner, at token: Int, in tree: SyntaxTree) -> String? {
        guard case .other(let text) = owner else { return nil }
        var parts = text.filter { $0 != " " }.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.first == "self" { parts.removeFirst() }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }),
              SubscriptionFinder.localVariable(named: parts[0], visibleAt: token, in: tree) == nil,
              !SubscriptionFinder.isParameter(named: parts[0], visibleAt: token, in: tree) else { return nil }
        return parts.joined(separator: ".")
    }

    /// The `didSet`/`willSet` of a stored instance property whose body holds the token (its
    /// closures included): a method of the type's call graph, run by each write to the property.
    private func observer(around token: Int, in tree: SyntaxTree) -> Int? {
        guard let f = tree.enclosingFunction(of: token), case let function = tree.functions[f], function.kind == .accessor,
              function.name == "didSet" || function.name == "willSet", let v = function.variable,
              !tree.variables[v].isStatic, !tree.variables[v].isLocal, function.enclosingType != nil else { return nil }
        return f
    }

    /// The initializer whose closure holds the token (a timer's or an observer's block set up in
    /// `init`): `init` runs once, but such a closure may run per event (see `entryClosureFinding`).
    private func initializer(aroundClosureHolding token: Int, in tree: SyntaxTree) -> Int? {
        guard tree.innermostClosure(of: token) != nil, let f = tree.enclosingFunction(of: token),
              tree.functions[f].kind == .initializer, !tree.functions[f].isLocal else { return nil }
        return f
    }

    /// The getter of a computed instance property whose closure holds the token: a SwiftUI view's
    /// `body` builds closures (`.onChange(of:) { … }`) that run per event, though the getter is no
    /// method of the call graph (see `entryClosureFinding`).
    private func getter(aroundClosureHolding token: Int, in tree: SyntaxTree) -> Int? {
        guard tree.innermostClosure(of: token) != nil, let f = tree.enclosingFunction(of: token),
              case let function = tree.functions[f], function.kind == .accessor, function.name == "get",
              !function.isLocal, let v = function.variable, !tree.variables[v].isStatic else { return nil }
        return f
    }

    /// Whether the token is inside a closure handed to a `sink` or `handleEvents` call that may run
    /// more than once per subscription (not the value closure of a `sink` on a pipeline that answers
    /// once, see `SingleValuePipelines.runsValueClosureOnce`).
    private func isInsideRepeatingSubscriberClosure(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        var next = tree.innermostClosure(of: token)
        while let c = next {
            if let call = tree.call(receiving: c) {
                let chain = tree.chains[call.chain]
                let element = chain.elements[call.element]
                if element.name == "handleEvents" { return true }
                if element.name == "sink" {
                    let once = FinitePublishers(index: index, memo: memo, oneShot: true)
                    guard SubscriptionFinder.subscriberElement(of: chain)?.0 == call.element,
                          RepeatingSinkClosures.valueClosures(of: element).contains(c),
                          SingleValuePipelines.runsValueClosureOnce(chain, sinkAt: call.element, in: tree, once: once, index: index, memo: memo)
                    else { return true }
                }
            }
            next = tree.parentClosure(of: c)
        }
        return false
    }

}

/// What one type's methods do: which run repeatedly, who calls whom, where bags are emptied.
struct TypeAnalysis: Sendable {
    /// A method a user's action runs, as often as the user likes: a row's or item's selection,
    /// an `@IBAction`, an `@objc` method (a button's or gesture's target, a notification's observer);
    /// or a fetched-results controller's change callback, run on every change of its data.
    static func isUserAction(selector: String, attributes: [String]) -> Bool {
        Catalogue.selectionSelectors.contains(selector) || Catalogue.perEventDelegateSelectors.contains(selector)
            || Catalogue.dataChangeSelectors.contains(selector) || FunctionDecl.marksObjCCallable(attributes)
    }

    /// A step of a path: a method or an entry closure.
    struct Step {
        var label: String
        var tree: Int
        var body: Range<Int>
        /// The call (in this step's body) leading to the next step, if any.
        var callToken: Int?
        /// The step's method in the graph; `nil` for an entry closure.
        var method: Int? = nil
    }

    /// Code that runs repeatedly and is not a method: a notification observer, an action handler.
    struct EntryClosure {
        var label: String
        var tree: Int
        var body: Range<Int>
        var calls: [MethodCallGraph.Call]
        /// A closure handed to another object's callback property: like another type's repeated
        /// code calling in, only a source that never finishes piles up (a request per tap is the point).
        var requiresEndlessSource = false
    }

    let graph: MethodCallGraph
    let index: ProjectIndex
    let entryMethods: Set<Int>
    /// Entry methods that other types' repeated code calls (`for await … { Store.shared.load() }`,
    /// `.onChange { model.play() }`), with that code's label.
    let externalEntries: [Int: String]
    let entryClosures: [EntryClosure]
    /// The entry closures that pile up only an endless source, by file and body start: asked for
    /// each store, and a type may have thousands of them (one sink per method).
    private let endlessSourceEntries: Set<[Int]>
    /// For each reached method: the step it was reached from (method index or closure entry) and the call token.
    private var predecessor: [Link?] = []
    /// How a method was reached: from a method or an entry closure, by the call at `token`.
    private struct Link {
        var from: Int?
        var closure: Int?
        var token: Int
    }
    private let flagNames: Set<String>
    /// The type is a reusable cell or view (`UITableViewCell`, `UICollectionViewCell`, …).
    private let isCell: Bool
    private let resetMethods: Set<Int>
    /// The bodies of paired reset callbacks that the type's ancestors declare (a base cell's
    /// `prepareForReuse` emptying `reuseBag`, a base screen's `viewWillDisappear`): they run for
    /// this type too.
    private let inheritedResetBodies: [(tree: Int, body: Range<Int>)]
    /// For a cell: what `didEndDisplaying` callbacks empty.
    private let endDisplaying: EndDisplayingResets?
    /// What each body of a path says about a bag, asked once per body and bag: the stores that a
    /// `viewWillAppear` calling a thousand setup methods reaches all share its body.
    private let bodyFacts = LockedCache<String, BagBodyFacts>()

    /// `memo` keeps each file's `RepeatedEntryPoints`, read by every type of the file. Without
    /// `externalEntries`, only the type's own repeated code counts as an entry (what another
    /// type's analysis asks of this one, so that no analysis waits on another).
    init(identity: TypeIdentity, typeName: String, index: ProjectIndex, extraCallbacks: Set<String>, memo: ProjectMemo,
         externalEntries withExternal: Bool = true) {
        let pointsOfFile = { (t: Int) in memo.value(for: "repeated_subscription.entries\u{0}\(t)") { RepeatedEntryPoints(index.trees[t]) } }
        let parts = TypeIdentity.members(named: typeName, index: index, memo: memo)[identity] ?? []
        // A base class's template method calling an override of this type (`onAppear()` → `didAppear()`).
        let ancestors = index.superclasses(of: typeName, limit: 8).compactMap { TypeIdentity.onlyType(named: $0, index: index, memo: memo)?.parts }
        // A protocol's default methods (`extension AvatarDisplaying { func loadAvatar(…) }`) run for
        // this type when it declares none of its own.
        // The protocols named by the type and by its superclasses (as far as `ancestors` reads them), and
        // the ones those protocols inherit: a bounded walk, not every ancestor of a chain of thousands of classes.
        var protocolNames: [String] = []
        var seenNames = Set<String>()
        var named = ([typeName] + index.superclasses(of: typeName, limit: 8)).flatMap { index.type(named: $0)?.inheritance ?? [] }
        var next = 0
        while next < named.count, next < 64 {
            let simple = ProjectIndex.stripGenerics(named[next]).lastNameComponent
            next += 1
            guard seenNames.insert(simple).inserted, let type = index.type(named: simple), type.kind == .protocol else { continue }
            protocolNames.append(simple)
            named += type.inheritance
        }
        let protocolDefaults = protocolNames.compactMap { TypeIdentity.onlyType(named: $0, index: index, memo: memo)?.parts }
        let graph = MethodCallGraph(typeName: typeName, parts: parts, ancestors: ancestors, protocolDefaults: protocolDefaults,
                                    index: index, memo: memo)
        self.graph = graph
        self.index = index
        let isCell = Catalogue.reusableViewBases.contains { index.inherits(typeName, from: $0) }
        self.isCell = isCell
        let selectors = TypeAnalysis.selectorTargets(of: graph, entries: pointsOfFile)
        let calledBySelf = Set(graph.calls.flatMap { $0.map(\.name) })
        var entries = Set<Int>()
        // A base class's callbacks calling an override are found from the base class's own analysis,
        // and named there (`BaseViewController.viewWillAppear(_:) → DetailViewController.bind()`).
        for (m, method) in graph.methods.enumerated() where !method.isInherited && !method.isProtocolDefault {
            let function = index.trees[method.tree].functions[method.function]
            if Catalogue.repeatedCallbacks.contains(method.name) || extraCallbacks.contains(method.name)
                || (function.isOverride && Catalogue.appKitViewOverrideCallbacks.contains(method.name))
                || Catalogue.foregroundCallbacks.contains(method.name) || Catalogue.stateChangeSelectors.contains(method.selectorName)
                || Catalogue.perRowSelectors.contains(method.selectorName) || TypeAnalysis.isUserAction(selector: method.selectorName, attributes: function.attributes)
                || selectors.contains(method.name)
                // A cell's configure…/bind… methods that the cell itself does not call, and its property
                // observers: the data source runs them on every reuse.
                || (isCell && TypeAnalysis.runsOnCellReuse(method) && (method.isObserver || !calledBySelf.contains(method.name))) {
                entries.insert(m)
            }
        }
        // Methods of this type that repeated code of other types calls on an object of this type.
        let viewCalls = RepeatedViewCalls.of(index, memo: memo)
        var external: [Int: String] = [:]
        for (m, method) in graph.methods.enumerated() where withExternal && !entries.contains(m) {
            guard let label = viewCalls.label(ofCallsTo: method.name, onType: typeName) else { continue }
            external[m] = label
            entries.insert(m)
        }
        externalEntries = external
        entryMethods = entries
        entryClosures = TypeAnalysis.entryClosures(of: typeName, graph: graph, index: index, memo: memo, entries: pointsOfFile)
        endlessSourceEntries = Set(entryClosures.filter(\.requiresEndlessSource).map { [$0.tree, $0.body.lowerBound, $0.body.upperBound] })
        // Multi-source breadth-first search: the shortest path from any entry to each method.
        // Indexed by method: a dictionary of a hundred thousand methods costs more to grow than to search.
        var predecessor = [Link?](repeating: nil, count: graph.methods.count)
        var queue: [Int] = []
        for m in entries.sorted() {
            predecessor[m] = Link(from: nil, closure: nil, token: -1)
            queue.append(m)
        }
        for (c, closure) in entryClosures.enumerated() {
            for call in closure.calls {
                for callee in graph.callees(of: call) where predecessor[callee] == nil {
                    predecessor[callee] = Link(from: nil, closure: c, token: call.token)
                    queue.append(callee)
                }
            }
        }
        var head = 0
        while head < queue.count {
            let next = queue[head]
            head += 1
            for call in graph.calls[next] {
                for callee in graph.callees(of: call) where predecessor[callee] == nil {
                    predecessor[callee] = Link(from: next, closure: nil, token: call.token)
                    queue.append(callee)
                }
            }
        }
        self.predecessor = predecessor
        // A cell leaves the screen (`didEndDisplaying`) before it is reused: what the data source
        // empties there, or a method of the cell it calls there, ends the previous row's subscriptions.
        let ended = isCell ? EndDisplayingResets.of(index, memo: memo) : nil
        let calledWhenEnding = ended?.calledMethods(forCellType: typeName, index: index) ?? []
        resetMethods = graph.reachable(from: graph.methods.indices.filter {
            Catalogue.pairedResets.contains(graph.methods[$0].name) || calledWhenEnding.contains(graph.methods[$0].name)
        })
        endDisplaying = ended
        inheritedResetBodies = index.superclasses(of: typeName, limit: 8).flatMap { simple -> [(tree: Int, body: Range<Int>)] in
            Catalogue.pairedResets.sorted().flatMap { reset in
                index.functions(named: reset, inTypesNamed: simple).compactMap { reference -> (tree: Int, body: Range<Int>)? in
                    let function = index.trees[reference.tree].functions[reference.item]
                    guard let open = function.bodyOpen, let close = function.bodyClose else { return nil }
                    return (reference.tree, open..<close)
                }
            }
        }
        flagNames = graph.methods.reduce(into: Set<String>()) { names, method in
            names.formUnion(RunOnceGuards.flagAssignments(in: [method.body], of: index.trees[method.tree]))
        }
    }

    /// Whether a path's first step is an entry closure that piles up only an endless source (a
    /// callback property's closure, another subscription's value closure).
    func requiresEndlessSource(entry step: Step) -> Bool {
        endlessSourceEntries.contains([step.tree, step.body.lowerBound, step.body.upperBound])
    }

    /// Whether the path's entry is an app or scene lifecycle callback (`sceneWillEnterForeground(_:)`)
    /// or a text input or system event callback (`searchBar(_:textDidChange:)`, `locationManager(_:didUpdateLocations:)`),
    /// where a request per run is the point.
    /// Whether the path starts in a cell's own per-reuse code (a `configure…`/`bind…` method the data
    /// source calls, or a property observer it triggers): a load stored in the cell's bag there piles
    /// up per reuse, and a slow one lands in the cell after it shows another row, finished or not.
    func startsInCellReuse(_ path: [Step]) -> Bool {
        guard isCell, let entry = entryMethod(of: path) else { return false }
        return TypeAnalysis.runsOnCellReuse(entry)
    }

    /// A cell's method that its data source runs on every reuse: a property observer, or a
    /// `configure…`/`bind…` method.
    private static func runsOnCellReuse(_ method: MethodCallGraph.Method) -> Bool {
        method.isObserver || method.name.hasPrefix("configure") || method.name.hasPrefix("bind")
    }

    /// The path starts in an appearance callback (`viewWillAppear`, `viewDidAppear`).
    func startsInAppearance(_ path: [Step]) -> Bool {
        guard let entry = entryMethod(of: path) else { return false }
        return Catalogue.appearanceCallbacks.contains(entry.name)
    }

    func startsWhereRequestsAreExpected(_ path: [Step]) -> Bool {
        guard let entry = entryMethod(of: path) else { return false }
        return Catalogue.foregroundCallbacks.contains(entry.name) || Catalogue.perEventDelegateSelectors.contains(entry.selectorName)
    }

    /// The method of the path's first step.
    private func entryMethod(of path: [Step]) -> MethodCallGraph.Method? {
        guard let step = path.first, let m = graph.method(inTree: step.tree, body: step.body) else { return nil }
        return graph.methods[m]
    }

    /// How far back through the type's own calls a method's callers are followed.
    static let ownCallerLimit = 64

    /// Another type's repeated code calling a method of this type (or writing a property one of its
    /// observers watches) that reaches method `m` through the type's own calls, nearest first: the
    /// first path `accept` takes (`m` last), as text up to the step before `m`, `Screen.viewWillAppear(_:) → Model.load()`.
    func entryThroughOwnCallers(of m: Int, typeName: String, identity: TypeIdentity, extraCallbacks: Set<String>,
                                memoKey: String, memo: ProjectMemo, accept: ([Step]) -> Bool) -> String? {
        let graph = self.graph
        let callers = memo.value(for: memoKey + "\u{0}own-callers") { RepeatedSubscriptionRule.OwnCallers(graph) }
        // Toward `m`: the method each reached caller calls, and the call's token.
        var next: [Int: (method: Int, token: Int)] = [:]
        var queue = [m]
        var head = 0
        while head < queue.count, queue.count < Self.ownCallerLimit {
            let callee = queue[head]
            head += 1
            for (caller, token) in callers.of(callee) where caller != m && next[caller] == nil {
                next[caller] = (callee, token)
                queue.append(caller)
            }
        }
        for caller in queue.dropFirst() {
            let method = graph.methods[caller]
            guard let outer = RepeatedMethodCallers.firstPath(calling: method.observedProperty ?? method.name, writes: method.isObserver, onType: typeName,
                                                              identity: identity, index: index, extraCallbacks: extraCallbacks, memo: memo) else { continue }
            var steps: [Step] = []
            var current = caller
            while current != m, let link = next[current], steps.count < Self.ownCallerLimit {
                let info = graph.methods[current]
                steps.append(Step(label: info.selectorName, tree: info.tree, body: info.body, callToken: link.token, method: current))
                current = link.method
            }
            let info = graph.methods[m]
            let path = steps + [Step(label: info.selectorName, tree: info.tree, body: info.body, callToken: nil, method: m)]
            guard accept(path) else { continue }
            return ([outer] + steps.map { typeName + "." + $0.label }).joined(separator: " → ")
        }
        return nil
    }

    /// The steps from an entry to method `m` (the entry first, `m` last), or `nil` when no entry reaches it.
    func path(to m: Int) -> [Step]? {
        guard predecessor[m] != nil else { return nil }
        var steps: [Step] = []
        var current: Int? = m
        var nextCall: Int? = nil
        // A breadth-first tree has no cycle; the bound only guards against a broken one.
        while let method = current, steps.count <= predecessor.count, let link = predecessor[method] {
            let info = graph.methods[method]
            steps.append(Step(label: info.selectorName, tree: info.tree, body: info.body, callToken: nextCall, method: method))
            nextCall = link.token
            if let closure = link.closure {
                let entry = entryClosures[closure]
                steps.append(Step(label: entry.label, tree: entry.tree, body: entry.body, callToken: link.token))
                break
            }
            current = link.from
        }
        steps.reverse()
        return steps
    }

    /// Whether the bag is emptied by a method on the path (or one it calls), by a paired reset
    /// callback, or the path is guarded by a run-once flag.
    /// `emptiedByMethods(_:from:entryIsFirst:)` is asked through `memo`, since every store reached from one
    /// entry (a `viewWillAppear` calling a hundred setup methods) asks the same question.
    func isReset(_ bag: String, along path: [Step], storeToken: Int, memo: ProjectMemo, memoKey: String) -> Bool {
        let table = bodyFacts.value(for: bag) { BagBodyFacts(methodCount: graph.methods.count) }
        let facts = path.map { step in table.facts(of: step) { BodyFacts(step, bag: bag, flags: flagNames, index: index) } }
        // A closure entry's own body.
        if facts.contains(where: \.emptiesBag) { return true }
        // Every method of the path is reached from its first method (the entry, or the first
        // method a closure entry calls).
        let first = path.lazy.compactMap { self.graph.method(inTree: $0.tree, body: $0.body) }.first
        // Whether the path's entry is that method (not a closure that calls it): its lifecycle pair counts.
        let entryIsFirst = entryMethod(of: path) != nil
        // A user's action (a click, a selection, an edit) runs again while the screen stays: emptying
        // the bag when the screen or window goes away does not stop the pile-up before then.
        let byUser = entryMethod(of: path).map { entry in
            TypeAnalysis.isUserAction(selector: entry.selectorName, attributes: index.trees[entry.tree].functions[entry.function].attributes)
        } ?? false
        let key = memoKey + "\u{0}" + bag + "\u{0}" + (first.map(String.init) ?? "-") + (entryIsFirst ? "" : "\u{0}closure")
        if memo.value(for: key, { emptiedByMethods(bag, from: first, entryIsFirst: entryIsFirst, byUser: byUser) }) { return true }
        for (i, step) in path.enumerated() {
            let end = i == path.count - 1 ? storeToken : (step.callToken ?? step.body.upperBound)
            let tree = index.trees[step.tree]
            if facts[i].guards.contains(where: { k in
                RunOnceGuards.covers(k, end, in: tree) && stopsRepeatedRuns(k, of: step, bag: bag, path: path, first: first, memo: memo, memoKey: memoKey)
            }) { return true }
            // `guard socketObserver == nil else { return }` then `socketObserver = …`: the rest of
            // the method runs once, until something clears the observer again; not a call in a
            // closure made there (a sink's), which runs per value.
            let directlyInBody = tree.innermostClosure(of: end).map { !step.body.contains(tree.closures[$0].open) } ?? true
            if directlyInBody, facts[i].createOnceRegions.contains(where: {
                letsThroughOnce($0, token: end, inTree: step.tree, bag: bag, memo: memo, memoKey: memoKey)
            }) { return true }
        }
        return false
    }

    /// Whether create-once `guarded` code (with the names its guard tests) holds `token` and runs
    /// once: no method clears one of those names while keeping `bag`.
    func letsThroughOnce(_ guarded: (region: Range<Int>, names: [String]), token: Int, inTree t: Int, bag: String, memo: ProjectMemo,
                         memoKey: String) -> Bool {
        guarded.region.contains(token)
            && !guarded.names.contains { clearedKeepingBag($0, outside: guarded.region, inTree: t, bag: bag, memo: memo, memoKey: memoKey) }
    }

    /// Whether some method of the type sets `name` (the thing a create-once guard tests) back to
    /// `nil` outside the guarded `region` without emptying `bag` there: `stopHeartbeat()` clearing
    /// `countdownTimer`, or `didMoveToWindow` clearing `token` when the view leaves its window. The
    /// guarded code then runs again after each clearing, and its stores into `bag` pile up.
    private func clearedKeepingBag(_ name: String, outside region: Range<Int>, inTree regionTree: Int, bag: String, memo: ProjectMemo,
                                   memoKey: String) -> Bool {
        guard !name.contains(".") else { return false }
        // Every `name = nil` (or `self.name = nil`) of the type's methods, by name: read once per type.
        let writes = memo.value(for: memoKey + "\u{0}nil-writes") { () -> NilWrites in
            var byName: [String: [(method: Int, token: Int)]] = [:]
            for (m, method) in graph.methods.enumerated() {
                let tree = index.trees[method.tree]
                for i in CreateOnceGuards.nilWriteTokens(in: method.body, of: tree) { byName[tree.name(i), default: []].append((m, i)) }
            }
            return NilWrites(byName: byName)
        }
        return (writes.byName[name] ?? []).contains { write in
            let method = graph.methods[write.method]
            if method.tree == regionTree, region.contains(write.token) { return false }
            return !BagResets.empties(bag, in: method.body, of: index.trees[method.tree])
        }
    }

    /// The `name = nil` writes of a type's methods, by name.
    private final class NilWrites: Sendable {
        let byName: [String: [(method: Int, token: Int)]]
        init(byName: [String: [(method: Int, token: Int)]]) { self.byName = byName }
    }

    /// Whether the `if` or `guard` at `k` (in `step`'s body) keeps later runs of the path out: it
    /// reads the bag or a first-appearance property, or a flag that the path itself sets (`guard
    /// !didBind else { return }` then `didBind = true`). A flag set only elsewhere is a state gate
    /// (`guard !isPaused` of a timer's tick, which `pause()` and `start()` flip), and every run
    /// that passes it stores again.
    private func stopsRepeatedRuns(_ k: Int, of step: Step, bag: String, path: [Step], first: Int?, memo: ProjectMemo, memoKey: String) -> Bool {
        let tree = index.trees[step.tree]
        let scanned = k..<step.body.upperBound
        if RunOnceGuards.firstGuard(in: scanned, startingIn: k..<(k + 1), of: tree, bag: bag, flags: []) == k { return true }
        let key = memoKey + "\u{0}path-flags\u{0}" + (first.map(String.init) ?? "-") + "\u{0}\(path.first?.tree ?? -1):\(path.first?.body.lowerBound ?? -1)"
        let setOnPath = memo.value(for: key) { () -> Set<String> in
            var bodies: [Int: [Range<Int>]] = [:]
            let reached = first.map({ graph.reachable(from: $0) }) ?? []
            for m in reached { bodies[graph.methods[m].tree, default: []].append(graph.methods[m].body) }
            for step in path where step.method == nil { bodies[step.tree, default: []].append(step.body) }
            var flags = Set<String>()
            // A flag the path itself clears again (a cool-down) guards nothing for good.
            var clearedAgain = Set<String>()
            var states = Set<String>()
            for (t, ranges) in bodies {
                flags.formUnion(RunOnceGuards.flagAssignments(in: ranges, of: index.trees[t]))
                clearedAgain.formUnion(RunOnceGuards.flagsSetBothWays(in: ranges, of: index.trees[t]))
                states.formUnion(RunOnceGuards.caseAssignments(in: ranges, of: index.trees[t]))
            }
            // A state the path sets to a case (`phase = .running` behind `guard phase != .running`) that
            // another method of the type sets as well (`pause()`) opens the guard again.
            states.formIntersection(flags)
            if !states.isEmpty {
                for m in graph.methods.indices where !reached.contains(m) && !graph.methods[m].isObserver {
                    let method = graph.methods[m]
                    clearedAgain.formUnion(RunOnceGuards.assignedNames(in: [method.body], of: index.trees[method.tree]).intersection(states))
                }
            }
            return flags.subtracting(clearedAgain)
        }
        return RunOnceGuards.firstGuard(in: scanned, startingIn: k..<(k + 1), of: tree, bag: bag, flags: setOnPath) == k
    }

    /// Whether a run-once guard stands before `token` in the path's last method, or before the call
    /// to the next step in an earlier one: an `if` or `guard` whose whole condition is one flag the
    /// type's methods set, or a first-appearance property (`guard !hasBound else { return }`). A
    /// comparison (`if showsNotes == showingNotes { return }`) skips unchanged runs only.
    func isGuardedToRunOnce(before token: Int, along path: [Step]) -> Bool {
        for (i, step) in path.enumerated() {
            let end = i == path.count - 1 ? token : (step.callToken ?? step.body.upperBound)
            let tree = index.trees[step.tree]
            if RunOnceGuards.guards(in: step.body, of: tree, bag: "", flags: flagNames).contains(where: {
                RunOnceGuards.testsOneFlag(at: $0, in: tree) && RunOnceGuards.covers($0, end, in: tree)
            }) { return true }
        }
        return false
    }

    /// The facts of one bag, made on first use: by method in an array (a path may cross a hundred
    /// thousand methods, and a dictionary that large costs more to grow than to search), and by
    /// place for entry closures.
    private final class BagBodyFacts: @unchecked Sendable {
        private let lock = NSLock()
        private var byMethod: [BodyFacts?]
        private var byPlace: [Int: [Int: BodyFacts]] = [:]

        init(methodCount: Int) {
            byMethod = Array(repeating: nil, count: methodCount)
        }

        func facts(of step: Step, _ make: () -> BodyFacts) -> BodyFacts {
            lock.lock()
            let stored = step.method.flatMap { byMethod[$0] } ?? byPlace[step.tree]?[step.body.lowerBound]
            lock.unlock()
            if let stored { return stored }
            let made = make()
            lock.lock()
            if let m = step.method { byMethod[m] = made } else { byPlace[step.tree, default: [:]][step.body.lowerBound] = made }
            lock.unlock()
            return made
        }
    }

    /// What one body of a path says about a bag: whether it empties it, and its `if`s and `guard`s
    /// that read the bag or a run-once flag (a call they cover is guarded).
    private struct BodyFacts: Sendable {
        let emptiesBag: Bool
        let guards: [Int]
        /// What create-once guards of a method's own body let through (`guard observer == nil else
        /// { return }`, then `observer = …`), with the names each guard tests.
        let createOnceRegions: [(region: Range<Int>, names: [String])]

        init(_ step: Step, bag: String, flags: Set<String>, index: ProjectIndex) {
            let tree = index.trees[step.tree]
            // A closure entry's pipeline may empty the bag ahead of it, per value
            // (`handleEvents(receiveOutput: { bag.removeAll() })` before the `sink`).
            let upstream = tree.closure(openedAt: step.body.lowerBound).map { UpstreamValueClosures.bodies(before: $0, in: tree) } ?? []
            emptiesBag = BagResets.empties(bag, in: step.body, of: tree) || upstream.contains { BagResets.empties(bag, in: $0, of: tree) }
            guards = RunOnceGuards.guards(in: step.body, of: tree, bag: bag, flags: flags)
            if let f = tree.enclosingFunction(of: step.body.lowerBound), tree.functions[f].bodyOpen == step.body.lowerBound {
                createOnceRegions = CreateOnceGuards.namedGuardedRegions(inFunction: f, of: tree)
            } else {
                createOnceRegions = []
            }
        }
    }

    /// Whether a method reached from `first` (with what it calls), or a paired reset callback
    /// (with what it calls), empties the bag. When `first` is the path's entry and an app or scene
    /// lifecycle callback, its pair counts too: `sceneWillEnterForeground` with `sceneDidEnterBackground`
    /// (the scene leaves the foreground before it enters it again). For a user's action (`byUser`),
    /// only what the path itself reaches counts: a screen's teardown comes after all its clicks.
    private func emptiedByMethods(_ bag: String, from first: Int?, entryIsFirst: Bool, byUser: Bool) -> Bool {
        let emptiesBag = { (m: Int) in BagResets.empties(bag, in: graph.methods[m].body, of: index.trees[graph.methods[m].tree]) }
        var methods = first.map { graph.reachable(from: $0) } ?? []
        if byUser { return methods.contains(where: emptiesBag) }
        if let endDisplaying, endDisplaying.empties(bag, ofCellType: graph.typeName, index: index) { return true }
        // The path's entry method, whose paired callbacks end what it starts.
        let entry = entryIsFirst ? first.map { graph.methods[$0].name } : nil
        let reachableFromMethods = { (names: Set<String>) in graph.reachable(from: graph.methods.indices.filter { names.contains(graph.methods[$0].name) }) }
        // A window becomes key (or main) again many times before it closes: only its own opposite
        // (`windowDidResignMain`) ends what the previous time started, not `windowWillClose`.
        if let entry, let own = Catalogue.appearanceOwnResets[entry] {
            methods.formUnion(reachableFromMethods(own))
            return methods.contains(where: emptiesBag)
        }
        methods.formUnion(resetMethods)
        if let entry, let pairs = Catalogue.lifecycleResets[entry] { methods.formUnion(reachableFromMethods(pairs)) }
        return methods.contains(where: emptiesBag)
            || inheritedResetBodies.contains { BagResets.empties(bag, in: $0.body, of: index.trees[$0.tree]) }
    }

    /// Methods of the type named in `#selector(…)` in its files (targets of controls, refresh controls, notifications).
    private static func selectorTargets(of graph: MethodCallGraph, entries: (Int) -> RepeatedEntryPoints) -> Set<String> {
        var result = Set<String>()
        for t in Set(graph.methods.map(\.tree)) {
            let named = entries(t).selectorNames
            for name in graph.byName.keys where named.contains(name) { result.insert(name) }
        }
        return result
    }

    /// Closures in the type's bodies that run repeatedly: `addObserver(forName:…) { … }`, the sink of a
    /// `NotificationCenter` publisher, `UIAction { … }`, `.onAppear { … }`, a repeating timer's block.
    private static func entryClosures(of typeName: String, graph: MethodCallGraph, index: ProjectIndex, memo: ProjectMemo,
                                      entries: (Int) -> RepeatedEntryPoints) -> [EntryClosure] {
        var result: [EntryClosure] = []
        // The type's own declarations (and extensions) in each file, as its methods stand in them.
        var typesOfMethods: [Int: Set<Int>] = [:]
        for method in graph.methods {
            if let type = index.trees[method.tree].functions[method.function].enclosingType { typesOfMethods[method.tree, default: []].insert(type) }
        }
        for t in Set(graph.methods.map(\.tree)).sorted() {
            let tree = index.trees[t]
            for entry in entries(t).closures(ofType: typeName) {
                let body = entry.body
                let calls = entry.methodReference.map { MethodCallGraph.referenceCall($0, in: tree, names: graph.byName).map { [$0] } ?? [] }
                    ?? MethodCallGraph.selfCalls(in: body, of: tree, names: graph.byName)
                result.append(EntryClosure(label: entry.label, tree: t, body: body, calls: calls))
            }
            // Another subscription's value closure runs per value: a store it reaches piles up only when
            // that source never finishes either (a request per value ends by itself).
            let sinks = RepeatingSinkClosures.of(tree: t, index: index, memo: memo)
            for type in (typesOfMethods[t] ?? []).sorted() {
                for entry in sinks.closures(inType: type) {
                    result.append(EntryClosure(label: entry.label, tree: t, body: entry.body,
                                               calls: MethodCallGraph.selfCalls(in: entry.body, of: tree, names: graph.byName),
                                               requiresEndlessSource: true))
                }
                // `$state.sink(receiveValue: handleState)`: the method runs per value.
                for reference in sinks.methodReferences(inType: type) {
                    result.append(EntryClosure(label: reference.label, tree: t, body: reference.token..<(reference.token + 1),
                                               calls: MethodCallGraph.referenceCall(reference.token, in: tree, names: graph.byName).map { [$0] } ?? [],
                                               requiresEndlessSource: true))
                }
            }
            for entry in CallbackPropertyEntries.entries(in: tree, treeIndex: t, typeName: typeName, index: index, memo: memo) {
                result.append(EntryClosure(label: entry.label, tree: t, body: entry.body,
                                           calls: MethodCallGraph.selfCalls(in: entry.body, of: tree, names: graph.byName),
                                           requiresEndlessSource: true))
            }
            // A diffable data source's cell provider runs per row shown: a method it calls on `self`
            // that subscribes to what never finishes adds one more subscription per row (a store
            // written in the closure itself is `store_in_appearance`'s).
            let providers = memo.value(for: "repeated_subscription.cell-providers\u{0}\(t)") { TypeAnalysis.cellProviderClosures(in: tree, index: index) }
            for entry in providers where entry.typeName == typeName {
                result.append(EntryClosure(label: entry.label, tree: t, body: entry.body,
                                           calls: MethodCallGraph.selfCalls(in: entry.body, of: tree, names: graph.byName),
                                           requiresEndlessSource: true))
            }
        }
        return result
    }

    /// The cell provider closures of a file (`UITableViewDiffableDataSource(tableView:) { … }`, a
    /// `CellRegistration`'s handler), with their enclosing types' simple names.
    static func cellProviderClosures(in tree: SyntaxTree, index: ProjectIndex) -> [RepeatedEntryPoints.EntryClosure] {
        tree.closures.indices.compactMap { c -> RepeatedEntryPoints.EntryClosure? in
            guard RepeatedSites.closureSiteKind(c, in: tree, index: index) == .cellProvider else { return nil }
            let name = tree.call(receiving: c).map { tree.chains[$0.chain].elements[$0.element].name } ?? "cell"
            let type = tree.enclosingType(of: tree.closures[c].open).map { tree.types[$0].name.lastNameComponent }
            return RepeatedEntryPoints.EntryClosure(label: name + " cell provider", body: tree.closures[c].open..<tree.closures[c].close, typeName: type)
        }
    }
}
