/// Finds subscriptions (`sink`, `assign(to:on:)`, `connect()`, a stored `subscribe(subject)`) and
/// where their cancellables go.
public enum SubscriptionFinder {
    /// The subscriber calls, and `subscribe` (into a subject): a file that names none of them has
    /// no subscription.
    public static let subscriberNames = NameSet(Catalogue.subscriberCalls.union(["subscribe"]))

    /// Every subscription in the tree, in source order.
    public static func subscriptions(in tree: SyntaxTree) -> [Subscription] {
        var result: [Subscription] = []
        for (c, chain) in tree.chains.enumerated() {
            guard let (e, kind) = subscriberElement(of: chain) else { continue }
            result.append(Subscription(chain: c, element: e, subscriber: kind, storage: storage(of: chain, subscriberAt: e, in: tree)))
        }
        return result
    }

    /// The subscriber element of a chain: the last `sink` with a closure (or a `receiveValue:` /
    /// `receiveCompletion:` argument), `assign(to:on:)`, or `connect()`, followed by nothing but
    /// `.store(in:)`.
    public static func subscriberElement(of chain: Chain) -> (Int, Subscription.Subscriber)? {
        for e in stride(from: chain.elements.count - 1, through: 1, by: -1) {
            let element = chain.elements[e]
            let rest = chain.elements[(e + 1)...]
            guard rest.isEmpty || (rest.count == 1 && (bagArgument(of: rest.first!) != nil || keyedStoreArgument(of: rest.first!) != nil)) else { continue }
            guard element.kind == .member, element.isCall else { continue }
            switch element.name {
            case "sink":
                if isSinkCall(element) { return (e, .sink) }
                // `sink(weak: self) { owner, value in … }.store(in: &bag)`: a project's own `sink` whose
                // result goes into a bag is an `AnyCancellable`, so a subscription all the same.
                if rest.count == 1, rest.first!.name == "store", bagArgument(of: rest.first!) != nil, !element.closures.isEmpty { return (e, .sink) }
            case "assign":
                if element.argument("to") != nil, element.argument("on") != nil { return (e, .assignOnObject) }
            case "connect":
                if element.arguments.isEmpty, element.trailingClosures.isEmpty, element.hasParentheses { return (e, .connect) }
            case "subscribe":
                // `upstream.subscribe(samples).store(in: &bag)`: forwarding into a subject, kept as a cancellable.
                if rest.count == 1, rest.first!.name == "store", element.arguments.count == 1, element.arguments[0].label == nil,
                   element.arguments[0].closure == nil, element.trailingClosures.isEmpty { return (e, .subject) }
            default:
                // A trailing `.store(in:)` (or `.disposed(by:)`) is looked past; anything else ends the search.
                if e == chain.elements.count - 1, bagArgument(of: element) != nil || keyedStoreArgument(of: element) != nil { continue }
            }
            return nil
        }
        return nil
    }

    /// The bag argument of a call that keeps a cancellable in a bag: Combine's `.store(in: &bag)`
    /// (or a bag class's `.store(in: bag)`), and the `.disposed(by: bag)` of the RxSwift-style bag
    /// wrappers that teams coming from RxSwift write around a `Set<AnyCancellable>`.
    public static func bagArgument(of element: ChainElement) -> Argument? {
        guard element.isCall, element.arguments.count == 1 else { return nil }
        switch element.name {
        case "store": return element.argument("in")
        case "disposed": return element.argument("by")
        default: return nil
        }
    }

    /// The dictionary argument of a project's keyed store, `.store(in: &tokens, forKey: "sync")`
    /// (an `AnyCancellable` extension that sets `tokens[key] = self`): one slot per key, replaced
    /// (and so cancelled) by the next store under that key.
    public static func keyedStoreArgument(of element: ChainElement) -> Argument? {
        guard element.isCall, element.name == "store", element.arguments.count == 2,
              element.arguments[0].label == "in", element.arguments[1].label != nil, element.arguments[1].closure == nil else { return nil }
        return element.arguments[0]
    }

    /// A call of Combine's `sink`: with a closure (or a `receiveValue:` / `receiveCompletion:`
    /// argument); `logger.sink("text")` is a method of another type, not Combine's subscriber.
    public static func isSinkCall(_ element: ChainElement) -> Bool {
        guard element.name == "sink", element.isCall else { return false }
        let labels = Set(element.arguments.compactMap(\.label))
        let hasClosure = !element.trailingClosures.isEmpty || element.arguments.contains { $0.closure != nil }
        let hasSubscriberLabel = labels.contains("receiveValue") || labels.contains("receiveCompletion")
        return hasSubscriberLabel || (hasClosure && element.arguments.allSatisfy { $0.label == nil || $0.closure != nil })
    }

