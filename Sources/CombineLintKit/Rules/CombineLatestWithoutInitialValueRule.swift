/// `combineLatest` / `Publishers.CombineLatest…` with an input that has no current value (a
/// `PassthroughSubject`, a notification, `objectWillChange`, a timer) and no `prepend(…)`: the
/// combined publisher emits nothing until that input has emitted once.
///
/// Not reported: a `PassthroughSubject` property (a trigger such as `load`, an input such as
/// `viewWillAppear`) that the project sends into where an object or a screen starts (directly in
/// `init`, `viewDidLoad` or an appearance callback, or in an `.onAppear`/`.task` closure): that
/// first value is the start the combination waits for; a
/// subject that is sent into right after the combination is set up (in the same body, or in the
/// body that calls the setup method: `init() { bind(); tab.send(0) }`); and test code.
public struct CombineLatestWithoutInitialValueRule: Rule {
    public static let description = RuleDescription(
        id: "combinelatest_without_initial_value", name: "combineLatest without initial value", defaultSeverity: .warning, isOptIn: true,
        summary: "combineLatest with an input that has no current value (a PassthroughSubject, a notification, a timer) stays silent until it emits.")

    static let help = "Give the input a starting value with `.prepend(…)`, or keep the state in a `CurrentValueSubject` or `@Published` property; if waiting for every input is meant, suppress the finding with a comment saying so."

    static let triggersHelp = "To act when any of the triggers fires, `merge` them (`refresh.merge(with: appeared)`); if waiting for all of them is meant, suppress the finding with a comment saying so."

    static let triggerHelp = "Start from the trigger and read the other inputs' current values when it fires (`trigger.map { … }` on `@Published` state, or `trigger.flatMap { inputs.first() }`)."

    public init() {}

