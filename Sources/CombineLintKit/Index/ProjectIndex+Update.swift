/// A new index after one file changed, for a process that keeps the index (`combinelint server`).
extension ProjectIndex {
    /// The index with the tree at position `t` replaced (same path, new text).
    public func replacingTree(at t: Int, with tree: SyntaxTree) -> ProjectIndex {
        var trees = self.trees
        trees[t] = tree
        return ProjectIndex(trees: trees)
    }

    /// The index with one more file at the end of the input order.
    public func appendingTree(_ tree: SyntaxTree) -> ProjectIndex {
        ProjectIndex(trees: trees + [tree])
    }
}
