/// Create-once guards inside a closure that runs per value: an `if` or `guard` that lets the code
/// after it run only while something does not exist yet (`if store == nil`, `guard self.task == nil
/// else { return }`) or a flag is down (`guard !started else { return }`), where the code it lets
/// through makes it exist (`store = Store()`, `started = true`). However often
/// the closure runs, the guarded code runs once until someone clears the thing again; every run
/// starts from a fresh object, so nothing of an earlier run is left to race with.
public enum CreateOnceGuards {
    /// Whether token `target`, directly in closure `c` of `tree` (not in a closure nested in it), is
    /// behind a create-once guard of `c`.
    public static func guards(_ target: Int, inClosure c: Int, of tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        return guards(target, body: closure.bodyStart..<closure.close, closure: c, of: tree)
    }

    /// Whether token `target`, directly in the body of function `f` (not in a closure), is behind a
    /// create-once guard of that body: a method that returns early while its subscription exists
    /// (`guard observer == nil else { return }`, then `observer = …`) subscribes once, however
    /// often it is called.
    public static func guards(_ target: Int, inFunction f: Int, of tree: SyntaxTree) -> Bool {
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose else { return false }
        return guards(target, body: (open + 1)..<close, closure: nil, of: tree)
    }

    /// The regions of function `f`'s body (code directly in it, not in closures) that run behind a
    /// create-once guard of that body: asked once per body, then tested for each token.
    public static func guardedRegions(inFunction f: Int, of tree: SyntaxTree) -> [Range<Int>] {
        namedGuardedRegions(inFunction: f, of: tree).map(\.region)
    }

    /// The regions of `guardedRegions(inFunction:of:)`, each with the names its guard tests and its
    /// code makes present (`observer` of `guard observer == nil … observer = …`; none for a keyed cache).
    public static func namedGuardedRegions(inFunction f: Int, of tree: SyntaxTree) -> [(region: Range<Int>, names: [String])] {
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open + 1 < close else { return [] }
        return namedRegions(before: close, containing: nil, body: (open + 1)..<close, closure: nil, of: tree)
    }

    /// The guards of `body`, whose code directly in it (outside nested closures) has `closure` as
    /// its innermost closure: `nil` for a function's own body.
    private static func guards(_ target: Int, body code: Range<Int>, closure c: Int?, of tree: SyntaxTree) -> Bool {
        guard code.lowerBound < target, target < code.upperBound else { return false }
        return !regions(before: target, containing: target, body: code, closure: c, of: tree).isEmpty
    }

    /// The regions that create-once guards standing in `body` before token `limit` let through
    /// (only those holding token `target`, when given).
    private static func regions(before limit: Int, containing target: Int?, body code: Range<Int>, closure c: Int?,
                                of tree: SyntaxTree) -> [Range<Int>] {
        namedRegions(before: limit, containing: target, body: code, closure: c, of: tree).map(\.region)
    }

    private static func namedRegions(before limit: Int, containing target: Int?, body code: Range<Int>, closure c: Int?,
                                     of tree: SyntaxTree) -> [(region: Range<Int>, names: [String])] {
        var result: [(region: Range<Int>, names: [String])] = []
        // Where the body stores into a collection by key (`rows[id] = row`), found once per body.
        var keyedStores: [String: [Int]]? = nil
        for k in code.lowerBound..<limit where tree.isWord(k, "if") || tree.isWord(k, "guard") {
            guard tree.innermostClosure(of: k) == c, let (conditionEnd, body) = clause(at: k, in: tree) else { continue }
            // The code the guard lets through: the `if`'s body, or the rest of the guard's block
            // (none where a brace is unmatched: code being typed).
            let bodyEnd = Int(tree.matching[body])
            guard bodyEnd > body else { continue }
            let region: Range<Int>
            if tree.isWord(k, "if") {
                region = (body + 1)..<bodyEnd
            } else {
                let end = blockEnd(around: k, code: code, of: tree)
                guard end > bodyEnd else { continue }
                region = (bodyEnd + 1)..<end
            }
            // A keyed cache: `if let page = pages[index] { return page }` (or `guard pages[index] == nil
            // else { return }`) before `pages[index] = page`: the code after it runs once per key.
            if let keyed = keyedRegion(at: k, conditionEnd: conditionEnd, body: body, bodyEnd: bodyEnd, code: code, closure: c, of: tree,
                                       stores: { keyedStores = keyedStores ?? Self.keyedStores(in: code, closure: c, of: tree); return keyedStores! }),
               target.map(keyed.contains) ?? true {
                result.append((keyed, []))
                continue
            }
            if let target, !region.contains(target) { continue }
            // The closure runs synchronously to its end, so a later write guards the next run too.
            let made = absentNames(in: (k + 1)..<conditionEnd, of: tree).filter { isMadePresent($0, in: region, closure: c, of: tree) }
            if !made.isEmpty { result.append((region, made)) }
        }
        return result
    }

