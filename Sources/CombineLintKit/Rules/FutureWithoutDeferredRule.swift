/// A `Future { … }` created outside `Deferred { }`: its closure runs at creation, before or without any
/// subscriber, and every subscriber (a `retry` too) gets the one cached result.
public struct FutureWithoutDeferredRule: Rule {
    public static let description = RuleDescription(
        id: "future_without_deferred", name: "Future without Deferred", defaultSeverity: .warning,
        summary: "A Future created outside Deferred starts its work at creation and caches one result for every subscriber (error when retried).")

    public init() {}

    /// One `Future` creation found in the tokens.
    struct Creation {
        /// The first token (`Combine` of `Combine.Future`, or `Future`), the `Future` token, the last token of the creation.
        var first: Int
        var name: Int
        var end: Int
        /// Member names after the creation (`eraseToAnyPublisher`, `retry`).
        var followers: [String]
    }

    /// A file that never names `Future` creates none.
    static let requiredNames = NameSet(["Future"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        // A project type of its own named `Future` (a nested `Publishers.Future` does not shadow Combine's).
        if let type = context.index.type(named: "Future"), type.kind != .extension, type.isDeclaredAtTopLevel { return [] }
        if importsOtherFuture(tree) { return [] }
        var findings: [Finding] = []
        let creations = creations(in: tree)
        guard !creations.isEmpty else { return [] }
        // `let name = Future { … }`: the variables by the first token of their initial value.
        var holders: [Int: String] = [:]
        for variable in tree.variables {
            if let start = variable.initializer?.lowerBound, holders[start] == nil { holders[start] = variable.name }
        }
        for creation in creations {
            if isLazy(creation.name, in: tree) { continue }
            var retried = creation.followers.contains("retry")
            if let holder = holders[creation.first], usesAreRetried(holder, in: tree) { retried = true }
            // A function or computed property that makes the Future: judge it by its call sites.
            if let owner = owningDeclaration(of: creation, in: tree) {
                let sites = callSites(of: owner, context: context)
                if sites.contains(where: \.retried) { retried = true }
                // Made and subscribed at once, once per call (or only after subscription): the
                // eager start cannot be told apart from a deferred one.
                if !retried, !sites.isEmpty, sites.allSatisfy({ $0.lazy || $0.subscribedAtOnce }) { continue }
            }
            let message = retried
                ? "`retry` resubscribes to this `Future`, which replays its cached failure instead of running the work again; create it inside `Deferred { Future { … } }` so each subscription runs the work anew."
                : "`Future` runs its closure as soon as it is created, before (or without) any subscriber, and every subscriber shares its one cached result; create it inside `Deferred { Future { … } }` so the work starts on subscription."
            findings.append(context.finding(tokens: creation.first, through: creation.name, message: message, severity: retried ? .error : nil, fix: fix(creation, context: context)))
        }
        return findings
    }

    private func importsOtherFuture(_ tree: SyntaxTree) -> Bool {
        for i in 0..<max(0, tree.tokens.count - 1) where tree.isWord(i, "import") && Catalogue.modulesWithOwnFuture.contains(tree.name(i + 1)) { return true }
        return false
    }

    /// Every `Future { … }`, `Future<A, B> { … }`, `Future(…)` with a closure, `Future.init { … }`, `Combine.Future…`.
    func creations(in tree: SyntaxTree) -> [Creation] {
        var result: [Creation] = []
        let tokens = tree.tokens
        for i in tokens.indices where tokens[i].kind == .identifier && tree.tokenIs(i, "Future") {
            var first = i
            if i > 0, tokens[i - 1].kind == .period {
                guard i > 1, tree.tokenIs(i - 2, "Combine"), i < 3 || tokens[i - 3].kind != .period else { continue }
                first = i - 2
            }
            if first > 0 {
                // Type positions: `-> Future<…> {` (a body), `: Future<…>`, `as Future`, `[Future<…>]`.
                let before = tokens[first - 1].kind
                if before == .arrow || before == .colon || tree.isWord(first - 1, "as") || tree.isWord(first - 1, "is") { continue }
            }
            // Inside another type's generic arguments (`Deferred<Future<A, B>>`, `Result<Future<…>, E>`): a type.
            if first > 0, tokens[first - 1].kind == .operator, tree.text(first - 1).hasSuffix("<") { continue }
            let generics = tree.genericArguments(after: i)
            if generics.closesOuter { continue }
            var j = generics.next
            if j + 1 < tokens.count, tokens[j].kind == .period, tree.isWord(j + 1, "init") { j += 2 }
            guard j < tokens.count, !tree.lineBreakBefore[j] else { continue }
            var hasClosure = false
            if tokens[j].kind == .leftParen, tree.matching[j] > Int32(j) {
                let close = Int(tree.matching[j])
                hasClosure = (j + 1..<close).contains { tree.closure(openedAt: $0) != nil && Int(tree.enclosing[$0]) == j }
            } else if tree.closure(openedAt: j) != nil {
                hasClosure = true
            }
            guard hasClosure else { continue }
            let walk = tree.postfixMembers(after: j)
            // The creation ends after its argument list and trailing closure.
            var end = j
            if tokens[j].kind == .leftParen {
                end = Int(tree.matching[j])
                if end + 1 < tokens.count, !tree.lineBreakBefore[end + 1], let c = tree.closure(openedAt: end + 1) { end = tree.closures[c].close }
            } else if let c = tree.closure(openedAt: j) {
                end = tree.closures[c].close
            }
            result.append(Creation(first: first, name: i, end: end, followers: walk.names))
        }
        return result
    }

    /// Inside a closure that runs only after subscription: `Deferred { }`, a `flatMap`/`catch` transform,
    /// or a `map` whose publishers a later `switchToLatest`/`flatMap` subscribes to.
    func isLazy(_ token: Int, in tree: SyntaxTree) -> Bool {
        for c in tree.enclosingClosures(of: token) {
            guard let call = tree.call(receiving: c) else {
                if let name = tree.calleeName(beforeBrace: tree.closures[c].open), Catalogue.lazyClosureCalls.contains(name) { return true }
                continue
            }
            let chain = tree.chains[call.chain]
            let name = chain.elements[call.element].name
            if Catalogue.lazyClosureCalls.contains(name) { return true }
            if Catalogue.mappers.contains(name), chain.elements[(call.element + 1)...].contains(where: { Catalogue.flatteningOperators.contains($0.name) }) { return true }
        }
        return false
    }

    /// `name.retry(…)` somewhere in the file.
    private func usesAreRetried(_ name: String, in tree: SyntaxTree) -> Bool {
        for i in tree.tokens.indices where tree.tokens[i].kind == .identifier && tree.name(i) == name {
            if tree.postfixMembers(after: i + 1).names.contains("retry") { return true }
        }
        return false
    }

    /// The function or computed property whose body makes the Future (not through a closure).
    private func owningDeclaration(of creation: Creation, in tree: SyntaxTree) -> (name: String, isFunction: Bool, token: Int)? {
        guard tree.enclosingClosures(of: creation.name).isEmpty, let f = tree.enclosingFunction(of: creation.name) else { return nil }
        let function = tree.functions[f]
        switch function.kind {
        case .function:
            return (function.name, true, function.nameToken)
        case .accessor:
            guard function.name == "get", let v = function.variable else { return nil }
            return (tree.variables[v].name, false, tree.variables[v].nameToken)
        default:
            return nil
        }
    }

    /// Where a function is called (or a property read) across the project: lazily or not, retried or not.
    /// `subscribedAtOnce`: the call's own chain ends in a subscriber (`fetch().receive(on: …).sink { … }`).
    private func callSites(of owner: (name: String, isFunction: Bool, token: Int), context: RuleContext)
        -> [(lazy: Bool, retried: Bool, subscribedAtOnce: Bool)] {
        var sites: [(lazy: Bool, retried: Bool, subscribedAtOnce: Bool)] = []
        for use in context.index.identifiers[owner.name] {
            let (t, i) = (use.tree, use.token)
            let tree = context.index.trees[t]
            let tokens = tree.tokens
            guard tree.tokenIs(i, owner.name) else { continue }
            if tree.file.path == context.file.path && i == owner.token { continue }
            if i > 0, tree.isWord(i - 1, "func") || tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") { continue }
            if i + 1 < tokens.count, tokens[i + 1].kind == .colon { continue }
            let next = tree.skippingGenericArguments(after: i)
            let isCall = next < tokens.count && tokens[next].kind == .leftParen && !tree.lineBreakBefore[next]
            guard isCall == owner.isFunction else { continue }
            let walk = tree.postfixMembers(after: i + 1)
            let subscribed = walk.names.contains { Catalogue.subscriberCalls.contains($0) }
            sites.append((isLazy(i, in: tree), walk.names.contains("retry"), subscribed))
        }
        return sites
    }

    /// `Future { … }.eraseToAnyPublisher()` → `Deferred { Future { … } }.eraseToAnyPublisher()`: the type stays the same.
    private func fix(_ creation: Creation, context: RuleContext) -> Fix? {
        guard creation.followers.first == "eraseToAnyPublisher" else { return nil }
        let tokens = context.tree.tokens
        let start = tokens[creation.first].startOffset
        let end = tokens[creation.end].endOffset
        return Fix(title: "Wrap the Future in Deferred", edits: [context.edit(start..<start, "Deferred { "), context.edit(end..<end, " }")])
    }
}
