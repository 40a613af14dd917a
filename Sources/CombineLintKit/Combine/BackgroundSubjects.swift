/// Subject properties the project sends into off the main thread: a subject delivers on the thread
/// that calls `send`, so a pipeline from one of them delivers there too (for those values at least:
/// a subject also sent into from the main thread still races for the others). A `CurrentValueSubject`
/// delivers its current value on the subscribing thread and each later `send` on the sender's, so
/// it delivers off main for some values only.
enum BackgroundSubjects {
    /// Whether every property named `name` is declared as a subject, and some `send`
    /// into a member of that name (`loaded.send(x)`, `self?.loaded.send(x)`) outside tests and test
    /// doubles runs off the main thread; a subject handed to `subscribe(_:)` is sent into from
    /// wherever its upstream delivers, which makes it `false`.
    static func isSentOffMain(_ name: String, declaredBy owner: String? = nil, levels: Int = maximumLevels,
                              index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        offMainSends(into: name, declaredBy: owner, levels: levels, index: index, memo: memo) != .none
    }

    /// How many subjects a send is followed back through: a send in a sink of a pipeline from
    /// another subject sent into off main (`frames.sink { quotes.send($0) }`) counts at level 2, one
    /// whose own sends are judged without following subjects further.
    static let maximumLevels = 2

    /// How many of the app's sends into a subject run off the main thread.
    enum OffMainSends: Sendable, Equatable {
        /// None known (or not a subject that delivers where it is sent into).
        case none
        /// Some, and others may run on the main thread.
        case some
        /// Every one.
        case all
    }

    /// Which of the app's sends into subject `name` run off the main thread (see `isSentOffMain`).
    /// With `owner`, the type declaring the subject a pipeline reads (`service.stateSubject`), the
    /// sends into another type's subject of the same name (`recorder.stateSubject`) do not count.
    static func offMainSends(into name: String, declaredBy owner: String? = nil, levels: Int = maximumLevels,
                             index: ProjectIndex, memo: ProjectMemo?) -> OffMainSends {
        let compute = { () -> OffMainSends in
            // A same-named collection or plain value of another type (`let samples: [Sample]`) is no source.
            // The owner's own subject, when the pipeline shows whose it reads; every one of the name otherwise.
            let declarations = owner.flatMap { index.property(name, ofType: $0) }.map { [$0] }
                ?? index.properties(named: name).filter { !NonPublisherResults.holdsPlainValue($0) }
            guard !declarations.isEmpty, declarations.allSatisfy({ ProjectIndex.isSubjectType($0) && (isPassthrough($0) || isCurrentValue($0)) }) else { return .none }
            // A test (or a test double) that sends on the main thread to drive the code stands in for
            // the app's senders; where the app sends is what its subscribers get.
            let all = sendsByReceiver(index: index, memo: memo)[name] ?? []
            // Only the owner's own sends and those whose receiver's type is unknown, grouped once per name.
            let candidates = owner.map { owner in
                let byOwner = memo.map { sendsByOwner(of: name, sends: all, index: index, memo: $0) } ?? groupedByOwner(all, index: index)
                return (byOwner[owner] ?? []) + (byOwner[""] ?? [])
            } ?? all
            // `JobContext(events: eventsSubject)` then `context.events.send(x)`: the object made with the
            // subject sends into it through its own property.
            let handedOver = (handovers(index: index, memo: memo)[name] ?? []).flatMap { handover -> [Send] in
                let into = sendsByReceiver(index: index, memo: memo)[handover.property] ?? []
                let byOwner = memo.map { sendsByOwner(of: handover.property, sends: into, index: index, memo: $0) } ?? groupedByOwner(into, index: index)
                return (byOwner[handover.type] ?? []) + (byOwner[""] ?? [])
            }
            let sends = (candidates + handedOver).filter { send in
                !TestCaseCode.isTestOrDouble(send.token, of: index.trees[send.tree], index: index)
            }
            let runs = sends.map { send in
                BackgroundNotifications.offMainRuns(send.token, in: index.trees[send.tree], index: index, memo: memo, subjectLevels: levels - 1)
            }
            guard runs.contains(where: { $0 != .none }) else { return .none }
            // `upstream.subscribe(subject)`: the subject is fed on the upstream's thread.
            if isFedBySubscribe(name, index: index, memo: memo) { return .none }
            // A current-value subject hands each new subscriber its value on the subscribing thread.
            return runs.allSatisfy({ $0 == .all }) && declarations.allSatisfy(isPassthrough) ? .all : .some
        }
        guard let memo else { return compute() }
        return memo.value(for: "sent-off-main \(name) \(owner ?? "") \(levels)", compute)
    }

