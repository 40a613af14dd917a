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
    public static func of(type t: Int, inTree treeIndex: Int, index: ProjectIndex, memo: ProjectMemo) -> TypeIdentity {
        let type = index.trees[treeIndex].types[t]
        guard type.kind == .extension else { return .declared(DeclarationReference(tree: treeIndex, item: t)) }
        let reference = DeclarationReference(tree: treeIndex, item: t)
        return grouping(named: type.name.lastNameComponent, index: index, memo: memo).identities[reference] ?? .named(type.name.lastNameComponent)
    }

    /// The identity of extension `t`, given the declarations of its simple name (made once by a
    /// caller that asks for many extensions of one name).
    private static func of(extension t: Int, inTree treeIndex: Int, among named: TypeDeclarationResolver.Declarations, index: ProjectIndex) -> TypeIdentity {
        let type = index.trees[treeIndex].types[t]
        let path = type.name.split(separator: ".").map(String.init)
        let scopes = path.count > 1 ? [] : TypeDeclarationResolver.scopes(at: type.keywordToken, in: index.trees[treeIndex])
        let meant = named.nearest(path, scopes: scopes, fromFile: index.trees[treeIndex].file.path)
        return meant.count == 1 ? .declared(meant[0]) : .named(type.name.lastNameComponent)
    }

    /// The declarations and extensions (as `index.typeDeclarations` lists them, in input order)
    /// that make up each type of simple name `name`, worked out once per name and run.
    public static func members(named name: String, index: ProjectIndex, memo: ProjectMemo) -> [TypeIdentity: [DeclarationReference]] {
        grouping(named: name, index: index, memo: memo).members
    }

    /// The one type of simple name `name`, its identity and parts, when the project declares exactly
    /// one of that name; nil for none or several.
    public static func onlyType(named name: String, index: ProjectIndex, memo: ProjectMemo) -> (identity: TypeIdentity, parts: [DeclarationReference])? {
        let types = members(named: name, index: index, memo: memo)
        guard types.count == 1, let only = types.first else { return nil }
        return (only.key, only.value)
    }

    /// The types of one simple name: their parts, and the identity of each extension.
    private struct Grouping: Sendable {
        var members: [TypeIdentity: [DeclarationReference]] = [:]
        var identities: [DeclarationReference: TypeIdentity] = [:]
    }

    private static func grouping(named name: String, index: ProjectIndex, memo: ProjectMemo) -> Grouping {
        memo.value(for: "type-identity-members \(name)") {
            let named = TypeDeclarationResolver.Declarations(lastName: name, index: index)
            var grouping = Grouping()
            for reference in index.typeDeclarations[name] where index.trees[reference.tree].types[reference.item].name.lastNameComponent == name {
                let identity: TypeIdentity
                if index.trees[reference.tree].types[reference.item].kind == .extension {
                    identity = of(extension: reference.item, inTree: reference.tree, among: named, index: index)
                    grouping.identities[reference] = identity
                } else {
                    identity = .declared(reference)
                }
                grouping.members[identity, default: []].append(reference)
            }
            return grouping
        }
    }
}
