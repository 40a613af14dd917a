/// A pipeline that hops to the same scheduler twice with nothing in between that could leave it,
/// or two `receive(on:)` in a row: a wasted queue hop for every value.
public struct MultipleReceiveOnRule: Rule {
    public static let description = RuleDescription(
        id: "multiple_receive_on", name: "Multiple receive(on:)", defaultSeverity: .warning,
        summary: "A pipeline hops to the same scheduler twice, or two receive(on:) follow each other: a wasted queue hop per value.")

    public init() {}

    /// How many project functions deep a source's hop is looked for (`fetchProfile()` → `requestOnMain(…)`).
    private static let maximumRelayDepth = 3

    /// A file that never names `receive` has no `receive(on:)`.
    static let requiredNames = NameSet(["receive"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        for chain in tree.chains {
            var previous: (index: Int, key: String, written: String)?
            var leftThread = false
            // `history.chartSeries(for: zone)` of a service whose every implementation returns
            // `….receive(on: DispatchQueue.main).eraseToAnyPublisher()` (or `scanner.state`, a computed
            // property's getter returning one): the source already delivers there.
            var start = 1
            // Asked only of a chain that hops with `receive(on:)` after its source (most chains do not).
            if let c = source(of: chain),
               chain.elements[(c + 1)...].contains(where: Self.isReceiveOnHop),
               let key = projectSourceScheduler(of: chain.elements[c], context: context) {
                let element = chain.elements[c]
                previous = (c, key, element.isCall ? "\(element.name)(…)" : element.name)
                start = c + 1
            } else if chain.elements.count > 2, case let root = chain.elements[0], root.kind == .root, !root.isCall, root.subscripts.isEmpty,
                      chain.elements.dropFirst().contains(where: Self.isReceiveOnHop),
                      let local = FinitePublishers.localPublisher(named: root, in: tree), let key = localScheduler(local, context: context) {
                // `let result = tester.test(connection).share()`, then `result.map { … }.receive(on: DispatchQueue.main)`:
                // the local delivers where the pipeline it holds does.
                previous = (0, key, root.name)
            }
            for (e, element) in chain.elements.enumerated() where e >= start {
                if element.name == "receive", element.kind == .member, let scheduler = element.argument("on"), element.arguments.count <= 2 {
                    let key = schedulerKey(scheduler.value, tree: tree)
                    let written = tree.sourceText(scheduler.value.lowerBound, scheduler.value.upperBound)
                    if let prior = previous {
                        if prior.index == e - 1 && prior.key != key && chain.elements[prior.index].name == "receive" {
                            // `receive(on: a).receive(on: b)`: the first hop is overridden at once.
                            findings.append(finding(chain, element: prior.index, context: context,
                                message: "`receive(on: \(prior.written))` is followed directly by `receive(on: \(written))`, so every value hops to `\(prior.written)` only to leave it at once.",
                                help: "Remove `receive(on: \(prior.written))`: the last `receive(on:)` decides where values arrive."))
                        } else if prior.key == key && !leftThread {
                            let line = tree.line(of: chain.elements[prior.index].nameToken)
                            let origin = chain.elements[prior.index].name == "receive" ? "receive(on: \(prior.written))" : prior.written
                            findings.append(finding(chain, element: e, context: context,
                                message: "This `receive(on: \(written))` hops again to where `\(origin)` on line \(line) already delivers: a wasted hop per value.",
                                help: "Remove this `receive(on:)`."))
                        }
                    }
                    previous = (e, key, written)
                    leftThread = false
                } else if let scheduler = deliveringScheduler(of: element, in: tree) {
                    // `debounce(for: …, scheduler: DispatchQueue.main)` delivers its values on that
                    // scheduler: a `receive(on:)` of the same one after it hops again.
                    let written = tree.sourceText(scheduler.lowerBound, scheduler.upperBound)
                    // `receive(on: .main).debounce(for: …, scheduler: DispatchQueue.main)`: the step
                    // delivers on that same scheduler itself, so the hop right before it is wasted.
                    if let prior = previous, prior.index == e - 1, chain.elements[prior.index].name == "receive",
                       prior.key == schedulerKey(scheduler, tree: tree) {
                        findings.append(finding(chain, element: prior.index, context: context,
                            message: "`receive(on: \(prior.written))` is followed directly by `\(element.name)`, which delivers on `\(written)` itself: every value hops to `\(prior.written)` for nothing.",
                            help: "Remove `receive(on: \(prior.written))`: `\(element.name)` decides where values arrive."))
                    }
                    let step = element.name == "collect"
                        ? "collect(" + tree.sourceText(element.arguments[0].value.lowerBound, element.arguments[0].value.upperBound) + ")"
                        : "\(element.name)(…, scheduler: \(written))"
                    previous = (e, schedulerKey(scheduler, tree: tree), step)
                    leftThread = false
                } else if let key = projectOperatorScheduler(of: element, context: context) {
                    // `.receiveOnMain()` of `extension Publisher { func receiveOnMain() … { receive(on:
                    // DispatchQueue.main).eraseToAnyPublisher() } }`: a hop of the project's own, wasted
                    // where an earlier hop already delivers there.
                    if let prior = previous, prior.key == key, !leftThread {
                        let line = tree.line(of: chain.elements[prior.index].nameToken)
                        let origin = chain.elements[prior.index].name == "receive" ? "receive(on: \(prior.written))" : prior.written
                        findings.append(finding(chain, element: e, context: context,
                            message: "`\(element.name)()` hops again to where `\(origin)` on line \(line) already delivers: a wasted hop per value.",
                            help: "Remove one of the two hops."))
                    }
                    previous = (e, key, "\(element.name)()")
                    leftThread = false
                } else if element.name == "flatMap", element.kind == .member, element.isCall,
                          let key = innerScheduler(of: element, tree: tree, context: context) {
                    // `.flatMap { self.pointsPublisher(days: $0) }` with every inner publisher ending in a hop to
                    // one scheduler: `flatMap` hands their values on where they arrive.
                    previous = (e, key, "flatMap(…)")
                    leftThread = false
                } else if !Catalogue.sameThreadOperators.contains(element.name) || hasOwnScheduler(element, tree: tree) {
                    // `.summaryText()`, the project's own `map { … }.removeDuplicates()`, stays on the thread.
                    // Asked only while an earlier hop is still in force.
                    if previous == nil || leftThread || !staysOnThread(element, context: context) { leftThread = true }
                }
            }
        }
        return findings
    }

    /// The scheduler that `debounce`, `throttle`, `delay` or `timeout` delivers its values on (its
    /// `scheduler:` argument), or a timed `collect(.byTime(queue, …))` its batches; `nil` for other operators.
    private func deliveringScheduler(of element: ChainElement, in tree: SyntaxTree) -> ClosedRange<Int>? {
        guard element.kind == .member, element.isCall, element.name != "receive" else { return nil }
        return DeliveryQueues.schedulerRange(of: element, in: tree)
    }

    /// The scheduler (as `schedulerKey` gives it) that an operator of the project's own, declared in
    /// an extension of `Publisher`, delivers on: every one of its declarations returns a pipeline of
    /// `self` that ends in `receive(on:)` of that scheduler (then only steps that stay on its thread).
    private func projectOperatorScheduler(of element: ChainElement, context: RuleContext) -> String? {
        guard element.kind == .member, element.isCall, !Catalogue.sameThreadOperators.contains(element.name) else { return nil }
        let found = context.memo.value(for: "multiple_receive_on.project-operator\u{0}" + element.name) { () -> String in
            let declarations = context.index.functions(named: element.name, inTypesNamed: "Publisher")
            var keys = Set<String>()
            for reference in declarations {
                let tree = context.index.trees[reference.tree]
                // From the publisher it is called on (`self`, or a first step called without a receiver,
                // `subscribe(on: queue).receive(on: DispatchQueue.main)`), whatever steps come before the hop.
                guard let returned = tree.chainsReturned(byFunction: reference.item), returned.count == 1,
                      let hop = finalHop(of: returned[0], in: tree), case let root = returned[0].elements[0], root.kind == .root,
                      hop.index == 0 || root.name == "self" || (root.isCall && root.name.first?.isLowercase == true) else { return "" }
                keys.insert(hop.key)
            }
            return keys.count == 1 ? keys.first! : ""
        }
        return found.isEmpty ? nil : found
    }

    /// The scheduler every publisher a `flatMap` closure returns delivers on: each ends in a hop to
    /// it (`receive(on:)` or the project's own hop), or is a call of the project's functions (or a
    /// computed property) that all do, with only same-thread steps after it.
    private func innerScheduler(of element: ChainElement, tree: SyntaxTree, context: RuleContext) -> String? {
        guard let closure = element.closures.last else { return nil }
        let returned = tree.chainsReturned(byClosure: closure)
        guard !returned.isEmpty else { return nil }
        var keys = Set<String>()
        for inner in returned {
            if let hop = finalHop(of: inner, in: tree, operators: context) {
                keys.insert(hop.key)
            } else if let c = source(of: inner),
                      Self.staysOnItsThread(inner.elements[(c + 1)...]),
                      let key = projectSourceScheduler(of: inner.elements[c], context: context) {
                keys.insert(key)
            } else {
                return nil
            }
        }
        return keys.count == 1 ? keys.first : nil
    }

    /// The last `receive(on:)` of a pipeline a project declaration returns, when only steps that stay
    /// on its thread follow it (`….receive(on: DispatchQueue.main).eraseToAnyPublisher()`): its
    /// position and its scheduler's key. Such a pipeline delivers on that scheduler.
    /// With `operators`, the hop may be the project's own operator that delivers on one scheduler
    /// (`….map(\.0).receiveOnMain().eraseToAnyPublisher()`).
    private func finalHop(of chain: Chain, in tree: SyntaxTree, operators context: RuleContext? = nil) -> (index: Int, key: String)? {
        let elements = chain.elements
        func operatorKey(_ element: ChainElement) -> String? {
            context.flatMap { projectOperatorScheduler(of: element, context: $0) }
        }
        guard let r = elements.lastIndex(where: { ($0.name == "receive" && $0.isCall) || operatorKey($0) != nil }),
              Self.staysOnItsThread(elements[(r + 1)...])
        else { return nil }
        if let key = operatorKey(elements[r]) { return (r, key) }
        guard let scheduler = elements[r].argument("on"), elements[r].arguments.count == 1 else { return nil }
        return (r, schedulerKey(scheduler.value, tree: tree))
    }

    /// The chain's source: its first call (`chartSeries(for:)` in `history.chartSeries(for: zone)`), or
    /// its last plain member before any call (`state` in `scanner.state.receive(on: …)`), on plain receivers.
    private func source(of chain: Chain) -> Int? {
        let elements = chain.elements
        let first = Catalogue.firstPipelineOperator(in: elements, before: elements.count)
        let c = elements[..<first].firstIndex(where: { $0.isCall }) ?? first
        guard c <= 2, elements[..<c].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }) else { return nil }
        if c < first { return c }
        return c > 0 && elements[c - 1].kind == .member ? c - 1 : nil
    }

    /// The scheduler (as `schedulerKey` gives it) that the project's declarations behind the source
    /// `element` deliver on: the functions a call may run (its labels fit), or the computed properties
    /// of its name, every one of them (test doubles and protocol requirements aside) returning
    /// pipelines that end in `receive(on:)` of that scheduler, then only steps that stay on its
    /// thread (`eraseToAnyPublisher()`). A stored property of the name that may hold a publisher
    /// decides nothing; another type's stored values of the name (`[LogEntry]`) are passed over.
    /// A returned pipeline may itself be a call of such a declaration (`fetchProfile()` returning
    /// `requestOnMain(.profile, as: UserProfile.self)`), followed to `maximumRelayDepth`.
    private func projectSourceScheduler(of element: ChainElement, context: RuleContext, depth: Int = 0) -> String? {
        guard !Catalogue.sameThreadOperators.contains(element.name) else { return nil }
        // The depth is part of the key: a function that returns another's call may be reached again
        // deeper down (recursion), and a memo value must never wait on itself.
        let key = (element.isCall
            ? "multiple_receive_on.project-function\u{0}" + MethodCallGraph.selector(of: element) + "\u{0}\(element.arguments.count)"
            : "multiple_receive_on.project-property\u{0}" + element.name) + "\u{0}\(depth)"
        let found = context.memo.value(for: key) { () -> String in
            let index = context.index
            var bodies: [(tree: SyntaxTree, function: Int)] = []
            if element.isCall {
                bodies = ProjectFunctionCalls.declarations(runBy: element, matching: .labels, requireBody: true,
                                                           publisherResults: true, index: index)
                    .filter { !TestCaseCode.isTestOrDouble(index.trees[$0.tree].functions[$0.item].nameToken, of: index.trees[$0.tree], index: index) }
                    .map { (index.trees[$0.tree], $0.item) }
            } else {
                guard index.declaresComputedProperty(named: element.name) else { return "" }
                for typeKey in index.typesDeclaringProperty[element.name] {
                    guard let type = index.types[typeKey], let property = type.properties[element.name] else { continue }
                    if type.kind == .protocol { continue }
                    // Another type's stored values of the name (`private var entries: [LogEntry] = []` of a screen) are no pipeline.
                    if !property.isComputed, !property.typeText.isEmpty,
                       !Catalogue.publisherTypeWords.contains(where: property.typeText.contains) { continue }
                    guard property.isComputed, !property.isStatic, let t = index.treeIndexByPath[property.file] else { return "" }
                    let holder = index.trees[t]
                    guard let v = NeverFinishingSources.variable(named: element.name, onLine: property.line, in: holder) else { return "" }
                    if TestCaseCode.isTestOrDouble(holder.variables[v].nameToken, of: holder, index: index) { continue }
                    guard let getter = holder.getter(ofVariable: v) else { return "" }
                    bodies.append((holder, getter))
                }
            }
            guard !bodies.isEmpty else { return "" }
            var keys = Set<String>()
            for (tree, f) in bodies {
                guard let returned = tree.chainsReturned(byFunction: f), !returned.isEmpty else { return "" }
                for chain in returned {
                    if let hop = finalHop(of: chain, in: tree, operators: context), chain.elements[hop.index].kind == .member {
                        keys.insert(hop.key)
                        continue
                    }
                    guard depth < Self.maximumRelayDepth, let c = source(of: chain), chain.elements[c].isCall,
                          Self.staysOnItsThread(chain.elements[(c + 1)...]),
                          let relayed = projectSourceScheduler(of: chain.elements[c], context: context, depth: depth + 1) else { return "" }
                    keys.insert(relayed)
                }
            }
            return keys.count == 1 ? keys.first! : ""
        }
        return found.isEmpty ? nil : found
    }

    /// Whether every one of `steps` stays on the thread it gets values on: a same-thread operator with no
    /// `scheduler:` of its own (`map`, `removeDuplicates`, `eraseToAnyPublisher`).
    private static func staysOnItsThread<Steps: Sequence>(_ steps: Steps) -> Bool where Steps.Element == ChainElement {
        steps.allSatisfy { Catalogue.sameThreadOperators.contains($0.name) && $0.argument("scheduler") == nil }
    }

    /// `.receive(on: scheduler)` as a step of a pipeline.
    private static func isReceiveOnHop(_ element: ChainElement) -> Bool {
        element.name == "receive" && element.kind == .member && element.argument("on") != nil
    }

    /// The scheduler (as `schedulerKey` gives it) that the pipeline a local holds delivers on: it ends
    /// in a hop there, or starts from a project source that does (see `projectSourceScheduler`), with
    /// only same-thread steps after either.
    private func localScheduler(_ local: Chain, context: RuleContext) -> String? {
        if let hop = finalHop(of: local, in: context.tree, operators: context), local.elements[hop.index].kind == .member { return hop.key }
        guard let c = source(of: local),
              Self.staysOnItsThread(local.elements[(c + 1)...]) else { return nil }
        return projectSourceScheduler(of: local.elements[c], context: context)
    }

    /// Whether `element` calls an operator of the project's own, declared in an extension of a publisher
    /// type, whose every body is a pipeline of `self` through steps that stay on the thread they get
    /// values on (`map`, `filter`, `removeDuplicates`, `eraseToAnyPublisher`; none with a scheduler).
    private func staysOnThread(_ element: ChainElement, context: RuleContext) -> Bool {
        guard element.kind == .member, element.isCall else { return false }
        // `.catch { Just("Failed: \($0)") }`: a fallback that answers at once delivers where the failure arrived.
        if element.name == "catch" || element.name == "tryCatch" {
            guard let closure = element.closures.last, element.closures.count == 1 else { return false }
            let returned = context.tree.chainsReturned(byClosure: closure)
            return !returned.isEmpty && returned.allSatisfy { fallback in
                fallback.elements[0].kind == .root && Catalogue.synchronousRoots.contains(fallback.elements[0].name)
                    && Self.staysOnItsThread(fallback.elements.dropFirst())
            }
        }
        return context.memo.value(for: "multiple_receive_on.same-thread-operator\u{0}" + element.name) {
            PublisherExtensions.everyMethod(named: element.name, index: context.index) { elements in
                elements.allSatisfy { step in
                    (step.name == "self" && step.kind == .root)
                        || (Catalogue.sameThreadOperators.contains(step.name) && step.argument("scheduler") == nil && step.argument("on") == nil)
                }
            }
        }
    }

    /// Operators such as `collect(.byTime(q, 1))` or `delay(for:scheduler:)` deliver on their own scheduler.
    private func hasOwnScheduler(_ element: ChainElement, tree: SyntaxTree) -> Bool {
        if element.argument("scheduler") != nil || element.argument("on") != nil { return true }
        return element.name == "collect" && element.arguments.contains { tree.text($0.value.lowerBound, $0.value.upperBound).contains("byTime") }
    }

    /// The scheduler's text without spaces; every main-thread scheduler is `main`.
    private func schedulerKey(_ range: ClosedRange<Int>, tree: SyntaxTree) -> String {
        let text = tree.text(range.lowerBound, range.upperBound).filter { $0 != " " }
        return Catalogue.mainSchedulers.contains(text) ? "main" : text
    }

    private func finding(_ chain: Chain, element e: Int, context: RuleContext, message: String, help: String) -> Finding {
        let element = chain.elements[e]
        let fix = context.tree.removalRange(ofElement: e, in: chain).map {
            Fix(title: "Remove the redundant receive(on:)", edits: [context.edit($0, "")])
        }
        return context.finding(tokens: element.nameToken, through: element.lastToken, message: message, fix: fix, help: help)
    }
}