    /// Where the cancellable returned by element `e` of `chain` goes.
    public static func storage(of chain: Chain, subscriberAt e: Int, in tree: SyntaxTree) -> CancellableStorage {
        if e + 1 < chain.elements.count {
            let store = chain.elements[e + 1]
            if let keyed = keyedStoreArgument(of: store) { return .assigned(owner(ofBag: keyed, in: tree)) }
            guard let argument = bagArgument(of: store) else { return .other }
            return .bag(owner(ofBag: argument, in: tree))
        }
        switch chain.context {
        case .statement, .discardAssignment:
            return .discarded
        case .declaration(let v):
            return tree.variables[v].isLocal ? .local(v) : .assigned(.selfMember(tree.variables[v].name))
        case .assignment(let target, let compound):
            let owner = owner(ofTarget: target.lowerBound, through: target.upperBound, in: tree)
            if compound { return .collection(owner) }
            // `bag[key] = …` stores into a collection.
            if tree.tokens[target.upperBound].kind == .rightBracket { return .collection(owner) }
            return .assigned(owner)
        case .returned, .implicitReturn:
            return .returned
        case .argument(let open):
            if let call = tree.call(openedAt: open) {
                let callChain = tree.chains[call.chain]
                let name = callChain.elements[call.element].name
                if Catalogue.bagInsertionMethods.contains(name), call.element > 0 {
                    let previous = callChain.elements[call.element - 1]
                    return .collection(owner(ofTarget: callChain.first, through: previous.lastToken, in: tree))
                }
            }
            return .passed
        case .collectionElement(let open):
            // `bag += [a.sink { … }]`, `bag.formUnion([…])`, `cancellables = [ … ]`.
            let close = Int(tree.matching[open])
            if close > open, let container = containerOfLiteral(open: open, in: tree) { return container }
            return .passed
        case .interpolation:
            return .other
        case .other:
            // `token = active ? publisher.sink { … } : nil`: the branch's value goes where the ternary's does.
            guard let whole = tree.ternaryValueContext(ofBranch: chain) else { return .other }
            var branch = chain
            branch.context = whole
            return storage(of: branch, subscriberAt: e, in: tree)
        }
    }

    /// `bag += [ … ]` / `bag = [ … ]` / `bag.append(contentsOf: [ … ])`: the collection that the literal feeds.
    private static func containerOfLiteral(open: Int, in tree: SyntaxTree) -> CancellableStorage? {
        guard open > 0 else { return nil }
        let before = open - 1
        let kind = tree.tokens[before].kind
        if kind == .equal || (kind == .operator && tree.tokenIs(before, "+=")) {
            var start = before - 1
            while start > 0, !tree.statementStarts[start] { start -= 1 }
            guard start < before else { return nil }
            return .collection(owner(ofTarget: start, through: before - 1, in: tree))
        }
        let enclosing = Int(tree.enclosing[open])
        if enclosing >= 0, tree.tokens[enclosing].kind == .leftParen, let call = tree.call(openedAt: enclosing), call.element > 0 {
            let callChain = tree.chains[call.chain]
            if Catalogue.bagInsertionMethods.contains(callChain.elements[call.element].name) {
                return .collection(owner(ofTarget: callChain.first, through: callChain.elements[call.element - 1].lastToken, in: tree))
            }
        }
        return nil
    }

    /// Classifies the bag a store is given (`&cancellables`, `bag`, `&holder.bag`), past its `&`.
    public static func owner(ofBag argument: Argument, in tree: SyntaxTree) -> Owner {
        owner(ofTarget: argument.isInout ? argument.value.lowerBound + 1 : argument.value.lowerBound, through: argument.value.upperBound, in: tree)
    }

