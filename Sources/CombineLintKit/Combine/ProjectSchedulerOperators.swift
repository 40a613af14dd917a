/// The project's own operators that move delivery: `extension Publisher { func receiveOnMain() ->
/// AnyPublisher<Output, Failure> { receive(on: DispatchQueue.main).eraseToAnyPublisher() } }`. A chain
/// that calls one delivers where its body's last scheduler step does, as if that step were written there.
enum ProjectSchedulerOperators {
    /// Where an operator's body leaves delivery.
    enum Step: Sendable, Equatable {
        /// Its body has no scheduler step (or the operator is not the project's): delivery is unchanged.
        case none
        /// Every declaration ends on the main queue.
        case main
        /// Every declaration ends on a background queue; `scheduler` is the step as written there.
        case background(scheduler: String)
        /// The scheduler the caller passes as the operator's argument at this position
        /// (`func onWorkQueue(_ queue: DispatchQueue) -> … { receive(on: queue)… }`); `leftOut` is the
        /// step of the parameter's default value (`to queue: DispatchQueue = FleetQueues.decode`), for a
        /// call that leaves the argument out (`.unknown` without a default).
        indirect case parameter(Int, leftOut: Step)
        /// A scheduler the body does not show, or declarations that disagree.
        case unknown
    }

    /// The step of the project's publisher extension methods named `name` (all of them agreeing).
    static func step(of name: String, index: ProjectIndex, memo: ProjectMemo?) -> Step {
        let compute = { () -> Step in
            var result: Step?
            for reference in PublisherExtensions.methods(named: name, index: index) {
                let step = bodyStep(ofFunction: reference.item, in: index.trees[reference.tree], index: index)
                if let known = result, known != step { return .unknown }
                result = step
            }
            return result ?? .none
        }
        guard let memo else { return compute() }
        return memo.value(for: "project-scheduler-operator \(name)", compute)
    }

    /// Whether the project declares a publisher extension method named `name` (an operator of its own).
    /// Asked for every call before a chain's first operator: kept per name for the run, since a name
    /// that thousands of types declare (`load`) would otherwise be read again for each call.
    static func isOperator(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { !PublisherExtensions.methods(named: name, index: index).isEmpty }
        guard let memo else { return compute() }
        return memo.value(for: "project-operator \(name)", compute)
    }

    /// The step of parameter `p`'s default value (`FleetQueues.decode` of `to queue: DispatchQueue =
    /// FleetQueues.decode`), `.unknown` when it has none.
    private static func defaultStep(ofParameter p: Int, ofFunction f: Int, in tree: SyntaxTree, queues: DeliveryQueues) -> Step {
        guard let value = tree.defaultValue(ofParameter: p, of: f) else { return .unknown }
        return step(ofScheduler: value, in: tree, queues: queues) ?? .none
    }

    /// The step of the scheduler written in `range` (`DispatchQueue.main`, `Queues.parse`); nil for an
    /// immediate one, which leaves delivery where it was.
    private static func step(ofScheduler range: ClosedRange<Int>, in tree: SyntaxTree, queues: DeliveryQueues) -> Step? {
        switch queues.schedulerKind(range) {
        case .main: return .main
        case .background: return .background(scheduler: tree.text(range.lowerBound, range.upperBound))
        case .immediate: return nil
        case .unknown: return .unknown
        }
    }

    /// The last scheduler step of what function `f` returns (every returned chain alike).
    private static func bodyStep(ofFunction f: Int, in tree: SyntaxTree, index: ProjectIndex) -> Step {
        let queues = DeliveryQueues(tree: tree, index: index, memo: nil)
        let parameters = tree.functions[f].parameters
        var result: Step?
        for c in tree.returnedChainIndices(ofFunction: f) {
            var step = Step.none
            for element in tree.chains[c].elements {
                guard let scheduler = queues.schedulerRange(of: element) else { continue }
                if scheduler.count == 1, let p = parameters.firstIndex(where: { $0.name == tree.name(scheduler.lowerBound) }) {
                    step = .parameter(p, leftOut: defaultStep(ofParameter: p, ofFunction: f, in: tree, queues: queues))
                    continue
                }
                if let written = ProjectSchedulerOperators.step(ofScheduler: scheduler, in: tree, queues: queues) { step = written }
            }
            if let known = result, known != step { return .unknown }
            result = step
        }
        return result ?? .unknown
    }
}
