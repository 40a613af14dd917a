/// `Task { for await v in p.values { … } }` over a publisher that never finishes, with a task handle
/// that is dropped or never cancelled: the loop, and what it captures, live for ever.
public struct EndlessValuesTaskRule: Rule {
    public static let description = RuleDescription(
        id: "endless_values_task", name: "Endless values task", defaultSeverity: .warning,
        summary: "A Task looping `for await` over the values of a never-finishing publisher, never cancelled: the loop and its captures live for ever.",
        options: [RuleOptionDescription(key: "infinite_publishers", summary: "Extra names of publishers that never finish (properties or members), as sources of a pipeline."),
                  RuleOptionDescription(key: "include_run_long_objects",
                                        summary: "`true` also reports the tasks of objects that live for the whole run (a singleton, the app delegate's, the `App`'s state object).")])

    public init() {}

    /// The project's own publishers that never finish, which every file's check asks for.
    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [CustomPublisherCompletions.preparation(index, memo: memo)]
    }

    /// A file that starts no task or reads no async values has no finding.
    static let requiredNames = NameSet([Catalogue.taskType])
    static let sequenceNames = NameSet(Catalogue.asyncSequenceMembers)

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames), context.mentions(anyOf: Self.sequenceNames) else { return [] }
        let tree = context.tree
        let extra = Set(context.options.strings("infinite_publishers")).union(Catalogue.controlEventPublisherMembers)
            .union(CustomPublisherCompletions.neverFinishingTypeNames(index: context.index, memo: context.memo))
        let finite = FinitePublishers(index: context.index, memo: context.memo)
        // A team that wants every unended loop cancelled, whatever its owner, reports those too.
        let includeRunLongObjects = context.options.strings("include_run_long_objects").contains("true")
        var findings: [Finding] = []
        for chain in tree.chains {
            guard let body = UnstructuredTasks.body(of: chain) else { continue }
            let storage = UnstructuredTasks.storage(of: chain, tree: tree)
            let kept: String?
            // Cancelled only in `deinit`, which cannot run while the task holds `self`.
            var onlyInDeinit = false
            // Cancelled only by `task?.cancel(); task = Task { … }`: the last task started runs on.
            var onlyReplaced = false
            switch storage {
            case .handedOn:
                continue
            case .discarded:
                kept = nil
            case .named(let name, let isLocal):
                if isLocal {
                    if UnstructuredTasks.localIsUsed(name, keeping: chain, tree: tree) { continue }
                } else if UnstructuredTasks.isCancelled(name, index: context.index) {
                    if UnstructuredTasks.isCancelledOutsideDeinit(name, index: context.index) { continue }
                    if UnstructuredTasks.isMentionedInDeinit(name, index: context.index) {
                        onlyInDeinit = true
                    } else {
                        onlyReplaced = true
                    }
                }
                kept = name
            }
            guard let (sequence, loop) = endlessLoop(in: body, tree: tree, index: context.index, extra: extra, finite: finite) else { continue }
            // A task that holds `self` weakly is cancelled by `deinit`, unless an appearance replaces it
            // first: the task before it is then cancelled by nothing.
            var replacedOnAppearance: String?
            if onlyInDeinit, UnstructuredTasks.holdsSelf(body, until: loop, tree: tree, index: context.index) == nil {
                guard let name = kept, let callback = appearanceReplacing(name, with: chain, tree: tree) else { continue }
                replacedOnAppearance = callback
            }
            // An object that lives for the whole run (`static let shared`) frees nothing later when
            // its loop never ends, unless a view's repeated code (`.onAppear { model.start() }`) runs
            // the method that starts a task nothing keeps: one more loop each time.
            if !includeRunLongObjects, LongLivedObjects.liveForTheRun(around: chain.first, in: tree, index: context.index, memo: context.memo) {
                guard kept == nil, let (method, label) = repeatedViewCaller(ofTaskAt: chain.first, context: context) else { continue }
                findings.append(context.finding(
                    tokens: chain.root.nameToken,
                    message: "Each `\(label)` runs `\(method)`, which starts one more task that nothing can cancel, and the loop over `\(sequence)` never ends.",
                    help: "Keep the task in a property and cancel it before starting the next (or where the view goes, `onDisappear`), or use SwiftUI's `.task { }` modifier, which the view cancels."))
                continue
            }
            // Preview code, or a type only previews make, runs in Xcode's canvas, never in the app.
            if let treeIndex = context.index.treeIndexByPath[context.file.path],
               PreviewCode.contains(chain.first, inTree: treeIndex, index: context.index, memo: context.memo) { continue }
            let endless = "the loop over `\(sequence)` never ends"
            if let callback = replacedOnAppearance, let name = kept {
                findings.append(context.finding(
                    tokens: chain.root.nameToken,
                    message: "Each `\(callback)` replaces the task in `\(name)` without cancelling the one before, and \(endless): `deinit` cancels only the last.",
                    help: "Cancel the task before starting the next (`\(name)?.cancel()`), or where the appearance ends (`viewDidDisappear`)."))
                continue
            }
            if onlyInDeinit, let name = kept {
                findings.append(context.finding(
                    tokens: chain.root.nameToken,
                    message: "`\(name)` is cancelled only in `deinit`, which never runs while this task holds `self`, and \(endless).",
                    help: "Capture `self` weakly and unwrap it inside the loop, for each value (`for await v in … { guard let self else { return } … }`), or cancel the task where its owner's work ends (`onDisappear`, `viewDidDisappear`, a `stop()`)."))
                continue
            }
            if onlyReplaced, let name = kept {
                findings.append(context.finding(
                    tokens: chain.root.nameToken,
                    message: "`\(name)` is cancelled only when the next task replaces it, and \(endless): the last task started lives for ever.",
                    help: "Also cancel the task where its owner's work ends (`onDisappear`, `viewDidDisappear`, a `stop()`), or in `deinit` with `self` captured weakly and unwrapped inside the loop, for each value."))
                continue
            }
            let message = kept.map { "This task is kept in `\($0)` but never cancelled, and \(endless): it lives for ever with everything it captures." }
                ?? "Nothing can cancel this task, and \(endless): it lives for ever with everything it captures."
            findings.append(context.finding(tokens: chain.root.nameToken, message: message,
                                            help: "Keep the task in a property and cancel it (in `onDisappear`, `viewDidDisappear`, or `deinit` with `self` captured weakly), use SwiftUI's `.task { }` modifier, which the view cancels, or subscribe with `sink` and store the cancellable."))
        }
        return findings
    }

    /// The appearance callback (`viewDidAppear`) that starts the task of `chain` into property
    /// `name` with no `name?.cancel()` before it: every appearance after the first leaves a task that
    /// nothing cancels.
    private func appearanceReplacing(_ name: String, with chain: Chain, tree: SyntaxTree) -> String? {
        guard let f = tree.outerMethod(of: chain.first), Catalogue.appearanceCallbacks.contains(tree.functions[f].name),
              let open = tree.functions[f].bodyOpen else { return nil }
        let cancelledBefore = tree.chains(in: open...chain.first).contains { earlier in
            guard let e = earlier.elements.firstIndex(where: { $0.name == name && !$0.isCall }) else { return false }
            return e + 1 < earlier.elements.count && earlier.elements[e + 1].name == "cancel"
        }
        return cancelledBefore ? nil : tree.functions[f].name
    }

    /// The text of the sequence, and the `for` token, of the first `for await … in p.values` loop directly in closure `c`
    /// whose publisher never finishes and whose body has no `break` or `return` to leave it.
    private func endlessLoop(in c: Int, tree: SyntaxTree, index: ProjectIndex, extra: Set<String>, finite: FinitePublishers) -> (String, loop: Int)? {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return nil }
        for i in closure.bodyStart..<closure.close where tree.isWord(i, "for") && tree.innermostClosure(of: i) == c {
            // `for await x in`, `for try await (a, b) in`: the `in` comes within a few tokens.
            var j = i + 1
            var awaits = false
            while j < closure.close, j < i + 24, !tree.isWord(j, "in") {
                if tree.isWord(j, "await") { awaits = true }
                j += 1
            }
            // A condition binding in the task's closure (`guard let updates = self?.store.$current.values`)
            // shadows a local of the name outside it (`let updates = store.$current` earlier in the method).
            guard awaits, j + 1 < closure.close,
                  let s = Self.chain(startingAt: j + 1, in: tree) ?? boundSequence(at: j + 1, in: c, tree: tree) ?? localSequence(at: j + 1, tree: tree)
            else { continue }
            let sequence = tree.chains[s]
            guard neverEnds(sequence, tree: tree, index: index, extra: extra, finite: finite),
                  !leavesLoop(after: loopHeaderEnd(after: j + 1, tree: tree), in: c, tree: tree) else { continue }
            return (tree.text(j + 1, loopHeaderEnd(after: j + 1, tree: tree)), i)
        }
        return nil
    }

    /// For a local named at token `k` (`let updates = $x.values` before the loop), the chain of its
    /// initial value.
    private func localSequence(at k: Int, tree: SyntaxTree) -> Int? {
        guard tree.tokens[k].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: tree.name(k), visibleAt: k, in: tree),
              let initializer = tree.variables[v].initializer,
              let s = tree.chain(startingAt: initializer.lowerBound), tree.chains[s].first == initializer.lowerBound else { return nil }
        return s
    }

    /// `guard let stream = self?.$peak.values else { return }` (or `if let`) before the loop, in
    /// the same closure: a condition binding makes no local variable, so its value is read from the
    /// last binding of the name before token `k` whose value is a chain.
    private func boundSequence(at k: Int, in c: Int, tree: SyntaxTree) -> Int? {
        guard tree.tokens[k].kind == .identifier else { return nil }
        let binding = tree.nearestBinding(of: tree.name(k), before: k, after: tree.closures[c].bodyStart - 1) { binding in
            tree.innermostClosure(of: binding.name + 1) == c && Self.chain(startingAt: binding.name + 2, in: tree) != nil
        }
        return binding.flatMap { Self.chain(startingAt: $0.name + 2, in: tree) }
    }

    /// The chain of more than one element that starts at token `k`.
    private static func chain(startingAt k: Int, in tree: SyntaxTree) -> Int? {
        guard let s = tree.chain(startingAt: k), tree.chains[s].first == k, tree.chains[s].elements.count > 1 else { return nil }
        return s
    }

    /// The last token of the loop's sequence expression starting at `k` (before its `{`).
    private func loopHeaderEnd(after k: Int, tree: SyntaxTree) -> Int {
        if let s = tree.chain(startingAt: k), tree.chains[s].first == k { return tree.chains[s].last }
        return k
    }

    /// The method around a task at token `k`, as `start()`, and what runs it again and again, when a
    /// view's repeated code calls it on an object of its type (`.onAppear { viewModel.start() }`,
    /// `RepeatedViewCalls`) and no run-once guard before the task stops the later calls.
    private func repeatedViewCaller(ofTaskAt k: Int, context: RuleContext) -> (method: String, label: String)? {
        let tree = context.tree
        guard let f = tree.enclosingFunction(of: k), tree.functions[f].kind == .function,
              let open = tree.functions[f].bodyOpen, let t = tree.functions[f].enclosingType,
              case let function = tree.functions[f],
              let label = RepeatedViewCalls.of(context.index, memo: context.memo)
                .label(ofCallsTo: function.name, onType: tree.types[t].name.lastNameComponent) else { return nil }
        let flags = RunOnceGuards.flags(setByTypeAt: t, in: tree, index: context.index, memo: context.memo)
        guard !RunOnceGuards.decidesRun(of: k, guardsIn: (open + 1)..<k, of: tree, bag: "", flags: flags) else { return nil }
        return (function.name + "()", label)
    }

    /// `p.values` with `p` a never-finishing publisher, or `NotificationCenter…notifications(named:)`;
    /// not when an async `prefix`/`first` after them ends the sequence.
    private func neverEnds(_ sequence: Chain, tree: SyntaxTree, index: ProjectIndex, extra: Set<String>, finite: FinitePublishers) -> Bool {
        let elements = sequence.elements
        guard let v = elements.firstIndex(where: { e in
            (e.name == "values" && !e.isCall) || (e.name == "notifications" && e.argument("named") != nil)
        }), v > 0 else { return false }
        if elements[(v + 1)...].contains(where: { Catalogue.valueLimitingOperators.contains($0.name) }) { return false }
        if elements[v].name == "notifications" { return true }
        // `let goals = feed.goals` before the task, then `for await goal in goals.values`: the property
        // the local holds (a call's result, `let run = encoder.encode(…)`, is a publisher made for
        // the call, whose subject the function may complete).
        // So does `guard let fixes = self?.location.fixes else { return }` in the task's closure.
        if v == 1, !sequence.root.isCall, sequence.root.subscripts.isEmpty,
           let value = heldValue(named: sequence.root.name, at: sequence.first, tree: tree), let c = tree.chain(spanning: value),
           case let held = tree.chains[c],
           held.elements.allSatisfy({ !$0.isCall && $0.subscripts.isEmpty && $0.name != "values" }) {
            guard !finite.finishes(held, before: held.elements.count, in: tree) else { return false }
            return NeverFinishingSources.evidence(in: held, before: held.elements.count, tree: tree, index: index, extraNames: extra) != nil
                || isErasedEndlessProperty(held, before: held.elements.count, tree: tree, index: index)
        }
        // `let changes = center.publisher(for: ProcessInfo.thermalStateDidChangeNotification).map { … }` in
        // the task: a notification (or timer) publisher that the framework never finishes, through operators.
        if v == 1, !sequence.root.isCall, sequence.root.subscripts.isEmpty,
           let value = heldValue(named: sequence.root.name, at: sequence.first, tree: tree), let c = tree.chain(spanning: value),
           case let held = tree.chains[c], let source = held.elements.firstIndex(where: { $0.kind == .member && $0.isCall && NeverFinishingSources.isFrameworkEndlessSource($0) }),
           held.elements[..<source].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
           held.elements[(source + 1)...].allSatisfy(NeverFinishingSources.isOperatorLike) {
            return !finite.finishes(held, before: held.elements.count, in: tree)
                && !held.elements[(source + 1)...].contains(where: { Catalogue.valueLimitingOperators.contains($0.name) })
        }
        // `[states = feed.state]` in the task's capture list: the captured property decides.
        if v == 1, !sequence.root.isCall, sequence.root.subscripts.isEmpty,
           let captured = NeverFinishingSources.capturedValueNeverFinishes(named: sequence.root.name, at: sequence.first, tree: tree, index: index) {
            return captured
        }
        guard !finite.finishes(sequence, before: v, in: tree), !endsWhenOwnerCompletes(sequence, before: v, tree: tree, index: index) else { return false }
        return NeverFinishingSources.evidence(in: sequence, before: v, tree: tree, index: index, extraNames: extra) != nil
            || isErasedEndlessProperty(sequence, before: v, tree: tree, index: index)
    }

    /// The value a local named `name` at token `k` holds: its initializer, or the value of the
    /// nearest condition binding of the name before `k` in the closure around it (a binding makes no local).
    private func heldValue(named name: String, at k: Int, tree: SyntaxTree) -> ClosedRange<Int>? {
        if let local = SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree) { return tree.variables[local].initializer }
        guard let c = tree.innermostClosure(of: k) else { return nil }
        return tree.nearestBinding(of: name, before: k, after: tree.closures[c].bodyStart - 1) { binding in
            tree.innermostClosure(of: binding.name) == c && binding.value.map { tree.conditionBoundName(ofValueAt: $0.lowerBound) == name } == true
        }?.value
    }

    /// `session.discovered.values` with `discovered` erasing the session's `found` subject, which the
    /// session's own code completes when its scan is done: the loop ends then.
    private func endsWhenOwnerCompletes(_ sequence: Chain, before v: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let last = v - 1
        let source = sequence.elements[last]
        guard last >= 1, !source.isCall, source.subscripts.isEmpty,
              let owner = TypeResolver.ownerType(ofElement: last, in: sequence, tree: tree, index: index)?.lastNameComponent else { return false }
        let subjects = SubjectCompletions.subjects(behind: source.name, owner: owner, index: index)
        return !subjects.isEmpty && subjects.allSatisfy { SubjectCompletions.isCompletedByOwner($0, owner: owner, index: index) }
    }

    /// `store.reminders.values` with `reminders` a property (of the type around, or of the type of
    /// `store`) whose initial value or getter is a never-finishing publisher erased
    /// (`var reminders: AnyPublisher<[Reminder], Never> { subject.eraseToAnyPublisher() }`): every
    /// publisher it gives must start from one, with no value limit after it.
    private func isErasedEndlessProperty(_ sequence: Chain, before v: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let last = v - 1
        let source = sequence.elements[last]
        guard !source.isCall, source.subscripts.isEmpty, !source.name.hasPrefix("$"),
              let owner = TypeResolver.ownerType(ofElement: last, in: sequence, tree: tree, index: index),
              let property = index.property(source.name, ofType: owner), !property.hasAttribute("Published"),
              property.typeText.contains("Publisher"),
              let (declaring, variable) = index.declaration(of: property) else { return false }
        var given: [Chain] = []
        if let initializer = declaring.variables[variable].initializer {
            given = declaring.chains(in: initializer).filter { $0.context == .declaration(variable) }
        } else if declaring.variables[variable].isComputed, let getter = declaring.getter(ofVariable: variable) {
            given = declaring.chainsReturned(byFunction: getter) ?? []
        }
        return !given.isEmpty && given.allSatisfy { chain in
            NeverFinishingSources.evidence(in: chain, before: chain.elements.count, tree: declaring, index: index, extraNames: []) != nil
                && !chain.elements.contains { Catalogue.valueLimitingOperators.contains($0.name) }
        }
    }

    /// Whether the loop body after token `last` (the sequence's end) has a `break` or a `return`
    /// of closure `c`'s own code: the loop may end.
    private func leavesLoop(after last: Int, in c: Int, tree: SyntaxTree) -> Bool {
        var open = last + 1
        while open < tree.closures[c].close, tree.tokens[open].kind != .leftBrace { open += 1 }
        let scope = tree.scopes[Int(tree.scopeOfToken[min(open + 1, tree.tokens.count - 1)])]
        guard scope.open == open else { return false }
        let end = min(scope.close, tree.tokens.count)
        guard open + 1 < end else { return false }
        return (open + 1..<end).contains { k in
            (tree.isWord(k, "break") || tree.isWord(k, "return")) && tree.innermostClosure(of: k) == c
        }
    }
}
