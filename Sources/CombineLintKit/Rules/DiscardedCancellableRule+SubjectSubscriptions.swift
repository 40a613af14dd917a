/// `publisher.subscribe(subject)` returns the `AnyCancellable` of the subscription it makes (the
/// overload taking a `Subject`; the one taking a `Subscriber` returns nothing). Dropped, it cancels
/// the subscription as soon as the statement ends, exactly as a dropped `sink` does: the subject
/// gets what the publisher delivered during the call and nothing after.
extension DiscardedCancellableRule {
    private static let subscribeName = NameSet(["subscribe"])

    func droppedSubjectSubscriptions(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: DiscardedCancellableRule.subscribeName) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        for chain in tree.chains {
            guard chain.elements.count > 1, let element = chain.elements.last, element.kind == .member, element.name == "subscribe",
                  element.isCall, element.arguments.count == 1, element.trailingClosures.isEmpty,
                  element.arguments[0].label == nil, element.arguments[0].closure == nil,
                  DiscardedCancellableRule.dropsValue(chain, in: tree),
                  isSubject(element.arguments[0].value, in: tree, index: context.index),
                  !DiscardedCancellableRule.finishesDuringSubscribe(chain, before: chain.elements.count - 1, in: tree),
                  !isCollectedByResultBuilder(chain, in: tree, index: context.index) else { continue }
            let last = element.closeParen ?? element.lastToken
            result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken),
                                          message: "The AnyCancellable returned by `subscribe(_:)` is thrown away, so the subject is unsubscribed at once.",
                                          help: "Keep it with `.store(in: &cancellables)` or in a property, for as long as the subject should receive the values."))
        }
        return result
    }

    /// `routes`, `self.routes` (a subject property of the project, or a name ending in `Subject`), or a
    /// subject made in place (`PassthroughSubject<Int, Never>()`).
    private func isSubject(_ range: ClosedRange<Int>, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var name = range.upperBound
        guard tree.tokens[name].kind == .identifier else {
            // `PassthroughSubject<Int, Never>()`: a construction of a subject type.
            guard let c = tree.chain(startingAt: range.lowerBound) else { return false }
            let root = tree.chains[c].elements[0]
            return tree.chains[c].elements.count == 1 && root.isCall && Catalogue.subjectTypes.contains(root.name)
        }
        // Only `name` or `self.name`.
        if range.count == 3, tree.isWord(range.lowerBound, "self"), tree.tokens[range.lowerBound + 1].kind == .period {
            name = range.lowerBound + 2
        } else if range.count != 1 {
            return false
        }
        let text = tree.name(name)
        return text.hasSuffix("Subject") || NeverFinishingSources.isSubjectProperty(text, index: index)
    }
}
