/// Teardown methods that an owner calls just before it lets go of the object
/// (`menuBarController?.remove()` then `menuBarController = nil`), or that a SwiftUI view calls on
/// its model when it disappears (`.onDisappear { model.stopClock() }`): when such a method empties
/// a bag or drops a cancellable, a cycle through it ends then.
public enum OwnerTeardowns {
    /// Whether the member `key` of type `t` (of tree `treeIndex`) is let go of each time its screen
    /// goes: emptied in a disappearance callback of the type or an ancestor (`DisappearanceResets`),
    /// or by a teardown as `release` tells. A cycle through it then never outlives the screen.
    public static func releasedWhenLeaving(_ key: String, ofType t: Int, inTree treeIndex: Int, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        DisappearanceResets.releases(key, inType: index.trees[treeIndex].types[t].name.lastNameComponent, index: index, memo: memo)
            || release(key, ofType: t, inTree: treeIndex, index: index, memo: memo)
    }

    /// Whether a method without arguments of the type named `typeName` empties the bag `key`, and
    /// some code calls it on an object it holds and then sets that holder to `nil` in the same
    /// function, or a view's `.onDisappear` calls it on an object that may be of that type.
    /// The teardown must be the type's own, type `t` of tree `treeIndex` as the project resolves
    /// it (`Treatments.StateModel`'s, not `PumpConfig.StateModel`'s).
    static func release(_ key: String, ofType t: Int, inTree treeIndex: Int, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let typeName = index.trees[treeIndex].types[t].name.lastNameComponent
        // Worked out once per simple name and key: every feature of an app may declare its own
        // nested `ViewModel` with its own `bag`, and each asks.
        let releasing = memo.value(for: "owner-teardowns\u{0}" + typeName + "\u{0}" + key) {
            typesReleasing(key, typeName: typeName, index: index, memo: memo)
        }
        guard !releasing.isEmpty else { return false }
        return releasing.contains(TypeIdentity.of(type: t, inTree: treeIndex, index: index, memo: memo))
    }

    /// The types of simple name `typeName` with such a teardown for `key`.
    private static func typesReleasing(_ key: String, typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Set<TypeIdentity> {
        var result = Set<TypeIdentity>()
        // The declarations and extensions of that name, each read for its own methods only (a file
        // may declare thousands of types).
        for declaration in index.typeDeclarations[typeName] {
            let other = declaration.tree
            let tree = index.trees[other]
            for f in tree.types[declaration.item].functions {
                let function = tree.functions[f]
                guard function.kind == .function, !function.isStatic, function.parameters.isEmpty,
                      let owner = function.enclosingType, owner == declaration.item,
                      let open = function.bodyOpen, let close = function.bodyClose,
                      !BagResets.resets(of: key, in: open..<close, of: tree).isEmpty else { continue }
                let disappearing = RepeatedViewCalls.of(index, memo: memo).onDisappearByMethod[function.name] ?? []
                guard isCalledBeforeDrop(function.name, on: typeName, index: index, memo: memo)
                        || disappearing.contains(where: { RepeatedViewCalls.receiver(of: $0, mayBe: typeName, index: index) }) else { continue }
                result.insert(TypeIdentity.of(type: owner, inTree: other, index: index, memo: memo))
            }
        }
        return result
    }

    /// Whether some code calls `holder.name()` (or `holder?.name()`) on a member `holder` declared
    /// of type `typeName` and later in the same function sets `holder = nil`.
    static func isCalledBeforeDrop(_ name: String, on typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        dropHolders(calling: name, index: index, memo: memo).contains { holds(index.trees[$0.tree].variables[$0.item], typeName, in: index.trees[$0.tree]) }
    }

    /// The members `holder` on which some code calls `holder.name()` and later in the same function
    /// sets `holder = nil`, whatever their type: read once per method name and run (every type's
    /// `prepareForReuse` is one name), then matched to each type asked about.
    private static func dropHolders(calling name: String, index: ProjectIndex, memo: ProjectMemo) -> [DeclarationReference] {
        memo.value(for: "owner-teardowns.drop-holders\u{0}" + name) { () -> [DeclarationReference] in
            var result: [DeclarationReference] = []
            for reference in index.identifiers[name] {
                let tree = index.trees[reference.tree]
                let k = reference.item
                guard k >= 2, k + 2 < tree.tokens.count, tree.tokens[k + 1].kind == .leftParen, tree.tokens[k + 2].kind == .rightParen,
                      tree.tokens[k - 1].kind == .period else { continue }
                var last = k - 2
                if tree.tokens[last].kind == .questionMark || tree.tokens[last].kind == .exclamationMark { last -= 1 }
                guard last >= 0, tree.tokens[last].kind == .identifier else { continue }
                var first = last
                if first >= 2, tree.tokens[first - 1].kind == .period, tree.isWord(first - 2, "self") { first -= 2 }
                guard let holder = BagResets.key(first: first, last: last, in: tree), !holder.utf8.contains(UInt8(ascii: ".")),
                      let f = tree.enclosingFunction(of: k), let close = tree.functions[f].bodyClose,
                      let t = tree.enclosingType(of: k), let v = tree.memberVariable(named: holder, ofType: t) else { continue }
                for i in (k + 3)..<close where tree.tokens[i].kind == .equal && tree.isWord(i + 1, "nil") {
                    let start = BagResets.assignmentTargetStart(ofEqualAt: i, notBefore: k, in: tree)
                    if BagResets.key(first: start, last: i - 1, in: tree) == holder {
                        result.append(DeclarationReference(tree: reference.tree, item: v))
                        break
                    }
                }
            }
            return result
        }
    }

    /// Whether the property is declared of type `typeName` (`var menuBar: MenuBar?`) or made as one
    /// (`var menuBar = MenuBar()`).
    static func holds(_ variable: VariableDecl, _ typeName: String, in tree: SyntaxTree) -> Bool {
        if !variable.typeText.isEmpty {
            return ProjectIndex.stripGenerics(TypeText.unwrappingOptional(variable.typeText)).lastNameComponent == typeName
        }
        guard let initializer = variable.initializer, let first = initializer.first else { return false }
        return tree.tokens[first].kind == .identifier && tree.name(first) == typeName
    }
}
