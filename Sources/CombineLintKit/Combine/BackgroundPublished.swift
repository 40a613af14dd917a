/// `@Published` properties the project changes off the main thread: `$rows` delivers each change on
/// the thread that makes it, so a pipeline from one delivers there too, for those values at least
/// (its current value comes on the subscribing thread; changes made on the main thread still race
/// with the others).
enum BackgroundPublished {
    /// The projected names (`$rows`) of the project's `@Published` properties that some code changes
    /// outside an initializer: a file naming none of them starts no pipeline from one that is changed
    /// off main. A superset, for a file's quick check, worked out once per run.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "published-changed-names") {
            var names = Set<String>()
            var seen = Set<String>()
            for type in index.types.values {
                for property in type.properties.values where property.hasAttribute("Published") && seen.insert(property.name).inserted {
                    if !changesByOwner(of: property.name, index: index, memo: memo).isEmpty { names.insert("$" + property.name) }
                }
            }
            return NameSet(names.sorted())
        }
    }

    /// Whether code of the app (not of tests or test doubles) changes `owner`'s `@Published` property
    /// `name` off the main thread (`BackgroundNotifications.runsOffMain`), following the senders of
    /// the subjects it is changed from `levels - 1` levels back.
    static func isChangedOffMain(_ name: String, declaredBy owner: String, levels: Int, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            guard index.property(name, ofType: owner)?.hasAttribute("Published") == true else { return false }
            let changes = memo.map { changesByOwner(of: name, index: index, memo: $0)[owner] ?? [] }
                ?? changes(of: name, index: index).filter { owner == Self.owner(of: $0, index: index) }
            return changes.contains { change in
                let tree = index.trees[change.tree]
                let chain = tree.chains[change.chain]
                guard !TestCaseCode.isTestOrDouble(chain.first, of: tree, index: index) else { return false }
                return BackgroundNotifications.runsOffMain(chain.elements[change.element].nameToken, in: tree, index: index,
                                                           memo: memo, subjectLevels: levels - 1)
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "published-changed-off-main \(name) \(owner) \(levels)", compute)
    }

    /// The changes of the properties named `name`, by the type whose property each changes, worked
    /// out once per name and run: a name that thousands of types declare (`items`) is read once.
    private static func changesByOwner(of name: String, index: ProjectIndex, memo: ProjectMemo) -> [String: [ElementReference]] {
        memo.value(for: "published-changes-by-owner \(name)") {
            var result: [String: [ElementReference]] = [:]
            for change in changes(of: name, index: index) {
                if let owner = owner(of: change, index: index) { result[owner, default: []].append(change) }
            }
            return result
        }
    }

    /// The type whose property the change at `change` changes (`self?.rows`, `model.rows`).
    private static func owner(of change: ElementReference, index: ProjectIndex) -> String? {
        let tree = index.trees[change.tree]
        return TypeResolver.ownerTypeThroughProperties(ofElement: change.element, in: tree.chains[change.chain], tree: tree, index: index)
    }

    /// The changes of a property named `name` (`rows = …`, `self.rows = …`, `self?.rows.append(…)`,
    /// `model.rows = …`), but for an initializer's own statements.
    private static func changes(of name: String, index: ProjectIndex) -> [ElementReference] {
        index.chainElements[name].filter { reference in
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let element = chain.elements[reference.element]
            guard !element.isCall, element.subscripts.isEmpty, NameWrites.isChanged(at: element.nameToken, in: tree) else { return false }
            // An initializer's own statements set the first value; a closure made there (a sink) runs later.
            guard let f = tree.enclosingFunction(of: element.nameToken) else { return false }
            return tree.functions[f].kind != .initializer || tree.innermostClosure(of: element.nameToken) != nil
        }
    }
}
