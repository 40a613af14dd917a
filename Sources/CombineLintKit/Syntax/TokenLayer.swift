/// The code tokens of a file: trivia and `#if` lines removed, brackets matched.
/// Both branches of `#if` stay in, so that both are analysed. Built by `CodeTokenSink`.
struct TokenLayer {
    var tokens: [Token] = []
    /// Per token: a line break separates it from the previous code token (or it starts the file).
    var lineBreakBefore: [Bool] = []
    /// Per token: index of the matching bracket, or -1.
    var matching: [Int32] = []
    /// Per token: index of the innermost open bracket (`(`, `[`, `{`, `\(`) around it, or -1.
    var enclosing: [Int32] = []
    /// The comment tokens, in order.
    var comments: [Token] = []
    /// The `#if`/`#elseif`/`#else`/`#endif` lines, in order, by the code token that follows each.
    var directives: [ConditionalDirective] = []

    init() {}

    /// The layer of source bytes, lexed straight into it (no full token list is kept). The sink
    /// writes into the four arrays' own storage, sized from the file's length, so that nothing is
    /// copied; a file denser than the estimate is finished in storage of the sink's own instead.
    /// Measured against the plain route (the sink's own storage, then exactly sized copies): 2.1 %
    /// of a whole lint of the dev set (4.650 G against 4.747 G instructions, callgrind, fed611f).
    init(bytes: [UInt8]) {
        // Real code averages 5–8 bytes per code token.
        let capacity = bytes.count / 5 + 16
        var grown: TokenLayer?
        var used = 0
        var comments: [Token] = []
        var directives: [ConditionalDirective] = []
        var breaks: [Bool] = [], matches: [Int32] = [], enclosers: [Int32] = []
        let code = bytes.withUnsafeBufferPointer { source -> [Token] in
            guard let base = source.baseAddress, source.count > 0 else { return [] }
            return [Token](unsafeUninitializedCapacity: capacity) { codeSlots, codeCount in
                breaks = [Bool](unsafeUninitializedCapacity: capacity) { breakSlots, breakCount in
                    matches = [Int32](unsafeUninitializedCapacity: capacity) { matchSlots, matchCount in
                        enclosers = [Int32](unsafeUninitializedCapacity: capacity) { encloserSlots, encloserCount in
                            let tables = CodeTokenSink.LentTables(code: codeSlots.baseAddress!, breaks: breakSlots.baseAddress!,
                                                                  matches: matchSlots.baseAddress!, enclosers: encloserSlots.baseAddress!)
                            var scanner = Scanner(base: base, count: source.count,
                                                  tokens: CodeTokenSink(source: base, sourceLength: source.count, lent: tables, capacity: capacity))
                            scanner.run()
                            if scanner.tokens.ownsStorage {
                                grown = scanner.tokens.finish()
                            } else {
                                (used, comments, directives) = scanner.tokens.finishLent()
                            }
                            encloserCount = used
                        }
                        matchCount = used
                    }
                    breakCount = used
                }
                codeCount = used
            }
        }
        if let grown {
            self = grown
            return
        }
        // Comment-heavy code leaves much of the estimate unused: past an eighth, exact copies are
        // kept instead (the benchmark corpus, dense code, keeps under 10 MB of spare room in all).
        if capacity - used > used / 8 + 64 {
            // Copied through buffers: `Array(array[...])` would keep the same storage.
            tokens = code.withUnsafeBufferPointer { Array($0) }
            lineBreakBefore = breaks.withUnsafeBufferPointer { Array($0) }
            matching = matches.withUnsafeBufferPointer { Array($0) }
            enclosing = enclosers.withUnsafeBufferPointer { Array($0) }
        } else {
            tokens = code
            lineBreakBefore = breaks
            matching = matches
            enclosing = enclosers
        }
        self.comments = comments
        self.directives = directives
    }

    /// The layer of an already lexed token list (the same result as lexing into it).
    init(allTokens: [Token], bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer -> TokenLayer in
            guard let base = buffer.baseAddress else { return TokenLayer() }
            var sink = CodeTokenSink(source: base, estimatedCodeTokens: allTokens.count)
            for token in allTokens { sink.append(token) }
            return sink.finish()
        }
    }
}
