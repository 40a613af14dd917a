/// Who feeds a member by name across the project: the types around every place that sends into
/// it or completes it. That is a `send` (`model.events.send(x)`, `events.send(completion: .finished)`,
/// or the method passed on by reference, `sink(receiveValue: model.events.send)`), a write to a
/// `CurrentValueSubject`'s value (`model.state.value = x`), and handing it to Combine as a
/// subscriber, which then sends upstream's values and completion into it
/// (`publisher.subscribe(model.events)`, `multicast(subject: model.events)`,
/// `AnySubscriber(model.events)`, `receive(subscriber: model.events)`,
/// `assign(to: \.value, on: model.state)`), or handing it to a project function or initializer
/// that takes a subject. Made once per name and run (through `ProjectMemo`).
struct SubjectSenders: Sendable {
    // A feeder is known by the simple name of the innermost type around it (nil: a free function,
    // top-level code) with its file, and, when its receiver's type is known, the simple name of the
    // type whose member it feeds (`model` in `model.events.send(x)` with `let model: FeedModel`; the
    // enclosing type for `events.send(x)` and `self.events.send(x)`).
    private struct Feeder: Hashable, Sendable {
        var enclosingType: String?
        var file: String
    }
    /// The feeders whose receiver's type is unknown (they may feed any type's member).
    private var feedersOfUnknownOwners: Set<Feeder> = []
    /// The feeders of a known owner type, by that type: a declaring type looks up the types
    /// related to it instead of testing every feeder (thousands of types may declare a member of
    /// one name, `events`, each fed from its own screen).
    private var feedersByOwner: [String: Set<Feeder>] = [:]

