/// Swift's lexical grammar as a pure function from UTF-8 bytes to tokens.
///
/// Guarantees: the tokens' texts, in order, give back the input byte for byte; no token is
/// empty; time is linear in the input; nesting (strings inside interpolations inside strings…)
/// lives on an explicit stack, so deep input cannot overflow the call stack.
/// See `TokenKind` for what each kind covers and `Keywords` for which words are reserved.
public enum Lexer {
    /// Splits UTF-8 source into tokens. Never fails; lossless.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer -> [Token] in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return [] }
            var scanner = Scanner(base: base, count: buffer.count)
            scanner.run()
            return scanner.tokens.finish()
        }
    }

    /// Tokens of a source file.
    public static func tokenize(_ file: SourceFile) -> [Token] {
        tokenize(file.bytes)
    }
}
