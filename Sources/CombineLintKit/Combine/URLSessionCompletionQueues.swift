/// Where URLSession calls the completion handler of `dataTask`, `uploadTask` or `downloadTask`:
/// on the session's own serial delegate queue, never the main one, for `URLSession.shared` and for
/// a session property made by `URLSession(configuration:)` without a `delegateQueue:`, and for any
/// other session when the project makes none with a `delegateQueue:` that may be the main one.
enum URLSessionCompletionQueues {
    /// Whether the task call at element `e` of `chain` (`URLSession.shared.dataTask(with:) { … }`,
    /// `session.dataTask(…)`, `self.session.uploadTask(…)`) runs its completion handler off the main thread.
    static func runsHandlerOffMain(_ chain: Chain, taskCall e: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e > 0, chain.elements[e].isCall, Catalogue.urlSessionCompletionTaskMethods.contains(chain.elements[e].name) else { return false }
        if Array(chain.names[..<e]) == ["URLSession", "shared"] { return true }
        if let (_, property) = ownProperty(before: e, in: chain, tree: tree, index: index) {
            let initializer = property.initializerText.filter { !$0.isWhitespace }
            if initializer == "URLSession.shared" || initializer == ".shared" { return true }
            if initializer.hasPrefix("URLSession(configuration:") { return !initializer.contains("delegateQueue") }
        }
        // Another object's session (`api.urlSession.dataTask(with:) { … }`): URLSession calls the handler
        // on the session's delegate queue, the main one only for a session made with `delegateQueue: .main`.
        // A project that makes none, and declares no method of the name itself, has no such session.
        return index.functions[chain.elements[e].name].isEmpty && !makesMainQueueSession(index)
    }

    /// Whether the project makes a session whose delegate queue is (or may be) the main one:
    /// `URLSession(configuration:delegate:delegateQueue:)` with a queue other than `nil` or a new
    /// `OperationQueue()`.
    private static func makesMainQueueSession(_ index: ProjectIndex) -> Bool {
        index.chainElements["URLSession"].contains { reference in
            let tree = index.trees[reference.tree]
            let element = tree.chains[reference.chain].elements[reference.element]
            guard element.isCall, let queue = element.argument("delegateQueue") else { return false }
            var text = tree.text(queue.value.lowerBound, queue.value.upperBound).filter { !$0.isWhitespace }
            // A local the code makes first (`let queue = OperationQueue(); queue.name = …`): its value.
            if queue.value.count == 1, tree.tokens[queue.value.lowerBound].kind == .identifier,
               let v = SubscriptionFinder.localVariable(named: text, visibleAt: queue.value.lowerBound, in: tree),
               let initializer = tree.variables[v].initializer {
                text = tree.text(initializer.lowerBound, initializer.upperBound).filter { !$0.isWhitespace }
            }
            return text != "nil" && text != "OperationQueue()"
        }
    }

    /// Whether the call at element `e` of `chain` is `task.receive { … }` (or `self.task?.receive(completionHandler:)`)
    /// on a `URLSessionWebSocketTask` property of the enclosing type, or a parameter or local of that
    /// type (`func receiveNext(on task: URLSessionWebSocketTask)`, `let task = session.webSocketTask(with: url)`):
    /// URLSession calls the handler on the session's delegate queue, a background one unless the type
    /// makes its session with `delegateQueue: .main` (or `OperationQueue.main`).
    static func runsWebSocketReceiveOffMain(_ chain: Chain, call e: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e > 0, chain.elements[e].name == "receive", chain.elements[e].isCall,
              chain.elements[e].arguments.allSatisfy({ $0.label == nil || $0.label == "completionHandler" }) else { return false }
        let typeName: String
        if e == 1, let declaration = TypeResolver.localDeclaration(of: chain.root.name, at: chain.first, in: tree) {
            guard isWebSocketTask(declaration, in: tree), let enclosing = TypeResolver.enclosingTypeName(at: chain.first, in: tree) else { return false }
            typeName = enclosing
        } else {
            guard let (owner, property) = ownProperty(before: e, in: chain, tree: tree, index: index),
                  property.typeText.contains("URLSessionWebSocketTask") || property.initializerText.contains("webSocketTask(") else { return false }
            typeName = owner
        }
        let properties = index.type(named: typeName)?.properties.values.map { $0 } ?? []
        return !properties.contains { session in
            let text = session.initializerText.filter { !$0.isWhitespace }
            return text.contains("URLSession(") && (text.contains("delegateQueue:.main") || text.contains("delegateQueue:OperationQueue.main"))
        }
    }

