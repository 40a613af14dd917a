/// Where Network.framework calls a handler closure stored in one of its objects
/// (`monitor.pathUpdateHandler = { path in … }`): on the queue given to that object's
/// `start(queue:)` in the same file. A background queue there puts the handler off the main thread.
enum NetworkHandlerQueues {
    /// Whether closure `c` is assigned to a handler property (`x.pathUpdateHandler = { … }`,
    /// `self.monitor.stateUpdateHandler = { … }`) of an object the file starts on a background
    /// queue (`x.start(queue: DispatchQueue(label: …))`, or a queue property holding one), and on no other.
    static func runsHandlerOffMain(_ c: Int, in tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        let open = tree.closures[c].open
        guard open >= 4, tree.tokens[open - 1].kind == .equal, tree.tokens[open - 2].kind == .identifier,
              Catalogue.networkQueueHandlers.contains(tree.name(open - 2)), tree.tokens[open - 3].kind == .period,
              tree.tokens[open - 4].kind == .identifier else { return false }
        return startsOnlyOnBackgroundQueues(tree.name(open - 4), in: tree, queues: queues)
    }

    /// Whether element `e` of `chain` is a Network.framework call whose completion handler the object
    /// calls on its queue (`connection?.receive(minimumIncompleteLength:maximumLength:) { … }`,
    /// `connection.receiveMessage { … }`, `connection.send(content:completion:)`) on an object the file
    /// starts on a background queue, and on no other.
    static func runsCompletionOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        guard !chain.elements[e].closures.isEmpty else { return false }
        return callsCompletionOffMain(chain, call: e, tree: tree, queues: queues)
    }

    /// Whether closure `c` is the handler of a completion value given to such a call:
    /// `connection.send(content: data, completion: .contentProcessed { error in … })`.
    static func runsContentProcessedOffMain(_ c: Int, in tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        // An implicit member call makes no chain: read from the tokens before the closure.
        let brace = tree.closures[c].open
        guard brace >= 2, tree.tokens[brace - 2].kind == .period, tree.tokens[brace - 1].kind == .identifier,
              tree.name(brace - 1) == "contentProcessed", case let open = Int(tree.enclosing[brace - 2]), open >= 0,
              let outer = tree.call(openedAt: open), tree.chains[outer.chain].elements[outer.element].name == "send" else { return false }
        return callsCompletionOffMain(tree.chains[outer.chain], call: outer.element, tree: tree, queues: queues)
    }

    private static func callsCompletionOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        guard e >= 1, e == chain.elements.count - 1, case let element = chain.elements[e],
              Catalogue.networkQueueCompletionCalls.contains(element.name),
              element.argument("on") == nil, case let receiver = chain.elements[e - 1], !receiver.isCall,
              e == 1 || (e == 2 && chain.elements[0].name == "self") else { return false }
        return startsOnlyOnBackgroundQueues(receiver.name, in: tree, queues: queues)
    }

    /// Whether the file starts the object named `owner` (`owner.start(queue:)`, `self.owner.start(queue:)`)
    /// at least once, and only on background queues.
    private static func startsOnlyOnBackgroundQueues(_ owner: String, in tree: SyntaxTree, queues: DeliveryQueues) -> Bool {
        var starts = 0
        for chain in tree.chains {
            let names = chain.names
            guard names.count >= 2, names.last == "start", names[names.count - 2] == owner,
                  names.count == 2 || (names.count == 3 && names[0] == "self"),
                  let queue = chain.elements[chain.elements.count - 1].argument("queue") else { continue }
            guard queues.isBackgroundQueue(queue.value) else { return false }
            starts += 1
        }
        return starts > 0
    }

    /// Whether closure `c` is assigned to a Foundation handler property that is always called on a
    /// background thread (`pipe.fileHandleForReading.readabilityHandler = { … }`,
    /// `process.terminationHandler = { … }`).
    static func isBackgroundHandler(_ c: Int, in tree: SyntaxTree) -> Bool {
        let open = tree.closures[c].open
        return open >= 3 && tree.tokens[open - 1].kind == .equal && tree.tokens[open - 2].kind == .identifier
            && Catalogue.backgroundHandlerProperties.contains(tree.name(open - 2)) && tree.tokens[open - 3].kind == .period
    }
}
