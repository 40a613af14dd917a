/// A type conforming to `Subscription` whose `request(_:)` is empty or never reads its demand
/// while the type sends values with `subscriber.receive(_:)`: values go out beyond the demand,
/// which breaks `flatMap(maxPublishers:)`, `buffer`, `zip` and any subscriber that asks for a few.
public struct CustomSubscriptionIgnoresDemandRule: Rule {
    public static let description = RuleDescription(
        id: "custom_subscription_ignores_demand", name: "Custom subscription ignores demand", defaultSeverity: .warning,
        summary: "A custom Subscription whose request(_:) ignores the demand while it sends values: it sends more than was asked for.")

    static let help = "Keep the outstanding demand (`pending += demand` in `request(_:)`), send only while it is above zero, lower it per value and add what `receive(_:)` returns; or forward `request(_:)` to the upstream subscription."

    public init() {}

    /// The conformance may be written in another file; `request` is in this one.
    static let requiredNames = NameSet(["request"])
    static let sendNames = NameSet(["receive"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames), context.mentions(anyOf: Self.sendNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        for (t, type) in tree.types.enumerated() where type.kind != .protocol {
            guard type.functions.contains(where: { tree.functions[$0].name == "request" }),
                  conformsToSubscription(type, context: context),
                  let open = type.bodyOpen, let close = type.bodyClose, open < close else { continue }
            for f in type.functions {
                let function = tree.functions[f]
                guard function.kind == .function, function.name == "request", !function.isStatic, function.parameters.count == 1,
                      function.parameters[0].label == nil, function.parameters[0].typeText.contains("Demand"),
                      let bodyOpen = function.bodyOpen, let bodyClose = function.bodyClose else { continue }
                let demand = function.parameters[0].name
                let readsDemand = readsDemandName(demand)
                    && consultsDemand(demand, in: (bodyOpen + 1)..<bodyClose, typeBody: (open + 1)..<close, tree: tree)
                guard !readsDemand, let send = firstValueSend(in: open...close, excluding: bodyOpen...bodyClose, tree: tree)
                        ?? firstForwardedSend(ofType: t, in: open...close, excluding: bodyOpen...bodyClose, context: context) else { continue }
                let typeName = tree.types[t].name
                let comparesWithZero = readsDemandName(demand) && tree.uses(demand, in: (bodyOpen + 1)..<bodyClose).contains { isComparedWithZero($0, in: tree) }
                let message = bodyOpen + 1 == bodyClose
                    ? "`request(_:)` of `\(typeName)` is empty while it sends values: subscribers get values they never asked for."
                    : comparesWithZero
                    ? "`request(_:)` of `\(typeName)` only checks that some demand came, then sends values beyond it: subscribers get values they never asked for."
                    : "`request(_:)` of `\(typeName)` never reads the demand while it sends values: subscribers get values they never asked for."
                findings.append(context.finding(tokens: function.nameToken, message: message, help: Self.help,
                                                related: [context.related(tokens: send, message: "a value sent without checking the demand")]))
            }
        }
        return findings
    }

    /// Whether the demand parameter has a name the body can read (not `_`).
    private func readsDemandName(_ demand: String) -> Bool { demand != "_" && !demand.isEmpty }

    /// Whether the type (or an extension of it) lists Combine's `Subscription` among what it conforms to,
    /// and the project does not declare a type of that name of its own.
    private func conformsToSubscription(_ type: TypeDecl, context: RuleContext) -> Bool {
        guard type.inheritance.contains(where: { ProjectIndex.stripGenerics($0) == "Subscription" || ProjectIndex.stripGenerics($0) == "Combine.Subscription" })
                || context.index.inherits(type.name, from: "Subscription") else { return false }
        return context.index.type(named: "Subscription")?.isDeclaredAtTopLevel != true
    }

    /// The first `x.receive(value)` in the type's body outside `request(_:)`'s own, or a `receive(_:)`
    /// inside it that runs in a loop or a closure (more than one value per request); not
    /// `receive(completion:)`, `receive(subscription:)` or `receive(on:)`, nor a value followed at once
    /// by the completion.
    private func firstValueSend(in body: ClosedRange<Int>, excluding request: ClosedRange<Int>, tree: SyntaxTree) -> Int? {
        for c in tree.chainIndices(in: body) {
            let chain = tree.chains[c]
            for (e, element) in chain.elements.enumerated() where e > 0 && element.name == "receive" && element.kind == .member && element.isCall {
                guard element.arguments.count == 1, element.arguments[0].label == nil, element.trailingClosures.isEmpty else { continue }
                let token = element.nameToken
                if request.contains(token), !repeats(token, inside: request, tree: tree) { continue }
                // The one value of a subscription that completes right after it (a request's answer,
                // sent from its callback, or from a delegate method: `requestLocation()`'s one fix):
                // any `request(_:)` asks for at least one.
                if isFollowedByCompletion(chain, tree: tree) { continue }
                return token
            }
        }
        return nil
    }

    /// The first call outside `request(_:)` of a stored closure property of type `t` (`send?(location)`)
    /// that the code making the subscription fills with the subscriber's `receive(_:)`
    /// (`LocationSubscription(provider: provider, send: { _ = subscriber.receive($0) })`): each call sends a value.
    private func firstForwardedSend(ofType t: Int, in body: ClosedRange<Int>, excluding request: ClosedRange<Int>, context: RuleContext) -> Int? {
        let tree = context.tree
        let closures = Set(tree.types[t].variables.map { tree.variables[$0] }
            .filter { !$0.isComputed && !$0.isStatic && $0.typeText.contains("->") }.map(\.name))
        guard !closures.isEmpty else { return nil }
        for c in tree.chainIndices(in: body) {
            let chain = tree.chains[c]
            let e = chain.root.name == "self" && chain.elements.count > 1 ? 1 : 0
            let element = chain.elements[e]
            guard closures.contains(element.name), element.isCall, element.arguments.count == 1, !request.contains(element.nameToken),
                  fillsWithReceive(element.name, ofType: tree.types[t].name.lastNameComponent, context: context) else { continue }
            return element.nameToken
        }
        return nil
    }

    /// Whether a construction of the type gives its closure parameter `label` a closure that calls a
    /// subscriber's `receive(_:)` with one value.
    private func fillsWithReceive(_ label: String, ofType typeName: String, context: RuleContext) -> Bool {
        context.index.chainElements[typeName].contains { reference in
            let tree = context.index.trees[reference.tree]
            let element = tree.chains[reference.chain].elements[reference.element]
            guard reference.element == 0, element.isCall, let argument = element.argument(label),
                  let c = tree.closure(openedAt: argument.value.lowerBound) else { return false }
            let closure = tree.closures[c]
            return tree.chainIndices(in: closure.open...closure.close).contains { i in
                tree.chains[i].elements.dropFirst().contains { $0.name == "receive" && $0.isCall && $0.arguments.count == 1 && $0.arguments[0].label == nil }
            }
        }
    }

    /// Whether the statement right after the send, in the same block, completes the subscriber
    /// (`subscriber.receive(completion: .finished)`): the value is the last one.
    private func isFollowedByCompletion(_ chain: Chain, tree: SyntaxTree) -> Bool {
        let scope = tree.scopes[chain.scope]
        guard chain.last + 1 < scope.close else { return false }
        for c in tree.chainIndices(in: (chain.last + 1)...(scope.close - 1)) {
            let next = tree.chains[c]
            guard next.first > chain.last else { continue }
            // The next statement of the same path: not one in the next `case` (another value's).
            guard next.scope == chain.scope, next.statementStart == next.first, !tree.mayRunApart(chain.last, next.first) else { return false }
            return next.elements.contains { $0.name == "receive" && $0.isCall && $0.arguments.first?.label == "completion" }
        }
        return false
    }

    /// Whether `request(_:)` acts on its demand: a use that is not only written to a log
    /// (`log.debug("\(demand)")`), nor only added to a counter of the type that nothing else reads
    /// (`requested += demand`, with no `requested > 0` anywhere), nor only compared with zero
    /// (`guard demand > .none else { return }`, which asks whether anything is wanted, not how much).
    private func consultsDemand(_ demand: String, in body: Range<Int>, typeBody: Range<Int>, tree: SyntaxTree) -> Bool {
        tree.uses(demand, in: body).contains { use in
            if isLogged(use, in: tree) || isComparedWithZero(use, in: tree) { return false }
            guard let counter = counterAssigned(from: use, in: body, tree: tree) else { return true }
            return (tree.uses(counter, in: typeBody) + selfMemberUses(counter, in: typeBody, tree: tree)).contains { k in
                !isAssignmentTarget(k, in: tree) && !(k > 0 && (tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let")))
            }
        }
    }

    /// Whether the name at token `k` is compared with no demand: `demand > .none`, `demand != 0`,
    /// `.none < demand`, `demand == .max(0)`.
    private func isComparedWithZero(_ k: Int, in tree: SyntaxTree) -> Bool {
        let comparisons: Set<String> = [">", "<", "!=", "==", ">=", "<="]
        let isZero = { (range: ClosedRange<Int>) -> Bool in
            let text = tree.text(range.lowerBound, range.upperBound).filter { !$0.isWhitespace }
            // The operand as read next to the name: one token, `.name` or `.max(…)`.
            return ["0", ".none", ".max(0)"].contains(text)
        }
        if k + 2 < tree.tokens.count, tree.tokens[k + 1].kind == .operator, comparisons.contains(tree.text(k + 1)) {
            // `demand > .none`, `demand > .max(0)`: the operand up to the end of the comparison.
            var end = k + 2
            if tree.tokens[end].kind == .period, end + 1 < tree.tokens.count { end += 1 }
            if end + 1 < tree.tokens.count, tree.tokens[end + 1].kind == .leftParen { end = Int(tree.matching[end + 1]) }
            if isZero((k + 2)...end) { return true }
        }
        if k >= 2, tree.tokens[k - 1].kind == .operator, comparisons.contains(tree.text(k - 1)) {
            var start = k - 2
            if start >= 1, tree.tokens[start - 1].kind == .period { start -= 1 }
            if isZero(start...(k - 2)) { return true }
        }
        return false
    }

    /// `self.pending` and `self?.pending` in the type's body (a closure inside `request(_:)` reads the
    /// counter through `self`): the name's tokens after `self.`.
    private func selfMemberUses(_ name: String, in range: Range<Int>, tree: SyntaxTree) -> [Int] {
        range.filter { k in
            guard k >= 2, tree.tokens[k].kind == .identifier, tree.tokens[k - 1].kind == .period, tree.name(k) == name else { return false }
            var owner = k - 2
            if tree.tokens[owner].kind == .questionMark, owner > 0 { owner -= 1 }
            return tree.isWord(owner, "self")
        }
    }

    /// Whether token `k` is an argument of a logging call (`print`, `NSLog`, a `Logger`'s `debug`,
    /// `info`, …), through any string interpolation around it.
    private func isLogged(_ k: Int, in tree: SyntaxTree) -> Bool {
        var open = Int(tree.enclosing[k])
        while open >= 0 {
            if tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) {
                let name = tree.chains[call.chain].elements[call.element].name
                if Catalogue.printingFunctions.contains(name) || Catalogue.loggingMethods.contains(name) { return true }
            }
            open = Int(tree.enclosing[open])
        }
        return false
    }

    /// The property that `counter += demand` or `counter = demand` (a whole statement) stores the
    /// demand in, if that is all the use does.
    private func counterAssigned(from use: Int, in body: Range<Int>, tree: SyntaxTree) -> String? {
        var target = use - 2
        guard target >= body.lowerBound, tree.tokens[use - 1].kind == .equal || tree.tokenIs(use - 1, "+="),
              use + 1 >= body.upperBound || tree.statementStarts[use + 1] || tree.tokens[use + 1].kind == .rightBrace
                || tree.tokens[use + 1].kind == .semicolon else { return nil }
        guard tree.tokens[target].kind == .identifier else { return nil }
        let name = tree.name(target)
        // `self.requested += demand`.
        if target >= 2, tree.tokens[target - 1].kind == .period, tree.isWord(target - 2, "self") { target -= 2 }
        return tree.statementStarts[target] ? name : nil
    }

    /// Whether the name at token `k` is written, not read: `name = …`, `name += …`, `name -= …`.
    private func isAssignmentTarget(_ k: Int, in tree: SyntaxTree) -> Bool {
        guard k + 1 < tree.tokens.count else { return false }
        return tree.tokens[k + 1].kind == .equal || tree.tokenIs(k + 1, "+=") || tree.tokenIs(k + 1, "-=")
    }

    /// Whether token `token` inside `request(_:)` runs more than once per call: in a loop or in a closure.
    private func repeats(_ token: Int, inside request: ClosedRange<Int>, tree: SyntaxTree) -> Bool {
        if let c = tree.innermostClosure(of: token), request.contains(tree.closures[c].open) { return true }
        for scope in tree.scopeChain(of: token) {
            guard request.contains(tree.scopes[scope].open) else { break }
            if case .controlFlow(let word) = tree.scopes[scope].kind, word == .for || word == .while || word == .repeat { return true }
        }
        return false
    }
}
