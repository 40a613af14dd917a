/// Notifications the project posts only off the main thread: `NotificationCenter` delivers a
/// notification on the thread that posts it, so a publisher of one of them delivers there too.
enum BackgroundNotifications {
    /// Whether every `post(name: …)` of the notification named `name` (its last name component,
    /// `didSync` for `.didSync` or `Notification.Name.didSync`) runs off the main thread, and there is
    /// at least one: in `DispatchQueue.global().async { }` (or on a queue property holding a
    /// background queue), in `Task.detached { }`, or in the `sink` of a pipeline that delivers on a
    /// background queue. A post anywhere else (a plain method, which may run on main) makes it `false`.
    static func isPostedOnlyOffMain(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            var posts = 0
            for ref in index.chainElements["post"] {
                let tree = index.trees[ref.tree]
                let element = tree.chains[ref.chain].elements[ref.element]
                guard element.isCall, let argument = element.argument("name"), lastName(in: argument.value, tree: tree) == name else { continue }
                // A post in a sink of a subject sent into off main (`readings.sink { self.evaluate($0) }`) counts, one subject back.
                guard runsOffMain(element.nameToken, in: tree, index: index, memo: memo, subjectLevels: BackgroundSubjects.maximumLevels - 1) else { return false }
                posts += 1
            }
            return posts > 0
        }
        guard let memo else { return compute() }
        return memo.value(for: "posted-off-main \(name)", compute)
    }

    /// The last identifier of the expression in `range` (`didSync` of `Notification.Name.didSync`).
    static func lastName(in range: ClosedRange<Int>, tree: SyntaxTree) -> String? {
        guard tree.tokens[range.lowerBound].kind != .backslash else { return nil }
        return range.reversed().first(where: { tree.tokens[$0].kind == .identifier }).map { tree.name($0) }
    }

    /// How many `private` methods deep a call is followed back: a network callback calling
    /// `drain(_:)`, which calls `route(_:)`, which sends.
    static let maximumPrivateLevels = 2

    /// Whether code at `token` runs off the main thread, as the innermost closure that decides tells;
    /// code directly in a `private` method runs where every call of it runs (`maximumPrivateLevels` deep).
    /// With `subjectLevels` above zero (and `memo`), a sink around the token may take its values from a
    /// subject that is itself sent into off the main thread (`frames.sink { quotes.send(…) }` with
    /// `frames` sent into on a decode queue), followed that many subjects back.
    static func runsOffMain(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo? = nil, subjectLevels: Int = 0) -> Bool {
        runsOffMain(token, in: tree, index: index, privateLevels: maximumPrivateLevels, callbackLevels: CallbackParameterQueues.maximumLevels,
                    memo: memo, subjectLevels: subjectLevels)
    }

    /// As `runsOffMain(_:in:index:memo:subjectLevels:)`, following closures handed to the project's
    /// own methods `callbackLevels` methods deep (see `CallbackParameterQueues`).
    static func runsOffMain(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, callbackLevels: Int, memo: ProjectMemo?) -> Bool {
        runsOffMain(token, in: tree, index: index, privateLevels: maximumPrivateLevels, callbackLevels: callbackLevels, memo: memo)
    }

    /// Whether code at `token` runs off the main thread every time (`.all`), on some of its runs only
    /// (`.some`: directly in a `private` method that one call in its file makes off the main thread and
    /// another from code that may run on main), or on none known (`.none`). A send that runs off main
    /// for some calls still races with the main thread for the values it sends then.
    static func offMainRuns(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo? = nil,
                            subjectLevels: Int = 0) -> OffMainRuns {
        // The private method's callers are read once here, for both answers (`runsOffMain` would read them for `.all`).
        if runsOffMain(token, in: tree, index: index, privateLevels: 0, callbackLevels: CallbackParameterQueues.maximumLevels,
                       memo: memo, subjectLevels: subjectLevels) { return .all }
        guard !MainThreadChecks.isOnMainBranch(token, in: tree), tree.enclosingClosures(of: token).isEmpty,
              let calls = privateMethodCalls(around: token, in: tree, index: index, levels: maximumPrivateLevels,
                                             callbackLevels: CallbackParameterQueues.maximumLevels, memo: memo, subjectLevels: subjectLevels),
              calls.offMain > 0 else { return .none }
        return calls.other == 0 ? .all : .some
    }

    /// How many of the runs of some code are off the main thread.
    enum OffMainRuns: Sendable, Equatable {
        /// None known.
        case none
        /// Some, and others may run on the main thread.
        case some
        /// Every one.
        case all
    }

    /// As `runsOffMain(_:in:index:memo:subjectLevels:)`, following the calls of a `private` method
    /// around the token `privateLevels` methods back (none at 0), and closures handed to the project's
    /// own methods `callbackLevels` deep.
    private static func runsOffMain(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, privateLevels: Int, callbackLevels: Int,
                                    memo: ProjectMemo? = nil, subjectLevels: Int = 0) -> Bool {
        if MainThreadChecks.isOnMainBranch(token, in: tree) { return false }
        var queues = DeliveryQueues(tree: tree, index: index, memo: memo)
        queues.followsNotifications = false
        // A sink of a `Future` fulfilled off main runs there (`results.send(x)` in it); a promise call's
        // own place is judged without a memo, so the question stops there.
        queues.followsFutures = memo != nil
        queues.subjectLevels = memo == nil ? 0 : subjectLevels
        // Whether every closure around the token is a `Task { }` (which inherits the actor it is
        // started on), so that the token runs where the enclosing function does.
        var onlyTasksAround = true
        for c in tree.enclosingClosures(of: token) {
            if tree.tokenIs(tree.closures[c].open + 1, "@MainActor") { return false }
            guard let call = tree.call(receiving: c) else {
                // `monitor.pathUpdateHandler = { … }` with `monitor.start(queue: queue)`.
                if NetworkHandlerQueues.runsHandlerOffMain(c, in: tree, queues: queues) { return true }
                // `pipe.fileHandleForReading.readabilityHandler = { … }`, `process.terminationHandler = { … }`.
                if NetworkHandlerQueues.isBackgroundHandler(c, in: tree) { return true }
                // `let callback: FSEventStreamCallback = { … }` with `FSEventStreamSetDispatchQueue(stream, eventQueue)`.
                if FileSystemEventQueues.runsCallbackOffMain(c, in: tree, queues: queues) { return true }
                // `connection.send(content: data, completion: .contentProcessed { … })` of a connection started on a background queue.
                if NetworkHandlerQueues.runsContentProcessedOffMain(c, in: tree, queues: queues) { return true }
                onlyTasksAround = false
                continue
            }
            let chain = tree.chains[call.chain]
            let e = call.element
            let element = chain.elements[e]
            if e > 0 || chain.root.name != Catalogue.taskType { onlyTasksAround = false }
            // `FSEventStreamCreate(nil, { … }, &context, …)` with `FSEventStreamSetDispatchQueue(stream, eventQueue)`.
            if e == 0, FileSystemEventQueues.runsCallbackOffMain(c, in: tree, queues: queues) { return true }
            // `let work = DispatchWorkItem { … }` then `queue.asyncAfter(deadline: …, execute: work)`.
            if e == 0, element.name == "DispatchWorkItem" {
                // Also `var work: DispatchWorkItem!` then `work = DispatchWorkItem { … }` (the closure names `work` to check cancellation).
                var local: Int?
                switch chain.context {
                case .declaration(let v): local = v
                case .assignment(let target, _) where target.lowerBound == target.upperBound:
                    local = SubscriptionFinder.localVariable(named: tree.name(target.lowerBound), visibleAt: target.lowerBound, in: tree)
                default: break
                }
                if let v = local, let background = workItemRunsOnBackgroundQueue(v, in: tree, queues: queues) { return background }
                continue
            }
            // `Task { … }` started in a nonisolated context (a plain class's method, a `Future`'s closure
            // in one) runs on the global concurrent executor.
            if e == 0, element.name == Catalogue.taskType, let memo,
               TaskExecutors.startsOffMainActor(taskClosure: c, in: tree, index: index, memo: memo) { return true }
            guard e > 0 else { continue }
            // `queue.sync { }` runs its block on the calling thread (GCD's documented
            // optimization), so the code around it decides.
            if element.name == "sync" { continue }
            if Catalogue.dispatchAsyncCalls.contains(element.name)
                || (Catalogue.operationQueueBlockCalls.contains(element.name) && element.closures.count == 1) {
                return queues.isBackgroundQueue(chain.first...chain.elements[e - 1].lastToken)
            }
            if element.name == "run", chain.elements[e - 1].name == "MainActor" { return false }
            if element.name == "detached", chain.elements[e - 1].name == Catalogue.taskType { return true }
            // `URLSession.shared.dataTask(with:) { … }`: the handler runs on the session's own queue.
            if URLSessionCompletionQueues.runsHandlerOffMain(chain, taskCall: e, tree: tree, index: index) { return true }
            // `task?.receive { … }` of a web socket: the handler runs on the session's delegate queue.
            if URLSessionCompletionQueues.runsWebSocketReceiveOffMain(chain, call: e, tree: tree, index: index) { return true }
            // `connection?.receive(minimumIncompleteLength: 1, maximumLength: 4096) { … }` of an `NWConnection`
            // started with `start(queue: socketQueue)`.
            if NetworkHandlerQueues.runsCompletionOffMain(chain, call: e, tree: tree, queues: queues) { return true }
            // `source.setEventHandler { … }` of `DispatchSource.makeFileSystemObjectSource(…, queue: watchQueue)`.
            if DispatchSourceQueues.runsHandlerOffMain(chain, call: e, tree: tree, queues: queues) { return true }
            // `backgroundContext.perform { … }`, `container.performBackgroundTask { … }`: a Core Data private queue.
            if CoreDataQueues.runsBlockOffMain(chain, call: e, tree: tree, index: index) { return true }
            // `UNUserNotificationCenter.current().getNotificationSettings { … }`: the framework's own queue.
            if FrameworkCompletionQueues.runsCompletionOffMain(chain, call: e, tree: tree, index: index) { return true }
            // A `sink`'s value closure, or a `handleEvents(receiveOutput:)` step's, runs where the pipeline
            // delivers at that point (`….receive(on: parsing).handleEvents(receiveOutput: { log.send($0) })`).
            if element.name == "sink" || element.name == "handleEvents" {
                if case .background = queues.delivery(of: chain, before: e) { return true }
                return false
            }
            // `gateway.send(verb) { result in … }`: a closure handed to the project's own method runs
            // where that method calls it.
            if callbackLevels > 0, CallbackParameterQueues.closureRunsOffMain(c, call: call, in: tree, index: index,
                                                                              memo: memo, levels: callbackLevels) { return true }
        }
        guard onlyTasksAround else { return false }
        if runsOnActorExecutor(token, in: tree, index: index) { return true }
        if URLSessionCompletionQueues.runsDelegateCallbackOffMain(token, in: tree, index: index) { return true }
        if CoreBluetoothQueues.runsDelegateCallbackOffMain(token, in: tree) { return true }
        if CaptureOutputQueues.runsDelegateCallbackOffMain(token, in: tree) { return true }
        if CaptureOutputQueues.runsPhotoCallbackOffMain(token, in: tree) { return true }
        return privateLevels > 0 && tree.enclosingClosures(of: token).isEmpty
            && privateMethodIsCalledOnlyOffMain(around: token, in: tree, index: index, levels: privateLevels, callbackLevels: callbackLevels,
                                                memo: memo, subjectLevels: subjectLevels)
    }

    /// Where the work item bound to local `v` runs: on a background queue when every queue it is
    /// handed to (`queue.async(execute: work)`, `asyncAfter(deadline:execute:)`) is one, on main when
    /// one is not; nil when it is handed to none.
    private static func workItemRunsOnBackgroundQueue(_ v: Int, in tree: SyntaxTree, queues: DeliveryQueues) -> Bool? {
        var handed = false
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
            guard use >= 2, tree.tokens[use - 1].kind == .colon, tree.name(use - 2) == "execute",
                  let open = tree.openParen(ofWholeArgument: use), let call = tree.call(openedAt: open), call.element > 0 else { continue }
            let chain = tree.chains[call.chain]
            guard Catalogue.dispatchAsyncCalls.contains(chain.elements[call.element].name) else { continue }
            guard queues.isBackgroundQueue(chain.first...chain.elements[call.element - 1].lastToken) else { return false }
            handed = true
        }
        return handed ? true : nil
    }

    /// Whether the token is directly in a `private` (or `fileprivate`) method that its file calls
    /// (`diffStatuses(orders)`, `self?.diffStatuses(orders)`) only from code that runs off the main
    /// thread, and at least once: a `sink` after `receive(on: workQueue)` handing its values to a
    /// helper runs the helper on that queue. No one outside the file can call it.
    private static func privateMethodIsCalledOnlyOffMain(around token: Int, in tree: SyntaxTree, index: ProjectIndex, levels: Int, callbackLevels: Int,
                                                         memo: ProjectMemo?, subjectLevels: Int) -> Bool {
        guard let calls = privateMethodCalls(around: token, in: tree, index: index, levels: levels, callbackLevels: callbackLevels,
                                             memo: memo, subjectLevels: subjectLevels) else { return false }
        return calls.offMain > 0 && calls.other == 0
    }

    /// The calls in its file of the `private` (or `fileprivate`) method directly around the token:
    /// how many run off the main thread and how many elsewhere (a method handed on as a value,
    /// `sink(receiveValue: diffStatuses)`, runs where no one knows and counts there). `nil` when the
    /// token is in no such method. A call directly in another such method is judged by that method's
    /// calls, `levels - 1` methods further back.
    private static func privateMethodCalls(around token: Int, in tree: SyntaxTree, index: ProjectIndex, levels: Int, callbackLevels: Int,
                                           memo: ProjectMemo?, subjectLevels: Int) -> (offMain: Int, other: Int)? {
        guard let f = tree.enclosingFunction(of: token) else { return nil }
        let function = tree.functions[f]
        guard function.kind == .function, !function.isLocal,
              function.isFilePrivate else { return nil }
        guard let t = index.treeIndexByPath[tree.file.path] else { return nil }
        var offMain = 0, other = 0
        // The name's identifier tokens in this file, from the index: reading every token of the file
        // for each such method grew with the square of a file that holds many of them.
        for reference in index.identifiers[function.name].entries(inTree: t) {
            let i = reference.token
            guard i != function.nameToken, tree.tokens[i].kind == .identifier, tree.name(i) == function.name,
                  tree.enclosingType(of: i) == function.enclosingType else { continue }
            guard i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .leftParen else {
                other += 1
                continue
            }
            // A call of another value's method of the name (`other.diffStatuses(…)`) is not this one.
            if i > 0, tree.tokens[i - 1].kind == .period {
                var owner = i - 2
                if owner >= 0, tree.tokens[owner].kind == .questionMark || tree.tokens[owner].kind == .exclamationMark { owner -= 1 }
                guard owner >= 0, tree.isSelfReference(owner) else { continue }
            }
            if runsOffMain(i, in: tree, index: index, privateLevels: levels - 1, callbackLevels: callbackLevels, memo: memo, subjectLevels: subjectLevels) {
                offMain += 1
            } else {
                other += 1
            }
        }
        return (offMain, other)
    }

    /// Code of an isolated method of an `actor` (not `nonisolated`, `static`, an initializer or on a
    /// global actor): it runs on the actor's executor, never on the main thread.
    private static func runsOnActorExecutor(_ token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let f = tree.enclosingFunction(of: token), let t = tree.enclosingType(of: token) else { return false }
        let function = tree.functions[f]
        guard function.kind == .function || function.kind == .accessor,
              !function.attributes.contains(where: { $0.hasSuffix("Actor") }),
              !function.modifiers.contains(where: { $0.hasPrefix("nonisolated") || $0 == "static" || $0 == "class" }) else { return false }
        // The accessor of a `nonisolated` property.
        if let v = function.variable, tree.variables[v].modifiers.contains(where: { $0.hasPrefix("nonisolated") }) { return false }
        let type = tree.types[t]
        if type.attributes.contains(where: { $0.hasSuffix("Actor") }) { return false }
        if type.kind == .actor { return true }
        guard type.kind == .extension, let declaration = index.type(named: type.name), declaration.kind == .actor else { return false }
        return !declaration.attributes.contains(where: { $0.hasSuffix("Actor") })
    }
}
