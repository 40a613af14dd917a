/// Where FSEvents calls a stream's callback: on the dispatch queue given to
/// `FSEventStreamSetDispatchQueue(stream, queue)`. A file whose streams all get background queues
/// runs its callbacks off the main thread.
enum FileSystemEventQueues {
    /// Whether closure `c` is an FSEvents callback (`let callback: FSEventStreamCallback = { … }`, or
    /// the closure given to `FSEventStreamCreate(…)`) in a file that gives its streams dispatch
    /// queues, each a background one.
    static func runsCallbackOffMain(_ c: Int, in tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        guard isCallback(c, in: tree) else { return false }
        var given = 0
        for chain in tree.chains where chain.root.name == Catalogue.fileSystemEventQueueSetter && chain.root.isCall {
            let arguments = chain.root.arguments
            guard arguments.count == 2, queues.isBackgroundQueue(arguments[1].value) else { return false }
            given += 1
        }
        return given > 0
    }

    private static func isCallback(_ c: Int, in tree: SyntaxTree) -> Bool {
        if let call = tree.call(receiving: c) {
            return call.element == 0 && tree.chains[call.chain].root.name == Catalogue.fileSystemEventStreamCreate
        }
        // `let callback: FSEventStreamCallback = { … }`.
        let open = tree.closures[c].open
        return open >= 3 && tree.tokens[open - 1].kind == .equal && tree.tokens[open - 2].kind == .identifier
            && tree.name(open - 2) == Catalogue.fileSystemEventCallbackType && tree.tokens[open - 3].kind == .colon
    }
}
