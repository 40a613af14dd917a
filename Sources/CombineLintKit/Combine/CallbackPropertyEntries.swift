/// Closures a type hands to another object's callback property (`form.onShowCart = { [weak self] in
/// self?.showCart() }`, the way a coordinator wires its screens) that the other object calls from
/// code that runs again and again: a `UIAction` handler or another closure of `RepeatedEntryPoints`,
/// an `@objc`/`@IBAction` method (a control's target), or a selection or text input delegate method.
/// Each tap runs the handed closure once more.
enum CallbackPropertyEntries {
    /// One handed closure: its body, the label of the repeated code that calls it, and the simple
    /// name of the type it is written in.
    struct Entry: Sendable {
        var label: String
        var body: Range<Int>
        var typeName: String
    }

    /// The handed closures written in `tree` (file `treeIndex`) inside type `typeName` whose callback
    /// property some type calls repeatedly. The file is read once per run and its closures grouped by type
    /// (a file of a thousand types is not filtered a thousand times).
    static func entries(in tree: SyntaxTree, treeIndex: Int, typeName: String, index: ProjectIndex, memo: ProjectMemo) -> [Entry] {
        memo.value(for: "callback-property-entries.file\u{0}\(treeIndex)") {
            Dictionary(grouping: fileEntries(in: tree, index: index, memo: memo), by: \.typeName)
        }[typeName] ?? []
    }

    private static func fileEntries(in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> [Entry] {
        var result: [Entry] = []
        for closure in tree.closures {
            // `receiver.property = { … }`: the closure is the whole right-hand side of an assignment
            // to a member of another object (not `self`, whose own callbacks are its own business).
            let open = closure.open
            guard open >= 4, tree.tokens[open - 1].kind == .equal, tree.tokens[open - 2].kind == .identifier,
                  tree.tokens[open - 3].kind == .period, tree.tokens[open - 4].kind == .identifier,
                  !tree.isWord(open - 4, "self"), open - 4 == 0 || tree.tokens[open - 5].kind != .period,
                  let t = tree.enclosingType(of: open) else { continue }
            let property = tree.name(open - 2)
            let label = memo.value(for: "callback-property-entries\u{0}" + property) { repeatedCallLabel(of: property, index: index, memo: memo) ?? "" }
            guard !label.isEmpty else { continue }
            result.append(Entry(label: label, body: open..<closure.close, typeName: tree.types[t].name.lastNameComponent))
        }
        return result
    }

    /// The label of the first repeated place that calls the callback property `name`
    /// (`onShowCart?()`, `self.onShowCart?()`, `onShowCart()`), if any.
    private static func repeatedCallLabel(of name: String, index: ProjectIndex, memo: ProjectMemo) -> String? {
        for reference in index.identifiers[name] {
            let tree = index.trees[reference.tree]
            let k = reference.token
            guard k + 1 < tree.tokens.count else { continue }
            // A call of the property's value: `name(` or `name?(`, bare or on `self`.
            var open = k + 1
            if tree.tokens[open].kind == .questionMark, open + 1 < tree.tokens.count { open += 1 }
            guard tree.tokens[open].kind == .leftParen else { continue }
            if k >= 1, tree.tokens[k - 1].kind == .period {
                guard k >= 2, tree.isWord(k - 2, "self") || (k >= 3 && tree.isWord(k - 3, "self") && tree.tokens[k - 2].kind == .questionMark) else { continue }
            }
            let points = memo.value(for: "repeated_subscription.entries\u{0}\(reference.tree)") { RepeatedEntryPoints(tree) }
            if let entry = points.closures.first(where: { $0.body.contains(k) }) {
                return entry.label + " → " + name
            }
            // A control's target, or a delegate method a user's action runs (a row's selection, an
            // edit of a search field): a generic data source's `onSelect?(item)` in `didSelectRowAt`.
            if let f = tree.outerMethod(of: k) {
                let selector = tree.functions[f].selectorName
                if tree.functions[f].isObjCCallable || Catalogue.selectionSelectors.contains(selector)
                    || Catalogue.perEventDelegateSelectors.contains(selector) {
                    return selector + " → " + name
                }
            }
        }
        return nil
    }
}
