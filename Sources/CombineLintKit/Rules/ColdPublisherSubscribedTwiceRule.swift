/// A publisher that does its work per subscription (a `dataTaskPublisher`, a `Deferred`, a chain of
/// them, a project function returning one), kept in a local or a property and subscribed two or
/// more times in one body without `share()`/`multicast`: the work (the request) runs each time.
public struct ColdPublisherSubscribedTwiceRule: Rule {
    public static let description = RuleDescription(
        id: "cold_publisher_subscribed_twice", name: "Cold publisher subscribed twice", defaultSeverity: .warning,
        summary: "A request-like publisher kept in a variable and subscribed twice in one body without share(): the work runs twice.")

    static let help = "Subscribe once, or add `.share()` where the publisher is made (or `multicast` + `connect()` when late subscribers must not miss the value), so that every subscriber gets the same run."

    public init() {}

    /// A kept publisher: a local of one function, or a stored property of a type of this file.
    private struct Holder {
        var variable: Int
        var work: String
        /// The bodies in which subscriptions are counted, each on its own.
        var bodies: [ClosedRange<Int>]
        var isProperty: Bool
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let tree = context.tree
        // Only a name subscribed twice in the file can be: the costlier question of what a
        // variable's initial value does is asked for those alone.
        // The project's own subscribing operators (`tablesRequest.sinkLoggingErrors("tables") { … }`).
        let helpers = PublisherExtensions.subscriberNames(index: context.index, memo: context.memo)
        let candidates = namesSubscribedTwice(context, helpers: helpers)
        guard !candidates.isEmpty else { return [] }
        let cold = PerSubscriptionWork(index: context.index, memo: context.memo)
        var findings: [Finding] = []
        for holder in holders(in: tree, named: candidates, cold: cold) {
            let name = tree.variables[holder.variable].name
            for body in holder.bodies {
                let uses = subscriptions(of: name, variable: holder.variable, isProperty: holder.isProperty, in: body, tree: tree, helpers: helpers)
                // Subscribed once here and returned: the caller's subscription runs the work again.
                if uses.count == 1, !holder.isProperty, let returned = returnedAfter(uses[0], name: name, holder: holder, in: body, tree: tree) {
                    if TestCaseCode.contains(returned, of: tree, index: context.index) { continue }
                    findings.append(context.finding(
                        tokens: returned,
                        message: "`\(name)` is returned after it was subscribed: this \(holder.work) runs once per subscription, so the caller's runs it again.",
                        help: Self.help,
                        related: [context.related(tokens: uses[0], message: "first subscription"),
                                  context.related(tokens: tree.variables[holder.variable].nameToken, message: "declared here, without share()")]))
                    continue
                }
                guard uses.count >= 2, !tree.mayRunApart(uses[0], uses[1]) else { continue }
                // A test case subscribes twice on purpose, to check that the work runs per subscription.
                if TestCaseCode.contains(uses[1], of: tree, index: context.index) { continue }
                let declaration = tree.variables[holder.variable].nameToken
                findings.append(context.finding(
                    tokens: uses[1],
                    message: "`\(name)` is subscribed again here: this \(holder.work) runs once per subscription, so it runs twice.",
                    help: Self.help,
                    related: [context.related(tokens: uses[0], message: "first subscription"),
                              context.related(tokens: declaration, message: "declared here, without share()")]))
            }
        }
        return findings
    }

