/// Who receives a subscription that a method returns (`func bind() -> AnyCancellable`): the
/// method's calls on `self` in its own type or a subclass. Only there can the object that the
/// subscription holds also keep the token (`bind().store(in: &cancellables)`, `token = bind()`);
/// a token another object keeps (`viewModel.bind().store(in: &bag)` in a controller) is held by
/// that object, which the subscription does not hold, so it closes no cycle.
enum ReturnedSubscriptionCallers {
    /// The calls of `method` made on `self` (or without a receiver) by type `typeName` or a
    /// subclass of it, in index order.
    static func selfCalls(of method: String, inType typeName: String, index: ProjectIndex, memo: ProjectMemo) -> [ElementReference] {
        // The calls on `self` of each method name, by the simple name of the type making them:
        // found once per name, not once per type that declares such a method.
        let byType = memo.value(for: "returned-subscription.self-calls\u{0}" + method) { () -> [String: [ElementReference]] in
            var calls: [String: [ElementReference]] = [:]
            for reference in index.chainElements[method] {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                let e = reference.element
                guard chain.elements[e].isCall, e == 0 || (e == 1 && tree.isSelfReference(chain.first)),
                      let t = tree.enclosingType(of: chain.first) else { continue }
                calls[tree.types[t].name.lastNameComponent, default: []].append(reference)
            }
            return calls
        }
        // A method of `extension UIViewController` called on `self` by `OrderEntryViewController`
        // returns a token holding that controller.
        return memo.value(for: "returned-subscription.self-callers\u{0}" + method + "\u{0}" + typeName) { () -> [ElementReference] in
            byType.keys.sorted().filter { $0 == typeName || index.inherits($0, from: typeName) }.flatMap { byType[$0] ?? [] }
        }
    }

    /// The call at `reference` (of `tree`) read as a subscription: where the token it returns goes.
    static func returnedToken(_ reference: ElementReference, in tree: SyntaxTree) -> Subscription {
        Subscription(chain: reference.chain, element: reference.element, subscriber: .sink,
                     storage: SubscriptionFinder.storage(of: tree.chains[reference.chain], subscriberAt: reference.element, in: tree))
    }

    /// The member of `self` that keeps what the call at `reference` returns, seen from the call's file.
    static func selfMemberKeeping(_ reference: ElementReference, lookup: TreeLookup) -> String? {
        SubscriptionFinder.selfMemberKeeping(returnedToken(reference, in: lookup.tree), lookup: lookup)
    }
}
