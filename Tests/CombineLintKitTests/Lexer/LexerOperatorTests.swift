import XCTest
@testable import CombineLintKit

final class LexerOperatorTests: XCTestCase {
    func testPunctuation() {
        assertLexes("( ) { } [ ] , : ; . -> = & ? \\ @ # `", [
            Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"), Lexeme(.leftBrace, "{"), Lexeme(.rightBrace, "}"),
            Lexeme(.leftBracket, "["), Lexeme(.rightBracket, "]"), Lexeme(.comma, ","), Lexeme(.colon, ":"),
            Lexeme(.semicolon, ";"), Lexeme(.period, "."), Lexeme(.arrow, "->"), Lexeme(.equal, "="),
            Lexeme(.operator, "&"), Lexeme(.questionMark, "?"), Lexeme(.backslash, "\\"), Lexeme(.at, "@"),
            Lexeme(.hash, "#"), Lexeme(.backtick, "`"),
        ])
    }

    func testOptionalChainingAndForceUnwrap() {
        assertLexes("a?.b!.c a! a!=b", [
            Lexeme(.identifier, "a"), Lexeme(.questionMark, "?"), Lexeme(.period, "."), Lexeme(.identifier, "b"),
            Lexeme(.exclamationMark, "!"), Lexeme(.period, "."), Lexeme(.identifier, "c"),
            Lexeme(.identifier, "a"), Lexeme(.exclamationMark, "!"),
            Lexeme(.identifier, "a"), Lexeme(.exclamationMark, "!"), Lexeme(.equal, "="), Lexeme(.identifier, "b"),
        ])
    }

    func testPrefixNotAndBinaryOperators() {
        assertLexes("!a && b != c || d == e", [
            Lexeme(.operator, "!"), Lexeme(.identifier, "a"), Lexeme(.operator, "&&"), Lexeme(.identifier, "b"),
            Lexeme(.operator, "!="), Lexeme(.identifier, "c"), Lexeme(.operator, "||"), Lexeme(.identifier, "d"),
            Lexeme(.operator, "=="), Lexeme(.identifier, "e"),
        ])
    }

    func testNilCoalescingTernaryAndDoubleOptional() {
        assertLexes("a ?? b; c ? d : e; f??.g", [
            Lexeme(.identifier, "a"), Lexeme(.operator, "??"), Lexeme(.identifier, "b"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "c"), Lexeme(.questionMark, "?"), Lexeme(.identifier, "d"), Lexeme(.colon, ":"),
            Lexeme(.identifier, "e"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "f"), Lexeme(.questionMark, "?"), Lexeme(.questionMark, "?"), Lexeme(.period, "."),
            Lexeme(.identifier, "g"),
        ])
    }

    func testRangesAndDotOperators() {
        assertLexes("x...y a..<b [1...] m .== n", [
            Lexeme(.identifier, "x"), Lexeme(.operator, "..."), Lexeme(.identifier, "y"),
            Lexeme(.identifier, "a"), Lexeme(.operator, "..<"), Lexeme(.identifier, "b"),
            Lexeme(.leftBracket, "["), Lexeme(.integerLiteral, "1"), Lexeme(.operator, "..."), Lexeme(.rightBracket, "]"),
            Lexeme(.identifier, "m"), Lexeme(.operator, ".=="), Lexeme(.identifier, "n"),
        ])
    }

    func testDotDoesNotContinueOtherOperators() {
        assertLexes("x = -.pi + .zero", [
            Lexeme(.identifier, "x"), Lexeme(.equal, "="), Lexeme(.operator, "-"), Lexeme(.period, "."),
            Lexeme(.identifier, "pi"), Lexeme(.operator, "+"), Lexeme(.period, "."), Lexeme(.identifier, "zero"),
        ])
    }

