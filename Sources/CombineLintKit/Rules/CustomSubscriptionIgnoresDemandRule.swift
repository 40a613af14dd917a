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
                let readsDemand = demand != "_" && !demand.isEmpty && !tree.uses(demand, in: (bodyOpen + 1)..<bodyClose).isEmpty
                guard !readsDemand, let send = firstValueSend(in: open...close, excluding: bodyOpen...bodyClose, tree: tree) else { continue }
                let typeName = tree.types[t].name
                let message = bodyOpen + 1 == bodyClose
                    ? "`request(_:)` of `\(typeName)` is empty while it sends values: subscribers get values they never asked for."
                    : "`request(_:)` of `\(typeName)` never reads the demand while it sends values: subscribers get values they never asked for."
                findings.append(context.finding(tokens: function.nameToken, message: message, help: Self.help,
                                                related: [context.related(tokens: send, message: "a value sent without checking the demand")]))
            }
        }
        return findings
    }

    /// Whether the type (or an extension of it) lists Combine's `Subscription` among what it conforms to,
    /// and the project does not declare a type of that name of its own.
    private func conformsToSubscription(_ type: TypeDecl, context: RuleContext) -> Bool {
        guard type.inheritance.contains(where: { ProjectIndex.stripGenerics($0) == "Subscription" || ProjectIndex.stripGenerics($0) == "Combine.Subscription" })
                || context.index.inherits(type.name, from: "Subscription") else { return false }
        return context.index.type(named: "Subscription")?.isDeclaredAtTopLevel != true
    }

    /// The first `x.receive(value)` in the type's body outside `request(_:)`'s own, or a `receive(_:)`
    /// inside it that runs in a loop or a closure (more than one value per request); not
    /// `receive(completion:)`, `receive(subscription:)` or `receive(on:)`.
    private func firstValueSend(in body: ClosedRange<Int>, excluding request: ClosedRange<Int>, tree: SyntaxTree) -> Int? {
        for c in tree.chainIndices(in: body) {
            let chain = tree.chains[c]
            for (e, element) in chain.elements.enumerated() where e > 0 && element.name == "receive" && element.kind == .member && element.isCall {
                guard element.arguments.count == 1, element.arguments[0].label == nil, element.trailingClosures.isEmpty else { continue }
                let token = element.nameToken
                if request.contains(token), !repeats(token, inside: request, tree: tree) { continue }
                // The one value of a subscription that completes right after it (a request's answer,
                // sent from its callback): any `request(_:)` asks for at least one.
                if request.contains(token), isFollowedByCompletion(chain, tree: tree) { continue }
                return token
            }
        }
        return nil
    }

    /// Whether the statement right after the send, in the same block, completes the subscriber
    /// (`subscriber.receive(completion: .finished)`): the value is the last one.
    private func isFollowedByCompletion(_ chain: Chain, tree: SyntaxTree) -> Bool {
        let scope = tree.scopes[chain.scope]
        guard chain.last + 1 < scope.close else { return false }
        for c in tree.chainIndices(in: (chain.last + 1)...(scope.close - 1)) {
            let next = tree.chains[c]
            guard next.first > chain.last else { continue }
            guard next.scope == chain.scope, next.statementStart == next.first else { return false }
            return next.elements.contains { $0.name == "receive" && $0.isCall && $0.arguments.first?.label == "completion" }
        }
        return false
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
