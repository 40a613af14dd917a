/// A pipeline that hops to the same scheduler twice with nothing in between that could leave it,
/// or two `receive(on:)` in a row: a wasted queue hop for every value.
public struct MultipleReceiveOnRule: Rule {
    public static let description = RuleDescription(
        id: "multiple_receive_on", name: "Multiple receive(on:)", defaultSeverity: .warning,
        summary: "A pipeline hops to the same scheduler twice, or two receive(on:) follow each other: a wasted queue hop per value.")

    public init() {}

    /// A file that never names `receive` has no `receive(on:)`.
    static let requiredNames = NameSet(["receive"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        for chain in tree.chains {
            var previous: (index: Int, key: String, written: String)?
            var leftThread = false
            for (e, element) in chain.elements.enumerated() where e > 0 {
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
                } else if let scheduler = deliveringScheduler(of: element) {
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
                    previous = (e, schedulerKey(scheduler, tree: tree), "\(element.name)(…, scheduler: \(written))")
                    leftThread = false
                } else if let key = projectOperatorScheduler(of: element, context: context) {
                    // `.receiveOnMain()` of `extension Publisher { func receiveOnMain() … { receive(on:
                    // DispatchQueue.main).eraseToAnyPublisher() } }`: a hop of the project's own.
                    previous = (e, key, "\(element.name)()")
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
    /// `scheduler:` argument); `nil` for other operators.
    private func deliveringScheduler(of element: ChainElement) -> ClosedRange<Int>? {
        guard element.kind == .member, element.isCall, element.name != "receive",
              let label = Catalogue.schedulerArgumentLabels[element.name], let argument = element.argument(label) else { return nil }
        return argument.value
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
                guard let returned = tree.chainsReturned(byFunction: reference.item), returned.count == 1 else { return "" }
                let elements = returned[0].elements
                guard let r = elements.lastIndex(where: { $0.name == "receive" && $0.isCall }),
                      r <= 1, r == 0 || elements[0].name == "self",
                      let scheduler = elements[r].argument("on"), elements[r].arguments.count == 1,
                      elements[(r + 1)...].allSatisfy({ Catalogue.sameThreadOperators.contains($0.name) }) else { return "" }
                keys.insert(schedulerKey(scheduler.value, tree: tree))
            }
            return keys.count == 1 ? keys.first! : ""
        }
        return found.isEmpty ? nil : found
    }

    /// Whether `element` calls an operator of the project's own, declared in an extension of a publisher
    /// type, whose every body is a pipeline of `self` through steps that stay on the thread they get
    /// values on (`map`, `filter`, `removeDuplicates`, `eraseToAnyPublisher`; none with a scheduler).
    private func staysOnThread(_ element: ChainElement, context: RuleContext) -> Bool {
        guard element.kind == .member, element.isCall else { return false }
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
