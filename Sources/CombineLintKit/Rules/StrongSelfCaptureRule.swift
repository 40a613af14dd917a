/// A closure (or method reference) in a subscription that `self` keeps captures `self` strongly:
/// self → bag → subscription → closure → self, a cycle that only the publisher's completion breaks.
public struct StrongSelfCaptureRule: Rule {
    public static let description = RuleDescription(
        id: "strong_self_capture",
        name: "Strong self capture",
        defaultSeverity: .warning,
        summary: "A closure of a subscription that self keeps captures self strongly, a retain cycle.",
        options: [RuleOptionDescription(key: "finite_publishers",
                                        summary: "Extra root names of publishers that complete at once (like Just), where a cycle ends by itself.")])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        // Every finding is about one of the file's subscriptions.
        guard !context.subscriptions.isEmpty else { return [] }
        let tree = context.tree
        let finiteRoots = Set(context.options.strings("finite_publishers"))
        let lookup = TreeLookup(tree)
        var reported = Set<Int>()
        var findings: [Finding] = []
        for subscription in context.subscriptions where subscription.subscriber != .connect {
            let chain = tree.chains[subscription.chain]
            guard let bag = SubscriptionFinder.selfMemberKeeping(subscription, lookup: lookup),
                  SelfCapture.isInReferenceType(chain.first, of: tree, index: context.index),
                  !isStaticContext(chain.first, in: tree),
                  !FinitePublishers.completesAtOnce(chain, lookup: lookup, extraRoots: finiteRoots) else { continue }
            let pipeline = SubscriptionPipeline(chain: subscription.chain, subscriber: subscription.element, lookup: lookup)
            for c in pipeline.closures {
                guard let token = SelfCapture.strongSelfToken(in: c, of: tree), reported.insert(token).inserted else { continue }
                findings.append(context.finding(tokens: token, message: closureMessage(bag: bag)))
            }
            for argument in pipeline.functionArguments {
                guard let name = methodReference(argument, context: context, lookup: lookup),
                      SelfCapture.selfIsStrong(at: argument.lowerBound, in: tree),
                      reported.insert(argument.lowerBound).inserted else { continue }
                findings.append(context.finding(tokens: argument.lowerBound, through: argument.upperBound,
                                                message: methodMessage(name, bag: bag)))
            }
        }
        return findings
    }

    /// Inside a static method `self` is the type: no instance is kept alive.
    private func isStaticContext(_ token: Int, in tree: SyntaxTree) -> Bool {
        guard let f = tree.enclosingFunction(of: token) else { return false }
        let function = tree.functions[f]
        if function.isStatic { return true }
        if let v = function.variable { return tree.variables[v].isStatic }
        return false
    }

    /// The method's name when the argument is `handle` (a method of the enclosing type) or `self.handle`.
    private func methodReference(_ value: ClosedRange<Int>, context: RuleContext, lookup: TreeLookup) -> String? {
        let tree = context.tree
        guard let t = tree.enclosingType(of: value.lowerBound) else { return nil }
        let typeName = tree.types[t].name
        if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period,
           tree.tokens[value.upperBound].kind == .identifier {
            let name = tree.name(value.upperBound)
            // `self.onChange`: a stored closure is a value; reading it does not capture `self`.
            return isProperty(name, of: t, typeName, context) ? nil : name
        }
        guard value.count == 1, tree.tokens[value.lowerBound].kind == .identifier else { return nil }
        let name = tree.name(value.lowerBound)
        guard lookup.localVariable(named: name, visibleAt: value.lowerBound) == nil,
              !SubscriptionFinder.isParameter(named: name, visibleAt: value.lowerBound, in: tree),
              !isProperty(name, of: t, typeName, context),
              isInstanceMethod(name, of: t, typeName, context) else { return nil }
        return name
    }

    private func isProperty(_ name: String, of t: Int, _ typeName: String, _ context: RuleContext) -> Bool {
        if context.tree.types[t].variables.contains(where: { context.tree.variables[$0].name == name }) { return true }
        return context.index.property(name, ofType: typeName) != nil
    }

    private func isInstanceMethod(_ name: String, of t: Int, _ typeName: String, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let declaredHere = tree.types[t].functions.filter { tree.functions[$0].kind == .function && tree.functions[$0].name == name }
        if !declaredHere.isEmpty { return declaredHere.contains { !tree.functions[$0].isStatic } }
        if context.index.type(named: typeName)?.methods.contains(name) == true { return true }
        return context.index.allAncestors(of: typeName).contains { context.index.type(named: $0)?.methods.contains(name) == true }
    }

    private func closureMessage(bag: String) -> String {
        "This closure holds `self` strongly in a subscription stored in `\(bag)` (self → \(bag) → subscription → closure → self), "
            + "so neither is released while the publisher lives; capture `[weak self]` (or `[unowned self]`) instead."
    }

    private func methodMessage(_ name: String, bag: String) -> String {
        "Passing the method `\(name)` captures `self` strongly in a subscription stored in `\(bag)` (self → \(bag) → subscription → self), "
            + "so neither is released while the publisher lives; pass `{ [weak self] in self?.\(name)($0) }` instead."
    }
}
