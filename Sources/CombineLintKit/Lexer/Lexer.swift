/// Swift's lexical grammar as a pure function from UTF-8 bytes to tokens.
///
/// Guarantees: the tokens' texts, in order, give back the input byte for byte; no token is
/// empty; time is linear in the input; nesting (strings inside interpolations inside strings…)
/// lives on an explicit stack, so deep input cannot overflow the call stack.
/// See `TokenKind` for what each kind covers and `Keywords` for which words are reserved.
///
/// Decisions the syntax layer can rely on:
/// - A byte order mark at offset 0 is a `.whitespace` token of its own; elsewhere `.unknown`.
/// - `?` or `!` touching what precedes it is one `.questionMark` / `.exclamationMark` (postfix):
///   `a?.b`, `a!`, and `a!=b` is `a`, `!`, `=`, `b` as in Swift. A free-standing `?` is a
///   `.questionMark` too (ternary); a free-standing `!` starts an `.operator` (`!a`, `!=`).
/// - `&` is `.ampersand` only as a prefix (`&x`); `=` alone is `.equal`; `->` is `.arrow`.
/// - A run of `>` stops before `?`/`!` (`AnyPublisher<A, B>?`); `>>` stays one operator, so a
///   generic parser splits it by bytes.
/// - After a `.`, reserved words are identifiers (`.default`, `.class`) except `self` and
///   `init`. Argument labels such as `in:` and `for:` stay keywords: look at the next token.
/// - `t.0.1` is two integers (tuple members); `0...1.5` has the float `1.5`.
/// - A bare `/…/` is a regex only where an expression may start (not after a name, literal,
///   `)`, `]`, `}`, postfix `?`/`!`, or a value keyword such as `self`), never starting with
///   a space, `)` or `,`, never ending with a space, never across a line end.
/// - A single-line string ends at its line end, its last token flagged `.unterminated`; an
///   interpolation may span lines.
/// - Interpolations end at the `)` matching their `\(` by counting parentheses only.
public enum Lexer {
    /// Splits UTF-8 source into tokens. Never fails; lossless.
    public static func tokenize(_ bytes: [UInt8]) -> [Token] {
        bytes.withUnsafeBufferPointer { buffer -> [Token] in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return [] }
            // Real code averages 3–5 bytes per token. The scanner writes straight into the result's
            // storage; only denser input outgrows it, and then its own buffer is copied once at the end.
            let estimate = buffer.count / 3 + 16
            var grown: [Token]?
            let tokens = [Token](unsafeUninitializedCapacity: estimate) { storage, initializedCount in
                var scanner = Scanner(base: base, count: buffer.count,
                                      tokens: TokenBuffer(lent: storage.baseAddress!, capacity: estimate))
                scanner.run()
                if scanner.tokens.ownsStorage {
                    grown = scanner.tokens.finishOwned()
                    initializedCount = 0
                } else {
                    initializedCount = scanner.tokens.count
                }
            }
            return grown ?? tokens
        }
    }

    /// Tokens of a source file.
    public static func tokenize(_ file: SourceFile) -> [Token] {
        tokenize(file.bytes)
    }
}
