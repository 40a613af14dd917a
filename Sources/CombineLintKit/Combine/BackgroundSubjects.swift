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
    static func isSentOffMain(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        offMainSends(into: name, index: index, memo: memo) != .none
    }

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
    static func offMainSends(into name: String, index: ProjectIndex, memo: ProjectMemo?) -> OffMainSends {
        let compute = { () -> OffMainSends in
            // A same-named collection or plain value of another type (`let samples: [Sample]`) is no source.
            let declarations = index.properties(named: name).filter { !NonPublisherResults.holdsPlainValue($0) }
            guard !declarations.isEmpty, declarations.allSatisfy({ ProjectIndex.isSubjectType($0) && (isPassthrough($0) || isCurrentValue($0)) }) else { return .none }
            // A test (or a test double) that sends on the main thread to drive the code stands in for
            // the app's senders; where the app sends is what its subscribers get.
            let sends = (sendsByReceiver(index: index, memo: memo)[name] ?? []).filter { send in
                !TestCaseCode.isTestOrDouble(send.token, of: index.trees[send.tree], index: index)
            }
            let offMain = sends.filter { send in BackgroundNotifications.runsOffMain(send.token, in: index.trees[send.tree], index: index) }
            guard !offMain.isEmpty else { return .none }
            // `upstream.subscribe(subject)`: the subject is fed on the upstream's thread.
            for reference in index.chainElements[name] {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                // Only as the argument of `subscribe(_:)`: `Toggle(isOn: $prefs.goals)` binds another type's flag.
                if case .argument(let open) = chain.context, reference.element == chain.elements.count - 1,
                   let call = tree.call(openedAt: open), tree.chains[call.chain].elements[call.element].name == "subscribe" { return .none }
            }
            // A current-value subject hands each new subscriber its value on the subscribing thread.
            return offMain.count == sends.count && declarations.allSatisfy(isPassthrough) ? .all : .some
        }
        guard let memo else { return compute() }
        return memo.value(for: "sent-off-main \(name)", compute)
    }

    /// The names of the subject properties that the project sends into off the main thread,
    /// worked out once per run from its `send` calls: a file naming none of them subscribes to none.
    /// The computed properties that erase one of them (`erasedSubjects`) are among the names.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "subjects-sent-off-main") {
            let candidates = sendsByReceiver(index: index, memo: memo).keys.filter { index.declaresSubjectProperty(named: $0) }
            let subjects = candidates.filter { isSentOffMain($0, index: index, memo: memo) }
            return NameSet((subjects + erasedSubjects(index: index, memo: memo).keys).sorted())
        }
    }

    /// The computed properties whose getter only erases a subject sent into off the main thread
    /// (`var beats: AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }`), by name, with the
    /// subject's name: a pipeline from one delivers where the subject's senders run. Every property
    /// of the name that may hold a publisher must be such a getter (of one such subject or another). Worked out once per run from the
    /// uses of those subjects' names.
    static func erasedSubjects(index: ProjectIndex, memo: ProjectMemo) -> [String: String] {
        memo.value(for: "erased-subjects-sent-off-main") {
            let candidates = sendsByReceiver(index: index, memo: memo).keys.filter { index.declaresSubjectProperty(named: $0) }
            var found: [String: String] = [:]
            /// The erasing getters seen, by property name: the declaring file and variable.
            var getters: [String: Set<String>] = [:]
            for subject in candidates.sorted() where isSentOffMain(subject, index: index, memo: memo) {
                for reference in index.chainElements[subject] where reference.element <= 1 {
                    let tree = index.trees[reference.tree]
                    let chain = tree.chains[reference.chain]
                    guard chain.isReturned, let (property, v) = erasingGetter(chain, subject: subject, in: tree) else { continue }
                    // A mock's getter erasing its own subject stands in for the app's in tests only.
                    if TestCaseCode.isTestOrDouble(chain.first, of: tree, index: index) { continue }
                    // Getters of the name erasing different subjects (two conformers of a protocol) all deliver
                    // off main, each subject here being sent into there; the message names the first.
                    if found[property] == nil { found[property] = subject }
                    getters[property, default: []].insert(tree.file.path + "\u{0}\(v)")
                }
            }
            for property in found.keys {
                // A property of the name whose written type is no publisher (a view's `let endsAt: Date`)
                // starts no pipeline, and does not stand in the way.
                // A protocol's requirement, a test double's or a preview stand-in's getter is not what the
                // app's objects hold (`var samples: AnyPublisher<…> { get }`, a mock's own subject).
                let declarations = index.properties(named: property).filter {
                    ($0.typeText.isEmpty || $0.typeText.contains("Publisher") || $0.typeText.contains("Subject"))
                        && !TestCaseCode.isTestDoubleOrRequirement($0, index: index)
                }
                // Another getter of the name (`static var frames` made of keyboard notifications) may be the one a chain reads.
                let erasing = getters[property] ?? []
                if declarations.isEmpty || !declarations.allSatisfy({ erasing.contains($0.file + "\u{0}\($0.variable)") }) {
                    found[property] = nil
                }
            }
            return found
        }
    }

    /// The name and variable of the computed property whose getter returns `chain`: `subject.eraseToAnyPublisher()`
    /// or `self.subject.eraseToAnyPublisher()` (with same-thread steps between, `removeDuplicates()`), as the getter's only code.
    private static func erasingGetter(_ chain: Chain, subject: String, in tree: SyntaxTree) -> (name: String, variable: Int)? {
        var names = chain.names
        if names.first == "self" { names.removeFirst() }
        // `subject.removeDuplicates().eraseToAnyPublisher()`: steps that deliver on the thread they get values on.
        guard names.count >= 2, names.first == subject, names.last == "eraseToAnyPublisher",
              names.dropFirst().allSatisfy({ Catalogue.sameThreadOperators.contains($0) }),
              tree.innermostClosure(of: chain.first) == nil,
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
    }

    /// Every `x.send(…)` of the project, grouped by the name of its receiver (`loaded` of
    /// `self?.loaded.send(x)`), read once per run: each name is then judged by its own sends only.
    private static func sendsByReceiver(index: ProjectIndex, memo: ProjectMemo?) -> [String: [Send]] {
        let compute = { () -> [String: [Send]] in
            var result: [String: [Send]] = [:]
            for reference in index.chainElements["send"] where reference.element >= 1 {
                let elements = index.trees[reference.tree].chains[reference.chain].elements
                let receiver = elements[reference.element - 1]
                guard elements[reference.element].isCall, !receiver.isCall else { continue }
                result[receiver.name, default: []].append(Send(tree: reference.tree, token: elements[reference.element].nameToken))
            }
            return result
        }
        guard let memo else { return compute() }
        return memo.value(for: "sends-by-receiver", compute)
    }

    private static func isPassthrough(_ property: IndexedProperty) -> Bool {
        SubjectDeclarations.declares(property, as: "PassthroughSubject")
    }

    private static func isCurrentValue(_ property: IndexedProperty) -> Bool {
        SubjectDeclarations.declares(property, as: "CurrentValueSubject")
    }
}
