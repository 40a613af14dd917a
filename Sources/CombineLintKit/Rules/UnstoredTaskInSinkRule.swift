/// `Task { … await … }` started as a statement in `sink` or `handleEvents(receiveOutput:)` of a
/// pipeline that emits more than once: older tasks can finish after newer ones, and cancelling
/// the subscription cancels none of them.
public struct UnstoredTaskInSinkRule: Rule {
    public static let description = RuleDescription(
        id: "unstored_task_in_sink", name: "Unstored task in sink", defaultSeverity: .warning, isOptIn: true,
        summary: "A Task with an await started per value in sink/handleEvents: older tasks can finish last, and cancelling the subscription cancels none.")

    public init() {}

    /// A file that starts no task has no finding.
    static let requiredNames = NameSet([Catalogue.taskType])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let once = FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
        var findings: [Finding] = []
        for chain in tree.chains {
            for (e, element) in chain.elements.enumerated() where e > 0 && element.kind == .member {
                guard let closure = valueClosure(of: element) else { continue }
                var tasks = startedTasks(in: closure, tree: tree)
                guard !tasks.isEmpty, emitsMoreThanOnce(chain, before: e, tree: tree, once: once) else { continue }
                // Each value of an event subject is handled on its own: a task that only hands it on
                // (an upload, an analytics call) and writes nothing back has no result to land late.
                if FireAndForgetTasks.startsFromEventSubject(chain, before: e, tree: tree, index: context.index) {
                    tasks.removeAll { FireAndForgetTasks.writesNothingBack($0.body, tree: tree) }
                }
                for (task, _) in tasks {
                    findings.append(context.finding(
                        tokens: task, message: "A new task starts for each value: an older one can finish after a newer one, and cancelling the subscription stops none.",
                        help: "Keep the task in a property and cancel it before starting the next (`task?.cancel(); task = Task { … }`), or move the async work into the pipeline (`map` + `switchToLatest`, or `flatMap(maxPublishers: .max(1))`)."))
                }
            }
        }
        return findings.sorted { $0.offset < $1.offset }
    }

    /// The closure that runs per value: `sink`'s `receiveValue` (its only trailing closure, or the
    /// labelled one), `handleEvents`' `receiveOutput`.
    private func valueClosure(of element: ChainElement) -> Int? {
        switch element.name {
        case "sink":
            if let labelled = element.argument("receiveValue")?.closure { return labelled }
            let trailing = element.trailingClosures
            if let labelled = trailing.first(where: { $0.label == "receiveValue" }) { return labelled.closure }
            // `sink { value in … }`, `sink(receiveCompletion: { … }) { value in … }`.
            if trailing.count == 1, trailing.first?.label == nil,
               element.arguments.isEmpty || element.argument("receiveCompletion") != nil { return trailing.first?.closure }
            return nil
        case "handleEvents":
            return element.argument("receiveOutput")?.closure
        default:
            return nil
        }
    }

    /// The `Task` tokens (and body closures) of tasks started as statements directly in closure `c` (also inside its
    /// `if`/`guard`/`switch`, not in nested closures) whose body suspends, unless a create-once
    /// guard lets them start only once per thing the closure creates.
    private func startedTasks(in c: Int, tree: SyntaxTree) -> [(token: Int, body: Int)] {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return [] }
        return tree.chainIndices(in: closure.bodyStart...(closure.close - 1)).compactMap { k in
            let chain = tree.chains[k]
            guard tree.innermostClosure(of: chain.first) == c, let body = UnstructuredTasks.body(of: chain),
                  UnstructuredTasks.storage(of: chain, tree: tree) == .discarded,
                  UnstructuredTasks.suspends(body, tree: tree),
                  // Started once per created thing (`if store == nil { store = Store(); Task { … } }`).
                  !CreateOnceGuards.guards(chain.first, inClosure: c, of: tree) else { return nil }
            return (chain.root.nameToken, body)
        }
    }

    /// Not a pipeline that answers once: `Just`, `Future`, a request, a project function returning one
    /// of them, or anything after `first()`, `last()`, `reduce` and other operators that emit once.
    private func emitsMoreThanOnce(_ chain: Chain, before e: Int, tree: SyntaxTree, once: FinitePublishers) -> Bool {
        if chain.elements[..<e].contains(where: { Catalogue.singleValueOperators.contains($0.name) }) { return false }
        return !once.finishes(chain, before: e, in: tree)
    }
}
