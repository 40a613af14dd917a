/// A subscriber in per-row or cell code that writes only into the row it was made for: its value
/// closure starts with `guard self.representedID == attachment.id else { return }` (or `guard let
/// self, self.currentURL == url else { return }`), comparing what the reused view shows now with
/// what this configuration was given. A load of the previous row that answers late then changes
/// nothing in the reused cell.
enum RowIdentityGuards {
    /// Whether the value closure `c` of a subscriber starts with such a guard; `namesTheRow` tells
    /// whether tokens name this configuration's row (a parameter of the method, a local made from one).
    static func startsWithIdentityGuard(_ c: Int, in tree: SyntaxTree, namesTheRow: (ClosedRange<Int>) -> Bool) -> Bool {
        let closure = tree.closures[c]
        let start = closure.bodyStart
        guard start < closure.close, tree.isWord(start, "guard") else { return false }
        // The condition's clauses, split at top-level commas and `&&`, up to its `else`.
        var clauses: [ClosedRange<Int>] = []
        var clauseStart = start + 1
        var depth = 0
        var k = start + 1
        var elseToken: Int?
        while k < closure.close {
            let kind = tree.tokens[k].kind
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace { depth += 1 }
            if kind == .rightParen || kind == .rightBracket || kind == .rightBrace { depth -= 1 }
            if depth == 0 {
                if tree.isWord(k, "else") { elseToken = k; break }
                if kind == .comma || tree.tokenIs(k, "&&") {
                    if clauseStart < k { clauses.append(clauseStart...(k - 1)) }
                    clauseStart = k + 1
                }
            }
            if depth < 0 { return false }
            k += 1
        }
        guard let elseToken, clauseStart < elseToken else { return false }
        clauses.append(clauseStart...(elseToken - 1))
        // `else { return }`: the write is skipped, nothing else happens.
        guard elseToken + 3 < closure.close, tree.tokens[elseToken + 1].kind == .leftBrace,
              tree.isWord(elseToken + 2, "return"), tree.tokens[elseToken + 3].kind == .rightBrace else { return false }
        return clauses.contains { clause in
            guard let op = clause.first(where: { tree.tokenIs($0, "==") || tree.tokenIs($0, "===") }),
                  op > clause.lowerBound, op < clause.upperBound else { return false }
            let left = clause.lowerBound...(op - 1), right = (op + 1)...clause.upperBound
            // One side is the view's own state, the other this configuration's row.
            return (namesTheRow(left) && !namesTheRow(right) && namesSelf(right, in: tree))
                || (namesTheRow(right) && !namesTheRow(left) && namesSelf(left, in: tree))
        }
    }

    /// `self.representedID`, `self?.currentURL` or a bare `representedID` (a member of `self`).
    private static func namesSelf(_ range: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        guard tree.tokens[range.lowerBound].kind == .identifier || tree.isWord(range.lowerBound, "self") else { return false }
        return !range.contains { tree.tokens[$0].kind == .leftParen }
    }
}
