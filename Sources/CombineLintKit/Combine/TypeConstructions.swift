/// The places that make an object of a type declared in the project: the calls `Name(…)`
/// (or `Outer.Name(…)`) whose written name means that declaration where it is written.
public enum TypeConstructions {
    /// One call that may make an object of the type.
    public struct Site: Sendable {
        public var tree: Int
        public var chain: Int
        /// The type name's token in the call.
        public var token: Int
        /// The name means this declaration alone; otherwise it is ambiguous between it and others.
        public var resolvesUniquely: Bool
    }

    /// The calls whose written type name may mean `declaration`, in index order. The calls of
    /// one name are resolved once per run, for all the declarations of that name.
    public static func sites(of declaration: DeclarationReference, index: ProjectIndex, memo: ProjectMemo) -> [Site] {
        let name = index.trees[declaration.tree].types[declaration.item].name.lastNameComponent
        return memo.value(for: "type-construction-sites \(name)") { sitesByDeclaration(named: name, index: index) }[declaration] ?? []
    }

    private static func sitesByDeclaration(named name: String, index: ProjectIndex) -> [DeclarationReference: [Site]] {
        let named = TypeDeclarationResolver.Declarations(lastName: name, index: index)
        guard !named.references.isEmpty else { return [:] }
        // Places in the same type resolve a simple name alike: their scopes are worked out once.
        var scopesOfType: [DeclarationReference: [[String]]] = [:]
        var sites: [DeclarationReference: [Site]] = [:]
        for reference in index.chainElements[name] {
            let elements = index.trees[reference.tree].chains[reference.chain].elements
            let element = elements[reference.element]
            guard element.isCall else { continue }
            let written = writtenName(elements, upTo: reference.element).split(separator: ".").map(String.init)
            var scopes: [[String]] = []
            if written.count == 1, let owner = index.trees[reference.tree].enclosingType(of: element.nameToken) {
                let key = DeclarationReference(tree: reference.tree, item: owner)
                if let known = scopesOfType[key] {
                    scopes = known
                } else {
                    scopes = TypeDeclarationResolver.scopes(at: element.nameToken, in: index.trees[reference.tree])
                    scopesOfType[key] = scopes
                }
            }
            let meant = named.nearest(written, scopes: scopes, fromFile: index.trees[reference.tree].file.path)
            for declaration in meant {
                sites[declaration, default: []].append(Site(tree: reference.tree, chain: reference.chain, token: element.nameToken,
                                                            resolvesUniquely: meant.count == 1))
            }
        }
        // `AppStore(initial: …)` with `typealias AppStore = Store<AppState, AppAction>`: a generic
        // class is often made through an alias, which means whichever declaration of the name it is.
        for alias in aliases(standingFor: name, index: index) {
            for reference in index.chainElements[alias] {
                let elements = index.trees[reference.tree].chains[reference.chain].elements
                let element = elements[reference.element]
                guard element.isCall, writtenName(elements, upTo: reference.element) == alias else { continue }
                for declaration in named.references {
                    sites[declaration, default: []].append(Site(tree: reference.tree, chain: reference.chain, token: element.nameToken,
                                                                resolvesUniquely: named.references.count == 1))
                }
            }
        }
        return sites
    }

    /// The names of the project's typealiases that stand for the type `name` (`typealias AppStore =
    /// Store<AppState, AppAction>`), read from the uses of the name: each is `typealias X = name`.
    private static func aliases(standingFor name: String, index: ProjectIndex) -> [String] {
        var found: [String] = []
        for use in index.identifiers[name] {
            let tree = index.trees[use.tree]
            var k = use.token - 1
            guard k >= 2, tree.tokens[k].kind == .equal else { continue }
            k -= 1
            // A generic alias: `typealias Handler<T> = Box<T>`.
            if tree.tokenIs(k, ">") {
                while k > 0, !tree.tokenIs(k, "<") { k -= 1 }
                k -= 1
            }
            guard k >= 1, tree.tokens[k].kind == .identifier, tree.isWord(k - 1, "typealias") else { continue }
            let alias = tree.name(k)
            if alias != name, !found.contains(alias) { found.append(alias) }
        }
        return found
    }

    /// The type name written at a call (`Main.RootView` in `Main.RootView(resolver: r)`).
    private static func writtenName(_ elements: ChainElements, upTo e: Int) -> String {
        var parts = [elements[e].name]
        var k = e - 1
        while k >= elements.startIndex, !elements[k].isCall, elements[k].subscripts.isEmpty,
              elements[k].name.first?.isUppercase == true {
            parts.insert(elements[k].name, at: 0)
            k -= 1
        }
        return parts.joined(separator: ".")
    }
}
