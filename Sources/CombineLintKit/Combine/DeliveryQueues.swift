/// On which thread a pipeline delivers its values to a subscriber, as far as the chain shows it:
/// the last scheduler step (`receive(on:)`, `debounce`, `throttle`, `delay`, `timeout`) decides;
/// before any, `dataTaskPublisher` delivers on URLSession's queue, and `subscribe(on:)` moves a
/// synchronous source (`Just`, `Deferred`, `Future`, a sequence) to its queue; a notification
/// that the project posts only off the main thread arrives there. Subjects, `$property` and other
/// notifications deliver on the thread of whoever sends, which the chain does not show.
struct DeliveryQueues {
    /// Where values arrive.
    enum Delivery: Equatable {
        case main
        /// Off the main thread; `reason` says why, for a message ("`receive(on: queue)`").
        case background(reason: String)
        /// Not known from the chain (a scheduler passed in, a subject's sender).
        case unknown
    }

    let tree: SyntaxTree
    let index: ProjectIndex
    /// Where answers about notifications are kept for the run; `nil` to work them out each time.
    let memo: ProjectMemo?
    /// Whether to ask where the project posts the notifications a chain starts from (not while
    /// answering that question itself, which would go round in circles).
    var followsNotifications = true
    /// Whether to ask where a `Future`'s promise is called (`futureFulfilledOffMain`): also while
    /// judging where a send runs (a subject sent into from a sink of such a `Future`), but not while
    /// judging where a promise call runs, which that question asks without a memo.
    var followsFutures = true
    /// How many subjects back a chain's source is followed to where the project sends into it
    /// (`BackgroundSubjects.maximumLevels` at the top; fewer while judging where a send runs, so that
    /// the question never comes back to itself).
    var subjectLevels = BackgroundSubjects.maximumLevels
    /// How many levels of the project's functions the source of a chain is followed through: an
    /// endpoint (`api.receipts()`) often returns the call of one shared helper (`get("me/receipts")`)
    /// that returns the request, or of one that hands it to another (`get(path)` → `perform(request)`),
    /// so three; none left while judging what the innermost returns.
    var sourceFunctionLevels = DeliveryQueues.maximumSourceFunctionLevels
    static let maximumSourceFunctionLevels = 3
    /// Whether to ask what the project's functions an inner publisher comes from return: only at the
    /// top, not while judging what one of them returns (one level deep).
    private var followsFunctions: Bool { sourceFunctionLevels == DeliveryQueues.maximumSourceFunctionLevels }
    /// How many locals a chain's source is followed back through (`let request = api.pdf(…)` then
    /// `request.map { … }.sink { … }`; a local made from another local is two).
    var sourceLocalLevels = 2
    /// How many initializers back a queue property injected through a parameter is followed to what
    /// its callers pass (a publisher's `queue` handed to its subscription's `init(…, queue:)`).
    var queueInjectionLevels = 3
    /// How many functions back a parameter's pipeline is followed to what the callers pass
    /// (`DeliveryQueues+Parameters`): one, so that what a caller passes is judged by its own source.
    var parameterLevels = 1

    /// Where values arrive at element `end` of `chain` (the subscriber).
    func delivery(of chain: Chain, before end: Int) -> Delivery {
        let elements = chain.elements
        var state = Delivery.unknown
        var hopped = false
        let firstOperator = Catalogue.firstPipelineOperator(in: elements, before: end)
        // `api.fetchCameras().retryWithBackoff(2)`: the source is what comes before the project's operators.
        let sourceEnd = self.sourceEnd(of: chain, firstOperator: firstOperator)
        if elements[..<min(firstOperator + 1, end)].contains(where: { Catalogue.finishingSourceCalls.contains($0.name) && $0.isCall }) {
            state = .background(reason: "URLSession's queue (`dataTaskPublisher`)")
        }
        if let posted = offMainNotification(in: chain, before: sourceEnd) {
            state = .background(reason: "the thread that posts `\(posted)` (never the main one)")
        } else if let (saved, context) = privateContextNotification(in: chain, before: sourceEnd) {
            state = .background(reason: "the private queue of `\(context)`, where it posts `\(saved)`")
        } else if let (subject, owner) = offMainSubject(in: chain, before: sourceEnd) {
            let only = BackgroundSubjects.offMainSends(into: subject, declaredBy: owner, levels: subjectLevels, index: index, memo: memo) == .all
            state = .background(reason: "the thread that sends into `\(subject)` (" + (only ? "never the main one)" : "a background one for some values)"))
        } else if let property = offMainPublished(in: chain, before: sourceEnd) {
            state = .background(reason: "the thread that changes `\(property)` (a background one for some values)")
        } else if let (stored, reason) = offMainStoredPublisher(in: chain, before: sourceEnd) {
            state = .background(reason: "the queue of `\(stored)` (\(reason), where it is made)")
        } else if let keyPath = offMainKeyValuePath(in: chain, before: sourceEnd) {
            state = .background(reason: "the thread that changes `\(keyPath)` (an operation's worker thread)")
        } else if let publisher = offMainCustomPublisher(in: chain, before: sourceEnd) {
            state = .background(reason: "the queue where the project's `\(publisher)` hands its values on (never the main one)")
        } else if case .unknown = state, futureFulfilledOffMain(chain, firstOperator: sourceEnd) || storedFutureFulfilledOffMain(chain, before: sourceEnd) {
            state = .background(reason: "the thread that fulfils the `Future`'s promise (a callback that runs off the main thread)")
        } else if case .unknown = state, case .background(let reason) = functionSource(of: chain, before: sourceEnd) {
            state = .background(reason: reason)
        } else if case .unknown = state, let combined = combinedRootDelivery(of: chain, before: sourceEnd) {
            state = combined
        } else if case .unknown = state, let subject = offMainLocalSubject(of: chain, before: sourceEnd) {
            state = .background(reason: "the thread that sends into `\(subject)` (never the main one)")
        } else if case .unknown = state, let source = localSource(of: chain, before: sourceEnd) {
            var queues = self
            queues.sourceLocalLevels -= 1
            state = queues.delivery(of: source, before: source.elements.count)
        } else if case .unknown = state, let getter = getterDelivery(of: chain, before: sourceEnd) {
            state = getter
        } else if case .unknown = state, let given = parameterDelivery(of: chain, before: sourceEnd) {
            state = given
        }
        // `store.loadPinned()` returning `Deferred { Future { promise(read()) } }`: emits as it is subscribed, too.
        let synchronousSource = isSynchronous(chain, firstOperator: sourceEnd) || replaysCurrentValue(chain, firstOperator: sourceEnd)
            || (sourceEnd >= 1 && elements[sourceEnd - 1].isCall && elements[..<end].contains(where: { $0.name == "subscribe" })
                && returnsSynchronousPublisher(elements[sourceEnd - 1]))
        // `dataTaskPublisher(for: url).receiveOnMain()`: the project's operator right after the source
        // is not one the catalogue knows, so it stands before the first operator.
        for element in elements[1..<max(1, min(firstOperator, end))] {
            if let step = projectSchedulerStep(element) {
                hopped = true
                state = step
            }
        }
        // `stride`: a subscriber at the chain's start (`sink(…)` on `self` in a publisher extension) has no operators.
        for e in stride(from: firstOperator, to: end, by: 1) {
            let element = elements[e]
            if let scheduler = schedulerRange(of: element) {
                hopped = true
                switch classify(scheduler) {
                case .main: state = .main
                case .background: state = .background(reason: "`\(element.name)` on `\(tree.text(scheduler.lowerBound, scheduler.upperBound))`")
                case .immediate: break
                case .unknown: state = .unknown
                }
            } else if let step = projectSchedulerStep(element) {
                hopped = true
                state = step
            } else if element.name == "subscribe", let argument = element.argument("on") {
                // Only a source that emits when subscribed moves to the subscription queue, and only
                // while no delivering step came before.
                if !hopped, synchronousSource, case .background = classify(argument.value) {
                    state = .background(reason: "the `subscribe(on: \(tree.text(argument.value.lowerBound, argument.value.upperBound)))` queue")
                }
            } else if Catalogue.flatteningOperators.contains(element.name) {
                state = afterFlattening(chain, at: e, state: state)
            } else if Catalogue.mergingOperators.contains(element.name) {
                // Values of the other inputs arrive on their own threads: off main when one input delivers
                // there (this pipeline so far, or an argument), unknown otherwise.
                if case .background = state { continue }
                state = backgroundInput(of: element).map { .background(reason: "\($0), through an input of `\(element.name)`") } ?? .unknown
            }
        }
        return state
    }

