/// A subscription made inside the value closure of another subscription's `sink` (or of a
/// `handleEvents(receiveOutput:)`) and stored in a bag: every value adds one more subscription
/// and none of the earlier ones is ever cancelled.
public struct NestedSinkRule: Rule {
    public static let description = RuleDescription(
        id: "nested_sink",
        name: "Nested sink",
        defaultSeverity: .warning,
        summary: "A subscription created inside another subscription's sink or handleEvents closure and stored in a bag."
    )

    public init() {}

    static let help = "Map each value to the inner publisher and flatten it in one subscription: `flatMap`, or `map` + `switchToLatest()` to keep only the latest."

    public func check(_ context: RuleContext) -> [Finding] {
        // Every finding is about one of the file's subscriptions.
        guard !context.subscriptions.isEmpty else { return [] }
        let tree = context.tree
        let outer = outerValueClosures(in: tree, once: FinitePublishers(index: context.index, memo: context.memo, oneShot: true), index: context.index, memo: context.memo)
        guard !outer.isEmpty else { return [] }
        var findings: [Finding] = []
        let lookup = TreeLookup(tree)
        let called = methodsCalled(from: outer, in: tree)
        let finite = FinitePublishers()
        var flags: [Int: Set<String>] = [:]
        // The first run-once guard of each body (and bag), read up to the latest subscription asked
        // about: one read of the body for all its subscriptions, and none past the last of them (a
        // body holding the bodies of thousands of nested functions is not read once for each).
        var guardScans: [String: (readUpTo: Int, first: Int?)] = [:]
        // Per method: the other type whose per-value closure calls it, if any (asked once each).
        var otherCallers: [Int: (callerType: String, source: String)?] = [:]
        for subscription in context.subscriptions {
            let chain = tree.chains[subscription.chain]
            guard let bag = bagOwner(of: subscription, chain: chain, lookup: lookup) else { continue }
            // An inner publisher that finishes during `sink` (`Just`, `CombineLatest` of `Just`s) leaves nothing running;
            // not one that ends only at a value passing a test (`$elapsed.filter { $0 >= 300 }.first()`), which
            // stays pending until then, one more per outer value.
            if finite.finishes(chain, before: subscription.element, in: tree),
               !NeverFinishingSources.limitWaitsForCondition(in: chain, before: subscription.element, tree: tree, index: context.index) {
                if !waitsOnScheduler(chain, before: subscription.element) { continue }
                // One delivered later to a `sink` that acts only on that value
                // (`Just(banner).delay(…).sink { $0.removeFromSuperview() }`) overwrites nothing another
                // run holds, and ends by itself.
                let subscriber = chain.elements[subscription.element]
                if subscriber.name == "sink", !subscriber.closures.isEmpty,
                   subscriber.closures.allSatisfy({ SelfContainedClosures.usesOnlyItsParameters($0, in: tree) }) { continue }
            }
            // A run-once guard before the inner subscription (`guard !isObserving else { return }`).
            if let bagName = BagResets.selfMemberName(bag), let t = tree.enclosingType(of: chain.first) {
                let names = flags[t] ?? runOnceFlags(ofType: t, in: tree)
                flags[t] = names
                let outermost = tree.outermostClosure(of: chain.first)
                let function = tree.enclosingFunction(of: chain.first)
                let body: Range<Int>? = outermost.map { tree.closures[$0].bodyStart..<tree.closures[$0].close }
                    ?? function.flatMap { f in tree.functions[f].bodyOpen.flatMap { open in tree.functions[f].bodyClose.map { open..<$0 } } }
                if let body {
                    let key = "\(body.lowerBound) \(bagName)"
                    var scan = guardScans[key] ?? (readUpTo: body.lowerBound, first: nil)
                    if scan.first == nil, scan.readUpTo < chain.statementStart {
                        scan.first = RunOnceGuards.firstGuard(in: body, startingIn: scan.readUpTo..<chain.statementStart, of: tree,
                                                              bag: bagName, flags: names)
                        scan.readUpTo = chain.statementStart
                    }
                    guardScans[key] = scan
                    if let first = scan.first, first < chain.statementStart { continue }
                }
            }
            // Closures between the chain and its function: a nested function stops the walk.
            guard let host = innermostOuterClosure(around: chain.first, outer: outer, in: tree)
            else {
                if let finding = viaMethod(subscription, chain: chain, bag: bag, called: called, otherCallers: &otherCallers, context) { findings.append(finding) }
                continue
            }
            let closure = tree.closures[host.0]
            // Behind `guard self.observer == nil else { return }` with `self.observer = …` set in the
            // same run, the inner subscription is made once, not per value.
            if CreateOnceGuards.guards(chain.first, inClosure: host.0, of: tree) { continue }
            if case .local(let v) = bag, tree.scopes[tree.variables[v].scope].open >= closure.open { continue }
            if let name = BagResets.selfMemberName(bag) ?? localName(bag, in: tree),
               BagResets.empties(name, in: closure.bodyStart..<chain.statementStart, of: tree)
                || UpstreamValueClosures.bodies(before: host.0, in: tree).contains(where: { BagResets.empties(name, in: $0, of: tree) }) { continue }
            let element = chain.elements[subscription.element]
            let bagText = bagDescription(bag, in: tree)
            findings.append(context.finding(
                tokens: element.nameToken,
                message: "`\(element.name)` inside the `\(host.1)` closure of another subscription adds one more subscription to \(bagText) per value and never cancels the earlier ones.",
                help: NestedSinkRule.help))
        }
        return findings
    }

