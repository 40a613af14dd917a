/// Where GCD calls the handlers of a dispatch source (`source.setEventHandler { … }`): on the queue
/// given to `DispatchSource.makeFileSystemObjectSource(…, queue:)` (or another `make…Source`), or,
/// with none, on a global queue. A file whose sources are all made on background queues runs their
/// handlers off the main thread.
enum DispatchSourceQueues {
    /// Whether element `e` of `chain` sets a dispatch source's handler (`source.setEventHandler`) in a
    /// file that makes at least one dispatch source, each on a background queue or with no queue given.
    static func runsHandlerOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        guard e >= 1, Catalogue.dispatchSourceHandlerSetters.contains(chain.elements[e].name) else { return false }
        // The sources the file makes, with the name each is kept in, when it is.
        var sources: [(kept: String?, function: Int?, background: Bool)] = []
        for candidate in tree.chains where candidate.root.name == "DispatchSource" {
            guard candidate.elements.count >= 2, case let factory = candidate.elements[1], factory.isCall,
                  factory.name.hasPrefix("make"), factory.name.hasSuffix("Source") else { continue }
            // `queue: nil` or no queue: the default target queue, a global one.
            var background = true
            if let queue = factory.argument("queue"), !tree.isWord(queue.value.lowerBound, "nil") || queue.value.count > 1 {
                background = queues.isBackgroundQueue(queue.value)
            }
            sources.append((keptName(of: candidate, in: tree), tree.enclosingFunction(of: candidate.first), background))
        }
        // `source.setEventHandler { … }` of the source made into `source` (in the same function when one
        // is made there): that one's queue decides; otherwise every source the file makes must be on a
        // background queue.
        let receiver = chain.elements[e - 1].name
        let named = sources.filter { $0.kept == receiver }
        let here = named.filter { $0.function != nil && $0.function == tree.enclosingFunction(of: chain.first) }
        if !here.isEmpty { return here.allSatisfy(\.background) }
        if !named.isEmpty { return named.allSatisfy(\.background) }
        return !sources.isEmpty && sources.allSatisfy(\.background)
    }

    /// The local or property a source is made into: `let source = DispatchSource.make…`, `source = …`,
    /// `self.source = …`.
    private static func keptName(of chain: Chain, in tree: SyntaxTree) -> String? {
        switch chain.context {
        case .declaration(let v):
            return tree.variables[v].name
        case .assignment(let target, _):
            return tree.tokens[target.upperBound].kind == .identifier ? tree.name(target.upperBound) : nil
        default:
            return nil
        }
    }
}
