/// The bag a helper stores into when that bag is its `inout` parameter
/// (`func bindHeader(into bag: inout Set<AnyCancellable>)`): the stored property of `self` its
/// type's own calls pass for it (`bindHeader(into: &headerBag)`). Found through the index's
/// chain-element postings of the helper's name.
enum InoutBagArguments {
    /// The member of `self` that every call of method `f` (of `tree`, the index's tree `treeIndex`)
    /// made by its own type passes for its `inout` parameter `name`; nil when the parameter is no
    /// `inout` one, no call passes a member, or calls pass different ones.
    static func memberPassed(forParameter name: String, of f: Int, in tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> String? {
        let function = tree.functions[f]
        guard let position = function.parameters.firstIndex(where: { $0.name == name }),
              function.parameters[position].typeText.hasPrefix("inout"),
              let owner = function.enclosingType else { return nil }
        let typeName = tree.types[owner].name.lastNameComponent
        let label = function.parameters[position].label
        var passed = Set<String>()
        for reference in index.chainElements[function.name] {
            let caller = index.trees[reference.tree]
            let chain = caller.chains[reference.chain]
            let e = reference.element
            let element = chain.elements[e]
            // `bindHeader(into: &headerBag)` or `self.bindHeader(into: &headerBag)` inside the type.
            guard element.isCall, e == 0 || (e == 1 && chain.elements[0].name == "self"),
                  function.accepts(argumentLabels: element.argumentLabels),
                  let callerType = caller.enclosingType(of: chain.first),
                  caller.types[callerType].name.lastNameComponent == typeName else { continue }
            let argument: Argument?
            if let label {
                argument = element.argument(label)
            } else {
                argument = position < element.arguments.count && element.arguments[position].label == nil ? element.arguments[position] : nil
            }
            guard let value = argument?.value, caller.tokens[value.lowerBound].kind == .ampersand,
                  let member = BagResets.selfMemberName(memberText(value, in: caller)) else { return nil }
            passed.insert(member)
        }
        return passed.count == 1 ? passed.first : nil
    }

    /// The argument after its `&` as an owner: `&headerBag` is a member of `self` when no local
    /// or parameter of that name is in scope; `&self.headerBag` always is.
    private static func memberText(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Owner {
        let start = value.lowerBound + 1
        guard start <= value.upperBound else { return .other("") }
        if start == value.upperBound, tree.tokens[start].kind == .identifier {
            let name = tree.name(start)
            if SubscriptionFinder.localVariable(named: name, visibleAt: start, in: tree) != nil
                || SubscriptionFinder.isParameter(named: name, visibleAt: start, in: tree) { return .other(name) }
            return .selfMember(name)
        }
        return .other(tree.text(start, value.upperBound))
    }
}
