/// The bag a helper stores into when that bag is its `inout` parameter
/// (`func bindHeader(into bag: inout Set<AnyCancellable>)`): the stored property of `self` its
/// type's own calls pass for it (`bindHeader(into: &headerBag)`). Found through the index's
/// chain-element postings of the helper's name.
enum InoutBagArguments {
    /// The member of `self` that every call of method `f` (of `tree`)
    /// made by its own type passes for its `inout` parameter `name`; nil when the parameter is no
    /// `inout` one, no call passes a member, or calls pass different ones.
    static func memberPassed(forParameter name: String, of f: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        let function = tree.functions[f]
        guard let position = function.parameters.firstIndex(where: { $0.name == name }),
              function.parameters[position].typeText.hasPrefix("inout") else { return nil }
        var passed = Set<String>()
        for reference in MethodCallGraph.ownTypeCalls(of: f, in: tree, index: index) {
            let caller = index.trees[reference.tree]
            let element = caller.chains[reference.chain].elements[reference.element]
            guard function.accepts(argumentLabels: element.argumentLabels) else { continue }
            // `&headerBag` or `&self.headerBag` (a subscript's element, `&bags[key]`, is none).
            guard let value = element.argument(forParameter: position, of: function)?.value,
                  caller.tokens[value.lowerBound].kind == .ampersand, caller.tokens[value.upperBound].kind != .rightBracket,
                  let member = BagResets.selfMemberName(SubscriptionFinder.owner(ofTarget: value.lowerBound, through: value.upperBound, in: caller))
            else { return nil }
            passed.insert(member)
        }
        return passed.count == 1 ? passed.first : nil
    }
}