    /// Variables whose initial value is a publisher doing work per subscription.
    private func holders(in tree: SyntaxTree, named names: Set<String>, cold: PerSubscriptionWork) -> [Holder] {
        var result: [Holder] = []
        var assignments: [String: [Int]]?
        for (v, variable) in tree.variables.enumerated() where names.contains(variable.name) {
            guard !variable.isComputed else { continue }
            let work: String
            if variable.initializer != nil {
                guard let chain = tree.valueChain(ofVariable: v),
                      let found = cold.work(of: chain, in: tree) else { continue }
                work = found
            } else {
                if assignments == nil { assignments = Self.assignmentsByTarget(in: tree) }
                guard let found = workAssignedOnlyInInitializers(v, assignedBy: assignments?[variable.name] ?? [], in: tree, cold: cold) else { continue }
                work = found
            }
            if variable.isLocal {
                guard let f = tree.enclosingFunction(of: variable.nameToken), let close = tree.functions[f].bodyClose else { continue }
                result.append(Holder(variable: v, work: work, bodies: [variable.nameToken...close], isProperty: false))
            } else if let t = variable.enclosingType, !variable.isStatic {
                let bodies = tree.types[t].functions.compactMap { f -> ClosedRange<Int>? in
                    guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open < close else { return nil }
                    return open...close
                }
                result.append(Holder(variable: v, work: work, bodies: bodies, isProperty: true))
            }
        }
        return result
    }

    /// `private let avatarRequest: AnyPublisher<Data, Never>` given its value in `init`
    /// (`avatarRequest = api.avatar(for: author)`): a stored property with no initial value that
    /// only this file can set (`let` or `private`), set only in initializers of its type, each time
    /// to a publisher doing work per subscription: the work of the first such value.
    private func workAssignedOnlyInInitializers(_ v: Int, assignedBy chains: [Int], in tree: SyntaxTree, cold: PerSubscriptionWork) -> String? {
        let variable = tree.variables[v]
        guard !variable.isLocal, !variable.isStatic, let t = variable.enclosingType,
              variable.isLet || variable.modifiers.contains("private") || variable.modifiers.contains("fileprivate") else { return nil }
        var work: String?
        for c in chains {
            let chain = tree.chains[c]
            guard case .assignment(_, let compound) = chain.context else { continue }
            guard !compound, let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .initializer,
                  tree.functions[f].enclosingType == t, tree.innermostClosure(of: chain.first) == nil,
                  let found = cold.work(of: chain, in: tree) else { return nil }
            work = work ?? found
        }
        return work
    }

    /// The chains assigned to a name (`name = …`, `self.name = …`), by that name, in source order:
    /// made once per file, since a file may hold many holders without an initial value.
    private static func assignmentsByTarget(in tree: SyntaxTree) -> [String: [Int]] {
        var table: [String: [Int]] = [:]
        for (c, chain) in tree.chains.enumerated() {
            guard case .assignment(let target, _) = chain.context else { continue }
            var written = tree.text(target.lowerBound, target.upperBound)
            if written.hasPrefix("self.") { written.removeFirst(5) }
            table[written, default: []].append(c)
        }
        return table
    }

    /// Names of the file that subscribe otherwise than through `sink`/`assign(to:on:)` (which the
    /// file's subscriptions already list), or pass a publisher to a combining operator.
    static let otherSubscribingNames = NameSet(["values", "subscribe", "receive", "assign"])
    static let combiningNames = NameSet(Catalogue.inputSubscribingCombiners)

