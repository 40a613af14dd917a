/// Bags and cancellables a view controller empties when it leaves the screen (`viewWillDisappear`,
/// `viewDidDisappear` and AppKit's closing callbacks, in the type, its extensions or an ancestor):
/// what they hold is released every time the screen goes away, before the controller can be.
public enum DisappearanceResets {
    /// Whether the member `key` (`cancellables`, `timer`, `viewModel.cancellables`) is emptied,
    /// replaced or cancelled in a disappearance callback of type `typeName` or one it inherits from.
    public static func releases(_ key: String, inType typeName: String, index: ProjectIndex) -> Bool {
        for type in [typeName] + index.allAncestors(of: typeName) {
            for t in index.treeIndices(declaring: type) {
                let tree = index.trees[t]
                for function in tree.functions where function.kind == .function && Catalogue.disappearCallbacks.contains(function.name) {
                    guard let owner = function.enclosingType, tree.types[owner].name.lastNameComponent == type,
                          let open = function.bodyOpen, let close = function.bodyClose else { continue }
                    if !BagResets.resets(of: key, in: open..<close, of: tree).isEmpty { return true }
                }
            }
        }
        return false
    }
}