    /// The names the type's functions in this file set to `true`/`false` or toggle.
    private func runOnceFlags(ofType t: Int, in tree: SyntaxTree) -> Set<String> {
        RunOnceGuards.flagAssignments(in: functionBodies(ofType: t, in: tree), of: tree)
    }

    /// The bodies of type `t`'s functions in this file.
    private func functionBodies(ofType t: Int, in tree: SyntaxTree) -> [Range<Int>] {
        tree.types[t].functions.compactMap { f -> Range<Int>? in
            guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { return nil }
            return open..<close
        }
    }

    /// The innermost per-value closure around a token (with its operator), up to its function.
    private func innermostOuterClosure(around token: Int, outer: [Int: String], in tree: SyntaxTree) -> (Int, String)? {
        var next = tree.innermostClosure(of: token)
        while let c = next {
            if let op = outer[c] { return (c, op) }
            next = tree.parentClosure(of: c)
        }
        return nil
    }

    /// How a per-value closure reaches a method of its type: the outer operator's name, and the
    /// code that runs before the call each time (the closure up to it, a `handleEvents` ahead of it
    /// in the pipeline, each method between up to its call): a bag emptied there holds one run's
    /// subscriptions only.
    private struct Route {
        var op: String
        var before: [Range<Int>]
    }

