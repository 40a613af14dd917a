/// Where GCD calls the handlers of a dispatch source (`source.setEventHandler { … }`): on the queue
/// given to `DispatchSource.makeFileSystemObjectSource(…, queue:)` (or another `make…Source`), or,
/// with none, on a global queue. A file whose sources are all made on background queues runs their
/// handlers off the main thread.
enum DispatchSourceQueues {
    /// Whether element `e` of `chain` sets a dispatch source's handler (`source.setEventHandler`) in a
    /// file that makes at least one dispatch source, each on a background queue or with no queue given.
    static func runsHandlerOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        guard e >= 1, Catalogue.dispatchSourceHandlerSetters.contains(chain.elements[e].name) else { return false }
        var made = 0
        for candidate in tree.chains where candidate.root.name == "DispatchSource" {
            guard candidate.elements.count >= 2, case let factory = candidate.elements[1], factory.isCall,
                  factory.name.hasPrefix("make"), factory.name.hasSuffix("Source") else { continue }
            // `queue: nil` or no queue: the default target queue, a global one.
            if let queue = factory.argument("queue"), !tree.isWord(queue.value.lowerBound, "nil") || queue.value.count > 1 {
                guard queues.isBackgroundQueue(queue.value) else { return false }
            }
            made += 1
        }
        return made > 0
    }
}
