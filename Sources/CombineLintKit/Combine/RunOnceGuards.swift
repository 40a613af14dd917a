/// Early exits that make the code after them run once, however often its method is called: an
/// `if`/`guard` whose condition reads a run-once flag (a name the type sets to `true`/`false` or
/// toggles), the bag itself (`guard cancellables.isEmpty`), a first-appearance property
/// (`isMovingToParent`), or a view-attachment property that installing the view sets
/// (`guard rootView.superview == nil else { return }` before `addSubview(rootView)`).
public enum RunOnceGuards {
    /// Whether an `if` or `guard` in `range` (which ends at `token`) reads the bag or one of `flags`
    /// and decides whether `token` runs: `if !didBind { didBind = true; bindOnce() }` guards its own
    /// block, not a subscription after it (`covers`).
    public static func decidesRun(of token: Int, guardsIn range: Range<Int>, of tree: SyntaxTree, bag: String, flags: Set<String>) -> Bool {
        guards(in: range, of: tree, bag: bag, flags: flags).contains { covers($0, token, in: tree) }
    }

    /// The first `if` or `guard` in `range` that reads the bag or one of `flags`. Asked once for a
    /// whole body, it answers `isGuarded` for every position in it (guarded before `p` when it is
    /// below `p`), so that a body with thousands of subscriptions is read once, not once for each.
    public static func firstGuard(in range: Range<Int>, of tree: SyntaxTree, bag: String, flags: Set<String>) -> Int? {
        firstGuard(in: range, startingIn: range, of: tree, bag: bag, flags: flags)
    }

    /// The first `if` or `guard` starting in `starts` (a part of `range`; its condition may run on
    /// past `starts`, up to the end of `range`) that reads the bag or one of `flags`: a body can be
    /// read in parts, each up to the next subscription asked about.
    public static func firstGuard(in range: Range<Int>, startingIn starts: Range<Int>, of tree: SyntaxTree, bag: String,
                                  flags: Set<String>) -> Int? {
        for k in starts.clamped(to: range) where tree.isWord(k, "if") || tree.isWord(k, "guard") {
            var j = k + 1
            while j < range.upperBound, j < k + 80 {
                let kind = tree.tokens[j].kind
                if kind == .leftBrace || tree.isWord(j, "else") { break }
                if kind == .leftParen || kind == .leftBracket, tree.matching[j] > Int32(j) {
                    for n in j..<Int(tree.matching[j]) where isFlag(n, in: tree, bag: bag, flags: flags) { return k }
                    j = Int(tree.matching[j]) + 1
                    continue
                }
                if isFlag(j, in: tree, bag: bag, flags: flags) { return k }
                j += 1
            }
        }
        return nil
    }

    /// Every `if` or `guard` in `range` that reads the bag or one of `flags`, in order.
    public static func guards(in range: Range<Int>, of tree: SyntaxTree, bag: String, flags: Set<String>) -> [Int] {
        var result: [Int] = []
        var starts = range
        while let k = firstGuard(in: range, startingIn: starts, of: tree, bag: bag, flags: flags) {
            result.append(k)
            starts = (k + 1)..<range.upperBound
        }
        return result
    }

    /// Whether the `if` or `guard` at token `k` decides whether code at token `end` runs: `end` is
    /// in the `if`'s body, or after a `guard` (or an `if` whose body leaves: `if didBind { return }`)
    /// in the same block. An `if isMovingToParent { startObserving() }` guards its own call only,
    /// not the calls after it.
    public static func covers(_ k: Int, _ end: Int, in tree: SyntaxTree) -> Bool {
        guard k < end else { return false }
        let level = tree.enclosing[k]
        var open = k + 1
        while open < end, !(tree.tokens[open].kind == .leftBrace && tree.enclosing[open] == level) { open += 1 }
        guard open < end, tree.matching[open] > Int32(open) else { return false }
        let close = Int(tree.matching[open])
        let blockClose = level >= 0 && tree.matching[Int(level)] > level ? Int(tree.matching[Int(level)]) : tree.tokens.count
        let leavesBlock = tree.isWord(k, "guard") || tree.blockLeaves(open)
        return (open < end && end < close) || (leavesBlock && close < end && end < blockClose)
    }

    /// Whether the condition of the `if` or `guard` at token `k` is one flag, maybe negated or on
    /// `self` (`!hasBound`, `self.didLoad`), up to its `{` or `else`.
    public static func testsOneFlag(at k: Int, in tree: SyntaxTree) -> Bool {
        var j = k + 1
        if j < tree.tokens.count, tree.tokens[j].kind == .exclamationMark || tree.tokenIs(j, "!") { j += 1 }
        if j + 1 < tree.tokens.count, tree.isWord(j, "self"), tree.tokens[j + 1].kind == .period { j += 2 }
        guard j + 1 < tree.tokens.count, tree.tokens[j].kind == .identifier else { return false }
        return tree.tokens[j + 1].kind == .leftBrace || tree.isWord(j + 1, "else")
    }

    private static func isFlag(_ i: Int, in tree: SyntaxTree, bag: String, flags: Set<String>) -> Bool {
        guard tree.tokens[i].kind == .identifier else { return false }
        let name = tree.name(i)
        return name == bag || flags.contains(name) || Catalogue.firstAppearanceFlags.contains(name)
            || (Catalogue.viewAttachmentProperties.contains(name) && i > 0 && tree.tokens[i - 1].kind == .period)
    }

