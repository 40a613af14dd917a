/// Where Core Data runs the blocks it is given: `performBackgroundTask { context in … }` on a
/// private queue of its own, and `context.perform { … }` on the context's queue, which is a
/// private one for a context made by `newBackgroundContext()` or with
/// `.privateQueueConcurrencyType` (a view context's queue is the main one).
/// `performAndWait` is left out: it may run its block on the calling thread.
enum CoreDataQueues {
    /// Whether the closure handed to element `e` of `chain` runs on a Core Data private queue.
    static func runsBlockOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let element = chain.elements[e]
        guard e > 0, element.isCall, !element.closures.isEmpty else { return false }
        if element.name == Catalogue.coreDataBackgroundTaskCall { return true }
        guard element.name == Catalogue.coreDataPerformCall else { return false }
        let receiver = chain.elements[e - 1]
        if receiver.isCall { return receiver.name == Catalogue.coreDataBackgroundContextMaker }
        return isPrivateQueueContext(named: receiver.name, at: receiver.nameToken, isRoot: receiver.kind == .root, tree: tree, index: index)
    }

    /// The name of the context written in `range` (`backgroundContext`, `persistence.backgroundContext`,
    /// `self.context`) when it is a private-queue one.
    static func privateQueueContext(in range: ClosedRange<Int>, tree: SyntaxTree, index: ProjectIndex) -> String? {
        let name: String, token: Int, isRoot: Bool
        if let c = tree.chain(startingAt: range.lowerBound) {
            let chain = tree.chains[c]
            guard chain.last == range.upperBound, let last = chain.elements.last, !last.isCall else { return nil }
            (name, token, isRoot) = (last.name, last.nameToken, last.kind == .root)
        } else {
            // A bare name forms no chain of its own.
            guard range.count == 1, tree.tokens[range.lowerBound].kind == .identifier else { return nil }
            (name, token, isRoot) = (tree.name(range.lowerBound), range.lowerBound, true)
        }
        return isPrivateQueueContext(named: name, at: token, isRoot: isRoot, tree: tree, index: index) ? name : nil
    }

    /// Whether the context a name holds is a private-queue one: a local, or every property of the
    /// name in the project, made so at its declaration or in every assignment to it
    /// (`backgroundContext = container.newBackgroundContext()` in `init`).
    private static func isPrivateQueueContext(named name: String, at token: Int, isRoot: Bool, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if isRoot, let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            return tree.variables[v].initializer.map { makesPrivateQueueContext(tree.text($0.lowerBound, $0.upperBound)) } ?? false
        }
        return isPrivateQueueProperty(name, index: index)
    }

    /// Whether every property named `name` is made a private-queue context.
    private static func isPrivateQueueProperty(_ name: String, index: ProjectIndex) -> Bool {
        let declarations = index.properties(named: name)
        guard !declarations.isEmpty else { return false }
        var assignments: [String]?
        for property in declarations where !makesPrivateQueueContext(property.initializerText) {
            guard property.initializerText.isEmpty else { return false }
            if assignments == nil { assignments = assignedValues(of: name, index: index) }
            guard let values = assignments, !values.isEmpty, values.allSatisfy(makesPrivateQueueContext) else { return false }
        }
        return true
    }

    /// The text of each statement that assigns `name` (`name = …`, `self.name = …`), up to its end.
    private static func assignedValues(of name: String, index: ProjectIndex) -> [String] {
        var values: [String] = []
        for reference in index.identifiers[name] {
            let tree = index.trees[reference.tree]
            let k = reference.token
            guard tree.tokenIs(k, name), k + 2 < tree.tokens.count, tree.tokens[k + 1].kind == .equal,
                  !(k > 0 && (tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let"))) else { continue }
            var end = k + 2
            while end + 1 < tree.tokens.count, !tree.statementStarts[end + 1], tree.tokens[end + 1].kind != .rightBrace { end += 1 }
            values.append(tree.text(k + 2, end))
        }
        return values
    }

    private static func makesPrivateQueueContext(_ text: String) -> Bool {
        Catalogue.coreDataPrivateQueueMarkers.contains { text.contains($0) }
    }
}
