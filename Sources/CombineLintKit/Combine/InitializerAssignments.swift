/// What a type's initializers give one of its stored properties declared without a value: the
/// statements `name = …` or `self.name = …` in the bodies of the type's `init`s (in one file).
enum InitializerAssignments {
    /// The first token of each value assigned whole to the property `name` of type `t` by the
    /// type's initializers in `tree`, in order.
    static func valueStarts(of name: String, inType t: Int, in tree: SyntaxTree) -> [Int] {
        var starts: [Int] = []
        for f in tree.types[t].functions where tree.functions[f].kind == .initializer {
            guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { continue }
            for k in (open + 1)..<close where tree.tokens[k].kind == .identifier && tree.name(k) == name {
                guard k + 2 < close, tree.tokens[k + 1].kind == .equal else { continue }
                let start = k >= 2 && tree.tokens[k - 1].kind == .period && tree.isSelfReference(k - 2) ? k - 2 : k
                guard tree.statementStarts[start] else { continue }
                starts.append(k + 2)
            }
        }
        return starts
    }
}