    /// A parameter declared `URLSessionWebSocketTask` (optional or not), or a local declared so or made by `webSocketTask(…)`.
    private static func isWebSocketTask(_ declaration: TypeResolver.LocalDeclaration, in tree: SyntaxTree) -> Bool {
        switch declaration {
        case .parameter(let parameter):
            return parameter.typeText.contains("URLSessionWebSocketTask")
        case .local(let v):
            let variable = tree.variables[v]
            return variable.typeText.contains("URLSessionWebSocketTask")
                || (variable.initializer.map { tree.text($0.lowerBound, $0.upperBound).contains("webSocketTask(") } ?? false)
        }
    }

    /// The receiver of the call at element `e` when it is `session` or `self.session`: a stored
    /// property of the enclosing type, with that type's name.
    private static func ownProperty(before e: Int, in chain: Chain, tree: SyntaxTree, index: ProjectIndex) -> (String, IndexedProperty)? {
        let names = Array(chain.names[..<e])
        guard names.count == 1 || (names.count == 2 && names[0] == "self"), let name = names.last,
              let typeName = TypeResolver.enclosingTypeName(at: chain.first, in: tree),
              let property = index.property(name, ofType: typeName) else { return nil }
        return (typeName, property)
    }

    /// Whether the token is directly in a URLSession delegate callback (`urlSession(_:downloadTask:…)`)
    /// of a type whose body makes a session with `delegate: self` and `delegateQueue: nil` (or a new
    /// `OperationQueue()`, also through a local or a property of the type made by one): URLSession then
    /// calls its delegate on a background queue.
    static func runsDelegateCallbackOffMain(_ token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let bodies = DelegateCallbacks.ownerBodies(ofCallbackAround: token, named: Catalogue.urlSessionDelegateCallbacks, in: tree)
        else { return false }
        return tree.chains.contains { chain in
            guard bodies.contains(where: { $0.contains(chain.first) }), chain.root.name == "URLSession", chain.elements.count == 1,
                  let delegate = chain.root.argument("delegate"), let queue = chain.root.argument("delegateQueue") else { return false }
            return tree.text(delegate.value.lowerBound, delegate.value.upperBound) == "self"
                && isNewBackgroundQueue(queue.value, in: tree, index: index)
        }
    }

    /// Whether `argument` is `nil`, `OperationQueue()`, or a local or stored property of the
    /// enclosing type made by `OperationQueue()` (a closure that configures a new queue) and never `.main`.
    private static func isNewBackgroundQueue(_ argument: ClosedRange<Int>, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let text = tree.text(argument.lowerBound, argument.upperBound).filter { !$0.isWhitespace }
        if text == "nil" || text == "OperationQueue()" { return true }
        let isNew = { (initializer: String) in
            initializer.contains("OperationQueue()") && !DeliveryQueues.namesMain(initializer) && !initializer.contains("mainQueue")
        }
        let last = argument.upperBound
        guard tree.tokens[last].kind == .identifier, text == tree.name(last) || text == "self." + tree.name(last) else { return false }
        if text == tree.name(last), let local = SubscriptionFinder.localVariable(named: text, visibleAt: last, in: tree) {
            return tree.variables[local].initializer.map { isNew(tree.text($0.lowerBound, $0.upperBound)) } ?? false
        }
        guard let typeName = TypeResolver.enclosingTypeName(at: last, in: tree),
              let property = index.property(tree.name(last), ofType: typeName) else { return false }
        return isNew(property.initializerText)
    }
}
