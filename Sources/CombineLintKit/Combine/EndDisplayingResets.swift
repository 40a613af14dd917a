/// What the project's `tableView(_:didEndDisplaying:forRowAt:)` and
/// `collectionView(_:didEndDisplaying:forItemAt:)` do to the cell leaving the screen: UIKit reuses a
/// cell only after it ended display, so a bag emptied there is as good as one emptied in
/// `prepareForReuse`. Each name is kept with the cell types the callback casts to (`as? FeedCell`),
/// or `*` when it casts to none. Gathered once per run.
public struct EndDisplayingResets: Sendable {
    /// Methods called there without arguments (`(cell as? FeedCell)?.unbind()`).
    private var calledMethods: [String: Set<String>] = [:]
    /// Members of the cell parameter emptied there directly (`cell.bag.removeAll()` → `bag`).
    private var emptiedMembers: [String: Set<String>] = [:]

    public init(index: ProjectIndex) {
        for name in Catalogue.endDisplayingCallbackNames {
            for ref in index.functions[name] {
                let tree = index.trees[ref.tree]
                let function = tree.functions[ref.item]
                guard function.kind == .function, function.parameters.count >= 2, function.parameters[1].label == "didEndDisplaying",
                      let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
                let cell = function.parameters[1].name
                // The cell types the body casts to: the members and methods it reaches are theirs.
                var types = Set<String>()
                for k in (open + 1)..<max(open + 1, close - 2) where tree.isWord(k, "as")
                    && (tree.tokens[k + 1].kind == .questionMark || tree.tokens[k + 1].kind == .exclamationMark)
                    && tree.tokens[k + 2].kind == .identifier {
                    types.insert(tree.name(k + 2))
                }
                if types.isEmpty { types = ["*"] }
                // `.unbind()` after any receiver, `(cell as? FeedCell)?.unbind()` included (no chain of its own).
                for k in (open + 1)..<max(open + 1, close - 2) where tree.tokens[k].kind == .period && tree.tokens[k + 1].kind == .identifier
                    && tree.tokens[k + 2].kind == .leftParen && Int(tree.matching[k + 2]) == k + 3 {
                    calledMethods[tree.name(k + 1), default: []].formUnion(types)
                }
                for member in EndDisplayingResets.castCellMembersEmptied(cell: cell, in: (open + 1)..<close, of: tree) {
                    emptiedMembers[member, default: []].formUnion(types)
                }
                for member in Set(tree.chains(in: open...close).compactMap({ chain -> String? in
                    guard chain.root.name == cell, chain.elements.count >= 3 else { return nil }
                    return chain.elements[1].name
                })) where !BagResets.resets(of: cell + "." + member, in: open..<close, of: tree).isEmpty {
                    emptiedMembers[member, default: []].formUnion(types)
                }
            }
        }
    }

    /// `(cell as? FeedCell)?.bag.removeAll()` (or `= []`): a member of the cast cell emptied. The
    /// parenthesised cast has no chain of its own, so the tokens are read: the cast, the member, then
    /// an emptying call or an assignment of an empty bag.
    static func castCellMembersEmptied(cell: String, in range: Range<Int>, of tree: SyntaxTree) -> [String] {
        var members: [String] = []
        for k in range where tree.tokens[k].kind == .leftParen && k + 2 < range.upperBound
            && tree.tokens[k + 1].kind == .identifier && tree.name(k + 1) == cell && tree.isWord(k + 2, "as") {
            var m = Int(tree.matching[k]) + 1
            guard m > k + 1 else { continue }
            if m < range.upperBound, tree.tokens[m].kind == .questionMark || tree.tokens[m].kind == .exclamationMark { m += 1 }
            guard m + 3 < range.upperBound, tree.tokens[m].kind == .period, tree.tokens[m + 1].kind == .identifier else { continue }
            let after = m + 2
            let emptyingCall = tree.tokens[after].kind == .period && tree.tokens[after + 1].kind == .identifier
                && Catalogue.bagEmptyingCalls.contains(tree.name(after + 1))
            let emptyAssignment = tree.tokens[after].kind == .equal
                && (tree.tokens[after + 1].kind == .leftBracket || tree.isWord(after + 1, "Set") || tree.tokens[after + 1].kind == .period)
            if emptyingCall || emptyAssignment { members.append(tree.name(m + 1)) }
        }
        return members
    }

    /// The project's `didEndDisplaying` callbacks, read once per run.
    public static func of(_ index: ProjectIndex, memo: ProjectMemo) -> EndDisplayingResets {
        memo.value(for: "end-displaying-resets") { EndDisplayingResets(index: index) }
    }

    /// The methods called without arguments when a cell of type `cellType` ends display.
    public func calledMethods(forCellType cellType: String, index: ProjectIndex) -> Set<String> {
        Set(calledMethods.compactMap { name, types in Self.apply(types, to: cellType, index: index) ? name : nil })
    }

    /// Whether member `bag` of a cell of type `cellType` is emptied when it ends display.
    public func empties(_ bag: String, ofCellType cellType: String, index: ProjectIndex) -> Bool {
        emptiedMembers[bag].map { Self.apply($0, to: cellType, index: index) } ?? false
    }

    /// Whether what was done to cells cast to `types` (`*`: any cell) is done to a `cellType`: the
    /// type or an ancestor was cast to. Asked of the few cast types (`inherits` remembers its
    /// answers), never by listing every ancestor of every cell: a chain of thousands of
    /// subclasses stays a lookup per class.
    private static func apply(_ types: Set<String>, to cellType: String, index: ProjectIndex) -> Bool {
        types.contains("*") || types.contains(cellType) || types.contains { index.inherits(cellType, from: $0) }
    }
}