    /// The names (`name`, `self.name`) that two or more chains of the file subscribe to, or pass to a
    /// combining operator: a cheap first look, from the file's subscriptions, and over its chains only
    /// when it names another way to subscribe.
    private func namesSubscribedTwice(_ context: RuleContext, helpers: Set<String>) -> Set<String> {
        let tree = context.tree
        var counts: [String: Int] = [:]
        var counted = Set<Int>()
        func count(_ c: Int) {
            let elements = tree.chains[c].elements
            guard elements.count >= 2, elements[0].kind == .root, !elements[0].isCall else { return }
            let n = elements[0].name == "self" && elements.count >= 3 ? 1 : 0
            // `request.sink { … }`, `self.request.map { … }.sink { … }`: the name is the publisher,
            // not the owner of one (`model.$items.sink`).
            guard !elements[n].isCall, elements[n].subscripts.isEmpty, n + 1 < elements.count,
                  elements[n + 1].isCall || elements[n + 1].name == "values",
                  tree.tokens[elements[n].nameToken].kind == .identifier else { return }
            counts[elements[n].name, default: 0] += 1
        }
        for subscription in context.subscriptions where counted.insert(subscription.chain).inserted { count(subscription.chain) }
        // `return request.eraseToAnyPublisher()` after `request.sink { … }`: the caller subscribes again.
        if !counts.isEmpty {
            for chain in tree.chains where chain.context == .returned || chain.context == .implicitReturn {
                guard let root = chain.elements.first, root.kind == .root, !root.isCall, counts[root.name] != nil else { continue }
                counts[root.name, default: 0] += 1
            }
            for k in tree.tokens.indices where k + 1 < tree.tokens.count && tree.isWord(k, "return")
                && tree.tokens[k + 1].kind == .identifier && counts[tree.name(k + 1)] != nil && tree.chain(startingAt: k + 1) == nil {
                counts[tree.name(k + 1), default: 0] += 1
            }
        }
        let combining = context.mentions(anyOf: Self.combiningNames)
        guard combining || context.mentions(anyOf: Self.otherSubscribingNames) || (!helpers.isEmpty && context.mentions(anyOf: NameSet(helpers.sorted())))
        else { return Set(counts.filter { $0.value >= 2 }.keys) }
        for (c, chain) in tree.chains.enumerated() {
            if combining {
                for element in chain.elements where element.kind == .member && Catalogue.inputSubscribingCombiners.contains(element.name) {
                    for argument in element.arguments where argument.value.count == 1 && tree.tokens[argument.value.lowerBound].kind == .identifier {
                        counts[tree.name(argument.value.lowerBound), default: 0] += 1
                    }
                }
            }
            guard chain.elements.count >= 2, chain.elements[0].kind == .root, !counted.contains(c) else { continue }
            if subscribes(chain, helpers: helpers) || (combining && (isCombinedInput(chain.context, tree: tree) || combinesAsReceiver(chain))) { count(c) }
        }
        // `let summary = dayAhead.map { … }` with `summary` subscribed: a subscription of `dayAhead` too.
        for chain in tree.chains {
            guard chain.elements[0].kind == .root, !chain.elements[0].isCall, let v = unsharedDerivedLocal(chain, in: tree),
                  counts[tree.variables[v].name] != nil else { continue }
            counts[chain.elements[0].name, default: 0] += 1
        }
        return Set(counts.filter { $0.value >= 2 }.keys)
    }

    /// A chain that reaches a subscriber: `sink`, `assign`, `values`, `subscribe(_:)`, `receive(subscriber:)`.
    /// Also the project's own subscribing operators named in `helpers`.
    private func subscribes(_ chain: Chain, helpers: Set<String>) -> Bool {
        // The subscriber ends the chain, or stands before its `.store(in:)`.
        chain.elements.dropFirst(max(1, chain.elements.count - 2)).contains { element in
            if element.kind == .member, element.isCall, helpers.contains(element.name) { return true }
            guard element.kind == .member, Catalogue.subscribingMembers.contains(element.name) else { return false }
            switch element.name {
            case "values": return !element.isCall
            case "subscribe", "receive": return element.isCall && element.argument("on") == nil && element.arguments.count == 1
                && (element.arguments[0].label == nil || element.arguments[0].label == "subscriber")
            default: return element.isCall
            }
        }
    }

