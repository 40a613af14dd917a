/// Extensions of publisher types (`extension Publisher`, `extension AnyPublisher`,
/// `extension Publishers.Map`): their methods run on the publisher they are called on, which the
/// body reaches as `self` or through an operator called without a receiver (`receive(on: q)`,
/// `sink(receiveValue: handler)`).
enum PublisherExtensions {
    /// Whether `function` of `tree` is declared in an extension of a publisher type.
    static func declares(_ function: FunctionDecl, in tree: SyntaxTree) -> Bool {
        guard let t = function.enclosingType, tree.types[t].kind == .extension else { return false }
        return Catalogue.namesPublisherType(tree.types[t].name)
    }

    /// The project's methods named `name` declared in an extension of a publisher type (its own
    /// operators), through the index's postings of the name.
    static func methods(named name: String, index: ProjectIndex) -> [DeclarationReference] {
        index.functions[name].filter { reference in
            let tree = index.trees[reference.tree]
            return declares(tree.functions[reference.item], in: tree)
        }
    }
}
