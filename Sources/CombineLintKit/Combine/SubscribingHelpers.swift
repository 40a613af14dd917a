/// Project methods that subscribe a closure they are given and keep the subscription: a base view
/// controller's `func bind<T>(_ p: AnyPublisher<T, Never>, to handler: @escaping (T) -> Void) {
/// p.sink(receiveValue: handler).store(in: &cancellables) }`, or a publisher extension's
/// `func bind(to bag: DisposeBag, _ receive: @escaping (Output) -> Void)` that stores into the bag
/// it is given, or one that returns the subscription's `AnyCancellable` for the caller to store
/// (also a static or global function: `statsToken = Subscriptions.every(30) { self.logStats() }`),
/// or returns the subscriptions in an `[AnyCancellable]` or `Set<AnyCancellable>` literal,
/// or a class whose initializer subscribes the closure and keeps the subscription
/// (`observer = StreamObserver(feed) { self.render($0) }`).
/// The closure a caller passes is then kept by that bag, as if the caller had written the `sink`
/// itself. Found once per run.
public struct SubscribingHelpers: Sendable {
    /// One such method.
    public struct Helper: Sendable, Hashable {
        /// Who keeps the subscription: a member of the method's `self`, or the bag passed as one
        /// of its parameters (by position).
        public enum Keeper: Sendable, Hashable {
            case selfMember(String)
            case parameter(Int)
            /// The method returns the subscription's `AnyCancellable` (`func driveUI(_ closure: …)
            /// -> AnyCancellable { receive(on: …).sink(receiveValue: closure) }`): whoever stores the
            /// result keeps the closure.
            case returned
        }

        public var tree: Int
        public var function: Int
        /// The position of the closure parameter the subscription keeps.
        public var handler: Int
        public var keeper: Keeper
        /// The position of the parameter the subscription's pipeline starts from
        /// (`func load<T>(_ publisher: AnyPublisher<T, E>, apply: …) { token = publisher.sink(…) }`),
        /// if it starts from one: what the caller passes there decides whether it finishes.
        public var source: Int? = nil
    }

    /// The helpers by method name.
    public let byName: [String: [Helper]]
    /// Subscription factories by name: methods taking no closure that make an endless subscription
    /// and return its `AnyCancellable` (`func makeChangeSubscription() -> AnyCancellable {
    /// viewModel.$summary.sink { … } }`), so that `cancellables.insert(makeChangeSubscription())`
    /// stores that subscription where it is called.
    public let factoriesByName: [String: [DeclarationReference]]
    /// The calls of a helper's name, by tree: (chain, element), found through the index's postings.
    public let callsByTree: [Int: [(chain: Int, element: Int)]]

    /// Where the run's one copy is kept in the memo.
    private static let memoKey = "subscribing-helpers"

    /// The project's helpers, worked out once per run and shared by every rule that asks.
    public static func of(_ index: ProjectIndex, memo: ProjectMemo) -> SubscribingHelpers {
        memo.value(for: memoKey) { SubscribingHelpers(index: index) }
    }

    /// Makes them ahead of the files that ask (`Rule.preparations`).
    public static func preparation(_ index: ProjectIndex, memo: ProjectMemo) -> Preparation {
        Preparation(memoKey) { _ = of(index, memo: memo) }
    }

    public init(index: ProjectIndex) {
        var byName: [String: [Helper]] = [:]
        var factories: [String: [DeclarationReference]] = [:]
        // A helper subscribes: only files that name a subscriber call can hold one.
        for t in index.trees.indices where t >= index.vocabularies.count || index.vocabularies[t].mentions(anyOf: SubscriptionFinder.subscriberNames) {
            let tree = index.trees[t]
            for (f, function) in tree.functions.enumerated() {
                if SubscribingHelpers.isSubscriptionFactory(f, in: tree, index: index) {
                    factories[function.name, default: []].append(DeclarationReference(tree: t, item: f))
                }
                guard function.kind == .function || function.kind == .initializer, !function.isLocal,
                      function.parameters.contains(where: SubscribingHelpers.isEscapingClosure),
                      let open = function.bodyOpen, let close = function.bodyClose, open + 1 < close else { continue }
                guard let helper = SubscribingHelpers.helper(f, inTree: t, tree: tree, body: open...close) else { continue }
                if function.kind == .function {
                    byName[function.name, default: []].append(helper)
                } else if case .selfMember = helper.keeper, let type = function.enclosingType, tree.types[type].kind == .class {
                    // `StreamObserver(feed) { … }`: a class whose initializer subscribes the closure
                    // and keeps the subscription, called by the type's name.
                    byName[tree.types[type].name.lastNameComponent, default: []].append(helper)
                }
            }
        }
        self.byName = byName
        self.factoriesByName = factories
        var calls: [Int: [(chain: Int, element: Int)]] = [:]
        for name in Set(byName.keys).union(factories.keys).sorted() {
            for reference in index.chainElements[name] where index.trees[reference.tree].chains[reference.chain].elements[reference.element].isCall {
                calls[reference.tree, default: []].append((reference.chain, reference.element))
            }
        }
        callsByTree = calls
    }

