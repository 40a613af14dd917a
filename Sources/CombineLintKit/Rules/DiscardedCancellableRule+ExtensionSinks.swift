extension DiscardedCancellableRule {
    /// `_ = sink(receiveValue: handler)` in a method of a publisher extension (`func fireAndForget()`):
    /// a `sink` on the implicit `self`, whose token the method drops, so every caller's subscription is
    /// cancelled as it starts. The project's calls of the method do not see a `sink` of their own.
    func droppedExtensionSinks(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.sinkNames) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        for chain in tree.chains {
            guard chain.elements.count == 1, case let element = chain.elements[0], element.name == "sink",
                  SubscriptionFinder.isSinkCall(element), DiscardedCancellableRule.dropsValue(chain, in: tree),
                  tree.innermostClosure(of: chain.first) == nil,
                  let f = tree.enclosingFunction(of: chain.first), !tree.functions[f].isLocal,
                  PublisherExtensions.declares(tree.functions[f], in: tree) else { continue }
            let last = element.closeParen ?? element.lastToken
            let text = message(.sink, .dropped, timer: false)
            result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken), message: text.message, help: text.help))
        }
        return result
    }

    static let sinkNames = NameSet(["sink"])
}
