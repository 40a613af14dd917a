extension SubjectFakeInitialValueRule {
    /// Whether the consumer subscribing at `site` subscribes once for each object of the declaring
    /// type `owner`, before that object can hold a value: from a callback that runs once per consumer
    /// (`init`, `viewDidLoad`, or a method only those call), in a consumer that is the owner itself,
    /// that makes the owner, or that is made in the same function as every owner
    /// (`let model = DetailModel(…); let screen = DetailViewController(model: model)`). Such a
    /// consumer never arrives after an event was set, so nothing is replayed to it.
    static func subscribesOncePerOwner(_ site: Evidence.Site, owner: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let tree = index.trees[site.tree]
        guard tree.innermostClosure(of: site.token) == nil,
              let f = tree.enclosingFunction(of: site.token), let t = tree.enclosingType(of: site.token) else { return false }
        let consumer = tree.types[t].name.lastNameComponent
        let function = tree.functions[f]
        // Asked once per method and per pair of types: many properties share them.
        let once = isOnceCallback(function) || memo.value(for: "subject_fake_initial_value.once\u{0}\(consumer)\u{0}" + function.selectorName) {
            runsOncePerObject(function, of: consumer, index: index)
        }
        guard once else { return false }
        return consumer == owner || memo.value(for: "subject_fake_initial_value.madeWith\u{0}\(owner)\u{0}" + consumer) {
            isMadeWith(owner: owner, consumer: consumer, index: index, memo: memo)
        }
    }

    /// `init`, `viewDidLoad` and the like, or a method of the type (or a superclass) whose every call
    /// on `self` is in one of them, outside any closure (`bindViewModel()` from `viewDidLoad`).
    static func runsOncePerObject(_ function: FunctionDecl, of typeName: String, index: ProjectIndex) -> Bool {
        if isOnceCallback(function) { return true }
        guard function.kind == .function, !function.isStatic, !function.isLocal else { return false }
        let types = Set([typeName] + index.superclasses(of: typeName, limit: 8))
        var calls = 0
        for reference in index.chainElements[function.name] {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let element = chain.elements[reference.element]
            guard element.isCall, MethodCallGraph.selector(of: element) == function.selectorName,
                  reference.element == 0 || (reference.element == 1 && tree.isWord(chain.root.nameToken, "self")),
                  let t = tree.enclosingType(of: element.nameToken), types.contains(tree.types[t].name.lastNameComponent) else { continue }
            guard tree.innermostClosure(of: element.nameToken) == nil, let caller = tree.enclosingFunction(of: element.nameToken),
                  isOnceCallback(tree.functions[caller]) else { return false }
            calls += 1
        }
        return calls > 0
    }

    static func isOnceCallback(_ function: FunctionDecl) -> Bool {
        function.kind == .initializer || (function.kind == .function && Catalogue.onceCallbacks.contains(function.name))
    }

    /// Every object of type `owner` made in the app (`Owner(…)`, `Owner.init(…)`) is a fresh one for
    /// one consumer: made by a `consumer` (a stored property's initial value, or assigned in its
    /// body), handed straight to a consumer's initializer (`DetailViewController(model: DetailModel())`),
    /// or kept in a local of a function that also makes a `consumer` and stored nowhere else. An
    /// owner made nowhere in sight (a factory, `.init()`) or kept for later (`activeCall ?? CallModel()`,
    /// `activeCall = model`) may meet a second consumer.
    static func isMadeWith(owner: String, consumer: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let makers = memo.value(for: "subject_fake_initial_value.makers\u{0}" + consumer) { functionsMaking(consumer, index: index) }
        var made = 0
        for reference in index.chainElements[owner] where reference.element == 0 {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let root = chain.elements[0]
            let isInit = chain.elements.count > 1 && chain.elements[1].name == "init" && chain.elements[1].isCall
            guard root.isCall || isInit else { continue }
            if TestCaseCode.isTestOrDouble(root.nameToken, of: tree, index: index) { continue }
            guard chain.elements.count == (isInit ? 2 : 1) else { return false }
            made += 1
            let madeByConsumer = tree.enclosingType(of: root.nameToken).map { tree.types[$0].name.lastNameComponent == consumer } ?? false
            switch chain.context {
            case .declaration(let v):
                if madeByConsumer { continue }
                guard tree.variables[v].isLocal, let f = tree.enclosingFunction(of: root.nameToken),
                      makers.contains(FunctionReference(tree: reference.tree, function: f)),
                      !SubscriptionFinder.usesAfterDeclaration(of: v, in: tree).contains(where: { $0 > 0 && tree.tokens[$0 - 1].kind == .equal })
                else { return false }
            case .assignment(_, compound: false) where madeByConsumer:
                continue
            case .argument(let open):
                guard let call = tree.call(openedAt: open), call.element == 0,
                      tree.chains[call.chain].elements[0].name == consumer else { return false }
            default:
                return false
            }
        }
        return made > 0
    }

    /// A function of a file.
    struct FunctionReference: Sendable, Hashable {
        var tree: Int
        var function: Int
    }

    /// The functions that make a `typeName` (`TypeName(…)`).
    static func functionsMaking(_ typeName: String, index: ProjectIndex) -> Set<FunctionReference> {
        var result = Set<FunctionReference>()
        for reference in index.chainElements[typeName] where reference.element == 0 {
            let tree = index.trees[reference.tree]
            let root = tree.chains[reference.chain].elements[0]
            guard root.isCall, let f = tree.enclosingFunction(of: root.nameToken) else { continue }
            result.insert(FunctionReference(tree: reference.tree, function: f))
        }
        return result
    }
}
