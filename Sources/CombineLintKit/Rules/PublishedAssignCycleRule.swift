/// `assign(to: &$p)` run again and again: from code that UIKit or SwiftUI repeats (appearance and
/// layout callbacks, per-row methods, a cell's configure, `.onAppear`), from a method such code
/// calls, from a closure that runs per event (a notification observer, a `UIAction`, a `sink` or
/// `handleEvents` of another pipeline). The `@Published` storage keeps every such subscription as
/// long as the object lives, so each run adds one that keeps running.
///
/// Also `assign(to: &model.$p)` where `model` is a stored property of `self` and a closure upstream
/// captures `self` strongly on a root that never finishes: `model`'s `@Published` storage keeps the
/// subscription, the closure keeps `self`, and `self` keeps `model`, so neither is freed.
///
/// A strong `self` upstream of `assign(to: &$p)` into `self`'s own property (the storage keeps the
/// subscription, the closure keeps `self`) is reported by `strong_self_capture` at the capture;
/// this rule does not report it again.
public struct PublishedAssignCycleRule: Rule {
    public static let description = RuleDescription(
        id: "published_assign_cycle", name: "Published assign cycle", defaultSeverity: .warning,
        summary: "assign(to: &$p) run again and again (a repeated callback, a sink): each run adds one more subscription that the @Published storage keeps alive.")

    public init() {}