    /// Classifies an assignment or `store(in:)` target written in tokens first...last.
    public static func owner(ofTarget first: Int, through last: Int, in tree: SyntaxTree) -> Owner {
        guard first <= last, first >= 0, last < tree.tokens.count else { return .other("") }
        var start = first
        while start <= last, tree.tokens[start].kind == .ampersand || tree.tokenIs(start, "&") { start += 1 }
        // `return self.token = chain` assigns to `self.token`.
        if start < last, tree.isWord(start, "return") { start += 1 }
        guard start <= last else { return .other("") }
        // Strip a trailing subscript: `bag[key]` is owned by `bag`.
        var end = tree.lastTokenBeforeSubscript(first: start, last: last)
        // Strip `?` and `!` of optional chaining at the end.
        while end > start, tree.tokens[end].kind == .questionMark || tree.tokens[end].kind == .exclamationMark { end -= 1 }
        if tree.isWord(start, "self") {
            if start + 2 == end, tree.tokens[start + 1].kind == .period { return .selfMember(tree.name(end)) }
            if start + 2 < end { return .other(tree.text(start, end)) }
            return .other("self")
        }
        guard start == end, tree.tokens[start].kind == .identifier else { return .other(tree.text(start, end)) }
        let name = tree.name(start)
        if let local = localVariable(named: name, visibleAt: start, in: tree) { return .local(local) }
        if isParameter(named: name, visibleAt: start, in: tree) { return .parameter(name) }
        return .selfMember(name)
    }

    /// A local variable named `name` declared before `token` in one of its enclosing scopes.
    /// The chain a local is declared with, when `range` (an argument's value) is just that local's
    /// name (`liveFilter(text)` after `let text = center.publisher(for: …).map { … }`).
    public static func localValueChain(namedBy range: ClosedRange<Int>, in tree: SyntaxTree) -> Chain? {
        guard range.count == 1, tree.tokens[range.lowerBound].kind == .identifier,
              let v = localVariable(named: tree.name(range.lowerBound), visibleAt: range.lowerBound, in: tree) else { return nil }
        return tree.valueChain(ofVariable: v)
    }