    /// Where the source of `chain` ends: before the project's own operators that directly precede
    /// `firstOperator` (the catalogue does not know them, so they stand before it).
    private func sourceEnd(of chain: Chain, firstOperator: Int) -> Int {
        var end = min(firstOperator, chain.elements.count)
        while end > 1, case let element = chain.elements[end - 1], element.isCall, element.kind == .member,
              ProjectSchedulerOperators.isOperator(element.name, index: index, memo: memo) {
            end -= 1
        }
        return end
    }

    /// The delivery after the project's own operator `element` (`receiveOnMain()`), as if its body's
    /// scheduler step were written here; nil for any other element.
    private func projectSchedulerStep(_ element: ChainElement) -> Delivery? {
        guard element.isCall, element.kind == .member, !Catalogue.isPipelineOperator(element) else { return nil }
        return delivery(after: ProjectSchedulerOperators.step(of: element.name, index: index, memo: memo), of: element)
    }

    /// The delivery after the call `element` of a project operator whose body's last scheduler step is `step`.
    private func delivery(after step: ProjectSchedulerOperators.Step, of element: ChainElement) -> Delivery? {
        switch step {
        case .none: return nil
        case .main: return .main
        case .background(let scheduler): return .background(reason: "`\(element.name)()`, which receives on `\(scheduler)`")
        case .parameter(let p, let leftOut):
            // `offloaded()` leaving out `to queue: DispatchQueue = FleetQueues.decode`: the default's step.
            guard p < element.arguments.count else {
                return element.arguments.isEmpty && element.closures.isEmpty ? delivery(after: leftOut, of: element) : .unknown
            }
            // `onWorkQueue(WorkQueues.parse)`: the scheduler the call passes.
            guard element.arguments[p].closure == nil else { return .unknown }
            let argument = element.arguments[p].value
            switch classify(argument) {
            case .main: return .main
            case .background: return .background(reason: "`\(element.name)(…)` on `\(tree.text(argument.lowerBound, argument.upperBound))`")
            case .immediate, .unknown: return .unknown
            }
        case .unknown: return .unknown
        }
    }

    /// `Publishers.CombineLatest(monitor.bpm, monitor.zone)`: the combined values come off main when
    /// one of its inputs delivers there.
    private func combinedRootDelivery(of chain: Chain, before firstOperator: Int) -> Delivery? {
        guard chain.root.name == "Publishers", firstOperator >= 2, chain.elements.count > 1,
              case let combiner = chain.elements[1], combiner.isCall, Catalogue.combiningOperators.contains(combiner.name),
              let reason = backgroundInput(of: combiner) else { return nil }
        return .background(reason: "\(reason), through an input of `Publishers.\(combiner.name)`")
    }

    /// The reason of the first argument of `element` that is a pipeline delivering off the main thread.
    private func backgroundInput(of element: ChainElement) -> String? {
        guard sourceLocalLevels > 0 else { return nil }
        var inner = self
        inner.sourceLocalLevels -= 1
        for argument in element.arguments where argument.closure == nil {
            // `combineLatest($summaries)`: a bare name is judged as a chain of its own.
            let input: Chain
            if let c = tree.chain(startingAt: argument.value.lowerBound), tree.chains[c].elements.last?.lastToken == argument.value.upperBound {
                input = tree.chains[c]
            } else if let bare = tree.bareNameChain(ofArgument: argument.value) {
                input = bare
            } else {
                continue
            }
            if case .background(let reason) = inner.delivery(of: input, before: input.elements.count) { return reason }
            // `Publishers.MergeMany(ids.map { commands.arm($0) })`: the publishers a collection's `map` makes.
            if let last = input.elements.last, last.name == "map", input.elements.count >= 2, last.closures.count == 1 {
                for made in tree.chainsReturned(byClosure: last.closures[0]) {
                    if case .background(let reason) = inner.delivery(of: made, before: made.elements.count) { return reason }
                }
            }
        }
        return nil
    }

    enum SchedulerKind { case main, background, immediate, unknown }

    /// What the scheduler written in `range` is (for the project's operators, read in their own file).
    func schedulerKind(_ range: ClosedRange<Int>) -> SchedulerKind { classify(range) }

