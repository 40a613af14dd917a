/// Which of the project's types a declaration or an extension belongs to: the declaration that
/// Swift's lookup finds from where the extension is written (so `Feed.ViewModel` and
/// `Settings.ViewModel` stay two types), or, for an extension of a type the project does not
/// declare (or whose name is ambiguous there), just the simple name.
public enum TypeIdentity: Hashable, Sendable {
    case declared(DeclarationReference)
    case named(String)

    /// A text key for memo tables.
    public var key: String {
        switch self {
        case .declared(let d): return "d\(d.tree):\(d.item)"
        case .named(let name): return "n" + name
        }
    }

    /// The identity of type or extension `t` of `index.trees[treeIndex]`.
    public static func of(type t: Int, inTree treeIndex: Int, index: ProjectIndex) -> TypeIdentity {
        let type = index.trees[treeIndex].types[t]
        guard type.kind == .extension else { return .declared(DeclarationReference(tree: treeIndex, item: t)) }
        if let declaration = TypeDeclarationResolver.declaration(named: type.name, at: type.keywordToken, inTree: treeIndex, index: index) {
            return .declared(declaration)
        }
        return .named(type.name.lastNameComponent)
    }

    /// The declarations and extensions (as `index.typeDeclarations` lists them, in input order)
    /// that make up each type of simple name `name`, worked out once per name and run.
    public static func members(named name: String, index: ProjectIndex, memo: ProjectMemo) -> [TypeIdentity: [DeclarationReference]] {
        memo.value(for: "type-identity-members \(name)") {
            var groups: [TypeIdentity: [DeclarationReference]] = [:]
            for reference in index.typeDeclarations[name] where index.trees[reference.tree].types[reference.item].name.lastNameComponent == name {
                groups[of(type: reference.item, inTree: reference.tree, index: index), default: []].append(reference)
            }
            return groups
        }
    }
}