    /// Methods of a type called from its own per-value closures (`self?.load(n)`, `self.load(n)`,
    /// `load(n)`), keyed by type index and name, with the route from the innermost such closure
    /// around the call. Read from each call out, so nested closures cost no rescan.
    /// A write of a property of the type (`self?.selected = station`) runs the property's observer
    /// (`didSet { observeAvailability() }`): the observer's own calls count as calls from there.
    private func methodsCalled(from outer: [Int: String], in tree: SyntaxTree) -> [String: Route] {
        var result: [String: Route] = [:]
        let observers = propertyObservers(in: tree)
        // Each type's run-once flags (set one way only: a busy flag cleared when the work ends
        // guards nothing once), read once for all of its methods.
        var flagsByType: [Int: Set<String>] = [:]
        func flags(_ t: Int) -> Set<String> {
            if let known = flagsByType[t] { return known }
            let found = RunOnceGuards.oneWayFlagAssignments(in: functionBodies(ofType: t, in: tree), of: tree)
            flagsByType[t] = found
            return found
        }
        // Where a per-value closure calls a method of its type (`method`), or writes one of its
        // properties (`written`, whose observers run).
        func record(first: Int, last: Int, method: String, written: String?) {
            var next = tree.innermostClosure(of: first)
            while let c = next {
                next = tree.parentClosure(of: c)
                let closure = tree.closures[c]
                guard let op = outer[c], first >= closure.bodyStart, last < closure.close,
                      let type = tree.enclosingType(of: closure.open) else { continue }
                let before = UpstreamValueClosures.bodies(before: c, in: tree) + [closure.bodyStart..<first]
                if let written {
                    guard let v = tree.memberVariable(named: written, ofType: type) else { break }
                    for f in observers[v] ?? [] {
                        for call in selfCalls(inBodyOf: f, in: tree, flags: flags) where result["\(type):\(call.name)"] == nil {
                            result["\(type):\(call.name)"] = Route(op: op, before: before + [call.before])
                        }
                    }
                } else {
                    result["\(type):\(method)"] = Route(op: op, before: before)
                }
                break
            }
        }
        for chain in tree.chains {
            let elements = chain.elements
            if let called = selfCallName(chain) {
                record(first: chain.first, last: chain.last, method: called, written: nil)
            } else if elements.count <= 2, elements.last!.kind != .literal, !elements.last!.hasParentheses,
                      elements.count == 1 || elements[0].name == "self",
                      chain.last + 1 < tree.tokens.count, tree.tokens[chain.last + 1].kind == .equal {
                record(first: chain.first, last: chain.last, method: "", written: elements.last!.name)
            }
        }
        // A bare name makes no chain: `displayedOrder = order` after `guard let self` (or in a
        // `[self]` closure) writes the property unless a local of the name is in scope (or declared
        // right there: `var draftText = …`, read as visible from the token after its name).
        let observed = Set(observers.keys.map { tree.variables[$0].name })
        if !observed.isEmpty {
            // Each token once, however many per-value closures hold it.
            var seen = Set<Int>()
            for c in outer.keys.sorted() {
                let closure = tree.closures[c]
                guard closure.bodyStart < closure.close else { continue }
                for i in closure.bodyStart..<closure.close where tree.tokens[i].kind == .identifier && i + 1 < tree.tokens.count
                    && tree.tokens[i + 1].kind == .equal && tree.tokens[i - 1].kind != .period && observed.contains(tree.name(i))
                    && seen.insert(i).inserted && SubscriptionFinder.localVariable(named: tree.name(i), visibleAt: i + 1, in: tree) == nil {
                    record(first: i, last: i, method: "", written: tree.name(i))
                }
            }
        }
        // And what those methods call on `self` in turn (`state.$step.sink { self.route(to: $0) }`,
        // where `route(to:)` calls the storing `startPassengerDetails()`), a few calls deep.
        var frontier = Array(result.keys).sorted()
        guard !frontier.isEmpty else { return result }
        // The file's methods by "type:name", made once: a type may declare thousands.
        var methods: [String: [Int]] = [:]
        for (f, function) in tree.functions.enumerated() where function.kind == .function {
            if let type = function.enclosingType { methods["\(type):\(function.name)", default: []].append(f) }
        }
        for _ in 0..<NestedSinkRule.callDepth where !frontier.isEmpty {
            var next: [String] = []
            for key in frontier {
                guard let colon = key.firstIndex(of: ":"), let type = Int(key[..<colon]), let route = result[key] else { continue }
                for f in methods[key] ?? [] {
                    for call in selfCalls(inBodyOf: f, in: tree, flags: flags) where result["\(type):\(call.name)"] == nil {
                        result["\(type):\(call.name)"] = Route(op: route.op, before: route.before + [call.before])
                        next.append("\(type):\(call.name)")
                    }
                }
            }
            frontier = next
        }
        return result
    }

    /// How many calls on `self` deep a per-value closure's calls are followed to a storing method.
    private static let callDepth = 3

    /// The `didSet` and `willSet` observers of the file's properties, by variable index.
    private func propertyObservers(in tree: SyntaxTree) -> [Int: [Int]] {
        var result: [Int: [Int]] = [:]
        for (f, function) in tree.functions.enumerated() where function.kind == .accessor
            && (function.name == "didSet" || function.name == "willSet") {
            if let v = function.variable { result[v, default: []].append(f) }
        }
        return result
    }

    /// The methods a function's body calls on `self` (`load()`, `self.load()`), with the body up to
    /// each call, but not a call under a run-once guard of the type (`if !reminderArmed {
    /// reminderArmed = true; armFinalReminder() }`): it runs once, however often the function does.
    private func selfCalls(inBodyOf f: Int, in tree: SyntaxTree, flags: (Int) -> Set<String>) -> [(name: String, before: Range<Int>)] {
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open + 1 < close else { return [] }
        let typeFlags = tree.functions[f].enclosingType.map(flags) ?? []
        // The body's guards, found once (not once per call: a body may make thousands).
        let guards = typeFlags.isEmpty ? [] : RunOnceGuards.guards(in: (open + 1)..<close, of: tree, bag: "", flags: typeFlags)
        return tree.chainIndices(in: (open + 1)...(close - 1)).compactMap { c -> (name: String, before: Range<Int>)? in
            guard let name = selfCallName(tree.chains[c]) else { return nil }
            let first = tree.chains[c].first
            if isInCallbackKeptForLater(first, within: open, in: tree) { return nil }
            if guards.contains(where: { $0 < first && RunOnceGuards.covers($0, first, in: tree) }) { return nil }
            return (name, (open + 1)..<first)
        }
    }