    static let requiredNames = NameSet(Catalogue.latestCombiners)

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let values = StartingValues(index: context.index)
        var findings: [Finding] = []
        for chain in tree.chains {
            for (e, element) in chain.elements.enumerated() where Catalogue.latestCombiners.contains(element.name) && element.isCall {
                guard let inputs = inputs(of: element, at: e, in: chain) else { continue }
                // `a.combineLatest(b).prepend(…)` starts with a value of its own.
                if chain.elements[(e + 1)...].contains(where: { $0.name == "prepend" }) { continue }
                var waiting: (text: String, value: StartingValue)? = nil
                if element.name == "combineLatest", case .waits = values.startingValue(of: chain, before: e, in: tree) {
                    waiting = (receiverText(chain, before: e, tree: tree), values.startingValue(of: chain, before: e, in: tree))
                }
                for input in inputs where waiting == nil {
                    let value = values.startingValue(ofExpression: input, in: tree)
                    if case .waits = value { waiting = (shortText(input, tree: tree), value) }
                }
                guard let (text, value) = waiting, case .waits(let source, let file, let token) = value else { continue }
                // A poll in a type that shows nothing (a scheduler, a refresher): its first run comes one
                // period in, as a bare timer's would, and nothing on screen waits for it.
                if isScreenlessPoll(element, at: e, in: chain, inputs: inputs, values: values, context: context) { continue }
                // A subject fed at start: the combination starts with that first value.
                if let trigger = subjectProperty(file: file, token: token, index: context.index),
                   isFiredAtStart(trigger, before: element.nameToken, in: tree, index: context.index, memo: context.memo) { continue }
                // A subject that the same body sends into after subscribing (a test driving its
                // inputs, wiring that fires once set up) gets its first value at once.
                if isSentIntoLater(text, after: element.nameToken, in: tree) { continue }
                // A test case drives every input itself, and waiting for all of them is what it checks.
                if TestCaseCode.contains(element.nameToken, of: tree, index: context.index) { continue }
                // A form of empty text fields: the combination starts once the user has typed into each.
                if isEmptyTextForm(element, at: e, in: chain, inputs: inputs, values: values, context: context) { continue }
                let name = element.name == "combineLatest" ? "combineLatest" : "Publishers.\(element.name)"
                // A `Void` subject is a trigger: waiting for it is meant, but once it has fired, every
                // change of another input emits again, as if it had fired again. That repeats an action
                // (a `sink`); state derived from the inputs (`assign`) is meant to follow them.
                let actsOnValues = chain.elements[(e + 1)...].contains { $0.name == "sink" && $0.isCall }
                    && !chain.elements[(e + 1)...].contains { $0.name == "assign" }
                let trigger = actsOnValues && carriesVoid(file: file, token: token, index: context.index)
                // Triggers combined with triggers (`refreshTapped.combineLatest(appBecameActive)`): a
                // change of another input is that trigger firing again, which is meant; what goes wrong
                // is that nothing runs before every trigger has fired once.
                if trigger, allInputsAreVoidTriggers(element, at: e, in: chain, inputs: inputs, values: values, tree: tree, index: context.index) {
                    findings.append(context.finding(
                        tokens: element.nameToken,
                        message: "`\(name)` of triggers does nothing until every one has fired once: `\(text)` alone never runs the action.",
                        help: Self.triggersHelp, related: related(file: file, token: token, context: context)))
                    continue
                }
                let message = trigger
                    ? "`\(name)` emits again on every change of its other inputs once the trigger `\(text)` has fired, repeating the action."
                    : "`\(name)` emits nothing until `\(text)` does: \(source) has no current value."
                findings.append(context.finding(tokens: element.nameToken, message: message, help: trigger ? Self.triggerHelp : Self.help,
                                                related: related(file: file, token: token, context: context)))
            }
        }
        return findings
    }

    /// Every input that waits is a `Timer.publish` timer, and the combination is made in a type that
    /// shows nothing (`ScreenlessTypes`).
    private func isScreenlessPoll(_ element: ChainElement, at e: Int, in chain: Chain, inputs: [ClosedRange<Int>],
                                  values: StartingValues, context: RuleContext) -> Bool {
        let tree = context.tree
        guard let t = tree.enclosingType(of: element.nameToken),
              ScreenlessTypes.showsNothing(typeAt: t, in: tree, index: context.index) else { return false }
        var all = inputs.map { values.startingValue(ofExpression: $0, in: tree) }
        if element.name == "combineLatest" { all.append(values.startingValue(of: chain, before: e, in: tree)) }
        return all.allSatisfy { value in
            guard case .waits(_, let file, let token) = value else { return true }
            guard let f = context.index.treeIndexByPath[file] else { return false }
            let source = context.index.trees[f]
            return token >= 0 && token < source.tokens.count && source.tokenIs(token, "publish")
        }
    }

    /// The publishers passed to the combiner: `a.combineLatest(b, c)` (Combine's have no labels) or
    /// `Publishers.CombineLatest(a, b)`; `nil` for other functions of these names.
    private func inputs(of element: ChainElement, at e: Int, in chain: Chain) -> [ClosedRange<Int>]? {
        let arguments = element.arguments.filter { $0.closure == nil }
        guard !arguments.isEmpty, arguments.allSatisfy({ $0.label == nil }) else { return nil }
        switch element.kind {
        case .member where element.name == "combineLatest":
            return arguments.count <= 3 ? arguments.map(\.value) : nil
        case .member where e > 0 && chain.elements[e - 1].name == "Publishers":
            return arguments.count >= 2 ? arguments.map(\.value) : nil
        default:
            return nil
        }
    }

    /// The property name of the subject written at `token` of `file` (its `PassthroughSubject<…>()`
    /// creation as a property's initial value, or the name of a property declared with that type),
    /// and the simple name of the type that declares it.
    func subjectProperty(file: String, token: Int, index: ProjectIndex) -> (name: String, owner: String?)? {
        guard let t = index.treeIndexByPath[file] else { return nil }
        let tree = index.trees[t]
        guard token >= 0, token < tree.tokens.count else { return nil }
        let variable: VariableDecl?
        if tree.tokens[token].kind == .identifier, tree.tokenIs(token, "PassthroughSubject") {
            variable = tree.variables.first(where: { !$0.isLocal && $0.initializer?.contains(token) == true })
        } else {
            variable = tree.variables.first(where: { $0.nameToken == token && !$0.isLocal })
                .flatMap { SubjectDeclarations.subjectType(annotation: $0.typeText) == "PassthroughSubject" ? $0 : nil }
        }
        guard let variable else { return nil }
        return (variable.name, variable.enclosingType.map { tree.types[$0].name.lastNameComponent })
    }

    /// Whether the subject written at `token` of `file` (its creation, or the name of a variable
    /// declared as one) carries `Void`: a tap or a request, not a value.
    /// Whether every input of the combiner (the receiver of `combineLatest` included) is a `Void` subject.
    private func allInputsAreVoidTriggers(_ element: ChainElement, at e: Int, in chain: Chain, inputs: [ClosedRange<Int>],
                                          values: StartingValues, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var all = inputs.map { values.startingValue(ofExpression: $0, in: tree) }
        if element.name == "combineLatest" { all.append(values.startingValue(of: chain, before: e, in: tree)) }
        return all.count >= 2 && all.allSatisfy { value in
            guard case .waits(_, let file, let token) = value else { return false }
            return carriesVoid(file: file, token: token, index: index)
        }
    }

    private func carriesVoid(file: String, token: Int, index: ProjectIndex) -> Bool {
        guard let t = index.treeIndexByPath[file] else { return false }
        let tree = index.trees[t]
        guard token >= 0, token < tree.tokens.count,
              let variable = tree.variables.first(where: { $0.nameToken == token || $0.initializer?.contains(token) == true }) else { return false }
        let initializer = variable.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? ""
        return SubjectDeclarations.isVoidSubject(typeText: variable.typeText, initializerText: initializer)
    }

    /// Whether some code sends into the subject where an object or a screen starts: directly in an
    /// initializer, a `viewDidLoad`-like or an appearance callback (not in a closure there, which
    /// may run later), or in an `.onAppear`/`.task` closure. A send into a member of the name whose
    /// receiver is of a known, unrelated type is another subject. A send earlier in the function
    /// that subscribes (before `subscribed`, a token of `here`) is lost: a subject keeps no value for
    /// later subscribers.
    private func isFiredAtStart(_ subject: (name: String, owner: String?), before subscribed: Int, in here: SyntaxTree,
                                index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let subscribingFunction = here.enclosingFunction(of: subscribed)
        for reference in SendsOfName.of(subject.name, index: index, memo: memo).sends(into: subject, index: index) {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let token = chain.elements[reference.element].nameToken
            if tree.file.path == here.file.path, token < subscribed, subscribingFunction != nil,
               tree.enclosingFunction(of: token) == subscribingFunction { continue }
            if tree.innermostClosure(of: token) == nil, let f = tree.enclosingFunction(of: token) {
                if Self.runsAtStart(tree.functions[f]) || isCalledAtStart(f, in: tree, index: index) { return true }
            }
            for c in tree.enclosingClosures(of: token) {
                if let call = tree.call(receiving: c), Catalogue.appearanceModifiers.contains(tree.chains[call.chain].elements[call.element].name) { return true }
            }
        }
        return false
    }

    /// An initializer, a `viewDidLoad`-like or an appearance callback: code that runs where an
    /// object or a screen starts.
    private static func runsAtStart(_ function: FunctionDecl) -> Bool {
        function.kind == .initializer || Catalogue.onceCallbacks.contains(function.name) || Catalogue.appearanceCallbacks.contains(function.name)
    }

    /// Whether method `f` is called on `self`, as a statement outside any closure, by code of its
    /// own type that runs at start (`viewDidLoad() { …; restoreDraft() }`).
    private func isCalledAtStart(_ f: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard tree.functions[f].kind == .function else { return false }
        return MethodCallGraph.ownTypeCalls(of: f, in: tree, index: index).contains { reference in
            let caller = index.trees[reference.tree]
            let first = caller.chains[reference.chain].first
            guard caller.innermostClosure(of: first) == nil, let g = caller.enclosingFunction(of: first),
                  caller.functions[g].enclosingType != nil else { return false }
            return Self.runsAtStart(caller.functions[g])
        }
    }

    /// Whether the input written `text` (a local `name`, or a member `name` / `self.name`) is sent
    /// into by a `name.send(…)` / `self.name.send(…)` after `token`, directly in the same function
    /// body, or, for a member, after a call of that function (`bind()`, `self.bind()`) in another
    /// function of the same type in the file (`init() { bind(); tab.send(0) }`): the body runs to
    /// its end at once, so the combination gets that value right away.
    private func isSentIntoLater(_ text: String, after token: Int, in tree: SyntaxTree) -> Bool {
        let name = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let f = tree.enclosingFunction(of: token), let close = tree.functions[f].bodyClose, token < close else { return false }
        if sends(into: name, after: token, through: close, closure: tree.innermostClosure(of: token), in: tree) { return true }
        // The setup method's callers: a member only (a local is gone after the method returns).
        let function = tree.functions[f]
        guard function.kind == .function, tree.innermostClosure(of: token) == nil,
              SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) == nil,
              let type = function.enclosingType else { return false }
        for (g, caller) in tree.functions.enumerated() where g != f && caller.enclosingType == type {
            guard let open = caller.bodyOpen, let end = caller.bodyClose, open < end else { continue }
            for k in tree.chainIndices(in: open...end) {
                let chain = tree.chains[k]
                let names = chain.names
                let start = names.first == "self" ? 1 : 0
                guard names.count == start + 1, names[start] == function.name, chain.elements[start].isCall,
                      tree.enclosingFunction(of: chain.first) == g, tree.innermostClosure(of: chain.first) == nil else { continue }
                if sends(into: name, after: chain.last, through: end, closure: nil, in: tree) { return true }
            }
        }
        return false
    }

    /// A `name.send(…)` / `self.name.send(…)` chain in `(token + 1)...close`, directly in `closure` (or in no closure).
    private func sends(into name: String, after token: Int, through close: Int, closure: Int?, in tree: SyntaxTree) -> Bool {
        guard token + 1 <= close else { return false }
        for k in tree.chainIndices(in: (token + 1)...close) {
            let chain = tree.chains[k]
            let names = chain.names
            let start = names.first == "self" ? 1 : 0
            guard names.count > start + 1, names[start] == name, names[start + 1] == "send",
                  tree.innermostClosure(of: chain.first) == closure else { continue }
            return true
        }
        return false
    }

    /// Where the waiting input is declared, when that is not at the finding.
    private func related(file: String, token: Int, context: RuleContext) -> [RelatedLocation] {
        guard file != context.file.path, let t = context.index.treeIndexByPath[file] else { return [] }
        let tree = context.index.trees[t]
        guard token > 0, token < tree.tokens.count else { return [] }
        return [RelatedLocation(in: tree.file, range: tree.tokens[token].startOffset..<tree.tokens[token].endOffset,
                                message: "declared here, with no current value")]
    }

    private func receiverText(_ chain: Chain, before e: Int, tree: SyntaxTree) -> String {
        shortText(chain.first...(chain.elements[e - 1].lastToken), tree: tree)
    }

    /// The input as written, on one line, cut to a readable length.
    private func shortText(_ range: ClosedRange<Int>, tree: SyntaxTree) -> String {
        let text = tree.text(range.lowerBound, range.upperBound)
        return text.count <= 40 ? text : String(text.prefix(37)) + "…"
    }

    /// The project's `name.send(…)` calls of one name, read once per run, by the type of their
    /// receiver where it can be told (`nil` where not): every screen of an app may have a `name`
    /// subject, and each combination asks for the sends of its own.
    struct SendsOfName: Sendable {
        private var byReceiver: [String: [ElementReference]] = [:]
        private var unresolved: [ElementReference] = []
        private var all: [ElementReference] = []

        static func of(_ name: String, index: ProjectIndex, memo: ProjectMemo) -> SendsOfName {
            memo.value(for: "combinelatest_without_initial_value.sends\u{0}" + name) { SendsOfName(name, index: index) }
        }

        private init(_ name: String, index: ProjectIndex) {
            for reference in index.chainElements[name] {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                guard reference.element + 1 < chain.elements.count, chain.elements[reference.element + 1].name == "send" else { continue }
                all.append(reference)
                if let receiver = TypeResolver.ownerType(ofElement: reference.element, in: chain, tree: tree, index: index) {
                    byReceiver[receiver, default: []].append(reference)
                } else {
                    unresolved.append(reference)
                }
            }
        }

        /// The sends that can go into the subject: all of them for a subject of no known owner;
        /// else those whose receiver is unknown or of a type related to the owner
        /// (`ProjectIndex.relatedTypes`). In no particular order.
        func sends(into subject: (name: String, owner: String?), index: ProjectIndex) -> [ElementReference] {
            guard let owner = subject.owner else { return all }
            var result = unresolved
            for type in index.relatedTypes(of: owner) { result += byReceiver[type] ?? [] }
            return result
        }
    }
}