    /// A local `PassthroughSubject` the chain starts from, into which its function sends values only
    /// from code that runs off the main thread (`ioQueue.async { progress.send(fraction) }`, then
    /// `return progress.eraseToAnyPublisher()`): it delivers there. Its name, or nil.
    private func offMainLocalSubject(of chain: Chain, before sourceEnd: Int) -> String? {
        let root = chain.elements[0]
        guard sourceEnd == 1, subjectLevels > 0, root.kind == .root, !root.isCall, root.subscripts.isEmpty,
              let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree),
              SubjectDeclarations.subjectType(ofVariable: v, in: tree) == "PassthroughSubject",
              let f = tree.enclosingFunction(of: root.nameToken), let open = tree.functions[f].bodyOpen,
              let close = tree.functions[f].bodyClose, open < close else { return nil }
        let sends = tree.chains(in: open...close).filter { other in
            other.elements.count == 2 && other.elements[0].name == root.name && other.elements[0].kind == .root
                && other.elements[1].name == "send" && other.elements[1].isCall && other.elements[1].argument("completion") == nil
        }
        guard !sends.isEmpty, sends.allSatisfy({ send in
            BackgroundNotifications.offMainRuns(send.elements[1].nameToken, in: tree, index: index, memo: memo, subjectLevels: subjectLevels - 1) == .all
        }) else { return nil }
        return root.name
    }

    /// The pipeline a chain goes on from when it starts from a local constant made of one
    /// (`let request = api.statementPDF(month: month)`, then `request.map { … }.sink { … }`):
    /// its values arrive where that pipeline delivers them.
    private func localSource(of chain: Chain, before firstOperator: Int) -> Chain? {
        guard sourceLocalLevels > 0, firstOperator == 1 else { return nil }
        return FinitePublishers.constantLocalPipeline(named: chain.root, in: tree)
    }

    /// Where the pipelines a computed property returns deliver, when the chain starts from one of the
    /// type's own (`tankFrames` with `var tankFrames: AnyPublisher<…> { socket.readings.filter { … }.eraseToAnyPublisher() }`)
    /// or of an object it holds (`store.folderEvents` with `var folderEvents: … { watcher.events }`)
    /// and they all deliver off main; nil otherwise. Read in the getter's file, one level less deep.
    private func getterDelivery(of chain: Chain, before sourceEnd: Int) -> Delivery? {
        guard sourceLocalLevels > 0, followsNotifications, sourceEnd >= 1, sourceEnd <= 3,
              chain.elements[..<sourceEnd].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              case let source = chain.elements[sourceEnd - 1],
              !source.name.hasPrefix("$"), !namesLocal(chain, before: sourceEnd) else { return nil }
        let own = sourceEnd == 1 || (sourceEnd == 2 && chain.root.name == "self")
        guard let owner = own ? TypeResolver.enclosingTypeName(at: chain.first, in: tree)
                : TypeResolver.ownerTypeThroughProperties(ofElement: sourceEnd - 1, in: chain, tree: tree, index: index) else { return nil }
        var getters: [(tree: Int, chains: [Int])] = []
        if index.type(named: owner)?.kind != .protocol {
            guard let property = index.property(source.name, ofType: owner), property.isComputed,
                  let getter = index.chainsReturnedByGetter(of: property) else { return nil }
            getters = [getter]
        } else {
            // `service.friendLocations` with `let service: FriendFinderServiceProtocol`: the getters
            // of the app's conformers (test doubles aside), which must all deliver off main alike.
            for conformer in index.subtypes(of: owner).sorted() {
                guard let property = index.property(source.name, ofType: conformer),
                      let (declaring, v) = index.declaration(of: property) else { continue }
                if TestCaseCode.isTestOrDouble(declaring.variables[v].nameToken, of: declaring, index: index) { continue }
                guard property.isComputed, let getter = index.chainsReturnedByGetter(of: property) else { return nil }
                getters.append(getter)
            }
        }
        guard !getters.isEmpty, getters.allSatisfy({ !$0.chains.isEmpty }) else { return nil }
        var deliveries: [Delivery] = []
        for (t, returned) in getters {
            var queues = reading(index.trees[t])
            queues.sourceLocalLevels = sourceLocalLevels - 1
            deliveries += returned.map { c in queues.delivery(of: index.trees[t].chains[c], before: index.trees[t].chains[c].elements.count) }
        }
        return Self.sameBackground(deliveries)
    }

    /// Questions about code of `other` (a function's or a getter's file), asked as far as this one
    /// follows senders, subjects and functions.
    func reading(_ other: SyntaxTree) -> DeliveryQueues {
        var queues = DeliveryQueues(tree: other, index: index, memo: memo)
        queues.sourceFunctionLevels = sourceFunctionLevels
        queues.followsNotifications = followsNotifications
        queues.followsFutures = followsFutures
        queues.subjectLevels = subjectLevels
        queues.queueInjectionLevels = queueInjectionLevels
        queues.parameterLevels = parameterLevels
        return queues
    }

    /// The delivery of every one of `deliveries` when they are all the same background one, and there is one.
    private static func sameBackground(_ deliveries: [Delivery]) -> Delivery? {
        guard let first = deliveries.first, case .background = first, deliveries.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// The scheduler a delivering step names: the labelled argument of `receive(on:)`, `debounce`, …,
    /// or the first argument of the strategy of `collect(.byTime(queue, stride))` and
    /// `collect(.byTimeOrCount(queue, stride, count))`, which delivers each batch on that scheduler.
    func schedulerRange(of element: ChainElement) -> ClosedRange<Int>? { Self.schedulerRange(of: element, in: tree) }

    /// As `schedulerRange(of:)`, for an element of `tree`.
    static func schedulerRange(of element: ChainElement, in tree: SyntaxTree) -> ClosedRange<Int>? {
        if let label = Catalogue.schedulerArgumentLabels[element.name] { return element.argument(label)?.value }
        guard element.name == "collect", element.arguments.count == 1 else { return nil }
        let value = element.arguments[0].value
        let v = value.lowerBound
        guard value.count >= 5, tree.tokens[v].kind == .period,
              Catalogue.timedCollectStrategies.contains(tree.name(v + 1)),
              tree.tokens[v + 2].kind == .leftParen else { return nil }
        let close = Int(tree.matching[v + 2])
        guard close == value.upperBound else { return nil }
        var end = v + 3
        while end < close, !(tree.tokens[end].kind == .comma && Int(tree.enclosing[end]) == v + 2) { end += 1 }
        guard end < close, end - 1 >= v + 3 else { return nil }
        return (v + 3)...(end - 1)
    }

    /// Whether the queue written in `range` (`DispatchQueue.global()`, `workQueue`) is a background one.
    func isBackgroundQueue(_ range: ClosedRange<Int>) -> Bool {
        if case .background = classify(range) { return true }
        return false
    }

    /// The name of the notification of a `NotificationCenter…publisher(for: name)` source that the
    /// project posts only off the main thread.
    private func offMainNotification(in chain: Chain, before firstOperator: Int) -> String? {
        guard followsNotifications,
              let p = chain.elements[..<firstOperator].lastIndex(where: { $0.name == "publisher" && $0.isCall }),
              namesNotificationCenter(chain, before: p),
              let argument = chain.elements[p].argument("for"),
              let name = BackgroundNotifications.lastName(in: argument.value, tree: tree),
              BackgroundNotifications.isPostedOnlyOffMain(name, index: index, memo: memo) else { return nil }
        return name
    }

    /// A Core Data context notification (`.NSManagedObjectContextDidSave`) of one private-queue
    /// context (`object: persistence.backgroundContext`): the context posts it on its own queue.
    /// The notification's and the context's names.
    private func privateContextNotification(in chain: Chain, before firstOperator: Int) -> (String, String)? {
        guard let p = chain.elements[..<firstOperator].lastIndex(where: { $0.name == "publisher" && $0.isCall }),
              namesNotificationCenter(chain, before: p),
              let argument = chain.elements[p].argument("for"),
              let name = BackgroundNotifications.lastName(in: argument.value, tree: tree),
              Catalogue.coreDataContextNotifications.contains(name),
              let object = chain.elements[p].argument("object"),
              let context = CoreDataQueues.privateQueueContext(in: object.value, tree: tree, index: index) else { return nil }
        return (name, context)
    }

    /// Whether the elements before `publisher` (at `p`) are a notification center: `NotificationCenter.default`,
    /// `.default`, or a parameter, local or property declared as one (`init(center: NotificationCenter = .default)`,
    /// injected so that tests can pass their own), which delivers on the posting thread all the same.
    private func namesNotificationCenter(_ chain: Chain, before p: Int) -> Bool {
        let receivers = chain.elements[..<p]
        if receivers.contains(where: { $0.name == "NotificationCenter" || $0.name == "default" }) { return true }
        guard let receiver = receivers.last, !receiver.isCall, receiver.kind != .literal else { return false }
        return TypeResolver.typeOfName(receiver.name, at: receiver.nameToken, in: tree, index: index) == "NotificationCenter"
    }

    /// Whether the chain's source is its root naming a local (`let sentences = stream.sentences.receive(on:
    /// DispatchQueue.main).share()` then `sentences.sink { … }`) or a parameter (`bind(_ frames:)`, where
    /// what the callers pass decides): its own value, not a subject or stored publisher of that name.
    private func namesLocal(_ chain: Chain, before firstOperator: Int) -> Bool {
        guard firstOperator == 1, chain.root.kind == .root else { return false }
        return SubscriptionFinder.localVariable(named: chain.root.name, visibleAt: chain.root.nameToken, in: tree) != nil
            || SubscriptionFinder.isParameter(named: chain.root.name, visibleAt: chain.root.nameToken, in: tree)
    }

    /// The name of the subject a chain starts from (`model.loaded`, `loaded`) when the project
    /// sends into it off the main thread, with the type declaring it when types of the project
    /// declare subjects of that name apart (nil when one does, or when the chain does not show which).
    private func offMainSubject(in chain: Chain, before firstOperator: Int) -> (name: String, owner: String?)? {
        guard subjectLevels > 0, followsNotifications || subjectLevels < BackgroundSubjects.maximumLevels,
              firstOperator >= 1, let source = chain.elements[..<firstOperator].last,
              !source.isCall, !source.name.hasPrefix("$"), !namesLocal(chain, before: firstOperator) else { return nil }
        // The project type whose property the chain reads, when the chain shows it; a protocol's
        // requirement (`location: LocationProviding`) leaves the conformer open.
        let declaringType = { () -> (name: String, property: IndexedProperty)? in
            guard let owner = TypeResolver.ownerTypeThroughProperties(ofElement: firstOperator - 1, in: chain, tree: self.tree, index: self.index),
                  self.index.type(named: owner)?.kind != .protocol,
                  let property = self.index.property(source.name, ofType: owner) else { return nil }
            return (owner, property)
        }
        // `monitor.beats`, a computed property that only erases such a subject: the owner's when the
        // chain shows it, any of the name otherwise (its table is the top level's: not while judging a sender).
        // The chain's owner's property is no subject (`socket.packets`, `let packets: AnyPublisher<…>` set
        // to `packetSubject.eraseToAnyPublisher()`), though a mock declares a subject of the name.
        let declared = index.declaresSubjectProperty(named: source.name) ? declaringType() : nil
        if let memo, !index.declaresSubjectProperty(named: source.name) || declared.map({ !ProjectIndex.isSubjectType($0.property) }) == true {
            // While a sender is judged: the subject the getter erases, read from its declarations.
            guard followsNotifications else {
                guard let subject = BackgroundSubjects.subjectErased(by: source.name, ofType: (declared ?? declaringType())?.name, index: index) else { return nil }
                return BackgroundSubjects.isSentOffMain(subject, levels: subjectLevels, index: index, memo: memo) ? (subject, nil) : nil
            }
            if let (owner, _) = declared ?? declaringType() {
                guard let subject = BackgroundSubjects.erasedSubject(source.name, ofType: owner, index: index, memo: memo) else { return nil }
                return (subject, index.declaresPropertyInSeveralTypes(named: subject) ? owner : nil)
            }
            // A protocol's requirement (`socket.frames` with `let socket: SensorFrameSource`): a conformer's
            // getter erasing its subject, not another type's property of the name.
            if let conformer = erasingConformer(of: chain, before: firstOperator, name: source.name, memo: memo) {
                return (conformer.subject, index.declaresPropertyInSeveralTypes(named: conformer.subject) ? conformer.type : nil)
            }
            return BackgroundSubjects.erasedSubjects(index: index, memo: memo)[source.name].map { ($0, nil) }
        }
        guard index.declaresSubjectProperty(named: source.name) else { return nil }
        // The type the chain reads the subject of, when the project declares the name more than once.
        if index.declaresPropertyInSeveralTypes(named: source.name) {
            if let (owner, property) = declaringType(), ProjectIndex.isSubjectType(property) {
                return BackgroundSubjects.isSentOffMain(source.name, declaredBy: owner, levels: subjectLevels, index: index, memo: memo) ? (source.name, owner) : nil
            }
            // A protocol's requirement (`store.socket.weightFrames` with `let socket: SensorFrameSource`): the
            // subjects of the name its conformers declare, not another type's.
            if let conformers = subjectDeclaringConformers(of: chain, before: firstOperator, name: source.name) {
                let offMain = conformers.first { BackgroundSubjects.isSentOffMain(source.name, declaredBy: $0, levels: subjectLevels, index: index, memo: memo) }
                return offMain.map { (source.name, $0) }
            }
        }
        return BackgroundSubjects.isSentOffMain(source.name, levels: subjectLevels, index: index, memo: memo) ? (source.name, nil) : nil
    }

    /// The first type (by name) conforming to the protocol whose requirement the chain reads at its
    /// source whose getter of that name erases a subject sent into off the main thread, with that subject.
    private func erasingConformer(of chain: Chain, before firstOperator: Int, name: String, memo: ProjectMemo) -> (type: String, subject: String)? {
        guard let owner = TypeResolver.ownerTypeThroughProperties(ofElement: firstOperator - 1, in: chain, tree: tree, index: index),
              index.type(named: owner)?.kind == .protocol else { return nil }
        for type in index.relatedTypes(of: owner.lastNameComponent).sorted() where type != owner.lastNameComponent {
            if let subject = BackgroundSubjects.erasedSubject(name, ofType: type, index: index, memo: memo) { return (type, subject) }
        }
        return nil
    }

    /// The types conforming to (or inheriting from) the protocol whose requirement the chain reads at
    /// its source, that declare a subject property `name`, in name order; nil when the chain's owner is
    /// no protocol or none of them declares one.
    private func subjectDeclaringConformers(of chain: Chain, before firstOperator: Int, name: String) -> [String]? {
        guard let owner = TypeResolver.ownerTypeThroughProperties(ofElement: firstOperator - 1, in: chain, tree: tree, index: index),
              index.type(named: owner)?.kind == .protocol else { return nil }
        let conformers = index.relatedTypes(of: owner.lastNameComponent).filter { type in
            type != owner.lastNameComponent && index.property(name, ofType: type).map(ProjectIndex.isSubjectType) == true
        }
        return conformers.isEmpty ? nil : conformers.sorted()
    }

    /// The name of the `@Published` property a chain starts from (`$rows`, `model.$rows`) when the
    /// project changes it off the main thread.
    private func offMainPublished(in chain: Chain, before firstOperator: Int) -> String? {
        guard subjectLevels > 0, followsNotifications || subjectLevels < BackgroundSubjects.maximumLevels,
              firstOperator >= 1, case let source = chain.elements[firstOperator - 1], !source.isCall,
              source.name.hasPrefix("$"), source.name.count > 1,
              let owner = TypeResolver.ownerTypeThroughProperties(ofElement: firstOperator - 1, in: chain, tree: tree, index: index) else { return nil }
        let name = String(source.name.dropFirst())
        return BackgroundPublished.isChangedOffMain(name, declaredBy: owner, levels: subjectLevels, index: index, memo: memo) ? name : nil
    }

    /// The key path a chain observes with KVO (`exportQueue.publisher(for: \.operationCount)`) when
    /// the object changes it on a background thread (`Catalogue.backgroundKeyValuePaths`), by the
    /// type of the receiver: declared or made so (`let exportQueue = OperationQueue()`).
    private func offMainKeyValuePath(in chain: Chain, before sourceEnd: Int) -> String? {
        guard sourceEnd >= 2, case let element = chain.elements[sourceEnd - 1], element.name == "publisher", element.isCall,
              let argument = element.arguments.first, argument.label == "for",
              tree.tokens[argument.value.lowerBound].kind == .backslash, argument.value.count == 3,
              tree.tokens[argument.value.upperBound].kind == .identifier,
              let receiverType = TypeResolver.ownerType(ofElement: sourceEnd - 1, in: chain, tree: tree, index: index)
                ?? TypeResolver.ownerTypeThroughProperties(ofElement: sourceEnd - 1, in: chain, tree: tree, index: index) else { return nil }
        let keyPath = tree.name(argument.value.upperBound)
        guard Catalogue.backgroundKeyValuePaths[ProjectIndex.stripGenerics(receiverType).lastNameComponent]?.contains(keyPath) == true else { return nil }
        return keyPath
    }

    /// The name of the stored publisher a chain starts from (`meter.levels`, `levels`) when every
    /// value the project gives it is a pipeline delivering on a background queue
    /// (`BackgroundStoredPublishers`), with that pipeline's last scheduler step.
    private func offMainStoredPublisher(in chain: Chain, before firstOperator: Int) -> (String, String)? {
        guard followsNotifications, let memo, firstOperator >= 1, let source = chain.elements[..<firstOperator].last,
              !source.isCall, !source.name.hasPrefix("$"), !namesLocal(chain, before: firstOperator),
              let entry = BackgroundStoredPublishers.table(index: index, memo: memo)[source.name] else { return nil }
        return (source.name, entry.reason)
    }

    /// The name of the project's own publisher type a chain starts from by making one
    /// (`FolderEventsPublisher(folder: folder).filter { … }`) when it delivers every value off the main
    /// thread (`CustomPublisherQueues`). Not while judging where that type's own code runs (no
    /// subject levels left), which would ask the same question again.
    private func offMainCustomPublisher(in chain: Chain, before firstOperator: Int) -> String? {
        guard let memo, subjectLevels >= 1, firstOperator == 1, case let root = chain.elements[0], root.kind == .root, root.subscripts.isEmpty else { return nil }
        // Made right there (`ReplayPublisher(frames: …)`), or held in a property or local of that type
        // (`private let replay: ReplayPublisher?`, then `if let replay { replay.sink … }`).
        let typeName: String
        if root.isCall, root.name.first?.isUppercase == true {
            typeName = root.name
        } else if !root.isCall, let held = TypeResolver.typeOfName(root.name, at: chain.first, in: tree, index: index) {
            typeName = ProjectIndex.stripGenerics(held).lastNameComponent
        } else {
            return nil
        }
        guard index.type(named: typeName) != nil, CustomPublisherQueues.deliversOffMain(typeNamed: typeName, index: index, memo: memo) else { return nil }
        return typeName
    }

    /// What the scheduler written in `range` is.
    private func classify(_ range: ClosedRange<Int>) -> SchedulerKind {
        let text = tree.text(range.lowerBound, range.upperBound).filter { $0 != " " }
        if Catalogue.immediateSchedulers.contains(text) { return .immediate }
        if Catalogue.mainSchedulers.contains(text) || ["DispatchQueue.main", "RunLoop.main", "OperationQueue.main"].contains(where: { text.hasPrefix($0) }) { return .main }
        if isBackgroundQueueText(text) { return .background }
        // `queue`, `self.queue`, `self?.queue`, `Self.updateQueue`: a property or local whose initial value is a background queue.
        let parts = text.replacingOccurrences(of: "?.", with: ".").replacingOccurrences(of: "!.", with: ".").split(separator: ".")
        guard let last = parts.last, parts.count <= 2, last.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return .unknown }
        let name = String(last)
        // `.analysis` where a queue is expected (`init(queue: DispatchQueue = .analysis)`): a static
        // queue the project declares in an extension of `DispatchQueue` or `OperationQueue`.
        if text.hasPrefix("."), parts.count == 1 {
            let declared = ["DispatchQueue", "OperationQueue"].compactMap { index.property(name, ofType: $0) }
            return declared.contains { $0.isStatic && isBackgroundQueueText($0.initializerText.filter { $0 != " " }) } ? .background : .unknown
        }
        // `socket.decodeQueue`: the queue property of the type of another object this code holds.
        if parts.count == 2, parts[0] != "self", parts[0] != "Self", parts[0].first?.isLowercase == true {
            guard let type = TypeResolver.typeOfName(String(parts[0]), at: range.lowerBound, in: tree, index: index),
                  let property = index.property(name, ofType: type) else { return .unknown }
            return isBackgroundQueueText(property.initializerText.filter { $0 != " " }) ? .background : getterQueueKind(of: property)
        }
        if parts.count == 1, let v = SubscriptionFinder.localVariable(named: name, visibleAt: range.lowerBound, in: tree) {
            guard let initializer = tree.variables[v].initializer else { return .unknown }
            return isBackgroundQueueText(tree.text(initializer.lowerBound, initializer.upperBound).filter { $0 != " " }) ? .background : .unknown
        }
        // `Queues.tracker`, `self.queue`: that type's property when the index has it (another type's
        // `let tracker: SatelliteTracking` is not this queue); else every property of the name.
        let owner = parts.count == 2 && parts[0] != "self" && parts[0] != "Self" ? String(parts[0]) : TypeResolver.enclosingTypeName(at: range.lowerBound, in: tree)
        let declarations = owner.flatMap { index.property(name, ofType: $0) }.map { [$0] } ?? index.properties(named: name)
        guard !declarations.isEmpty else { return .unknown }
        if declarations.allSatisfy({ isBackgroundQueueText($0.initializerText.filter { $0 != " " }) }) { return .background }
        if declarations.count == 1, case .background = getterQueueKind(of: declarations[0]) { return .background }
        // `private let queue = ProcessingQueues.watcher`: a property set to another queue property is that queue.
        if declarations.count == 1, queueInjectionLevels > 0, let (declaring, v) = index.declaration(of: declarations[0]),
           let initializer = declaring.variables[v].initializer, initializer.count <= 5 {
            var other = reading(declaring)
            other.queueInjectionLevels -= 1
            if case .background = other.classify(initializer) { return .background }
        }
        // `init(queue: DispatchQueue = DispatchQueue(label: "files")) { self.queue = queue }`: the type's own
        // queue property, injected with a background default that the app's callers keep or match.
        if parts.count == 1 || parts[0] == "self", declarations.count == 1, declarations[0].initializerText.isEmpty,
           let t = tree.enclosingType(of: range.lowerBound), isInjectedBackgroundQueue(name, ofType: t) { return .background }
        return .unknown
    }

    /// The queue a computed property's getter hands out when its body is just another property's
    /// name (`var queue: DispatchQueue { indexQueue }`, `{ return self.workQueue }`), classified where
    /// the property is declared; `.unknown` for any other getter.
    private func getterQueueKind(of property: IndexedProperty) -> SchedulerKind {
        guard property.isComputed, queueInjectionLevels > 0, let (declaring, v) = index.declaration(of: property),
              let getter = declaring.getter(ofVariable: v), let open = declaring.functions[getter].bodyOpen,
              let close = declaring.functions[getter].bodyClose else { return .unknown }
        var first = open + 1
        if first < close, declaring.isWord(first, "return") { first += 1 }
        guard first < close else { return .unknown }
        let body = first...(close - 1)
        let isName = body.count == 1 && declaring.tokens[first].kind == .identifier
        let isSelfName = body.count == 3 && declaring.isWord(first, "self") && declaring.tokens[first + 1].kind == .period
            && declaring.tokens[first + 2].kind == .identifier
        guard isName || isSelfName else { return .unknown }
        var other = reading(declaring)
        other.queueInjectionLevels -= 1
        return other.classify(body)
    }

    /// Whether every initializer of type `t` (in this file) that gives its property `name` a value
    /// gives it a parameter whose default is a background queue, and every call of the type's
    /// initializers outside tests that passes that argument passes a background queue too. A
    /// parameter with no default (`init(subscriber: S, queue: DispatchQueue)` of a custom publisher's
    /// subscription) needs at least one such call, and no other.
    private func isInjectedBackgroundQueue(_ name: String, ofType t: Int) -> Bool {
        guard queueInjectionLevels > 0 else { return false }
        let starts = InitializerAssignments.valueStarts(of: name, inType: t, in: tree)
        var labels = Set<String>()
        var defaulted = true
        // A struct with no initializer of its own gets a memberwise one: `DirectoryEventPublisher(directory: url,
        // queue: ProcessingQueues.watcher)` gives the property its value under its own name.
        if starts.isEmpty {
            guard tree.types[t].kind == .struct,
                  !tree.types[t].functions.contains(where: { tree.functions[$0].kind == .initializer }) else { return false }
            labels.insert(name)
            defaulted = false
        }
        for start in starts {
            guard tree.tokens[start].kind == .identifier, tree.statementStarts[start + 1] || tree.tokens[start + 1].kind == .rightBrace,
                  let f = tree.enclosingFunction(of: start), tree.functions[f].kind == .initializer else { return false }
            // `let queue = OperationQueue(); queue.name = …; self.uploadQueue = queue`: a queue the initializer makes.
            if let v = SubscriptionFinder.localVariable(named: tree.name(start), visibleAt: start, in: tree) {
                guard let initializer = tree.variables[v].initializer,
                      isBackgroundQueueText(tree.text(initializer.lowerBound, initializer.upperBound).filter { $0 != " " }) else { return false }
                continue
            }
            guard let p = tree.functions[f].parameters.firstIndex(where: { $0.name == tree.name(start) }) else { return false }
            if let value = tree.defaultValue(ofParameter: p, of: f) {
                guard case .background = classify(value) else { return false }
            } else {
                defaulted = false
            }
            labels.insert(tree.functions[f].parameters[p].label ?? "_")
        }
        // The callers that pass a queue of their own: `FileWatcher(url: url, queue: .main)`.
        let typeName = tree.types[t].name.lastNameComponent
        var passed = 0
        var callers = self
        callers.queueInjectionLevels -= 1
        for reference in index.chainElements[typeName] {
            let callTree = index.trees[reference.tree]
            let element = callTree.chains[reference.chain].elements[reference.element]
            guard element.isCall, !TestCaseCode.isTestOrDouble(element.nameToken, of: callTree, index: index) else { continue }
            for label in labels {
                guard let argument = label == "_" ? element.arguments.first(where: { $0.label == nil }) : element.argument(label) else { continue }
                guard callers.reading(callTree).isBackgroundQueue(argument.value) else { return false }
                passed += 1
            }
        }
        return defaulted || passed > 0
    }

    /// `DispatchQueue.global(…)`, `DispatchQueue(label: …)` (not one targeting the main queue), `OperationQueue()`.
    private func isBackgroundQueueText(_ text: String) -> Bool {
        Catalogue.backgroundQueuePrefixes.contains(where: { text.hasPrefix($0) }) && !Self.namesMain(text)
    }

    /// Whether code text names `.main` (`target: .main`, `underlyingQueue = .main`) outside its string
    /// literals and as a whole word: a queue labelled `"com.app.maintenance.cache"` is no main queue.
    static func namesMain(_ text: String) -> Bool {
        var inString = false
        var previous: Character = " "
        let characters = Array(text)
        for (i, character) in characters.enumerated() {
            defer { previous = character }
            if character == "\"" && previous != "\\" { inString.toggle(); continue }
            guard !inString, character == ".", characters[(i + 1)...].starts(with: "main") else { continue }
            let after = i + 5
            if after == characters.count || !(characters[after].isLetter || characters[after].isNumber || characters[after] == "_") { return true }
        }
        return false
    }

    /// `$items`, `model.$items`: a `@Published` projection sends its current value as it is
    /// subscribed, so `subscribe(on: queue)` delivers that first value on the queue (later ones
    /// arrive where the property is set).
    /// So does a `CurrentValueSubject`, and a property that only erases one (`store.ridesPublisher`).
    func replaysCurrentValue(_ chain: Chain, firstOperator: Int) -> Bool {
        guard firstOperator >= 1, firstOperator <= chain.elements.count,
              chain.elements[..<firstOperator].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }) else { return false }
        let source = chain.elements[firstOperator - 1].name
        return source.hasPrefix("$") || CurrentValueSources.replaysCurrentValue(source, index: index, memo: memo)
    }

    /// `Just`, `Record`, a sequence's or a `Result`'s `.publisher`, a `Future` that calls its promise right in its
    /// closure, a `Deferred` returning one of these: it emits on the thread that subscribes. A
    /// `Future` whose promise is called from a callback emits on the callback's thread.
    func isSynchronous(_ chain: Chain, firstOperator: Int, depth: Int = 0) -> Bool {
        let root = chain.root
        if root.kind == .literal { return chain.elements.count > 1 && chain.elements[1].name == "publisher" }
        if root.name == "Publishers" { return chain.elements.count > 1 && chain.elements[1].name == "Sequence" }
        // `Result { try read() }.mapError(…).publisher`, `Result.success(x).publisher`.
        if root.name == "Result" { return chain.elements.dropFirst().contains { $0.name == "publisher" && !$0.isCall } }
        // `samples.publisher` of a parameter or local written as a collection (`samples: [Sample]`).
        if root.kind == .root, !root.isCall, root.subscripts.isEmpty, chain.elements.count > 1,
           chain.elements[1].name == "publisher", !chain.elements[1].isCall, namesWrittenCollection(root.name, at: chain.first) { return true }
        guard firstOperator == 1, depth < 4 else { return false }
        switch root.name {
        case "Just", "Record":
            return true
        case "Future":
            guard let c = root.closures.last else { return false }
            return promiseIsCalledDirectly(in: c)
        case "Deferred":
            guard let c = root.closures.last else { return false }
            let returned = tree.chainsReturned(byClosure: c)
            return !returned.isEmpty && returned.allSatisfy { inner in
                isSynchronous(inner, firstOperator: Catalogue.firstPipelineOperator(in: inner.elements, before: inner.elements.count), depth: depth + 1)
            }
        default:
            return false
        }
    }

    /// Whether `name` at `token` is a parameter or a local whose written type or initial value is
    /// an array or a set (`[Sample]`, `Array<URL>`, `Set<ID>`, `= [a, b]`): its `publisher` is a sequence's.
    private func namesWrittenCollection(_ name: String, at token: Int) -> Bool {
        let written: String
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            let variable = tree.variables[v]
            written = variable.typeText.isEmpty
                ? (variable.initializer.map { tree.text($0.lowerBound, $0.lowerBound) } ?? "")
                : variable.typeText
        } else if let type = SubscriptionFinder.parameterType(named: name, visibleAt: token, in: tree) {
            written = type
        } else {
            return false
        }
        let text = written.trimmingSpaces
        return text.hasPrefix("[") || text.hasPrefix("Array<") || text.hasPrefix("Set<") || text.hasPrefix("ContiguousArray<")
    }

    /// `Future { promise in session.dataTask(with: request) { … promise(.success(x)) }.resume() }`: every
    /// call of the promise runs off the main thread (a URLSession completion handler, a background
    /// queue), so the `Future` delivers there.
    /// `Deferred { Future { … } }` alike: every `Future` its closure returns.
    private func futureFulfilledOffMain(_ chain: Chain, firstOperator: Int, followsFactories: Bool = true) -> Bool {
        guard followsFutures, firstOperator == 1, let c = chain.root.closures.last else { return false }
        if chain.root.name == "Deferred" {
            let futures = tree.chainsReturned(byClosure: c)
            return !futures.isEmpty && futures.allSatisfy { future in
                if future.elements.count == 1, future.root.name == "Future" { return futureFulfilledOffMain(future, firstOperator: 1) }
                // `Deferred { self.makeRenderFuture(sample) }`: a method of the project returning such a `Future`.
                return followsFactories && factoryReturnsFutureFulfilledOffMain(future)
            }
        }
        guard chain.root.name == "Future" else { return false }
        // `guard let self else { promise(.success([])); return }` answers only once the object is gone;
        // `guard interlocks.isClosed else { return promise(.failure(.open)) }` right in the body answers
        // on the subscriber's thread as it subscribes, which the calls in callbacks then race.
        let calls = promiseCalls(in: c).filter { call in
            !SelfConditionBindings.runsOnlyWhenSelfIsGone(call, in: tree) && tree.innermostClosure(of: call) != c
        }
        // `self?.issue(verb, promise: promise)`: handed on to a method that calls it off main.
        let handedOn = promiseArguments(in: c).filter { !SelfConditionBindings.runsOnlyWhenSelfIsGone($0, in: tree) }
        return !(calls.isEmpty && handedOn.isEmpty)
            && calls.allSatisfy { BackgroundNotifications.runsOffMain($0, in: tree, index: index, memo: memo) }
            && handedOn.allSatisfy { CallbackParameterQueues.argumentRunsOffMain(at: $0, in: tree, index: index, memo: memo,
                                                                                  levels: CallbackParameterQueues.maximumLevels) }
    }

    /// `microphoneAccess` (or `self.microphoneAccess`) with `lazy var microphoneAccess = Future { promise in
    /// AVCaptureDevice.requestAccess(for: .audio) { promise(.success($0)) } }` in the type around: the kept
    /// `Future` answers its first subscribers on the thread that fulfils it (later ones get its value as
    /// they subscribe), so that first value arrives off main.
    private func storedFutureFulfilledOffMain(_ chain: Chain, before sourceEnd: Int) -> Bool {
        let own = sourceEnd == 1 || (sourceEnd == 2 && chain.root.name == "self")
        guard followsFutures, own, case let source = chain.elements[sourceEnd - 1], !source.isCall, source.subscripts.isEmpty,
              !namesLocal(chain, before: sourceEnd), let t = tree.enclosingType(of: chain.first),
              let v = tree.memberVariable(named: source.name, ofType: t), !tree.variables[v].isComputed,
              let initializer = tree.variables[v].initializer, let c = tree.chain(spanning: initializer),
              case let future = tree.chains[c], future.elements.count == 1, future.root.name == "Future" else { return false }
        return futureFulfilledOffMain(future, firstOperator: 1)
    }

    /// `makeRenderFuture(sample)` or `self.makeRenderFuture(sample)`: a call of project functions
    /// each of which returns only `Future`s whose promise is called off the main thread.
    private func factoryReturnsFutureFulfilledOffMain(_ call: Chain) -> Bool {
        let count = call.elements.count
        guard count == 1 || (count == 2 && Catalogue.selfAliases.contains(call.root.name)),
              case let element = call.elements[count - 1], element.isCall else { return false }
        let functions = appFunctions(called: element)
        return !functions.isEmpty && functions.allSatisfy { tree, f in
            guard let returned = tree.chainsReturned(byFunction: f), !returned.isEmpty else { return false }
            let queues = DeliveryQueues(tree: tree, index: index, memo: memo)
            return returned.allSatisfy { $0.elements.count == 1 && $0.root.name == "Future"
                && queues.futureFulfilledOffMain($0, firstOperator: 1, followsFactories: false) }
        }
    }

    /// The promise of `Future`'s closure `c` passed whole as an argument (`issue(verb, promise: promise)`).
    private func promiseArguments(in c: Int) -> [Int] {
        let closure = tree.closures[c]
        let promise = closure.parameters.first ?? "$0"
        guard closure.bodyStart < closure.close else { return [] }
        return (closure.bodyStart..<closure.close).filter { i in
            tree.tokens[i].kind == .identifier && tree.name(i) == promise && tree.tokens[i - 1].kind != .period
                && i + 1 < tree.tokens.count && [.comma, .rightParen].contains(tree.tokens[i + 1].kind)
                && tree.openParen(ofWholeArgument: i) != nil
        }
    }

    /// The calls of the promise (the first parameter of `Future`'s closure `c`): `promise(.success(x))`.
    private func promiseCalls(in c: Int) -> [Int] {
        let closure = tree.closures[c]
        let promise = closure.parameters.first ?? "$0"
        guard closure.bodyStart < closure.close else { return [] }
        return (closure.bodyStart..<closure.close).filter { i in
            tree.name(i) == promise && i + 1 < tree.tokens.count && tree.tokens[i + 1].kind == .leftParen
        }
    }

    /// Whether every call of the promise (the closure's first parameter) in `Future`'s closure `c` is
    /// in its own body, not in a closure nested in it (a completion handler, a dispatch).
    private func promiseIsCalledDirectly(in c: Int) -> Bool {
        let calls = promiseCalls(in: c)
        return !calls.isEmpty && calls.allSatisfy { tree.innermostClosure(of: $0) == c }
    }

    /// What a pipeline delivering from a call of the project's functions (`api.register(email:)`,
    /// `service.accounts()`) gets, those whose parameters its labels fit: `.background` when every one of
    /// them returns, on every path, a pipeline whose own chain delivers off the main thread (a
    /// `dataTaskPublisher` with no hop to main, `receive(on: queue)`); test doubles aside when the app
    /// has an implementation of its own (a mock returning a subject the test drives stands in for
    /// the request in tests only). The returned pipelines are judged by their chains, and by the
    /// project functions they start from in turn, `sourceFunctionLevels` deep.
    private func functionSource(of chain: Chain, before firstOperator: Int) -> Delivery {
        guard sourceFunctionLevels > 0, firstOperator >= 1, firstOperator <= chain.elements.count,
              case let source = chain.elements[firstOperator - 1], source.isCall,
              source.kind == .member || firstOperator == 1,
              !Catalogue.finishingSourceCalls.contains(source.name), !source.name.hasPrefix("$") else { return .unknown }
        let selector = MethodCallGraph.selector(of: source)
        // `NotificationCenter.default.publisher(for:)` is no `EventBus.publisher(for:)` of the project.
        let onFramework = ProjectFunctionCalls.isMadeOnFrameworkType(at: firstOperator - 1, of: chain, index: index)
        // `scanner.scan(folders:)` with `let scanner: FontScanning`: the functions of that type, of the
        // types it inherits from and of those conforming to it run, not a `scan(folders:)` of another.
        let receiverType = TypeResolver.ownerTypeThroughProperties(ofElement: firstOperator - 1, in: chain, tree: tree, index: index)?.lastNameComponent
        let compute = { () -> Delivery in
            // The functions of the selector, grouped by the type declaring them, once per selector:
            // each receiver type then takes its own group (every feature may declare its own `load()`).
            let makeCandidates = { self.appFunctionCandidates(called: source, onFrameworkType: onFramework) }
            let candidates = memo.map { $0.value(for: "delivery-candidates \(selector) \(source.argumentLabels) \(onFramework)", makeCandidates) }
                ?? makeCandidates()
            var chosen = candidates.functions
            if let receiverType {
                let owned = candidates.declared(byTypesRelatedTo: receiverType, index: index)
                if !owned.isEmpty { chosen = owned }
            }
            let app = chosen.map { (index.trees[$0.tree], $0.item) }
            guard !app.isEmpty else { return .unknown }
            var reasons = Set<String>()
            for (tree, f) in app {
                guard case .background(let reason) = returnedDelivery(of: f, in: tree) else {
                    // An overload that makes its pipeline from calls of the selector itself
                    // (`metadata(for names: [String])` flattening `metadata(for: name)` of each) delivers
                    // where the others do; the others decide.
                    if ProjectFunctionCalls.callsItsOwnSelector(f, in: tree) { continue }
                    return .unknown
                }
                reasons.insert(reason)
            }
            guard !reasons.isEmpty else { return .unknown }
            let why = reasons.count == 1 ? reasons.first! : "a background queue"
            return .background(reason: "\(why) through `\(source.name)(…)`")
        }
        guard let memo else { return compute() }
        // What a function returns is judged as far as this question may follow senders.
        let key = "function-delivery \(selector) \(receiverType ?? "") \(sourceFunctionLevels) \(followsNotifications) \(subjectLevels)" + (onFramework ? " framework" : "")
        return memo.value(for: key, compute)
    }

    /// The names of the project's functions that return, directly from their body, a pipeline with
    /// a step that may deliver off the main thread (a request, a scheduler step, a project publisher
    /// that delivers off main), and of those publishers: a file naming none
    /// of them starts no pipeline from one. A superset, for a file's quick check; `functionSource`
    /// decides. Worked out once per run.
    static func backgroundFunctionNames(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "background-function-names") {
            var names = Set<String>()
            // `Future`: one fulfilled in a callback that runs off main (`futureFulfilledOffMain`); the
            // project's own publishers that deliver off main (`CustomPublisherQueues`), which a file
            // may also make itself.
            let customPublishers = Set(index.subtypes(of: "Publisher").map(\.lastNameComponent)).sorted().filter {
                CustomPublisherQueues.deliversOffMain(typeNamed: $0, index: index, memo: memo)
            }
            names.formUnion(customPublishers)
            // And a pipeline from a subject sent into off main, an `@Published` property changed off
            // main or a stored publisher delivering off main (`freeSpaces(for:)` returning
            // `updatesSubject.filter { … }`).
            let offMainSources = BackgroundSubjects.names(index: index, memo: memo).names
                + BackgroundPublished.names(index: index, memo: memo).names
                + BackgroundStoredPublishers.names(index: index, memo: memo).names
            let stepNames = Array(Catalogue.schedulerArgumentLabels.keys) + ["subscribe", "collect", "Future"] + Array(Catalogue.finishingSourceCalls)
                + customPublishers + offMainSources
            for name in stepNames {
                for reference in index.chainElements[name] {
                    if let function = returningFunction(of: reference.chain, in: index.trees[reference.tree]) { names.insert(function) }
                }
            }
            // And the functions returning a call of one of those (`receipts()` returning
            // `get("me/receipts")`), as many levels as a chain's source is followed.
            var frontier = names
            for _ in 1..<maximumSourceFunctionLevels {
                var callers = Set<String>()
                for name in frontier {
                    for (chain, reference, caller) in returnedChains(naming: name, index: index) {
                        let firstOperator = Catalogue.firstPipelineOperator(in: chain.elements, before: chain.elements.count)
                        guard reference.element == firstOperator - 1, chain.elements[reference.element].isCall else { continue }
                        if !names.contains(caller) { callers.insert(caller) }
                    }
                }
                names.formUnion(callers)
                frontier = callers
            }
            return NameSet(names.sorted())
        }
    }

    /// The name of the function (not a closure) that returns chain `c`, or the chain whose operators'
    /// closures hold it, a few closures deep: `thumbnail(for:)` for the `Future` and the
    /// `dataTaskPublisher` of its `return Deferred { Future { … } }.flatMap { … session.dataTaskPublisher(for: url) … }`.
    private static func returningFunction(of c: Int, in tree: SyntaxTree) -> String? {
        var chain = tree.chains[c]
        for _ in 0..<4 {
            guard let closure = tree.innermostClosure(of: chain.first) else {
                guard chain.isReturned, let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .function else { return nil }
                return tree.functions[f].name
            }
            guard let call = tree.call(receiving: closure) else { return nil }
            chain = tree.chains[call.chain]
        }
        return nil
    }

    /// The chains that name `name` and that a function (not a closure in it) returns, with the
    /// function's name.
    private static func returnedChains(naming name: String, index: ProjectIndex) -> [(chain: Chain, reference: ElementReference, function: String)] {
        index.chainElements[name].compactMap { reference in
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            guard chain.isReturned, tree.innermostClosure(of: chain.first) == nil,
                  let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .function else { return nil }
            return (chain, reference, tree.functions[f].name)
        }
    }

    /// The project's functions that `call` may run (its argument labels fit their parameters, so
    /// `Timer.publish(every:on:in:)` never stands for a project `publish(_:)`), that return something
    /// and have a body, grouped by declaring type; test doubles aside, and on a framework type
    /// (`onFrameworkType`) none declared in the body of a project type.
    private func appFunctionCandidates(called call: ChainElement, onFrameworkType: Bool = false) -> ProjectFunctionCalls.Candidates {
        let declarations = ProjectFunctionCalls.declarations(runBy: call, matching: .labels, requireBody: true, publisherResults: true, index: index)
            .filter { !onFrameworkType || !ProjectFunctionCalls.isDeclaredInProjectType($0, index: index) }
            .filter { !TestCaseCode.isTestOrDouble(index.trees[$0.tree].functions[$0.item].nameToken, of: index.trees[$0.tree], index: index) }
        return ProjectFunctionCalls.Candidates(grouping: declarations, index: index)
    }

    /// `appFunctionCandidates(called:)`, each with its file's tree.
    private func appFunctions(called call: ChainElement) -> [(tree: SyntaxTree, function: Int)] {
        appFunctionCandidates(called: call).functions.map { (index.trees[$0.tree], $0.item) }
    }

    /// Whether `call` runs only project functions that return a synchronous source with no
    /// scheduler step (`Deferred { Future { promise in promise(.success(check(text))) } }`): such an
    /// inner publisher of a `flatMap` emits on the thread that subscribes, the upstream's.
    private func returnsSynchronousPublisher(_ call: ChainElement) -> Bool {
        guard followsFunctions, call.isCall else { return false }
        let compute = { () -> Bool in
            let app = appFunctions(called: call)
            return !app.isEmpty && app.allSatisfy { tree, f in
                guard let returned = tree.chainsReturned(byFunction: f) else { return false }
                let queues = DeliveryQueues(tree: tree, index: index, memo: memo)
                return returned.allSatisfy { chain in
                    queues.isSynchronous(chain, firstOperator: Catalogue.firstPipelineOperator(in: chain.elements, before: chain.elements.count))
                        && !chain.elements.contains { queues.schedulerRange(of: $0) != nil || $0.name == "subscribe" }
                }
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "synchronous-function \(MethodCallGraph.selector(of: call))", compute)
    }

    /// Where the pipelines function `f` of `tree` returns deliver, when every `return` (or the single
    /// expression) is a pipeline and they all deliver off the main thread; else `.unknown`.
    private func returnedDelivery(of f: Int, in tree: SyntaxTree) -> Delivery {
        guard let returned = tree.chainsReturned(byFunction: f) else { return .unknown }
        // Not following senders while answering where a sender runs (as `reading` carries over): that
        // went round in circles (a subject sent into from a sink of a pipeline that a function returns from the subject).
        var queues = reading(tree)
        queues.sourceFunctionLevels = sourceFunctionLevels - 1
        // `if let cached { return Just(cached).eraseToAnyPublisher() }`: a constant answered on the
        // subscriber's thread; the other returns decide, and one delivering off main races it.
        let deliveries = returned.filter { !Self.answersAsSubscribed($0) }.map { queues.delivery(of: $0, before: $0.elements.count) }
        return Self.sameBackground(deliveries) ?? .unknown
    }

    /// `Just(x)`, `Empty()`, `Fail(error:)` with no scheduler step after them: the values (or the
    /// completion) arrive on the thread that subscribes.
    private static func answersAsSubscribed(_ chain: Chain) -> Bool {
        ["Just", "Empty", "Fail"].contains(chain.root.name)
            && chain.elements.dropFirst().allSatisfy { Catalogue.schedulerArgumentLabels[$0.name] == nil && $0.name != "subscribe" }
    }

    /// After `flatMap` (or `map` + `switchToLatest`), values come on the inner publishers' threads:
    /// unchanged for `Just`, URLSession's for a request with no hop, main for one ending on main.
    private func afterFlattening(_ chain: Chain, at e: Int, state: Delivery) -> Delivery {
        var closures = chain.elements[e].closures
        if chain.elements[e].name == "switchToLatest", e > 0, Catalogue.mappers.contains(chain.elements[e - 1].name) {
            closures = chain.elements[e - 1].closures
        }
        let inner = closures.flatMap { tree.chainsReturned(byClosure: $0) }
        guard !inner.isEmpty else { return .unknown }
        let deliveries = inner.map { chain -> Delivery in
            if Self.answersAsSubscribed(chain) { return state }
            // `Publishers.Sequence(sequence: decoder.split(message))`, `frames.publisher`: delivered while it is subscribed.
            if SynchronousCompletion.finishesDuringSubscribe(chain, before: chain.elements.count, in: tree) { return state }
            // `spelling.check(text)` returning `Deferred { Future { … promise(…) } }`: emits as it is subscribed.
            if let c = chain.elements.firstIndex(where: { $0.isCall }), c >= 1,
               chain.elements[(c + 1)...].allSatisfy({ schedulerRange(of: $0) == nil && $0.name != "subscribe" }),
               returnsSynchronousPublisher(chain.elements[c]) { return state }
            return delivery(of: chain, before: chain.elements.count)
        }
        if deliveries.allSatisfy({ $0 == deliveries[0] }) { return deliveries[0] }
        // `guard let pinned else { return Just(nil)… }; return feed.match(id: pinned.id)…`: the values of
        // an inner publisher that delivers off main arrive there, whatever the other returns do.
        for case .background(let reason) in deliveries { return .background(reason: reason) }
        return .unknown
    }
}
