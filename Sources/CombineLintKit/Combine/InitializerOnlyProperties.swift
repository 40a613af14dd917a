/// Properties that only initializers set: `self.history = TemperatureHistory()` in `init` and never
/// again. Such an `@Published` property's publisher gives each subscriber one value, so a
/// `$history.flatMap { $0.$samples }` subscribes one inner publisher and keeps no stale ones.
enum InitializerOnlyProperties {
    /// Whether some initializer sets a property named `name` and every write of one in the project is
    /// a statement of an initializer (not in a closure there, which runs later): an assignment
    /// (`history = …`, `self.history = …`), an `inout` use (`&history`), an `assign(to: &$history)`, a
    /// binding a view writes through (`$model.history`); and, unless every property of the name holds
    /// a project class (whose own methods change the object, not the reference the property
    /// publishes), an in-place change (`history.append(x)`, `history[i] = x`, `history.count += 1`).
    /// A property no initializer sets (`@Published var postcode = ""`) is input some code or view
    /// changes, whatever this project shows.
    static func isSetOnlyByInitializers(_ name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "initializer-only-property \(name)") {
            let properties = index.properties(named: name)
            guard !properties.isEmpty else { return false }
            let holdsClasses = properties.allSatisfy { property in
                guard let type = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText) else { return false }
                return index.type(named: type)?.kind == .class
            }
            var setByInitializer = false
            for ref in index.identifiers[name] {
                let tree = index.trees[ref.tree]
                let k = ref.token
                guard tree.tokenIs(k, name), !(k > 0 && (tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let"))) else { continue }
                if isBindingPath(k, in: tree) { return false }
                let writes = (k > 0 && tree.tokens[k - 1].kind == .ampersand)
                    || (holdsClasses ? NameWrites.isAssigned(at: k, in: tree) : NameWrites.isChangedInPart(at: k, in: tree))
                guard writes else { continue }
                guard isInitializerStatement(k, in: tree) else { return false }
                setByInitializer = true
            }
            guard setByInitializer else { return false }
            // `assign(to: &$history)` sets it from a pipeline, after the initializer.
            return !assignedProjections(index: index, memo: memo).contains("$" + name)
        }
    }

    /// The projections that `assign(to:)` writes anywhere in the project (`$history` of
    /// `assign(to: &$history)`), found once per run.
    private static func assignedProjections(index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        memo.value(for: "assign-to-projections") { () -> Set<String> in
            var names = Set<String>()
            for ref in index.chainElements["assign"] {
                let tree = index.trees[ref.tree]
                guard let to = tree.chains[ref.chain].elements[ref.element].argument("to") else { continue }
                for k in to.value where tree.tokens[k].kind == .dollarIdentifier { names.insert(tree.text(k)) }
            }
            return names
        }
    }

    /// Whether the name at token `k` ends a member path from a projected value (`$model.history`,
    /// `$store.settings.history`): a binding, through which a view sets the property.
    private static func isBindingPath(_ k: Int, in tree: SyntaxTree) -> Bool {
        var i = k
        while i >= 2, tree.tokens[i - 1].kind == .period {
            i -= 2
            if tree.tokens[i].kind == .dollarIdentifier { return true }
            guard tree.tokens[i].kind == .identifier else { return false }
        }
        return false
    }

    /// Whether token `k` is directly in an initializer's body, not in a closure there.
    private static func isInitializerStatement(_ k: Int, in tree: SyntaxTree) -> Bool {
        guard let f = tree.enclosingFunction(of: k), tree.functions[f].kind == .initializer, let open = tree.functions[f].bodyOpen else { return false }
        // Closures nest: the innermost one around the token opens before the body only if all do.
        return tree.innermostClosure(of: k).map { tree.closures[$0].open < open } ?? true
    }
}