    /// The tokens of `name` (variable `variable`, or a property) in `body` where the kept publisher is
    /// subscribed: a chain from it that reaches a subscriber (`sink`, `assign`, `values`), an input
    /// of a combining operator, or the value of a local that is itself subscribed (`let summary =
    /// dayAhead.map { … }` then `summary.combineLatest(cacheFill)`: each such local runs the work once).
    private func subscriptions(of name: String, variable: Int, isProperty: Bool, in body: ClosedRange<Int>, tree: SyntaxTree,
                               helpers: Set<String>, depth: Int = 0) -> [Int] {
        var result: [Int] = []
        for k in body where tree.tokens[k].kind == .identifier && tree.name(k) == name {
            // `name` or `self.name`, not another value's member, not an argument label.
            if k > 0, tree.tokens[k - 1].kind == .period, !(k >= 2 && tree.isSelfReference(k - 2)) { continue }
            if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .colon { continue }
            // The same variable: the local itself, or the property (not shadowed by a local).
            let local = SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree)
            if isProperty ? local != nil : local != variable { continue }
            var start = k
            if k >= 2, tree.tokens[k - 1].kind == .period, tree.isSelfReference(k - 2) { start = k - 2 }
            if let c = tree.chain(startingAt: start) {
                let chain = tree.chains[c]
                if subscribes(chain, helpers: helpers) || isCombinedInput(chain.context, tree: tree) || combinesAsReceiver(chain) {
                    result.append(k)
                } else if depth < 2, let derived = unsharedDerivedLocal(chain, in: tree),
                          !subscriptions(of: tree.variables[derived].name, variable: derived, isProperty: false,
                                         in: tree.variables[derived].nameToken...body.upperBound, tree: tree, helpers: helpers, depth: depth + 1).isEmpty {
                    result.append(k)
                }
            } else if start == k, isCombinedInput(.argument(open: Int(tree.enclosing[k])), tree: tree) {
                result.append(k)
            }
        }
        return result
    }

    /// The token of `name` in `return name…` after the subscription `first`, in the same body and
    /// closure level as the local's declaration, with no sharing step on the way and no `else`,
    /// `case` or earlier `return` between that could keep the two apart.
    private func returnedAfter(_ first: Int, name: String, holder: Holder, in body: ClosedRange<Int>, tree: SyntaxTree) -> Int? {
        let level = tree.innermostClosure(of: tree.variables[holder.variable].nameToken)
        for k in body where k > first && tree.tokens[k].kind == .identifier && tree.name(k) == name && k >= 1 && tree.isWord(k - 1, "return") {
            guard tree.innermostClosure(of: k) == level,
                  SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree) == holder.variable,
                  !tree.mayRunApart(first, k - 1) else { continue }
            if let c = tree.chain(startingAt: k),
               tree.chains[c].elements.contains(where: { $0.isCall && Catalogue.sharingOperators.contains($0.name) }) { return nil }
            return k
        }
        return nil
    }

    /// The local that `chain` (steps after a publisher, none of them sharing) is the initial value
    /// of (`let summary = dayAhead.map { … }`): each subscription of that local subscribes to the
    /// publisher too.
    private func unsharedDerivedLocal(_ chain: Chain, in tree: SyntaxTree) -> Int? {
        guard case .declaration(let v) = chain.context, tree.variables[v].isLocal, chain.elements.count >= 2,
              !chain.elements.contains(where: { $0.isCall && Catalogue.sharingOperators.contains($0.name) }) else { return nil }
        return v
    }

    /// `request.map(\.count).zip(…)`: the receiver of a combining operator, with no sharing step
    /// before it, is subscribed when the combination is, like its arguments.
    private func combinesAsReceiver(_ chain: Chain) -> Bool {
        for element in chain.elements.dropFirst() where element.kind == .member && element.isCall {
            if Catalogue.sharingOperators.contains(element.name) { return false }
            if Catalogue.inputSubscribingCombiners.contains(element.name) { return true }
        }
        return false
    }

    /// An argument of `merge`, `combineLatest`, `zip` or `Publishers.Zip(…)`, which subscribe to it.
    private func isCombinedInput(_ context: ChainContext, tree: SyntaxTree) -> Bool {
        guard case .argument(let open) = context, open >= 0, tree.tokens[open].kind == .leftParen,
              let call = tree.call(openedAt: open) else { return false }
        return Catalogue.inputSubscribingCombiners.contains(tree.chains[call.chain].elements[call.element].name)
    }
}
