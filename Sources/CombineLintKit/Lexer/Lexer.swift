/// Placeholder until the real lexer lands: one token per line, lossless.
public enum Lexer {
    /// Splits UTF-8 source into tokens. Never fails; lossless.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var start = 0
        for (i, b) in bytes.enumerated() where b == 0x0A {
            if i > start { tokens.append(Token(kind: .unknown, start: start, length: i - start)) }
            tokens.append(Token(kind: .newline, start: i, length: 1))
            start = i + 1
        }
        if start < bytes.count { tokens.append(Token(kind: .unknown, start: start, length: bytes.count - start)) }
        return tokens
    }
}