    /// Token `k` is in a closure that the body hands to an object to call later, not one it runs:
    /// a closure given to a type's initializer (`WalkerProfileView(model: model) { self?.startBooking(with: $0) }`)
    /// or assigned to a property (`vc.onClose = { … }`), or the block of a repeating timer
    /// (`Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { … }`, whose ticks run it: repeated
    /// work, which `repeated_subscription` judges). A tap runs it, not the value that ran the body.
    private func isInCallbackKeptForLater(_ k: Int, within bodyOpen: Int, in tree: SyntaxTree) -> Bool {
        var next = tree.innermostClosure(of: k)
        while let c = next, tree.closures[c].open > bodyOpen {
            next = tree.parentClosure(of: c)
            if let call = tree.call(receiving: c) {
                let element = tree.chains[call.chain].elements[call.element]
                if RepeatedEntryPoints.isRepeatingTimer(element, tree: tree) { return true }
                // Not a `Task` or a publisher's closure (`Future { … }` runs at once, `Deferred` as it is subscribed).
                if call.element == 0, element.kind == .root, element.name.first?.isUppercase == true,
                   element.name != Catalogue.taskType, !Catalogue.publisherNames.contains(element.name) { return true }
            } else if tree.closures[c].open > 0, tree.tokens[tree.closures[c].open - 1].kind == .equal {
                return true
            }
        }
        return false
    }

    /// The method a chain calls on `self`, written `load(…)` or `self.load(…)`.
    private func selfCallName(_ chain: Chain) -> String? {
        let elements = chain.elements
        if elements.count == 1, elements[0].kind == .root, elements[0].hasParentheses { return elements[0].name }
        if elements.count == 2, elements[0].name == "self", elements[1].hasParentheses { return elements[1].name }
        return nil
    }

    /// A method that stores a subscription in a bag of `self`, called from another subscription's
    /// per-value closure of the same type: the same accumulation as writing the `sink` inline.
    private func viaMethod(_ subscription: Subscription, chain: Chain, bag: Owner, called: [String: Route],
                           otherCallers: inout [Int: (callerType: String, source: String)?], _ context: RuleContext) -> Finding? {
        let tree = context.tree
        guard tree.innermostClosure(of: chain.first) == nil, let bagName = BagResets.selfMemberName(bag),
              let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .function,
              let type = tree.functions[f].enclosingType, let open = tree.functions[f].bodyOpen else { return nil }
        // Who runs the method per value is asked first (once per method): most storing methods have no
        // such caller, and reading the body up to each of thousands of subscriptions would cost more.
        let op: String
        var place = ""
        if let route = called["\(type):\(tree.functions[f].name)"] {
            if route.before.contains(where: { BagResets.empties(bagName, in: $0, of: tree) }) { return nil }
            op = route.op
        } else if let caller = otherTypesPerValueCaller(of: f, type: type, cache: &otherCallers, context) {
            // Another type's sink calls it on an object of this type (`self?.sensors.startScan()`).
            op = "sink"
            place = " in `\(caller.callerType)` (on `\(caller.source)`)"
        } else {
            return nil
        }
        if BagResets.empties(bagName, in: (open + 1)..<chain.statementStart, of: tree) { return nil }
        // `guard observer == nil else { return }` with `observer = …` set below it: the method
        // subscribes on its first call only.
        if CreateOnceGuards.guards(chain.first, inFunction: f, of: tree) { return nil }
        let element = chain.elements[subscription.element]
        // A method that makes a request (a `Future`, `dataTaskPublisher`, a `first()`) per value is
        // an event handler doing its work: each subscription ends by itself, as a request per tap does
        // for `repeated_subscription`. Only one that stays live piles up. (Written right in the outer
        // closure, the nesting itself is the finding: `flatMap` says it in one pipeline.)
        guard NeverFinishingSources.startsNeverFinishing(chain, before: subscription.element, tree: tree, index: context.index, extraNames: [])
        else { return nil }
        let method = tree.functions[f].selectorName
        return context.finding(
            tokens: element.nameToken,
            message: "`\(element.name)` in `\(method)`, which runs for every value of another subscription's `\(op)`\(place), adds one more subscription to `\(bagName)` each time.",
            help: NestedSinkRule.help)
    }

    /// The other type whose never-finishing `sink` closure calls method `f` of type `t` (of this
    /// file) on an object of it, with the sink's source, if one does.
    /// Answered once per method of the file (`cache`).
    private func otherTypesPerValueCaller(of f: Int, type t: Int, cache: inout [Int: (callerType: String, source: String)?],
                                          _ context: RuleContext) -> (callerType: String, source: String)? {
        if let known = cache[f] { return known }
        var found: (callerType: String, source: String)? = nil
        if let treeIndex = context.index.treeIndexByPath[context.file.path] {
            let identity = TypeIdentity.of(type: t, inTree: treeIndex, index: context.index, memo: context.memo)
            found = RepeatedMethodCallers.perValueCaller(of: context.tree.functions[f].name, onType: context.tree.types[t].name,
                                                         identity: identity, index: context.index, memo: context.memo)
        }
        cache[f] = .some(found)
        return found
    }

