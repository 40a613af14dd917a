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
                  !SynchronousCompletion.finishesDuringSubscribe(chain, before: chain.elements.count - 1, in: tree, index: context.index),
                  !isCollectedByResultBuilder(chain, in: tree, index: context.index) else { continue }
            let last = element.closeParen ?? element.lastToken
            result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken),
                                          message: "The AnyCancellable returned by `subscribe(_:)` is thrown away, so the subject is unsubscribed at once.",
                                          help: "Keep it with `.store(in: &cancellables)` or in a property, for as long as the subject should receive the values."))
        }
        return result
    }

    /// `routes`, `self.routes` (a subject property of the project, or a name ending in `Subject`), or a
    /// subject made in place (`PassthroughSubject<Int, Never>()`). A local or parameter hides the
    /// project's same-named properties: it is judged by its declaration when that tells.
    private func isSubject(_ range: ClosedRange<Int>, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var name = range.upperBound
        guard tree.tokens[name].kind == .identifier else {
            // `PassthroughSubject<Int, Never>()`: a construction of a subject type.
            guard let c = tree.chain(startingAt: range.lowerBound) else { return false }
            let root = tree.chains[c].elements[0]
            return tree.chains[c].elements.count == 1 && root.isCall && Catalogue.subjectTypes.contains(root.name)
        }
        // Only `name`, `self.name`, or a property of another object, `feedStore.downloadCompleted`.
        if range.count == 3, tree.isWord(range.lowerBound, "self"), tree.tokens[range.lowerBound + 1].kind == .period {
            name = range.lowerBound + 2
        } else if range.count == 3, tree.tokens[range.lowerBound].kind == .identifier, tree.tokens[range.lowerBound + 1].kind == .period {
            return isSubjectProperty(tree.name(name), of: tree.name(range.lowerBound), at: range.lowerBound, in: tree, index: index)
        } else if range.count >= 5, range.count % 2 == 1,
                  stride(from: range.lowerBound, through: range.upperBound, by: 2).allSatisfy({ tree.tokens[$0].kind == .identifier }),
                  stride(from: range.lowerBound + 1, to: range.upperBound, by: 2).allSatisfy({ tree.tokens[$0].kind == .period }) {
            // `ClinicAnalytics.shared.callEvents`, `environment.analytics.events`: the last member, by
            // the type of the object before it when the properties on the way tell it.
            guard let c = tree.chain(spanning: range) else { return false }
            let chain = tree.chains[c]
            let last = chain.elements.count - 1
            if let holder = TypeResolver.ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index),
               let property = index.property(tree.name(name), ofType: holder) {
                return declaresSubject(property, index: index)
            }
            return NeverFinishingSources.isSubjectProperty(tree.name(name), index: index)
        } else if range.count != 1 {
            return false
        }
        let text = tree.name(name)
        if range.count == 1, let declared = declaredAsSubject(text, at: name, in: tree, index: index) { return declared }
        return text.hasSuffix("Subject") || NeverFinishingSources.isSubjectProperty(text, index: index)
    }

    /// Whether `member` of the object `holder` names (a local, parameter or property whose type the
    /// project declares) is a subject property of that type; of a holder of unknown type, whether the
    /// project's properties of that name are subjects.
    private func isSubjectProperty(_ member: String, of holder: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let type = TypeResolver.typeOfName(holder, at: token, in: tree, index: index) else {
            return NeverFinishingSources.isSubjectProperty(member, index: index)
        }
        guard let property = index.property(member, ofType: type) else { return false }
        return declaresSubject(property, index: index)
    }

    /// Whether a property is declared as a subject: by its written type, or the subject it is made as.
    private func declaresSubject(_ property: IndexedProperty, index: ProjectIndex) -> Bool {
        namesSubjectType(property.typeText, index: index) || Catalogue.subjectTypes.contains(where: { property.initializerText.hasPrefix($0) })
    }

    /// Whether the local or parameter `name` visible at `token` is declared as a subject: by its
    /// written type, or by the type its initial value constructs (`let inner = Inner(downstream: s)`,
    /// a `Subscriber` of the project, is none). Nil when no such declaration tells (no local or
    /// parameter of that name, an untyped closure parameter, a value from a call).
    private func declaredAsSubject(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool? {
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            let variable = tree.variables[v]
            if !variable.typeText.isEmpty { return namesSubjectType(variable.typeText, index: index) }
            guard let initializer = variable.initializer, let c = tree.chain(startingAt: initializer.lowerBound),
                  tree.chains[c].last == initializer.upperBound else { return nil }
            let elements = tree.chains[c].elements
            guard let made = elements.last, made.isCall, made.name.first?.isUppercase == true,
                  elements.dropLast().allSatisfy({ !$0.isCall && $0.name.first?.isUppercase == true }) else { return nil }
            return namesSubjectType(made.name, index: index)
        }
        if let written = SubscriptionFinder.parameterType(named: name, visibleAt: token, in: tree), !written.isEmpty {
            return namesSubjectType(written, index: index)
        }
        return nil
    }

    /// `PassthroughSubject<…>`, `some Subject<…>`, a type named `…Subject`, or a project type that
    /// conforms to `Subject` (not `SubjectSubscriber`, the subscriber that feeds one).
    private func namesSubjectType(_ text: String, index: ProjectIndex) -> Bool {
        if ProjectIndex.namesSubject(text) || text.hasPrefix("some Subject") || text.hasPrefix("any Subject") { return true }
        let simple = ProjectIndex.stripGenerics(text.filter { $0 != "?" && $0 != "!" }).lastNameComponent
        return simple.hasSuffix("Subject") || (index.type(named: simple) != nil && index.inherits(simple, from: "Subject"))
    }
}