    init(member name: String, index: ProjectIndex) {
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            guard Self.feeds(chain, at: reference.element, in: tree, index: index) else { continue }
            // `progress.send(x)` on a parameter: a subject the caller hands over, which counts where it
            // is handed (`exportReport(jobs, progress: analyzer.progress)`), not as every member of the name.
            if reference.element == 0, case .parameter = TypeResolver.localDeclaration(of: chain.elements[0].name, at: chain.elements[0].nameToken, in: tree) {
                sendsIntoParameters = true
                continue
            }
            // Handed whole to another type's initializer or function (`TripOfferContext(decisions:
            // self.decisions)`): that type holds it to send into, whoever hands it over.
            let receiver = Self.projectCalleeTakingSubject(chain, at: reference.element, in: tree, index: index)
            let feeder = Feeder(enclosingType: receiver ?? tree.enclosingType(of: chain.elements[reference.element].nameToken).map { tree.types[$0].name.lastNameComponent },
                                   file: receiver == nil ? tree.file.path : "")
            // A receiver's type the project does not declare (a typealias such as `AppStore` for
            // `Store<AppState, AppAction>`, a framework type) is not known to be unrelated.
            // A local or a capture of the member's name (`[typingUsers = socket.typingUsers] in
            // typingUsers.value.insert(user)`) may hold another object's subject: owner unknown.
            // `InventoryHub.shared.events.send(x)`: through stored properties, from a type's shared instance.
            let owner = Self.isLocalAlias(chain, at: reference.element, in: tree) ? nil
                : TypeResolver.ownerTypeThroughProperties(ofElement: reference.element, in: chain, tree: tree, index: index)
                    .flatMap { index.type(named: $0) == nil ? nil : $0 }
            if let owner {
                feedersByOwner[owner, default: []].insert(feeder)
            } else {
                feedersOfUnknownOwners.insert(feeder)
            }
        }
    }

    /// Some code sends into a parameter of the name (`func show(markerRequests: PassthroughSubject<…>)`).
    private var sendsIntoParameters = false

    /// Whether any code of the project feeds a member or a parameter of the name, of whichever type.
    var feedsAnywhere: Bool { sendsIntoParameters || !feedersOfUnknownOwners.isEmpty || !feedersByOwner.isEmpty }

    /// Whether code outside `declaringType` feeds its member of the name: from another type (a
    /// subclass included) or from outside any type. A place that feeds the member of another,
    /// unrelated type of the same name (its receiver's type is known) does not count.
    /// An extension of the type in another file counts as outside too: `private` (and
    /// `fileprivate`) would hide the member from it.
    func feedsFromOutside(_ declaringType: String, declaredIn file: String, index: ProjectIndex) -> Bool {
        let own = declaringType.lastNameComponent
        let outside = { (feeders: Set<Feeder>) in feeders.contains { $0.enclosingType != own || $0.file != file } }
        if outside(feedersOfUnknownOwners) { return true }
        guard !feedersByOwner.isEmpty else { return false }
        return index.relatedTypes(of: own).contains { owner in feedersByOwner[owner].map(outside) ?? false }
    }

    /// Whether a project function named `callee`, or an initializer of a project type of that name,
    /// has a parameter whose type is a subject (`PassthroughSubject<…>`, `CurrentValueSubject<…>`,
    /// `some Subject`, `any Subject<…>`). Asked through the index's postings of that name only
    /// (the type's declarations and their members), never through every initializer of the project.
    static func takesSubject(_ callee: String, index: ProjectIndex) -> Bool {
        guard callee.first?.isUppercase == true else {
            return index.functions[callee].contains { reference in
                let function = index.trees[reference.tree].functions[reference.item]
                return function.kind == .function && function.name == callee && function.parameters.contains { isSubjectType($0.typeText) }
            }
        }
        return index.typeDeclarations[callee].contains { reference in
            let tree = index.trees[reference.tree]
            let type = tree.types[reference.item]
            guard type.name.lastNameComponent == callee else { return false }
            let initializers = type.functions.filter { tree.functions[$0].kind == .initializer }
            // A struct without an initializer of its own takes its stored properties
            // (`ChatComposer(draft: $model.draft, output: model.outgoing)` with `let output: PassthroughSubject<…>`).
            if initializers.isEmpty, type.kind == .struct {
                return type.variables.contains { v in
                    let variable = tree.variables[v]
                    return !variable.isStatic && !variable.isComputed && isSubjectType(variable.typeText)
                }
            }
            return initializers.contains { f in tree.functions[f].parameters.contains { isSubjectType($0.typeText) } }
        }
    }

    private static func isSubjectType(_ text: String) -> Bool {
        ProjectIndex.namesSubject(text) || text.hasPrefix("some Subject") || text.hasPrefix("any Subject")
    }

    /// Whether element `e` of `chain` names a subject that this use sends into or completes, or
    /// that a local alias made of it does (`let taps = model.taps` … `taps.send(1)`).
    static func feeds(_ chain: Chain, at e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if feedsDirectly(chain, at: e, in: tree, index: index) { return true }
        guard e == chain.elements.count - 1, case .declaration(let v) = chain.context, tree.variables[v].isLocal else { return false }
        for use in SubscriptionFinder.usesAfterDeclaration(of: v, in: tree) {
            guard let c = tree.chain(startingAt: use), tree.chains[c].elements.first?.name == tree.variables[v].name else { continue }
            if feedsDirectly(tree.chains[c], at: 0, in: tree, index: index) { return true }
        }
        return false
    }

    /// Whether element `e` is the chain's root naming a parameter, or a local or capture bound to
    /// another object's member of the name (`let typingUsers = socket.typingUsers`, `[typingUsers =
    /// socket.typingUsers]`), rather than a member of the enclosing type. A local made there
    /// (`let events = PassthroughSubject<…>()` in a test) stays as it was read.
    private static func isLocalAlias(_ chain: Chain, at e: Int, in tree: SyntaxTree) -> Bool {
        guard e == 0 else { return false }
        let root = chain.elements[0]
        let member = "." + root.name
        switch TypeResolver.localDeclaration(of: root.name, at: root.nameToken, in: tree) {
        case .parameter: return true
        case .local(let v):
            guard let initializer = tree.variables[v].initializer else { return false }
            return tree.text(initializer.lowerBound, initializer.upperBound).hasSuffix(member)
        case nil:
            return tree.enclosingClosures(of: root.nameToken).contains { c in
                tree.closures[c].captures.contains { $0.name == root.name && $0.expression.hasSuffix(member) }
            }
        }
    }

    /// The project type (or function) that element `e`, the whole argument of its call, is handed
    /// to, when that callee takes a subject.
    static func projectCalleeTakingSubject(_ chain: Chain, at e: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard e == chain.elements.count - 1, case .argument(let open) = chain.context, open > 0,
              tree.tokens[open - 1].kind == .identifier else { return nil }
        let callee = tree.name(open - 1)
        guard !Catalogue.subscriberTakingCalls.contains(callee), takesSubject(callee, index: index) else { return nil }
        return callee
    }

    /// Whether element `v` of `chain` is a `value` that the chain writes, which sends it to the
    /// subscribers of a current-value subject: `state.value = x`, `state.value += 1`,
    /// `states.value[kind] = state`, and changes in place, which set `value` as well:
    /// `items.value.append(x)`, `flag.value.toggle()`, `settings.value.theme = .dark`.
    static func writesValue(_ chain: Chain, at v: Int, in tree: SyntaxTree) -> Bool {
        let elements = chain.elements
        guard v < elements.count, elements[v].name == "value", !elements[v].isCall else { return false }
        let rest = elements[(v + 1)...]
        if rest.contains(where: { $0.isCall && (Catalogue.collectionMutatingMethods.contains($0.name) || Catalogue.valueMutatingMethods.contains($0.name)) }) { return true }
        guard !rest.contains(where: \.isCall) else { return false }
        let after = chain.last + 1
        guard after < tree.tokens.count else { return false }
        let token = tree.tokens[after]
        if token.kind == .equal { return true }
        if token.kind == .operator {
            let text = tree.text(after)
            return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(text)
        }
        return false
    }

    private static func feedsDirectly(_ chain: Chain, at e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        let next = e + 1
        if next < elements.count {
            // `events.send(x)`, or `events.send` handed on as a function.
            if elements[next].name == "send" { return true }
            return writesValue(chain, at: next, in: tree)
        }
        // The subject itself as the argument of a call that subscribes it.
        guard e == elements.count - 1, case .argument(let open) = chain.context, open > 0,
              tree.tokens[open - 1].kind == .identifier else { return false }
        let callee = tree.name(open - 1)
        if Catalogue.subscriberTakingCalls.contains(callee) { return true }
        // Handed to a project function or initializer that takes a subject (`Child(events: model.events)`,
        // `forward(into: model.events)`): the callee holds it to send into.
        if takesSubject(callee, index: index) { return true }
        // `assign(to: \.value, on: state)`: the assignment writes the subject's value.
        return callee == "assign" && chain.first > 1 && tree.tokens[chain.first - 1].kind == .colon && tree.isWord(chain.first - 2, "on")
    }
}