    /// The rest of the block after an `if` whose condition finds an entry of a collection
    /// (`if let page = pages[index]`, `if pages[index] != nil`) and whose body leaves (ends in `return`,
    /// `continue`, also after updating the entry found: `existing.update(deck); return existing`), or after a `guard pages[index] == nil else { … }`, when that rest stores an entry
    /// into the same collection (`pages[index] = page`): it runs once per key.
    private static func keyedRegion(at k: Int, conditionEnd: Int, body: Int, bodyEnd: Int, code: Range<Int>, closure c: Int?,
                                    of tree: SyntaxTree, stores: () -> [String: [Int]]) -> Range<Int>? {
        let condition = (k + 1)..<conditionEnd
        if condition.contains(where: { tree.text($0) == "||" }) { return nil }
        var names: [String] = []
        for i in condition where tree.tokens[i].kind == .identifier && i + 1 < conditionEnd && tree.tokens[i + 1].kind == .leftBracket {
            let close = Int(tree.matching[i + 1])
            guard close > i + 1, close < conditionEnd else { continue }
            let after = close + 1 < conditionEnd ? tree.text(close + 1) : ""
            let nilAfter = close + 2 < conditionEnd && tree.isWord(close + 2, "nil")
            if tree.isWord(k, "guard") {
                if after == "==", nilAfter { names.append(tree.name(i)) }
            } else if (after == "!=" && nilAfter) || (i >= 2 && tree.tokens[i - 1].kind == .equal && tree.isWord(k + 1, "let")) {
                names.append(tree.name(i))
            }
        }
        guard !names.isEmpty else { return nil }
        if tree.isWord(k, "if") {
            // The body leaves: its last statement is `return`, `continue`, `break` or `throw`.
            guard tree.blockLeaves(body) else { return nil }
        }
        let end = blockEnd(around: k, code: code, of: tree)
        guard end > bodyEnd + 1 else { return nil }
        let region = (bodyEnd + 1)..<end
        let byName = stores()
        return names.contains(where: { (byName[$0] ?? []).contains(where: region.contains) }) ? region : nil
    }

    /// Where the block holding token `k` ends (its `}`), within `code` (its end where a brace is
    /// unmatched: code being typed).
    private static func blockEnd(around k: Int, code: Range<Int>, of tree: SyntaxTree) -> Int {
        let block = Int(tree.enclosing[k])
        return block < 0 || tree.matching[block] < 0 ? code.upperBound : min(Int(tree.matching[block]), code.upperBound)
    }