    func testCompoundAssignmentAndArrow() {
        assertLexes("a += 1; b -= c; f() -> Int; d->e", [
            Lexeme(.identifier, "a"), Lexeme(.operator, "+="), Lexeme(.integerLiteral, "1"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "b"), Lexeme(.operator, "-="), Lexeme(.identifier, "c"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"), Lexeme(.arrow, "->"),
            Lexeme(.identifier, "Int"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "d"), Lexeme(.arrow, "->"), Lexeme(.identifier, "e"),
        ])
    }

    func testInoutAmpersandVersusBinary() {
        assertLexes("swap(&a, &b); x & y; p &+ q", [
            Lexeme(.identifier, "swap"), Lexeme(.leftParen, "("), Lexeme(.ampersand, "&"), Lexeme(.identifier, "a"),
            Lexeme(.comma, ","), Lexeme(.ampersand, "&"), Lexeme(.identifier, "b"), Lexeme(.rightParen, ")"),
            Lexeme(.semicolon, ";"), Lexeme(.identifier, "x"), Lexeme(.operator, "&"), Lexeme(.identifier, "y"),
            Lexeme(.semicolon, ";"), Lexeme(.identifier, "p"), Lexeme(.operator, "&+"), Lexeme(.identifier, "q"),
        ])
    }

    func testOperatorStopsBeforeComment() {
        assertLexes("a +/* c */b +// d", [
            Lexeme(.identifier, "a"), Lexeme(.whitespace, " "), Lexeme(.operator, "+"), Lexeme(.blockComment, "/* c */"),
            Lexeme(.identifier, "b"), Lexeme(.whitespace, " "), Lexeme(.operator, "+"), Lexeme(.lineComment, "// d"),
        ], trivia: true)
    }

    func testUnicodeOperators() {
        assertLexes("a ≠ b • c ∘ d", [
            Lexeme(.identifier, "a"), Lexeme(.operator, "≠"), Lexeme(.identifier, "b"), Lexeme(.operator, "•"),
            Lexeme(.identifier, "c"), Lexeme(.operator, "∘"), Lexeme(.identifier, "d"),
        ])
    }

    func testKeyPaths() {
        assertLexes(#"\.self \Foo.bar \.items[0]?.name"#, [
            Lexeme(.backslash, "\\"), Lexeme(.period, "."), Lexeme(.keyword, "self"),
            Lexeme(.backslash, "\\"), Lexeme(.identifier, "Foo"), Lexeme(.period, "."), Lexeme(.identifier, "bar"),
            Lexeme(.backslash, "\\"), Lexeme(.period, "."), Lexeme(.identifier, "items"), Lexeme(.leftBracket, "["),
            Lexeme(.integerLiteral, "0"), Lexeme(.rightBracket, "]"), Lexeme(.questionMark, "?"), Lexeme(.period, "."),
            Lexeme(.identifier, "name"),
        ])
    }

    func testGenericsAreOperatorsForTheStructureToSplit() {
        assertLexes("Set<AnyCancellable>()", [
            Lexeme(.identifier, "Set"), Lexeme(.operator, "<"), Lexeme(.identifier, "AnyCancellable"),
            Lexeme(.operator, ">"), Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"),
        ])
        assertLexes("[String: [Int]]>>", [
            Lexeme(.leftBracket, "["), Lexeme(.identifier, "String"), Lexeme(.colon, ":"), Lexeme(.leftBracket, "["),
            Lexeme(.identifier, "Int"), Lexeme(.rightBracket, "]"), Lexeme(.rightBracket, "]"), Lexeme(.operator, ">>"),
        ])
    }
}

extension LexerOperatorTests {
    func testClosingAngleBeforePostfixIsSplit() {
        assertLexes("var c: AnyPublisher<Int, Never>? ; let d: Set<A>! ; x >>= 1 ; a >? b", [
            Lexeme(.keyword, "var"), Lexeme(.identifier, "c"), Lexeme(.colon, ":"), Lexeme(.identifier, "AnyPublisher"),
            Lexeme(.operator, "<"), Lexeme(.identifier, "Int"), Lexeme(.comma, ","), Lexeme(.identifier, "Never"),
            Lexeme(.operator, ">"), Lexeme(.questionMark, "?"), Lexeme(.semicolon, ";"),
            Lexeme(.keyword, "let"), Lexeme(.identifier, "d"), Lexeme(.colon, ":"), Lexeme(.identifier, "Set"),
            Lexeme(.operator, "<"), Lexeme(.identifier, "A"), Lexeme(.operator, ">"), Lexeme(.exclamationMark, "!"),
            Lexeme(.semicolon, ";"), Lexeme(.identifier, "x"), Lexeme(.operator, ">>="), Lexeme(.integerLiteral, "1"),
            Lexeme(.semicolon, ";"), Lexeme(.identifier, "a"), Lexeme(.operator, ">"), Lexeme(.questionMark, "?"),
            Lexeme(.identifier, "b"),
        ])
    }

    func testFloatAfterRangeOperatorIsOneLiteral() {
        assertLexes("0...1.5 t.0", [
            Lexeme(.integerLiteral, "0"), Lexeme(.operator, "..."), Lexeme(.floatLiteral, "1.5"),
            Lexeme(.identifier, "t"), Lexeme(.period, "."), Lexeme(.integerLiteral, "0"),
        ])
    }

    func testHashRuns() {
        assertLexes("### ##if", [
            Lexeme(.hash, "#"), Lexeme(.hash, "#"), Lexeme(.hash, "#"), Lexeme(.hash, "#"), Lexeme(.poundDirective, "#if"),
        ])
    }
}