    static let requiredNames = NameSet(["assign"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let assignments = publishedAssignments(in: tree)
        guard !assignments.isEmpty, let treeIndex = context.index.treeIndexByPath[tree.file.path] else { return [] }
        let finite = FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
        let sites = RepeatedSites(tree: tree, index: context.index)
        let entries = context.memo.value(for: "repeated_subscription.entries\u{0}\(treeIndex)") { RepeatedEntryPoints(tree) }
        var findings: [Finding] = []
        var lookup: TreeLookup? = nil
        for (c, e, target) in assignments {
            let chain = tree.chains[c]
            // A pipeline that finishes lets go of its subscription: repeating it leaves nothing running.
            guard !finite.finishes(chain, before: e, in: tree) else { continue }
            if let owned = ownedStorage(of: chain.elements[e], in: tree, context: context) {
                if lookup == nil { lookup = TreeLookup(tree) }
                findings.append(contentsOf: ownedObjectCycles(chain: c, assign: e, owned: owned, target: target, lookup: lookup!, context: context))
            }
            // A call the index cannot prove finite is not shown endless either (`api.job(id:)` through
            // a protocol-typed dependency, usually a request): only a source that never finishes piles up.
            guard !NeverFinishingSources.startsFromUndecidedCall(chain, before: e, tree: tree, index: context.index) else { continue }
            guard let repeater = repeatingCode(around: chain.first, tree: tree, treeIndex: treeIndex, sites: sites, entries: entries, context: context) else { continue }
            // A run-once guard before it (a flag the type's methods in this file set, a
            // first-appearance property) makes it run once, however often its method is called;
            // in a closure that runs per value, only a guard inside that closure does.
            if isGuardedToRunOnce(chain.first, after: perValueClosure(around: chain.first, in: tree).map { tree.closures[$0].bodyStart },
                                  in: tree, context: context) { continue }
            let message = "Each run of `\(repeater)` adds one more `assign(to: &\(target))` subscription, which the `@Published` storage keeps alive."
            findings.append(context.finding(tokens: chain.elements[e].nameToken, message: message,
                                            help: "Assign once (in `init`, or a method called once), or keep an `AnyCancellable?` from `sink`/`assign(to:on:)` and replace it on each run, which cancels the previous subscription."))
        }
        return findings
    }

    /// An `if`/`guard` between the start of the function around `token` and `token` reads a run-once
    /// flag and decides whether `token` runs.
    private func isGuardedToRunOnce(_ token: Int, after start: Int?, in tree: SyntaxTree, context: RuleContext) -> Bool {
        guard let f = tree.enclosingFunction(of: token), let open = tree.functions[f].bodyOpen else { return false }
        let flags = RunOnceGuards.flags(setByTypeAt: tree.functions[f].enclosingType, in: tree, index: context.index, memo: context.memo)
        let first = max(open + 1, start ?? 0)
        guard first < token else { return false }
        return RunOnceGuards.decidesRun(of: token, guardsIn: first..<token, of: tree, bag: "", flags: flags)
    }

    /// `… .assign(to: &$p)` and `… .assign(to: &model.$p)`: chain, element, target as written.
    private func publishedAssignments(in tree: SyntaxTree) -> [(Int, Int, String)] {
        var result: [(Int, Int, String)] = []
        for (c, chain) in tree.chains.enumerated() {
            guard let e = chain.elements.indices.last, e > 0 else { continue }
            let element = chain.elements[e]
            guard element.name == "assign", element.kind == .member, element.isCall, element.argument("on") == nil,
                  let target = element.argument("to"), target.isInout, element.arguments.count == 1 else { continue }
            let name = tree.name(target.value.upperBound)
            guard Catalogue.isProjected(name) else { continue }
            var first = target.value.lowerBound
            while first < target.value.upperBound, tree.tokenIs(first, "&") { first += 1 }
            result.append((c, e, tree.text(first, target.value.upperBound)))
        }
        return result
    }

    /// For `assign(to: &model.$p)` or `&self.model.$p`, in a class: `model` when it is a stored,
    /// strongly held property of the enclosing type.
    private func ownedStorage(of assign: ChainElement, in tree: SyntaxTree, context: RuleContext) -> String? {
        guard let target = assign.argument("to") else { return nil }
        var first = target.value.lowerBound
        while first < target.value.upperBound, tree.tokenIs(first, "&") { first += 1 }
        if first + 2 < target.value.upperBound, tree.isSelfReference(first), tree.tokens[first + 1].kind == .period { first += 2 }
        guard first + 2 == target.value.upperBound, tree.tokens[first].kind == .identifier, tree.tokens[first + 1].kind == .period,
              SubscriptionFinder.localVariable(named: tree.name(first), visibleAt: first, in: tree) == nil,
              !SubscriptionFinder.isParameter(named: tree.name(first), visibleAt: first, in: tree),
              SelfCapture.isInReferenceType(first, of: tree, index: context.index),
              let owner = TypeResolver.enclosingTypeName(at: first, in: tree),
              let property = context.index.property(tree.name(first), ofType: owner),
              !property.isComputed, !property.isStatic,
              !property.modifiers.contains("weak"), !property.modifiers.contains("unowned") else { return nil }
        return property.name
    }

    /// The strong `self` captures upstream of an `assign(to: &model.$p)` that `model`'s storage keeps.
    private func ownedObjectCycles(chain c: Int, assign e: Int, owned: String, target: String, lookup: TreeLookup,
                                   context: RuleContext) -> [Finding] {
        let tree = context.tree
        let chain = tree.chains[c]
        guard !LongLivedObjects.liveForTheRun(around: chain.first, in: tree, index: context.index, memo: context.memo) else { return [] }
        var findings: [Finding] = []
        for closure in SubscriptionPipeline(chain: c, subscriber: e, lookup: lookup).closures {
            guard let token = SelfCapture.strongSelfToken(in: closure, of: tree) else { continue }
            findings.append(context.finding(
                tokens: token,
                message: "`\(target)` keeps this subscription, this closure keeps `self`, and `self` keeps `\(owned)`: neither is ever freed.",
                help: "Capture `[weak self]` (or `[unowned self]`) in the closure, or copy what it needs into the capture list (`[formatter = self.formatter]`)."))
        }
        return findings
    }

    /// A label for the code around `token` that runs repeatedly, or `nil`.
    /// The innermost closure around `token` given to a `sink`, `handleEvents` or `onReceive`: it runs
    /// once per value of another pipeline.
    private func perValueClosure(around token: Int, in tree: SyntaxTree) -> Int? {
        tree.enclosingClosures(of: token).first { c in
            guard let call = tree.call(receiving: c) else { return false }
            let element = tree.chains[call.chain].elements[call.element]
            return element.kind == .member && (element.name == "sink" || element.name == "handleEvents" || element.name == "onReceive")
        }
    }

    private func repeatingCode(around token: Int, tree: SyntaxTree, treeIndex: Int, sites: RepeatedSites,
                               entries: RepeatedEntryPoints, context: RuleContext) -> String? {
        // A closure that runs per value of another pipeline, or per event.
        if let c = perValueClosure(around: token, in: tree), let call = tree.call(receiving: c) {
            return "\(tree.chains[call.chain].elements[call.element].name) { … }"
        }
        if let entry = entries.closures.first(where: { $0.body.contains(token) }) { return entry.label }
        if let site = sites.site(of: token) { return site.name }
        // A method that repeated code of its type calls (repeated_subscription's call graph).
        // Or a property observer (`var row: RowModel { didSet { … } }`), which runs on each write of the property.
        let observer = tree.enclosingFunction(of: token).flatMap { f in tree.functions[f].isPropertyObserver ? f : nil }
        guard let f = tree.outerMethod(of: token) ?? observer, let t = tree.functions[f].enclosingType else { return nil }
        let typeName = tree.types[t].name.lastNameComponent
        let identity = TypeIdentity.of(type: t, inTree: treeIndex, index: context.index, memo: context.memo)
        // The same key as repeated_subscription's (with no configured callbacks): one analysis per type and run.
        let key = "repeated_subscription\u{0}" + identity.key + "\u{0}"
        let analysis = context.memo.value(for: key) {
            TypeAnalysis(identity: identity, typeName: typeName, index: context.index, extraCallbacks: [], memo: context.memo)
        }
        guard let method = analysis.graph.method(inTree: treeIndex, function: f) else { return nil }
        guard let path = analysis.path(to: method) else {
            // Another type's repeated method, or a closure there that runs per value, calling this
            // method on an object of this type (`viewWillAppear { viewModel.bindRadio() }`).
            let info = analysis.graph.methods[method]
            if let direct = RepeatedMethodCallers.firstPath(calling: info.observedProperty ?? info.name, writes: info.isObserver, onType: typeName,
                                                            identity: identity, index: context.index, extraCallbacks: [], memo: context.memo) {
                return direct + " → " + typeName + "." + info.selectorName
            }
            // A base class's repeated callback calling this override (`BaseViewController.viewWillAppear`
            // → `startObserving()`), or a subclass's repeated callback calling this inherited method.
            let function = tree.functions[f]
            if let inherited = RepeatedMethodCallers.inheritedPath(calling: function.name, overriding: function.isOverride, onType: typeName, bag: "",
                                                                   index: context.index, extraCallbacks: [], memo: context.memo) {
                return inherited
            }
            // Reached through the type's own calls: `row.didSet { bind() }`, the cell's configure setting `row`.
            // Not through a run-once guard on the way (`guard !didBind else { return }; didBind = true; bindInputs()`).
            return analysis.entryThroughOwnCallers(of: method, typeName: typeName, identity: identity, extraCallbacks: [],
                                                   memoKey: key, memo: context.memo,
                                                   accept: { path in !analysis.isGuardedToRunOnce(before: token, along: path) })
                .map { $0 + " → " + typeName + "." + info.selectorName }
        }
        // `guard !didBind else { return }; didBind = true; bindInputs()` in a method along the way runs it once.
        guard !analysis.isGuardedToRunOnce(before: token, along: path) else { return nil }
        // Entered from another type's repeated code: that label first.
        var names = path.map(\.label)
        if let first = analysis.graph.method(inTree: path[0].tree, body: path[0].body), let label = analysis.externalEntries[first] {
            names.insert(label, at: 0)
        }
        return names.joined(separator: " → ")
    }

}
