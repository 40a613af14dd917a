/// Objects made by a dependency-injection container in a scope that keeps one instance for the
/// container's life: `container.register(Service.self) { r in LiveService(r) }.inObjectScope(.container)`.
/// Apps keep their container to the end, so such an object lives for the whole run.
public enum SingletonRegistrations {
    /// Whether token `token` lies directly in the factory closure of such a registration: one whose
    /// chain names a singleton scope, or a `register` with no scope of its own in a project whose
    /// container defaults to one (`Container(defaultObjectScope: .container)`).
    public static func isInSingletonFactory(_ token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let closure = tree.innermostClosure(of: token), let call = tree.call(receiving: closure) else { return false }
        let elements = tree.chains[call.chain].elements
        for element in elements[(call.element + 1)...] {
            if Catalogue.singletonScopeCalls.contains(element.name), element.hasParentheses {
                guard let value = element.arguments.first?.value else { return false }
                return Catalogue.singletonScopes.contains(tree.text(value.upperBound))
            }
            if Catalogue.singletonScopeMembers.contains(element.name), !element.isCall { return true }
        }
        return Catalogue.registrationCalls.contains(elements[call.element].name) && defaultsToSingleton(index: index, memo: memo)
    }

    /// The project makes a container whose default scope keeps one instance (`defaultObjectScope: .container`).
    private static func defaultsToSingleton(index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "default-scope-singleton") {
            index.identifiers[Catalogue.defaultScopeLabel].contains { reference in
                let tree = index.trees[reference.tree]
                let k = reference.item
                return k + 3 < tree.tokens.count && tree.tokenIs(k + 1, ":") && tree.tokenIs(k + 2, ".")
                    && Catalogue.singletonScopes.contains(tree.text(k + 3))
            }
        }
    }
}