    /// The bag a subscription's cancellable goes into, if it goes into one (`store(in:)`, `insert`,
    /// `append`, `+=`); keyed assignments (`requests[id] = …`) replace the previous entry and are left out.
    private func bagOwner(of subscription: Subscription, chain: Chain, lookup: TreeLookup) -> Owner? {
        switch subscription.storage {
        case .bag(let owner):
            return owner
        case .collection(let owner):
            if case .assignment(_, let compound) = chain.context, !compound { return nil }
            return owner
        case .local(let v):
            // `let token = session.sink { … }` then `observers.append(token)` or `token.store(in: &bag)`.
            for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: lookup.tree) {
                if let owner = SubscriptionFinder.bagStoring(localAt: use, lookup: lookup) { return owner }
            }
            return nil
        default:
            return nil
        }
    }

    /// Closures that run once per value of a subscription, with the operator's name:
    /// `sink`'s `receiveValue` and `handleEvents`' `receiveOutput` (completion closures run once).
    private func outerValueClosures(in tree: SyntaxTree, once: FinitePublishers, index: ProjectIndex, memo: ProjectMemo) -> [Int: String] {
        var result: [Int: String] = [:]
        for chain in tree.chains {
            guard !SingleValuePipelines.emitsAtMostOneValue(chain, in: tree) else { continue }
            for (e, element) in chain.elements.enumerated() where element.kind == .member {
                switch element.name {
                case "sink":
                    guard SubscriptionFinder.subscriberElement(of: chain)?.0 == e, let c = valueClosure(of: element) else { continue }
                    if SingleValuePipelines.runsValueClosureOnce(chain, sinkAt: e, in: tree, once: once, index: index, memo: memo) { continue }
                    result[c] = "sink"
                case "handleEvents":
                    // As for `sink`: a sequence's values all pass while it is subscribed to.
                    if SynchronousCompletion.finishesDuringSubscribe(chain, before: e, in: tree) { continue }
                    if let c = labelledClosure("receiveOutput", of: element) { result[c] = "handleEvents" }
                default:
                    continue
                }
            }
        }
        return result
    }

    private func valueClosure(of sink: ChainElement) -> Int? {
        if let c = labelledClosure("receiveValue", of: sink) { return c }
        let unlabelled = sink.trailingClosures.filter { $0.label == nil }
        if sink.argument("receiveCompletion") != nil || sink.arguments.isEmpty && sink.trailingClosures.count == 1 {
            return unlabelled.first?.closure
        }
        return nil
    }

    private func labelledClosure(_ label: String, of element: ChainElement) -> Int? {
        if let c = element.argument(label)?.closure { return c }
        return element.trailingClosures.first { $0.label == label }?.closure
    }

    /// Publishers that deliver one value at most, so a subscription inside their sink is made once:
    /// `Just(false).delay(for: .seconds(4), scheduler: DispatchQueue.main)`: a scheduler step
    /// (`delay`, `receive(on:)`, `debounce`, `collect(.byTime(…))` …) hands the value on later, so
    /// the inner subscription outlives `sink`, stays in the bag while it waits, and an earlier one
    /// can land after a newer one (a banner reset by the ring before).
    private func waitsOnScheduler(_ chain: Chain, before end: Int) -> Bool {
        chain.elements[..<end].contains { element in
            element.kind == .member && element.isCall && Catalogue.deferringOperators.contains(element.name)
                && (element.argument("scheduler") != nil || element.argument("on") != nil || element.name == "collect" && !element.arguments.isEmpty)
        }
    }

    private func localName(_ owner: Owner, in tree: SyntaxTree) -> String? {
        switch owner {
        case .local(let v): return tree.variables[v].name
        case .parameter(let name): return name
        default: return nil
        }
    }

    private func bagDescription(_ owner: Owner, in tree: SyntaxTree) -> String {
        if let name = BagResets.selfMemberName(owner) ?? localName(owner, in: tree), !name.isEmpty { return "`\(name)`" }
        if case .other(let text) = owner, !text.isEmpty { return "`\(text.replacingOccurrences(of: " ", with: ""))`" }
        return "the bag"
    }
}
