/// Bags and cancellables a view controller empties when it leaves the screen (`viewWillDisappear`,
/// `viewDidDisappear` and AppKit's closing callbacks, in the type, its extensions or an ancestor):
/// what they hold is released every time the screen goes away, before the controller can be.
public struct DisappearanceResets: Sendable {
    /// The project's disappearance callbacks (bodies), by the simple name of the type they belong to.
    private let callbacksByType: [String: [(tree: Int, body: Range<Int>)]]

    /// The callbacks, found through the index's function postings (a handful of names), never by
    /// reading every function of the types' files: a type may sit in a file of thousands.
    init(index: ProjectIndex) {
        var byType: [String: [(tree: Int, body: Range<Int>)]] = [:]
        for name in Catalogue.disappearCallbacks.sorted() {
            for reference in index.functions[name] {
                let tree = index.trees[reference.tree]
                let function = tree.functions[reference.item]
                guard function.kind == .function, function.name == name, let owner = function.enclosingType,
                      let open = function.bodyOpen, let close = function.bodyClose else { continue }
                byType[tree.types[owner].name.lastNameComponent, default: []].append((reference.tree, open..<close))
            }
        }
        callbacksByType = byType
    }

    /// The project's callbacks, found once per run.
    public static func of(_ index: ProjectIndex, memo: ProjectMemo) -> DisappearanceResets {
        memo.value(for: "disappearance-resets") { DisappearanceResets(index: index) }
    }

    /// Whether the member `key` (`cancellables`, `timer`, `viewModel.cancellables`) is emptied,
    /// replaced or cancelled in a disappearance callback of type `typeName` or one it inherits from.
    /// Asked of the few types that have such callbacks, not of every ancestor: an inheritance
    /// chain of thousands of classes stays a lookup per class.
    public func releases(_ key: String, inType typeName: String, index: ProjectIndex) -> Bool {
        callbacksByType.contains { type, bodies in
            (type == typeName || index.inherits(typeName, from: type))
                && bodies.contains { !BagResets.resets(of: key, in: $0.body, of: index.trees[$0.tree]).isEmpty }
        }
    }
}