    /// Whether a subject of this name is handed to `subscribe(_:)` (`upstream.subscribe(subject)`),
    /// which feeds it on the upstream's thread. Once per name: every owner of the name asks.
    private static func isFedBySubscribe(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            index.chainElements[name].contains { reference in
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                // Only as the argument of `subscribe(_:)`: `Toggle(isOn: $prefs.goals)` binds another type's flag.
                guard case .argument(let open) = chain.context, reference.element == chain.elements.count - 1,
                      let call = tree.call(openedAt: open) else { return false }
                return tree.chains[call.chain].elements[call.element].name == "subscribe"
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "fed-by-subscribe \(name)", compute)
    }

    /// One subject handed to a subject property of an object as it is made.
    struct Handover: Sendable {
        /// The type made (`JobContext`).
        var type: String
        /// Its subject property the argument sets (`events`).
        var property: String
    }

    /// Subject properties handed to a subject property of a project type as it is made
    /// (`JobContext(events: self.eventsSubject)`, a struct's memberwise initializer or one whose
    /// label names the property), by the handed subject's name, once per run.
    static func handovers(index: ProjectIndex, memo: ProjectMemo?) -> [String: [Handover]] {
        let compute = { () -> [String: [Handover]] in
            var result: [String: [Handover]] = [:]
            for type in index.types.values where type.kind == .struct || type.kind == .class {
                let subjects = type.properties.values.filter { !$0.isComputed && ProjectIndex.isSubjectType($0) }.map(\.name)
                guard !subjects.isEmpty else { continue }
                for reference in index.chainElements[type.name.lastNameComponent] where reference.element == 0 {
                    let tree = index.trees[reference.tree]
                    let element = tree.chains[reference.chain].elements[0]
                    guard element.isCall, element.kind == .root else { continue }
                    for argument in element.arguments where argument.closure == nil {
                        guard let label = argument.label, subjects.contains(label),
                              let handed = handedName(argument.value, in: tree), index.declaresSubjectProperty(named: handed) else { continue }
                        result[handed, default: []].append(Handover(type: type.name.lastNameComponent, property: label))
                    }
                }
            }
            return result
        }
        guard let memo else { return compute() }
        return memo.value(for: "subject-handovers", compute)
    }

