/// Marks the first token of every statement in brace-delimited blocks and at top level.
enum StatementStarts {
    static func compute(layer: TokenLayer, text: TokenText, closures: [Closure], scopes: [Scope], scopeOfToken: [Int32]) -> [Bool] {
        let n = layer.tokens.count
        var starts = Array(repeating: false, count: n)
        guard n > 0 else { return starts }
        // Tokens right after a closure's `in` start its body; the signature's tokens start nothing.
        // Per token: 0 outside signatures, 1 in a signature, 2 for a signature's `in`.
        var signature = [UInt8]()
        for closure in closures {
            guard let inToken = closure.inToken else { continue }
            if signature.isEmpty { signature = Array(repeating: 0, count: n) }
            if closure.open + 1 <= inToken { for k in (closure.open + 1)...inToken { signature[k] = 1 } }
        }
        if !signature.isEmpty {
            for closure in closures { if let inToken = closure.inToken { signature[inToken] = 2 } }
        }
        // Read through buffer pointers: this loop visits every code token of the file.
        layer.tokens.withUnsafeBufferPointer { tokens in
        layer.enclosing.withUnsafeBufferPointer { enclosingOf in
        layer.lineBreakBefore.withUnsafeBufferPointer { lineBreakBefore in
        signature.withUnsafeBufferPointer { signature in
        starts.withUnsafeMutableBufferPointer { starts in
            let hasSignatures = !signature.isEmpty
            var statementFirst = 0
            for i in 0..<n {
                let enclosing = Int(enclosingOf[i])
                let kind = tokens[i].kind
                guard enclosing < 0 || tokens[enclosing].kind == .leftBrace else { continue }
                if kind == .rightBrace { continue }
                if hasSignatures && signature[i] != 0 { continue }
                var start = false
                if i == 0 {
                    start = true
                } else {
                    let prev = i - 1
                    let pk = tokens[prev].kind
                    if prev == enclosing || pk == .semicolon || (pk == .keyword && hasSignatures && signature[prev] == 2) {
                        start = true
                    } else if pk == .colon && (text.is(statementFirst, "case") || text.is(statementFirst, "default")) && enclosingOf[prev] == Int32(enclosing) {
                        start = true
                    } else if lineBreakBefore[i] {
                        start = !StatementRules.continues(layer: layer, text: text, previous: prev, next: i)
                    } else if pk == .rightBrace, kind == .keyword || kind == .identifier, !text.is(i, "else"), !text.is(i, "catch"), !text.is(i, "while"), !text.is(i, "where") {
                        // `if x { … } foo()` on one line: rare, but a new statement; so is the next
                        // case of a one-line `switch` after a closure (`case 0: a.sink { … } default: …`).
                        start = Int(enclosingOf[prev]) == enclosing
                            && (isBlockBrace(prev, layer: layer, scopes: scopes, scopeOfToken: scopeOfToken)
                                || kind == .keyword && (text.is(i, "case") || text.is(i, "default")))
                    }
                }
                if start {
                    starts[i] = true
                    statementFirst = i
                }
            }
        }
        }
        }
        }
        }
        return starts
    }

    /// A `}` that closes a body (type, function, control flow), not a closure used as a value.
    private static func isBlockBrace(_ close: Int, layer: TokenLayer, scopes: [Scope], scopeOfToken: [Int32]) -> Bool {
        let scope = scopes[Int(scopeOfToken[close])]
        if case .closure = scope.kind { return false }
        return true
    }
}
