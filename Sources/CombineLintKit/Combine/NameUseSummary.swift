/// Where one name is used across the project, sorted for the question "could this member
/// become `private` without breaking a use?": uses that any declaration of the name must allow
/// (member accesses `x.name`, argument labels `f(name:)`, bare uses in protocols), and bare uses
/// by the types around them. Made once per name and run (through `ProjectMemo`), so that N
/// types declaring the same name do not each walk all N files' uses.
struct NameUseSummary: Sendable {
    /// One use: its file, and the names of the type declarations around it (innermost first).
    struct Use: Sendable {
        var tree: Int
        var enclosingTypes: [String]
    }

    /// Member accesses, argument labels, and bare uses inside a protocol.
    private(set) var outsideUses: [Use] = []
    /// Bare uses by each enclosing type's name as written.
    private(set) var bareUsesByTypeName: [String: [Use]] = [:]
    /// Bare uses by each enclosing type's index key (the last name component).
    private(set) var bareUsesByTypeKey: [String: [Use]] = [:]

    init(name: String, index: ProjectIndex) {
        for ref in index.identifiers[name] {
            let tree = index.trees[ref.tree]
            let i = ref.token
            guard tree.tokenIs(i, name) || (tree.tokens[i].flags.contains(.backticked) && tree.name(i) == name) else { continue }
            // The types around the use, also through functions (a local type's method uses the
            // outer type's member), at most `deepestTypeNesting` of them.
            let types = tree.typesAround(i).map { tree.types[$0] }
            let use = Use(tree: ref.tree, enclosingTypes: types.map(\.name))
            let isMember = i > 0 && tree.tokens[i - 1].kind == .period
            let isLabel = i + 1 < tree.tokens.count && tree.tokens[i + 1].kind == .colon && tree.enclosing[i] >= 0
                && tree.tokens[Int(tree.enclosing[i])].kind == .leftParen
            if isMember || isLabel || types.contains(where: { $0.kind == .protocol }) {
                outsideUses.append(use)
                continue
            }
            for type in types {
                bareUsesByTypeName[type.name, default: []].append(use)
                bareUsesByTypeKey[type.name.lastNameComponent, default: []].append(use)
            }
        }
    }

    /// Whether every use of the name is one that `private` on the declaration in type `typeName`
    /// (as written) of file `tree` leaves compiling: inside that type in that file, or a bare use
    /// in a type that is not that type (in another file), one of its subtypes, or a protocol.
    func allowsPrivate(inType typeName: String, tree: Int, index: ProjectIndex) -> Bool {
        func isInsideDeclaringType(_ use: Use) -> Bool { use.tree == tree && use.enclosingTypes.contains(typeName) }
        if outsideUses.contains(where: { !isInsideDeclaringType($0) }) { return false }
        if (bareUsesByTypeName[typeName] ?? []).contains(where: { !isInsideDeclaringType($0) }) { return false }
        // Subtypes: bare uses in a type that inherits from the declaring type.
        if typeName.contains(".") {
            // `inherits` matches a dotted ancestor by suffix: ask it of each type around a use.
            for (key, uses) in bareUsesByTypeKey where index.inherits(key, from: typeName) {
                if uses.contains(where: { !isInsideDeclaringType($0) }) { return false }
            }
            return true
        }
        for key in index.subtypes(of: typeName) {
            if (bareUsesByTypeKey[key] ?? []).contains(where: { !isInsideDeclaringType($0) }) { return false }
        }
        return true
    }
}
