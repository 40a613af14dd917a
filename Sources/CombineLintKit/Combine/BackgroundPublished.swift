/// `@Published` properties the project changes off the main thread: `$rows` delivers each change on
/// the thread that makes it, so a pipeline from one delivers there too, for those values at least
/// (its current value comes on the subscribing thread; changes made on the main thread still race
/// with the others).
enum BackgroundPublished {
    /// The projected names (`$rows`) of the project's `@Published` properties that some code changes
    /// where it may run off main (in a closure, a `private` method, an actor, a delegate callback): a
    /// file naming none of them starts no pipeline from one that is changed off main. A superset, for
    /// a file's quick check, worked out once per run without resolving any owner.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "published-changed-names") {
            var names = Set<String>()
            var seen = Set<String>()
            for type in index.types.values {
                for property in type.properties.values where property.hasAttribute("Published") && seen.insert(property.name).inserted {
                    // Stops at the first such change; the cheap test of where it runs comes first.
                    if index.chainElements[property.name].contains(where: { mayRunOffMain($0, index: index) && isChange($0, index: index) }) {
                        names.insert("$" + property.name)
                    }
                }
            }
            // `…assign(to: &$candidates)`: the pipeline's delivery decides, which `isChangedOffMain` asks.
            for name in assignedByPipelines(index: index, memo: memo).keys { names.insert("$" + name) }
            return NameSet(names.sorted())
        }
    }

    /// Where `BackgroundNotifications.runsOffMain` may answer yes: in a closure, or directly in a
    /// `private` method, a method of an actor or a delegate callback.
    private static func mayRunOffMain(_ change: ElementReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[change.tree]
        let token = tree.chains[change.chain].elements[change.element].nameToken
        if tree.innermostClosure(of: token) != nil { return true }
        guard let f = tree.enclosingFunction(of: token) else { return false }
        let function = tree.functions[f]
        if function.isFilePrivate { return true }
        if let t = function.enclosingType, tree.types[t].kind == .actor
            || (tree.types[t].kind == .extension && index.type(named: tree.types[t].name)?.kind == .actor) { return true }
        return Catalogue.urlSessionDelegateCallbacks.contains(function.name) || Catalogue.coreBluetoothDelegateCallbacks.contains(function.name)
    }

    /// Whether code of the app (not of tests or test doubles) changes `owner`'s `@Published` property
    /// `name` off the main thread (`BackgroundNotifications.runsOffMain`), following the senders of
    /// the subjects it is changed from `levels - 1` levels back.
    static func isChangedOffMain(_ name: String, declaredBy owner: String, levels: Int, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            guard index.property(name, ofType: owner)?.hasAttribute("Published") == true else { return false }
            let changes = memo.map { changesByOwner(of: name, index: index, memo: $0)[owner] ?? [] }
                ?? changes(of: name, index: index).filter { owner == Self.owner(of: $0, index: index) }
            let changed = changes.contains { change in
                let tree = index.trees[change.tree]
                let chain = tree.chains[change.chain]
                guard !TestCaseCode.isTestOrDouble(chain.first, of: tree, index: index) else { return false }
                return BackgroundNotifications.runsOffMain(chain.elements[change.element].nameToken, in: tree, index: index,
                                                           memo: memo, subjectLevels: levels - 1)
            }
            if changed { return true }
            // `$query.debounce(for: …, scheduler: searchQueue).map { … }.assign(to: &$candidates)`: the pipeline
            // sets the property where it delivers.
            guard levels > 1, let memo else { return false }
            return (assignedByPipelines(index: index, memo: memo)[name] ?? []).contains { assign in
                let tree = index.trees[assign.tree]
                let chain = tree.chains[assign.chain]
                guard TypeResolver.enclosingTypeName(at: chain.first, in: tree) == owner,
                      !TestCaseCode.isTestOrDouble(chain.first, of: tree, index: index) else { return false }
                var queues = DeliveryQueues(tree: tree, index: index, memo: memo)
                queues.subjectLevels = levels - 1
                if case .background = queues.delivery(of: chain, before: assign.element) { return true }
                return false
            }
        }
        guard let memo else { return compute() }
        return memo.value(for: "published-changed-off-main \(name) \(owner) \(levels)", compute)
    }

    /// The `assign(to: &$name)` calls of the project, by the property name they assign, worked out once per run.
    private static func assignedByPipelines(index: ProjectIndex, memo: ProjectMemo) -> [String: [ElementReference]] {
        memo.value(for: "published-assigned-by-pipelines") {
            var result: [String: [ElementReference]] = [:]
            for reference in index.chainElements["assign"] {
                let tree = index.trees[reference.tree]
                let element = tree.chains[reference.chain].elements[reference.element]
                guard element.isCall, reference.element > 0, let to = element.argument("to"), to.isInout,
                      let token = to.value.first(where: { tree.tokens[$0].kind == .dollarIdentifier }) else { continue }
                result[String(tree.name(token).dropFirst()), default: []].append(reference)
            }
            return result
        }
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
        index.chainElements[name].filter { isChange($0, index: index) }
    }

    private static func isChange(_ reference: ElementReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[reference.tree]
        let element = tree.chains[reference.chain].elements[reference.element]
        guard !element.isCall, element.subscripts.isEmpty, NameWrites.isChanged(at: element.nameToken, in: tree) else { return false }
        // An initializer's own statements set the first value; a closure made there (a sink) runs later.
        guard let f = tree.enclosingFunction(of: element.nameToken) else { return false }
        return tree.functions[f].kind != .initializer || tree.innermostClosure(of: element.nameToken) != nil
    }
}