    /// Function `f` returns `AnyCancellable`, takes no closure, and each of its `return`s is a `sink`
    /// or `assign(to:on:)` subscription whose source never finishes.
    private static func isSubscriptionFactory(_ f: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let function = tree.functions[f]
        guard function.kind == .function, !function.isLocal, function.returnType == "AnyCancellable",
              !function.parameters.contains(where: isEscapingClosure), !PublisherExtensions.declares(function, in: tree) else { return false }
        let returned = tree.returnedChainIndices(ofFunction: f)
        return !returned.isEmpty && returned.allSatisfy { c in
            let chain = tree.chains[c]
            guard let (e, kind) = SubscriptionFinder.subscriberElement(of: chain), e == chain.elements.count - 1,
                  kind == .sink || kind == .assignOnObject else { return false }
            return NeverFinishingSources.evidence(in: chain, before: e, tree: tree, index: index, extraNames: []) != nil
        }
    }

    /// The `inout` bag argument (`&cancellables`) of a call of a helper that stores the subscription it
    /// makes into its bag parameter, when every helper of the name the call's labels fit does.
    private static func storedIntoInoutBag(_ element: ChainElement, helpers: [Helper], index: ProjectIndex) -> Argument? {
        var bag: Argument?
        for helper in helpers {
            let function = index.trees[helper.tree].functions[helper.function]
            guard function.accepts(argumentLabels: element.argumentLabels) else { continue }
            guard case .parameter(let p) = helper.keeper, p < element.arguments.count, element.arguments[p].isInout else { return nil }
            bag = element.arguments[p]
        }
        return bag
    }

    /// `handler: @escaping (T) -> Void` (the attribute leads the type as written; the first
    /// character is looked at before any search: most parameters are not closures).
    static func isEscapingClosure(_ parameter: Parameter) -> Bool {
        parameter.typeText.first == "@" && parameter.typeText.contains("@escaping")
    }

