/// `if player == nil { player = Player(…) }`: an object made into a stored property only while
/// the property is empty, where nothing ever empties it again. Each owner makes one, once.
public enum LazyOnceAssignments {
    /// Whether the chain starting at token `first` of `tree` is the value assigned to a stored
    /// property of `ownerName` (`name = …` or `self.name = …`) directly inside `if name == nil { … }`,
    /// and no code of the project writes `nil` to a property of that name.
    public static func isMadeOnce(chainStartingAt first: Int, in tree: SyntaxTree, ownerName: String, index: ProjectIndex) -> Bool {
        guard first >= 2, tree.tokens[first - 1].kind == .equal, tree.tokens[first - 2].kind == .identifier else { return false }
        let name = tree.name(first - 2)
        guard let property = index.property(name, ofType: ownerName), !property.isComputed, !property.isStatic,
              isInsideNilCheck(of: name, token: first, in: tree) else { return false }
        return !isSetToNilSomewhere(name, index: index)
    }

    /// Whether some code of the project writes `nil` to a name (`player = nil`, `self?.player = nil`):
    /// a property of that name is emptied, and the next use makes another object.
    public static func isSetToNilSomewhere(_ name: String, index: ProjectIndex) -> Bool {
        index.identifiers[name].contains { reference in
            let other = index.trees[reference.tree]
            let k = reference.item
            return k + 2 < other.tokens.count && other.tokens[k + 1].kind == .equal && other.isWord(k + 2, "nil")
        }
    }

    /// The innermost braces around `token` are the body of `if name == nil` (or `if self.name == nil`).
    private static func isInsideNilCheck(of name: String, token: Int, in tree: SyntaxTree) -> Bool {
        let scope = tree.scopes[Int(tree.scopeOfToken[token])]
        guard case .controlFlow(.if) = scope.kind else { return false }
        var k = scope.open - 1
        guard k >= 3, tree.isWord(k, "nil"), tree.tokenIs(k - 1, "=="), tree.tokens[k - 2].kind == .identifier,
              tree.name(k - 2) == name else { return false }
        k -= 3
        if k >= 1, tree.tokens[k].kind == .period, tree.isWord(k - 1, "self") { k -= 2 }
        return k >= 0 && tree.isWord(k, "if")
    }
}