    public static func localVariable(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Int? {
        guard let candidates = tree.localsByName[name] else { return nil }
        // Declarations are in source order: the last one before the token whose scope holds it,
        // found from the token backwards (a name declared in many methods is not read from the first).
        var low = 0, high = candidates.count
        while low < high {
            let mid = (low + high) / 2
            if tree.variables[candidates[mid]].nameToken < token { low = mid + 1 } else { high = mid }
        }
        for index in candidates[..<low].reversed() {
            let variable = tree.variables[index]
            // Scopes are nested brace ranges: the declaring scope is visible if it holds the token.
            if variable.scope == 0 || tree.scopes[variable.scope].contains(token) { return index }
        }
        return nil
    }

    /// Whether the subscript ending `target` (`tokens[key]`) has a key made new on each run:
    /// `UUID()`, `Date()`, `Date.now` or `CFAbsoluteTimeGetCurrent()` in it. Stored there, a
    /// subscription adds an entry instead of replacing the one before.
    public static func subscriptKeyIsNew(_ target: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        let close = target.upperBound
        guard tree.tokens[close].kind == .rightBracket, case let open = Int(tree.matching[close]), open >= target.lowerBound else { return false }
        for k in (open + 1)..<close where tree.tokens[k].kind == .identifier && Catalogue.freshValueMakers.contains(tree.name(k)) {
            guard k + 1 < close else { continue }
            if tree.tokens[k + 1].kind == .leftParen, tree.tokens[k + 1].startOffset == tree.tokens[k].endOffset { return true }
            if tree.tokens[k + 1].kind == .period, k + 2 < close, tree.isWord(k + 2, "now") { return true }
        }
        return false
    }

    /// Whether `name` at `token` is a value bound by an enum case pattern around it:
    /// `if case .failure(let error) = completion { self.error = error }`, or a `switch` case's
    /// `case .failure(let error): self.error = error`. Such bindings are no declared variables.
    public static func isCasePatternBinding(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Bool {
        for k in bindingTokens(named: name, before: token, in: tree) {
            guard tree.tokens[k - 2].kind == .leftParen || tree.tokens[k - 2].kind == .comma,
                  case let open = Int(tree.enclosing[k]), open >= 0, tree.tokens[open].kind == .leftParen else { continue }
            // The first `{` (an `if case` body) or `:` (a `switch` case) after the pattern.
            var j = Int(tree.matching[open]) + 1
            while j < token, tree.tokens[j].kind != .leftBrace, tree.tokens[j].kind != .colon { j += 1 }
            guard j < token else { return false }
            if tree.tokens[j].kind == .leftBrace { return Int(tree.matching[j]) > token }
            // A case body runs to the next `case` or `default` of its switch.
            let level = tree.enclosing[j]
            for m in (j + 1)..<token where tree.enclosing[m] == level && (tree.isWord(m, "case") || tree.isWord(m, "default")) { return false }
            return true
        }
        return false
    }

    /// Whether `name` at `token` is bound by an optional binding around it: `guard let role = self?.role
    /// else { … }` before it in the same block, or `if let role = …` / `while let role = …` (also `if let role {`
    /// and a later clause, `if let a = x, let role = y`) whose body holds it. Such bindings are no declared variables.
    public static func isOptionalBinding(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Bool {
        optionalBindingToken(named: name, visibleAt: token, in: tree) != nil
    }

    /// The name token of the `if let`, `while let` or `guard let` binding of `name` visible at
    /// `token`, if any (see `isOptionalBinding(named:visibleAt:in:)`).
    public static func optionalBindingToken(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Int? {
        let body = tree.enclosingFunction(of: token).flatMap { tree.functions[$0].bodyOpen } ?? 0
        for k in bindingTokens(named: name, before: token, in: tree) {
            guard k + 1 < token, tree.tokens[k + 1].kind == .equal || tree.tokens[k + 1].kind == .comma || tree.tokens[k + 1].kind == .leftBrace
            else { continue }
            var start = k - 1
            while start > body, !tree.statementStarts[start] { start -= 1 }
            let level = tree.enclosing[start]
            guard tree.enclosing[k] == level else { continue }
            if tree.isWord(start, "guard") {
                // Visible after the guard's `else { … }`, to the end of its block.
                var j = k + 1
                while j < token, !(tree.isWord(j, "else") && tree.enclosing[j] == level) { j += 1 }
                guard j + 1 < token, tree.tokens[j + 1].kind == .leftBrace, Int(tree.matching[j + 1]) < token else { return nil }
                return level < 0 || Int(tree.matching[Int(level)]) > token ? k : nil
            }
            guard tree.isWord(start, "if") || tree.isWord(start, "while") else { continue }
            // Visible in the body: the first `{` at the statement's level after the binding.
            var j = k + 1
            while j < token, !(tree.tokens[j].kind == .leftBrace && tree.enclosing[j] == level) { j += 1 }
            return j < token && Int(tree.matching[j]) > token ? k : nil
        }
        return nil
    }

    /// The tokens of `name` declared by `let name` or `var name` before `token` in its function (a
    /// pattern or a condition's binding), nearest first, looked for at most 4,000 tokens back.
    private static func bindingTokens(named name: String, before token: Int, in tree: SyntaxTree) -> LazyFilterSequence<StrideTo<Int>> {
        let body = tree.enclosingFunction(of: token).flatMap { tree.functions[$0].bodyOpen } ?? 0
        let lower = max(body + 2, token - 4_000)
        return stride(from: token - 1, to: lower, by: -1).lazy.filter { k in
            tree.tokens[k].kind == .identifier && tree.name(k) == name && (tree.isWord(k - 1, "let") || tree.isWord(k - 1, "var"))
        }
    }

    /// A parameter of an enclosing function or closure named `name`.
    public static func isParameter(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> Bool {
        parameterType(named: name, visibleAt: token, in: tree) != nil
    }

    /// The written type of the parameter named `name` of an enclosing function or closure (empty
    /// for a closure's parameters, whose types are rarely written), or nil when no parameter has that name.
    public static func parameterType(named name: String, visibleAt token: Int, in tree: SyntaxTree) -> String? {
        let scopes = tree.closureParameterNames.contains(name) ? tree.declarationScopes(of: token) : tree.declarationScopesOutsideClosures(of: token)
        for scope in scopes {
            switch tree.scopes[scope].kind {
            case .closure(let c):
                if tree.closures[c].parameters.contains(name) { return "" }
            case .functionBody(let f):
                if let parameter = tree.functions[f].parameters.first(where: { $0.name == name }) { return parameter.typeText }
                if tree.functions[f].kind != .accessor { return nil }
            case .typeBody:
                return nil
            default:
                break
            }
        }
        return nil
    }

    /// Uses of local variable `v` after its declaration, within the scope that declares it.
    public static func usesAfterDeclaration(of v: Int, in tree: SyntaxTree) -> [Int] {
        let variable = tree.variables[v]
        let scope = tree.scopes[variable.scope]
        let end = min(scope.close, tree.tokens.count)
        var start = variable.nameToken + 1
        if let initializer = variable.initializer { start = initializer.upperBound + 1 }
        guard start < end else { return [] }
        return tree.uses(variable.name, in: start..<end)
    }
}