    /// The run-once flags that the methods of type `owner` (an index into `tree.types`, nil for
    /// top-level code) in this file set, worked out once per type, file and run.
    public static func flags(setByTypeAt owner: Int?, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        let treeIndex = index.treeIndexByPath[tree.file.path] ?? -1
        return memo.value(for: "run-once-flags \(treeIndex):\(owner ?? -1)") {
            let bodies = tree.functions.compactMap { f -> Range<Int>? in
                guard f.enclosingType == owner, let open = f.bodyOpen, let close = f.bodyClose else { return nil }
                return open..<close
            }
            // A state set to a case by more than one method (`start()` setting `phase = .running`,
            // `pause()` setting `.paused`) opens `guard phase != .running` again: no run-once flag.
            var assignedBy: [String: Int] = [:]
            for body in bodies {
                for name in assignedNames(in: [body], of: tree) { assignedBy[name, default: 0] += 1 }
            }
            let reopened = caseAssignments(in: bodies, of: tree).filter { (assignedBy[$0] ?? 0) > 1 }
            return flagAssignments(in: bodies, of: tree).subtracting(reopened)
        }
    }

    /// The names set both to `true` and to `false` in `ranges` of `tree`: a cool-down
    /// (`isCoolingDown = true`, then `isCoolingDown = false` in a delayed sink) lets the guarded code
    /// run again once it is cleared, so on one path it only spaces the runs out.
    public static func flagsSetBothWays(in ranges: [Range<Int>], of tree: SyntaxTree) -> Set<String> {
        var setTrue = Set<String>()
        var setFalse = Set<String>()
        for range in ranges {
            for i in range where tree.tokens[i].kind == .identifier && i + 2 < tree.tokens.count && tree.tokens[i + 1].kind == .equal {
                // `@State private var didStart = false` declares the flag's first value; it clears nothing.
                if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") { continue }
                if tree.isWord(i + 2, "true") { setTrue.insert(tree.name(i)) } else if tree.isWord(i + 2, "false") { setFalse.insert(tree.name(i)) }
            }
        }
        return setTrue.intersection(setFalse)
    }

    /// The names `ranges` set to an enum case as a whole statement (`phase = .running`): a state
    /// behind `guard phase != .running`, which another method setting it again (`pause()` setting
    /// `.paused`) opens once more.
    public static func caseAssignments(in ranges: [Range<Int>], of tree: SyntaxTree) -> Set<String> {
        var names = Set<String>()
        for range in ranges {
            for i in range where tree.tokens[i].kind == .identifier && i + 3 < tree.tokens.count && tree.tokens[i + 1].kind == .equal
                && tree.tokens[i + 2].kind == .period && tree.tokens[i + 3].kind == .identifier
                && (i + 4 >= tree.tokens.count || tree.statementStarts[i + 4] || tree.tokens[i + 4].kind == .rightBrace) {
                names.insert(tree.name(i))
            }
        }
        return names
    }

    /// The names assigned (`name = …`, `self.name = …`) in `ranges` of `tree`.
    public static func assignedNames(in ranges: [Range<Int>], of tree: SyntaxTree) -> Set<String> {
        var names = Set<String>()
        for range in ranges {
            for i in range where tree.tokens[i].kind == .identifier && i + 1 < tree.tokens.count && tree.tokens[i + 1].kind == .equal {
                if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") { continue }
                names.insert(tree.name(i))
            }
        }
        return names
    }

    /// The names set to `true` or `false` in `ranges` of `tree`: run-once flags. A name also
    /// toggled there (`isFollowing.toggle()`) flips on every other run, so it guards nothing once.
    /// A set the code inserts into (`observedIDs.insert(id)`) is a run-once record per key: behind
    /// `guard !observedIDs.contains(id)` a subscription is made once for each id. So is the last
    /// value seen, `guard observedOrder != order.id else { return }` with `observedOrder = order.id`:
    /// the code after it runs once for each new value.
    public static func flagAssignments(in ranges: [Range<Int>], of tree: SyntaxTree) -> Set<String> {
        var names = Set<String>()
        var toggled = Set<String>()
        var assigned = Set<String>()
        var comparedByGuard = Set<String>()
        for range in ranges {
            for i in range where tree.tokens[i].kind == .identifier && i + 2 < tree.tokens.count {
                // `guard observed != id`, `guard self.observed != id`.
                if tree.tokenIs(i + 1, "!="), i >= 1, tree.isWord(i - 1, "guard")
                    || (i >= 3 && tree.tokens[i - 1].kind == .period && tree.isSelfReference(i - 2) && tree.isWord(i - 3, "guard")) {
                    comparedByGuard.insert(tree.name(i))
                }
                if tree.tokens[i + 1].kind == .equal, !tree.isWord(i + 2, "nil") { assigned.insert(tree.name(i)) }
                if tree.tokens[i + 1].kind == .equal, tree.isWord(i + 2, "true") || tree.isWord(i + 2, "false") {
                    names.insert(tree.name(i))
                } else if tree.tokens[i + 1].kind == .period, tree.isWord(i + 2, "toggle") {
                    toggled.insert(tree.name(i))
                } else if tree.tokens[i + 1].kind == .period, tree.isWord(i + 2, "insert"), i + 3 < tree.tokens.count,
                          tree.tokens[i + 3].kind == .leftParen {
                    names.insert(tree.name(i))
                }
            }
        }
        return names.union(assigned.intersection(comparedByGuard)).subtracting(toggled)
    }

    /// The flags of `flagAssignments` that are only ever set one way (`reminderArmed = true`, never
    /// back to `false`): a busy flag cleared when the work ends (`isRefreshing = false`) lets the
    /// guarded code run again on the next round.
    public static func oneWayFlagAssignments(in ranges: [Range<Int>], of tree: SyntaxTree) -> Set<String> {
        flagAssignments(in: ranges, of: tree).subtracting(flagsSetBothWays(in: ranges, of: tree))
    }
}
