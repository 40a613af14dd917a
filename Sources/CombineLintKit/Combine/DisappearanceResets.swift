/// Bags and cancellables a view controller empties when it leaves the screen (`viewWillDisappear`,
/// `viewDidDisappear` and AppKit's closing callbacks, in the type, its extensions or an ancestor),
/// or a scene delegate when its scene leaves the foreground (`sceneDidEnterBackground`,
/// `sceneDidDisconnect`): what they hold is released every time the screen goes away, before the
/// controller can be.
public struct DisappearanceResets: Sendable {
    /// The project's disappearance callbacks (bodies), by the simple name of the type they belong to.
    private let callbacksByType: [String: [(tree: Int, body: Range<Int>)]]

    /// The callbacks, found through the index's function postings (a handful of names), never by
    /// reading every function of the types' files: a type may sit in a file of thousands.
    init(index: ProjectIndex) {
        var byType: [String: [(tree: Int, body: Range<Int>)]] = [:]
        for name in Catalogue.disappearCallbacks.union(Catalogue.sceneDepartureCallbacks).sorted() {
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
    /// The few types whose callbacks reset a key are found once per key and run; each type then
    /// asks `inherits` of those alone, never of every type with a callback, nor by listing its
    /// ancestors (a chain of thousands of subclasses stays a lookup per class).
    public static func releases(_ key: String, inType typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let resetting = memo.value(for: "disappearance-resets\u{0}" + key) { of(index, memo: memo).typesResetting(key, index: index) }
        return resetting.contains { $0 == typeName || index.inherits(typeName, from: $0) }
    }

    /// The types whose own disappearance callbacks reset `key`, in name order.
    private func typesResetting(_ key: String, index: ProjectIndex) -> [String] {
        callbacksByType.filter { _, bodies in
            bodies.contains { !BagResets.resets(of: key, in: $0.body, of: index.trees[$0.tree]).isEmpty }
        }.keys.sorted()
    }

    /// Whether the member `key` of the coordinator type declared at `t` (nested in a representable)
    /// is emptied, replaced or cancelled in that representable's `dismantleUIView(_:coordinator:)`
    /// (or its AppKit and view-controller forms) through the coordinator parameter
    /// (`coordinator.cancellables.removeAll()`): SwiftUI calls it before it drops the coordinator,
    /// so a cycle through that member ends when the view goes away.
    public static func releasedByTeardown(_ key: String, coordinatorAt t: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let parent = tree.types[t].parentType else { return false }
        let owner = tree.types[parent].name.lastNameComponent
        let coordinator = tree.types[t].name.lastNameComponent
        for name in Catalogue.representableTeardownCallbacks.sorted() {
            for reference in index.functions[name] {
                let other = index.trees[reference.tree]
                let function = other.functions[reference.item]
                guard function.name == name, function.isStatic, let type = function.enclosingType,
                      other.types[type].name.lastNameComponent == owner,
                      let open = function.bodyOpen, let close = function.bodyClose,
                      let parameter = function.parameters.first(where: { $0.label == "coordinator" }),
                      parameter.typeText.filter({ !$0.isWhitespace }).lastNameComponent == coordinator else { continue }
                if !BagResets.resets(of: parameter.name + "." + key, in: (open + 1)..<close, of: other).isEmpty { return true }
            }
        }
        return false
    }
}
