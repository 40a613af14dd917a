extension FlatMapWithoutSwitchRule {
    /// What a sink's value closure does with each answer, read once: whether an answer replaces the
    /// last one (`self.results = $0`), lands in a slot of its own (`cache[url] = tags`) or is added
    /// to the others (`append`, `insert`, `formUnion`, `+=`).
    struct AnswerUse {
        /// A plain assignment (`x = …`, not `x[key] = …`).
        var plainWrites = false
        /// An assignment through a subscript (`cache[key] = …`).
        var keyedWrites = false
        /// `+=`.
        var compoundAdds = false
        /// A call of a collection method that adds an element and keeps the others.
        var additions = false
        /// A call of any collection-mutating method (`append`, `removeAll`, `sort`, …).
        var mutations = false
        /// `removeAll`: the collection is emptied, so what is added next replaces it.
        var empties = false

        /// Collection methods that add an element and keep the others.
        static let addingMethods: Set<String> = ["append", "insert", "formUnion"]

        init(closure c: Int, in tree: SyntaxTree) {
            let closure = tree.closures[c]
            guard closure.bodyStart < closure.close else { return }
            for i in closure.bodyStart..<closure.close {
                switch tree.tokens[i].kind {
                case .equal:
                    if i > closure.bodyStart, tree.tokens[i - 1].kind == .rightBracket { keyedWrites = true } else { plainWrites = true }
                case .operator where tree.text(i) == "+=":
                    compoundAdds = true
                case .identifier:
                    let name = tree.name(i)
                    if Self.addingMethods.contains(name) { additions = true }
                    if Catalogue.collectionMutatingMethods.contains(name) { mutations = true }
                    if name == "removeAll" { empties = true }
                default:
                    break
                }
            }
        }
    }
}
