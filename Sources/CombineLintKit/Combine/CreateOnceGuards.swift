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
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open + 1 < close else { return [] }
        return regions(before: close, containing: nil, body: (open + 1)..<close, closure: nil, of: tree)
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
        var result: [Range<Int>] = []
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
                let block = Int(tree.enclosing[k])
                let end = block < 0 || tree.matching[block] < 0 ? code.upperBound : min(Int(tree.matching[block]), code.upperBound)
                guard end > bodyEnd else { continue }
                region = (bodyEnd + 1)..<end
            }
            if let target, !region.contains(target) { continue }
            // The closure runs synchronously to its end, so a later write guards the next run too.
            if absentNames(in: (k + 1)..<conditionEnd, of: tree).contains(where: { isMadePresent($0, in: region, closure: c, of: tree) }) {
                result.append(region)
            }
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
    /// `name == false` (also `self.name`, `self?.name`); none when the condition has an `||`.
    private static func absentNames(in range: Range<Int>, of tree: SyntaxTree) -> [String] {
        // `a == nil || other`: the other part lets the code through while the thing exists.
        if range.contains(where: { tree.text($0) == "||" }) { return [] }
        var names: [String] = []
        for i in range where tree.tokens[i].kind == .identifier {
            if i > range.lowerBound, tree.tokens[i - 1].kind == .period, i - 2 >= range.lowerBound,
               !(tree.isSelfReference(i - 2) || (tree.tokens[i - 2].kind == .questionMark && i - 3 >= range.lowerBound && tree.isSelfReference(i - 3))) { continue }
            let next = i + 1 < range.upperBound ? tree.text(i + 1) : ""
            let after = i + 2 < range.upperBound ? tree.text(i + 2) : ""
            if next == "==", after == "nil" || after == "false" { names.append(tree.name(i)); continue }
            if i >= 2, tree.text(i - 1) == "==", tree.isWord(i - 2, "nil") { names.append(tree.name(i)); continue }
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
}