    /// The stores by key directly in closure `c` of the body (`rows[id] = row`, not `= nil`): the
    /// collection's name token, by name.
    private static func keyedStores(in code: Range<Int>, closure c: Int?, of tree: SyntaxTree) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for i in code where tree.tokens[i].kind == .identifier && i + 1 < code.upperBound && tree.tokens[i + 1].kind == .leftBracket {
            let close = Int(tree.matching[i + 1])
            guard close > i + 1, close + 2 < code.upperBound, tree.tokens[close + 1].kind == .equal, !tree.isWord(close + 2, "nil"),
                  tree.innermostClosure(of: i) == c else { continue }
            result[tree.name(i), default: []].append(i)
        }
        return result
    }

    /// For the `if`/`guard` at `k`: where its condition ends (`{` or `else`) and the `{` of its body
    /// (the `else` block for `guard`).
    private static func clause(at k: Int, in tree: SyntaxTree) -> (Int, Int)? {
        var j = k + 1
        while j < tree.tokens.count, j < k + 80 {
            let kind = tree.tokens[j].kind
            if kind == .leftBrace { return tree.isWord(k, "if") ? (j, j) : nil }
            if tree.isWord(j, "else") {
                guard tree.isWord(k, "guard"), j + 1 < tree.tokens.count, tree.tokens[j + 1].kind == .leftBrace else { return nil }
                return (j, j + 1)
            }
            if kind == .leftParen || kind == .leftBracket, tree.matching[j] > Int32(j) {
                j = Int(tree.matching[j]) + 1
                continue
            }
            j += 1
        }
        return nil
    }

    /// Names the condition in `range` requires to be absent: `name == nil`, `nil == name`, `!name`,
    /// `name == false` (also `self.name`, `self?.name`, and a stored object's member as a whole,
    /// `tableView.tableHeaderView == nil`); none when the condition has an `||`.
    private static func absentNames(in range: Range<Int>, of tree: SyntaxTree) -> [String] {
        // `a == nil || other`: the other part lets the code through while the thing exists.
        if range.contains(where: { tree.text($0) == "||" }) { return [] }
        var names: [String] = []
        for i in range where tree.tokens[i].kind == .identifier {
            var name = tree.name(i)
            if i > range.lowerBound, tree.tokens[i - 1].kind == .period, i - 2 >= range.lowerBound,
               !(tree.isSelfReference(i - 2) || (tree.tokens[i - 2].kind == .questionMark && i - 3 >= range.lowerBound && tree.isSelfReference(i - 3))) {
                // `tableView.tableHeaderView == nil`: a member of a stored object, named as a whole.
                guard tree.tokens[i - 2].kind == .identifier, i - 3 < range.lowerBound || tree.tokens[i - 3].kind != .period else { continue }
                name = tree.name(i - 2) + "." + name
            }
            let next = i + 1 < range.upperBound ? tree.text(i + 1) : ""
            let after = i + 2 < range.upperBound ? tree.text(i + 2) : ""
            if next == "==", after == "nil" || after == "false" { names.append(name); continue }
            if i >= 2, tree.text(i - 1) == "==", tree.isWord(i - 2, "nil") { names.append(name); continue }
            if name.contains(".") { continue }
            // `!name` or `!self.name`.
            var start = i
            if i >= 2, tree.tokens[i - 1].kind == .period, tree.isSelfReference(i - 2) { start = i - 2 }
            if start > range.lowerBound, tree.text(start - 1) == "!", next != "." && next != "?" { names.append(tree.name(i)) }
        }
        return names
    }

    /// Whether `name` (bare or after `self.`/`self?.`) is assigned something other than `nil` or
    /// `false` in `range`, directly in closure `c`.
    private static func isMadePresent(_ name: String, in range: Range<Int>, closure c: Int?, of tree: SyntaxTree) -> Bool {
        if let dot = name.firstIndex(of: ".") {
            // `tableView.tableHeaderView = header`.
            let receiver = String(name[..<dot]), member = String(name[name.index(after: dot)...])
            return range.contains { i in
                tree.tokens[i].kind == .identifier && tree.name(i) == member && i >= 2 && i + 2 < tree.tokens.count
                    && tree.tokens[i - 1].kind == .period && tree.tokens[i - 2].kind == .identifier && tree.name(i - 2) == receiver
                    && (i < 3 || tree.tokens[i - 3].kind != .period) && tree.tokens[i + 1].kind == .equal
                    && !tree.isWord(i + 2, "nil") && !tree.isWord(i + 2, "false") && tree.innermostClosure(of: i) == c
            }
        }
        for i in range where tree.tokens[i].kind == .identifier && tree.name(i) == name && i + 2 < tree.tokens.count {
            guard tree.tokens[i + 1].kind == .equal, !tree.isWord(i + 2, "nil"), !tree.isWord(i + 2, "false"),
                  tree.innermostClosure(of: i) == c else { continue }
            if i > 0, tree.tokens[i - 1].kind == .period {
                let receiver = tree.tokens[i - 2].kind == .questionMark ? i - 3 : i - 2
                guard receiver >= 0, tree.isSelfReference(receiver) else { continue }
            }
            return true
        }
        return false
    }

    /// The `name = nil` (or `self.name = nil`) tokens in the methods of type declaration `t` of the
    /// file, by name: read once per type, then asked for each guard.
    public static func nilWrites(inType t: Int, of tree: SyntaxTree) -> [String: [Int]] {
        var byName: [String: [Int]] = [:]
        for function in tree.functions where function.enclosingType == t {
            guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
            for i in nilWriteTokens(in: open..<close, of: tree) { byName[tree.name(i), default: []].append(i) }
        }
        return byName
    }

    /// The name tokens of `name = nil` and `self.name = nil` (`self?.name = nil`) in `range`: where
    /// something a create-once guard tests may be cleared.
    public static func nilWriteTokens(in range: Range<Int>, of tree: SyntaxTree) -> [Int] {
        range.filter { i in
            guard tree.tokens[i].kind == .identifier, i + 2 < range.upperBound, tree.tokens[i + 1].kind == .equal,
                  tree.isWord(i + 2, "nil") else { return false }
            guard i > 1, tree.tokens[i - 1].kind == .period else { return true }
            let receiver = tree.tokens[i - 2].kind == .questionMark ? i - 3 : i - 2
            return receiver >= 0 && tree.isSelfReference(receiver)
        }
    }

    /// Whether one of `writes` (from `nilWrites`) of `name`, the thing a create-once guard tests,
    /// stands outside the guarded `region` in a function that does not empty `bag`
    /// (`didMoveToWindow` clearing `token` when the view leaves its window): the guard opens again
    /// after each clearing, so what the guarded code stores into `bag` piles up.
    public static func isClearedKeepingBag(_ name: String, outside region: Range<Int>, bag: String, writes: [String: [Int]],
                                           in tree: SyntaxTree) -> Bool {
        guard !name.contains(".") else { return false }
        return (writes[name] ?? []).contains { i in
            guard !region.contains(i), let f = tree.enclosingFunction(of: i), let open = tree.functions[f].bodyOpen,
                  let close = tree.functions[f].bodyClose else { return false }
            return !BagResets.empties(bag, in: open..<close, of: tree)
        }
    }
}
