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

    init() {}

    /// The layer of source bytes, lexed straight into it (no full token list is kept).
    init(bytes: [UInt8]) {
        self = bytes.withUnsafeBufferPointer { buffer -> TokenLayer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return TokenLayer() }
            // Real code averages 5–8 bytes per code token; denser input grows the sink.
            var scanner = Scanner(base: base, count: buffer.count,
                                  tokens: CodeTokenSink(source: base, estimatedCodeTokens: buffer.count / 5 + 16))
            scanner.run()
            return scanner.tokens.finish()
        }
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