    /// The helper function `f` is, if a subscription made right in its body (not in a closure)
    /// names one of its `@escaping` closure parameters and is kept by a member of `self` or by a
    /// bag parameter.
    private static func helper(_ f: Int, inTree t: Int, tree: SyntaxTree, body: ClosedRange<Int>) -> Helper? {
        let function = tree.functions[f]
        for chain in tree.chains(in: body) {
            guard let (e, kind) = SubscriptionFinder.subscriberElement(of: chain) ?? receiverSink(of: chain, in: function, tree: tree), kind != .connect,
                  tree.innermostClosure(of: chain.first) == nil, tree.enclosingFunction(of: chain.first) == f else { continue }
            guard let handler = function.parameters.indices.first(where: { p in
                isEscapingClosure(function.parameters[p])
                    && (chain.first...chain.last).contains { k in
                        tree.tokens[k].kind == .identifier && tree.name(k) == function.parameters[p].name
                            && !(k > 0 && tree.tokens[k - 1].kind == .period)
                    }
            }) else { continue }
            let keeper: Helper.Keeper
            switch SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree) {
            case .bag(.selfMember(let name)), .assigned(.selfMember(let name)), .collection(.selfMember(let name)):
                // A static or global function's bag is no caller's: only its bag parameter or result is.
                guard !function.isStatic, function.enclosingType != nil else { continue }
                keeper = .selfMember(name)
            case .bag(.parameter(let name)), .collection(.parameter(let name)):
                guard let p = function.parameters.firstIndex(where: { $0.name == name }) else { continue }
                keeper = .parameter(p)
            case .bag(.other(let text)), .collection(.other(let text)):
                // `.store(in: &bag.cancellables)`: the bag object passed as a parameter.
                let root = String(text.prefix { $0 != "." && $0 != " " && $0 != "?" && $0 != "!" })
                guard text.count > root.count, let p = function.parameters.firstIndex(where: { $0.name == root }) else { continue }
                keeper = .parameter(p)
            case .returned:
                guard function.returnType == "AnyCancellable" else { continue }
                keeper = .returned
            case .passed:
                // `-> [AnyCancellable] { [a.sink(receiveValue: onA), b.sink(receiveValue: onB)] }`:
                // the subscriptions go back in the collection the method returns.
                guard case .collectionElement(let open) = chain.context, isReturnedLiteral(open: open, body: body, in: tree),
                      Catalogue.isCancellableCollectionType(function.returnType) else { continue }
                keeper = .returned
            default:
                continue
            }
            let root = chain.elements[0]
            let source = root.kind == .root && !root.isCall ? function.parameters.firstIndex(where: { $0.name == root.name }) : nil
            return Helper(tree: t, function: f, handler: handler, keeper: keeper, source: source)
        }
        return nil
    }

    /// Whether the collection literal opened at `open` is what the function whose body spans
    /// `body` returns: after `return`, or the body's single expression.
    static func isReturnedLiteral(open: Int, body: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        guard open > 0 else { return false }
        if tree.isWord(open - 1, "return") { return true }
        return open - 1 == body.lowerBound && Int(tree.matching[open]) + 1 == body.upperBound
    }

    /// `sink(receiveValue: handler).store(in: &bag)` written without a receiver in an extension of a
    /// publisher type: the `sink` of `self`, the publisher the helper is called on.
    static func receiverSink(of chain: Chain, in function: FunctionDecl, tree: SyntaxTree) -> (Int, Subscription.Subscriber)? {
        guard PublisherExtensions.declares(function, in: tree),
              let root = chain.elements.first, root.kind == .root, root.name == "sink", SubscriptionFinder.isSinkCall(root),
              chain.elements.count == 1 || (chain.elements.count == 2 && SubscriptionFinder.bagArgument(of: chain.elements[1]) != nil)
        else { return nil }
        return (0, .sink)
    }

    /// `typing.onMain { … }.store(in: &cancellables)` where `onMain` is a project helper (a publisher
    /// extension's `func onMain(_ receive: @escaping (Output) -> Void) -> AnyCancellable` that
    /// subscribes the closure): the bag keeps that subscription as if the `sink` were written here,
    /// so the call is taken as the subscriber; so is making an object whose initializer subscribes
    /// the closure and keeps the subscription (`observers.append(Observer(model.$text) { … })`).
    /// The calls of `tree` not already among `subscriptions`.
    public static func returnedSubscriptions(in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo,
                                             besides subscriptions: [Subscription]) -> [Subscription] {
        guard let t = index.treeIndexByPath[tree.file.path] else { return [] }
        let helpers = of(index, memo: memo)
        guard let calls = helpers.callsByTree[t] else { return [] }
        var result: [Subscription] = []
        for (c, e) in calls {
            guard !subscriptions.contains(where: { $0.chain == c && $0.element == e }) else { continue }
            let element = tree.chains[c].elements[e]
            // `cancellables.insert(makeChangeSubscription())`: a factory of this type called on `self`.
            let chain = tree.chains[c]
            let onSelf = e == 0 || (e == 1 && tree.isWord(chain.root.nameToken, "self"))
            let madeByFactory = onSelf && (helpers.factoriesByName[element.name] ?? []).contains { reference in
                index.trees[reference.tree].functions[reference.item].accepts(argumentLabels: element.argumentLabels)
            }
            // `$readings.bind(into: &cancellables) { … }`: a helper that stores into the `inout` bag it is given.
            if let bag = storedIntoInoutBag(element, helpers: helpers.byName[element.name] ?? [], index: index) {
                result.append(Subscription(chain: c, element: e, subscriber: .sink, storage: .bag(SubscriptionFinder.owner(ofBag: bag, in: tree))))
                continue
            }
            let returnsCancellable = madeByFactory || (helpers.byName[element.name] ?? []).contains { helper in
                let function = index.trees[helper.tree].functions[helper.function]
                switch helper.keeper {
                case .returned:
                    break
                case .selfMember:
                    // `observers.append(Observer(model.$text) { … })`: the new object keeps the
                    // subscription its initializer makes, and the collection keeps the object.
                    guard function.kind == .initializer, e == 0 else { return false }
                default:
                    return false
                }
                return function.accepts(argumentLabels: element.argumentLabels)
            }
            guard returnsCancellable else { continue }
            result.append(Subscription(chain: c, element: e, subscriber: .sink,
                                       storage: SubscriptionFinder.storage(of: tree.chains[c], subscriberAt: e, in: tree)))
        }
        return result
    }
}