    /// The property an argument names whole: `eventsSubject` (a bare name forms no chain of its own)
    /// or `self.eventsSubject`.
    private static func handedName(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> String? {
        if value.count == 1 { return tree.tokens[value.lowerBound].kind == .identifier ? tree.name(value.lowerBound) : nil }
        guard let c = tree.chain(spanning: value),
              let last = tree.chains[c].elements.last, !last.isCall, last.subscripts.isEmpty else { return nil }
        return last.name
    }

    /// The names of the subject properties that the project sends into off the main thread,
    /// worked out once per run from its `send` calls: a file naming none of them subscribes to none.
    /// The computed properties that erase one of them (`erasingGetters`) are among the names.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "subjects-sent-off-main") {
            let sends = sendsByReceiver(index: index, memo: memo)
            let candidates = Set(sends.keys).union(handovers(index: index, memo: memo).keys).filter { index.declaresSubjectProperty(named: $0) }
            // Following senders a subject back costs more: only for a subject sent into from a subscriber's closure.
            let subjects = candidates.filter { name in
                isSentOffMain(name, levels: 1, index: index, memo: memo)
                    || ((sends[name] ?? []).contains { isInSubscriberClosure($0, index: index) } && isSentOffMain(name, index: index, memo: memo))
            }
            return NameSet((subjects + erasingGetters(index: index, memo: memo).keys.map { $0 }).sorted())
        }
    }

    /// The computed properties whose getter only erases a subject sent into off the main thread
    /// (`var beats: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }`), by name, with the
    /// subject's name: a pipeline from one delivers where the subject's senders run. Every property
    /// of the name that may hold a publisher must be such a getter (of one such subject or another),
    /// since the chain's owner is not known here (`erasedSubject(_:ofType:)` answers when it is).
    static func erasedSubjects(index: ProjectIndex, memo: ProjectMemo) -> [String: String] {
        memo.value(for: "erased-subjects-sent-off-main") {
            var found: [String: String] = [:]
            for (property, getters) in erasingGetters(index: index, memo: memo) {
                let declarations = appPublisherProperties(named: property, index: index)
                // Another getter of the name (`static var frames` made of keyboard notifications) may be the one a chain reads.
                if !declarations.isEmpty, declarations.allSatisfy({ getters.variables.contains($0.file + "\u{0}\($0.variable)") }) {
                    found[property] = getters.subject
                }
            }
            return found
        }
    }

    /// The erasing getters of subjects sent into off the main thread, by property name: the first
    /// subject (for a message) and every getter's file and variable. Worked out once per run from
    /// the uses of those subjects' names.
    private static func erasingGetters(index: ProjectIndex, memo: ProjectMemo) -> [String: ErasingGetters] {
        memo.value(for: "erasing-getters-sent-off-main") {
            let candidates = Set(sendsByReceiver(index: index, memo: memo).keys).union(handovers(index: index, memo: memo).keys)
                .filter { index.declaresSubjectProperty(named: $0) }
            var found: [String: ErasingGetters] = [:]
            for subject in candidates.sorted() {
                // A name that other types declare too (`volumes`, also a `Logger` and a protocol-typed
                // `let volumes: VolumeMonitoring`) is judged for each getter's own type below.
                let several = index.declaresPropertyInSeveralTypes(named: subject)
                guard several || isSentOffMain(subject, index: index, memo: memo) else { continue }
                for reference in index.chainElements[subject] where reference.element <= 1 {
                    let tree = index.trees[reference.tree]
                    let chain = tree.chains[reference.chain]
                    guard let (property, v) = (chain.isReturned ? erasingGetter(chain, subject: subject, in: tree) : nil)
                            ?? erasingAssignment(chain, subject: subject, in: tree) else { continue }
                    // A mock's getter erasing its own subject stands in for the app's in tests only.
                    if TestCaseCode.isTestOrDouble(chain.first, of: tree, index: index) { continue }
                    // `stateSubject` of the type declaring the getter, not another type's of the same name.
                    if several, let owner = TypeResolver.enclosingTypeName(at: chain.first, in: tree),
                       index.property(subject, ofType: owner) != nil {
                        guard isSentOffMain(subject, declaredBy: owner, index: index, memo: memo) else { continue }
                    } else if several, !isSentOffMain(subject, index: index, memo: memo) { continue }
                    // Getters of the name erasing different subjects (two conformers of a protocol) all deliver
                    // off main, each subject here being sent into there; the message names the first.
                    found[property, default: ErasingGetters(subject: subject)].variables.insert(tree.file.path + "\u{0}\(v)")
                }
            }
            return found
        }
    }

    struct ErasingGetters: Sendable {
        var subject: String
        var variables: Set<String> = []
    }

    /// The subject that `owner`'s computed property `property` only erases (`BookmarkStore.bookmarks`
    /// returning `bookmarksSubject.eraseToAnyPublisher()`) when that subject, `owner`'s own, is sent
    /// into off the main thread; nil otherwise. For a chain whose owner is known, so that same-named
    /// properties of other types (`let bookmarks = BookmarkStore.shared`) do not stand in the way.
    static func erasedSubject(_ property: String, ofType owner: String, index: ProjectIndex, memo: ProjectMemo) -> String? {
        guard let getters = erasingGetters(index: index, memo: memo)[property],
              let declaration = index.property(property, ofType: owner),
              getters.variables.contains(declaration.file + "\u{0}\(declaration.variable)") else { return nil }
        return subjectErased(by: property, ofType: owner, index: index)
    }

    /// The properties named `name` that may hold a publisher the app's objects read. A property of
    /// the name whose written type is no publisher (a view's `let endsAt: Date`, a custom publisher's
    /// `let readings: [SensorReading]`) starts no pipeline, and does not stand in the way; a
    /// protocol's requirement, a test double's or a preview stand-in's getter is not what the app's
    /// objects hold (`var samples: AnyPublisher<…> { get }`, a mock's own subject).
    private static func appPublisherProperties(named name: String, index: ProjectIndex) -> [IndexedProperty] {
        index.properties(named: name).filter {
            ($0.typeText.isEmpty || $0.typeText.contains("Publisher") || $0.typeText.contains("Subject"))
                && !TestCaseCode.isTestDoubleOrRequirement($0, index: index)
        }
    }

    /// The subject that every app declaration of the computed property `property` (of `owner` when
    /// given) only erases (`var readings: AnyPublisher<…> { readingsSubject.eraseToAnyPublisher() }`),
    /// read from the declarations alone: while a sender is judged, the run's table of such getters
    /// (`erasedSubjects(index:memo:)`), which judges every sender, cannot be asked.
    static func subjectErased(by property: String, ofType owner: String?, index: ProjectIndex) -> String? {
        let declarations = owner.flatMap { index.property(property, ofType: $0) }.map { [$0] }
            ?? appPublisherProperties(named: property, index: index)
        var subject: String?
        for declaration in declarations {
            guard let t = index.treeIndexByPath[declaration.file] else { return nil }
            let tree = index.trees[t]
            guard let declaringType = tree.variables[declaration.variable].enclosingType.map({ tree.types[$0].name }) else { return nil }
            // The getter's returned chains, or a stored `let`'s assignments in the type's initializers.
            let chains: [Int]
            if declaration.isComputed {
                guard let getter = tree.getter(ofVariable: declaration.variable) else { return nil }
                chains = Array(tree.returnedChainIndices(ofFunction: getter))
            } else {
                chains = index.chainElements["eraseToAnyPublisher"].entries(inTree: t).map(\.chain)
            }
            let erased = Set(chains.compactMap { c -> String? in
                let chain = tree.chains[c]
                var names = chain.names
                if names.first == "self" { names.removeFirst() }
                guard let first = names.first else { return nil }
                if declaration.isComputed {
                    guard erasingGetter(chain, subject: first, in: tree) != nil else { return nil }
                } else {
                    guard erasingAssignment(chain, subject: first, in: tree)?.variable == declaration.variable else { return nil }
                }
                guard let held = index.property(first, ofType: declaringType), ProjectIndex.isSubjectType(held) else { return nil }
                return first
            })
            guard erased.count == 1, let only = erased.first, subject == nil || subject == only else { return nil }
            subject = only
        }
        return subject
    }

    /// The stored `let` property (name and variable) that an initializer of its type gives the value
    /// `chain`, when `chain` only erases `subject` (`self.packets = packetSubject.eraseToAnyPublisher()`):
    /// like an erasing getter, it hands every subscriber the subject itself.
    private static func erasingAssignment(_ chain: Chain, subject: String, in tree: SyntaxTree) -> (name: String, variable: Int)? {
        guard case .assignment(let target, false) = chain.context, erases(chain, subject: subject),
              tree.innermostClosure(of: chain.first) == nil,
              let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .initializer,
              let owner = tree.functions[f].enclosingType, tree.tokens[target.upperBound].kind == .identifier,
              target.count == 1 || (target.count == 3 && tree.isWord(target.lowerBound, "self") && tree.tokens[target.lowerBound + 1].kind == .period)
        else { return nil }
        let name = tree.name(target.upperBound)
        guard let v = tree.types[owner].variables.first(where: { tree.variables[$0].name == name }),
              tree.variables[v].isLet, tree.variables[v].initializer == nil, !tree.variables[v].isComputed, !tree.variables[v].isStatic else { return nil }
        return (name, v)
    }

    /// Whether `chain` is `subject.eraseToAnyPublisher()` or `self.subject.eraseToAnyPublisher()`, with
    /// steps between that deliver on the thread they get values on (`removeDuplicates()`).
    private static func erases(_ chain: Chain, subject: String) -> Bool {
        var names = chain.names
        if names.first == "self" { names.removeFirst() }
        return names.count >= 2 && names.first == subject && names.last == "eraseToAnyPublisher"
            && names.dropFirst().allSatisfy({ Catalogue.sameThreadOperators.contains($0) })
    }

    /// The name and variable of the computed property whose getter returns `chain`: `subject.eraseToAnyPublisher()`
    /// or `self.subject.eraseToAnyPublisher()` (with same-thread steps between, `removeDuplicates()`), as the getter's only code.
    private static func erasingGetter(_ chain: Chain, subject: String, in tree: SyntaxTree) -> (name: String, variable: Int)? {
        guard erases(chain, subject: subject), tree.innermostClosure(of: chain.first) == nil,
              let f = tree.enclosingFunction(of: chain.first) else { return nil }
        let function = tree.functions[f]
        guard function.kind == .accessor, function.name == "get", let v = function.variable,
              !tree.variables[v].isLocal, tree.variables[v].isComputed else { return nil }
        return (tree.variables[v].name, v)
    }

    /// A `send(…)` call's place: its tree and the `send` token.
    struct Send: Sendable {
        var tree: Int
        var token: Int
        var chain: Int
        /// The `send` element of the chain.
        var element: Int
    }

    /// Every `x.send(…)` of the project, grouped by the name of its receiver (`loaded` of
    /// `self?.loaded.send(x)`), read once per run: each name is then judged by its own sends only.
    private static func sendsByReceiver(index: ProjectIndex, memo: ProjectMemo?) -> [String: [Send]] {
        let compute = { () -> [String: [Send]] in
            var result: [String: [Send]] = [:]
            // Per tree and local: whether sends into that local subject are its own (read once each).
            var ownLocalSubjects: [Int: [Int: Bool]] = [:]
            for reference in index.chainElements["send"] where reference.element >= 1 {
                let tree = index.trees[reference.tree]
                let elements = tree.chains[reference.chain].elements
                let receiver = elements[reference.element - 1]
                guard !receiver.isCall, elements[reference.element].isCall
                        || isSendHandedToCallHere(tree.chains[reference.chain], at: reference.element, in: tree) else { continue }
                // `let events = PassthroughSubject<…>()` then `events.send(x)` in a function: a subject of
                // that call's own, not a member named so (the local answers its own questions).
                if reference.element == 1, receiver.kind == .root,
                   let v = SubscriptionFinder.localVariable(named: receiver.name, visibleAt: receiver.nameToken, in: tree) {
                    let own = ownLocalSubjects[reference.tree]?[v] ?? (SubjectDeclarations.isMadeAtDeclaration(ofVariable: v, in: tree)
                                                                       && !isAssignedOn(local: v, in: tree))
                    ownLocalSubjects[reference.tree, default: [:]][v] = own
                    if own { continue }
                }
                result[receiver.name, default: []].append(Send(tree: reference.tree, token: elements[reference.element].nameToken, chain: reference.chain, element: reference.element))
            }
            // `states.value[kind] = state`, `progress.value = p`: a current-value subject's write sends too.
            for reference in index.chainElements["value"] where reference.element >= 1 {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                let receiver = chain.elements[reference.element - 1]
                guard !receiver.isCall, SubjectSenders.writesValue(chain, at: reference.element, in: tree) else { continue }
                result[receiver.name, default: []].append(Send(tree: reference.tree, token: chain.elements[reference.element].nameToken,
                                                               chain: reference.chain, element: reference.element))
            }
            return result
        }
        guard let memo else { return compute() }
        return memo.value(for: "sends-by-receiver", compute)
    }

    /// The sends into members named `name`, by the type whose member each feeds ("" when the
    /// receiver's type is unknown), worked out once per name and run.
    private static func sendsByOwner(of name: String, sends: [Send], index: ProjectIndex, memo: ProjectMemo) -> [String: [Send]] {
        memo.value(for: "sends-by-owner \(name)") { groupedByOwner(sends, index: index) }
    }

    private static func groupedByOwner(_ sends: [Send], index: ProjectIndex) -> [String: [Send]] {
        var result: [String: [Send]] = [:]
        for send in sends {
            let tree = index.trees[send.tree]
            let owner = TypeResolver.ownerTypeThroughProperties(ofElement: send.element - 1, in: tree.chains[send.chain], tree: tree, index: index)
            result[owner ?? "", default: []].append(send)
        }
        return result
    }

    /// Whether local `v` is the value of an assignment in its function (`self.events = events`): a
    /// member then holds the same subject, and sends into the local are sends into it.
    private static func isAssignedOn(local v: Int, in tree: SyntaxTree) -> Bool {
        guard tree.enclosingFunction(of: tree.variables[v].nameToken) != nil else { return true }
        return SubscriptionFinder.usesAfterDeclaration(of: v, in: tree).contains { use in
            use >= 1 && tree.tokenIs(use - 1, "=") && !(use + 1 < tree.tokens.count && tree.tokenIs(use + 1, "."))
        }
    }

    /// Whether the send is in the value closure of a `sink` or `handleEvents` (any depth), or right in
    /// a `private` method, which such a closure may call (`.sink { self?.evaluate($0) }`).
    private static func isInSubscriberClosure(_ send: Send, index: ProjectIndex) -> Bool {
        let tree = index.trees[send.tree]
        let closures = tree.enclosingClosures(of: send.token)
        if closures.isEmpty, let f = tree.enclosingFunction(of: send.token), tree.functions[f].kind == .function,
           tree.functions[f].isFilePrivate { return true }
        return closures.contains { c in
            guard let call = tree.call(receiving: c) else { return false }
            let name = tree.chains[call.chain].elements[call.element].name
            return name == "sink" || name == "handleEvents"
        }
    }

    /// `positions.forEach(self.positionSubject.send)`: `send` handed to a call that runs it right
    /// there, on the caller's thread; not to a subscriber (`sink(receiveValue: subject.send)`), which
    /// runs it where its pipeline delivers.
    private static func isSendHandedToCallHere(_ chain: Chain, at e: Int, in tree: SyntaxTree) -> Bool {
        guard e == chain.elements.count - 1, case .argument(let open) = chain.context, open > 0,
              tree.tokens[open - 1].kind == .identifier else { return false }
        return !["sink", "handleEvents", "assign", "subscribe"].contains(tree.name(open - 1))
    }

    private static func isPassthrough(_ property: IndexedProperty) -> Bool {
        SubjectDeclarations.declares(property, as: "PassthroughSubject")
    }

    private static func isCurrentValue(_ property: IndexedProperty) -> Bool {
        SubjectDeclarations.declares(property, as: "CurrentValueSubject")
    }
}
