import XCTest
@testable import CombineLintKit

final class LexerRegexTests: XCTestCase {
    func testExtendedRegexLiterals() {
        assertLexes("let r = #/a/b/# + ##/x/#y/##", [
            Lexeme(.keyword, "let"), Lexeme(.identifier, "r"), Lexeme(.equal, "="), Lexeme(.regexLiteral, "#/a/b/#"),
            Lexeme(.operator, "+"), Lexeme(.regexLiteral, "##/x/#y/##"),
        ])
    }

    func testMultilineExtendedRegex() {
        assertLexes("#/\n  a+ # comment\n  b/c\n/#.x", [
            Lexeme(.regexLiteral, "#/\n  a+ # comment\n  b/c\n/#"), Lexeme(.period, "."), Lexeme(.identifier, "x"),
        ])
    }

    func testBareRegexWhereAnExpressionStarts() {
        assertLexes("x = /[a-z]+/; f(/\\d+/, /a\\/b/) { /x/ }; return /y/", [
            Lexeme(.identifier, "x"), Lexeme(.equal, "="), Lexeme(.regexLiteral, "/[a-z]+/"), Lexeme(.semicolon, ";"),
            Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.regexLiteral, "/\\d+/"), Lexeme(.comma, ","),
            Lexeme(.regexLiteral, "/a\\/b/"), Lexeme(.rightParen, ")"), Lexeme(.leftBrace, "{"),
            Lexeme(.regexLiteral, "/x/"), Lexeme(.rightBrace, "}"), Lexeme(.semicolon, ";"),
            Lexeme(.keyword, "return"), Lexeme(.regexLiteral, "/y/"),
        ])
        assertLexes("[/a/: /b/]", [
            Lexeme(.leftBracket, "["), Lexeme(.regexLiteral, "/a/"), Lexeme(.colon, ":"), Lexeme(.regexLiteral, "/b/"),
            Lexeme(.rightBracket, "]"),
        ])
        assertLexes("/abc/.firstMatch", [Lexeme(.regexLiteral, "/abc/"), Lexeme(.period, "."), Lexeme(.identifier, "firstMatch")])
    }

    func testDivisionIsNotARegex() {
        assertLexes("a / b / c", [
            Lexeme(.identifier, "a"), Lexeme(.operator, "/"), Lexeme(.identifier, "b"), Lexeme(.operator, "/"),
            Lexeme(.identifier, "c"),
        ])
        assertLexes("x/2/y", [
            Lexeme(.identifier, "x"), Lexeme(.operator, "/"), Lexeme(.integerLiteral, "2"), Lexeme(.operator, "/"),
            Lexeme(.identifier, "y"),
        ])
        assertLexes("(a)/b/c", [
            Lexeme(.leftParen, "("), Lexeme(.identifier, "a"), Lexeme(.rightParen, ")"), Lexeme(.operator, "/"),
            Lexeme(.identifier, "b"), Lexeme(.operator, "/"), Lexeme(.identifier, "c"),
        ])
        assertLexes("a[0]/b/c self/x/y 2.0/x/3 a!/b/c", [
            Lexeme(.identifier, "a"), Lexeme(.leftBracket, "["), Lexeme(.integerLiteral, "0"), Lexeme(.rightBracket, "]"),
            Lexeme(.operator, "/"), Lexeme(.identifier, "b"), Lexeme(.operator, "/"), Lexeme(.identifier, "c"),
            Lexeme(.keyword, "self"), Lexeme(.operator, "/"), Lexeme(.identifier, "x"), Lexeme(.operator, "/"),
            Lexeme(.identifier, "y"),
            Lexeme(.floatLiteral, "2.0"), Lexeme(.operator, "/"), Lexeme(.identifier, "x"), Lexeme(.operator, "/"),
            Lexeme(.integerLiteral, "3"),
            Lexeme(.identifier, "a"), Lexeme(.exclamationMark, "!"), Lexeme(.operator, "/"), Lexeme(.identifier, "b"),
            Lexeme(.operator, "/"), Lexeme(.identifier, "c"),
        ])
        assertLexes("x /= 2", [Lexeme(.identifier, "x"), Lexeme(.operator, "/="), Lexeme(.integerLiteral, "2")])
    }

    func testBareRegexRejectedForSpacesAndLineEnds() {
        assertLexes("f(/ a/)", [
            Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.operator, "/"), Lexeme(.identifier, "a"),
            Lexeme(.operator, "/"), Lexeme(.rightParen, ")"),
        ])
        assertLexes("= /a /", [Lexeme(.equal, "="), Lexeme(.operator, "/"), Lexeme(.identifier, "a"), Lexeme(.operator, "/")])
        assertLexes("= /a\nb/", [
            Lexeme(.equal, "="), Lexeme(.operator, "/"), Lexeme(.identifier, "a"), Lexeme(.identifier, "b"),
            Lexeme(.operator, "/"),
        ])
    }

    func testUnterminatedExtendedRegexStopsAtLineEnd() {
        let (_, tokens) = LexerTestSupport.tokens("#/abc\nx")
        XCTAssertEqual(tokens.map(\.kind), [.regexLiteral, .newline, .identifier])
        XCTAssertEqual(tokens[0].flags, [.raw, .unterminated, .spaceBefore, .spaceAfter])
        XCTAssertEqual(tokens[0].length, 5)
    }
}

extension LexerRegexTests {
    func testOperatorReferencesAreNotRegexes() {
        assertLexes("a.reduce(1, /) + b.reduce(2, /)", [
            Lexeme(.identifier, "a"), Lexeme(.period, "."), Lexeme(.identifier, "reduce"), Lexeme(.leftParen, "("),
            Lexeme(.integerLiteral, "1"), Lexeme(.comma, ","), Lexeme(.operator, "/"), Lexeme(.rightParen, ")"),
            Lexeme(.operator, "+"), Lexeme(.identifier, "b"), Lexeme(.period, "."), Lexeme(.identifier, "reduce"),
            Lexeme(.leftParen, "("), Lexeme(.integerLiteral, "2"), Lexeme(.comma, ","), Lexeme(.operator, "/"),
            Lexeme(.rightParen, ")"),
        ])
        assertLexes("f(/, /)", [
            Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.operator, "/"), Lexeme(.comma, ","),
            Lexeme(.operator, "/"), Lexeme(.rightParen, ")"),
        ])
    }
}

extension LexerRegexTests {
    /// After `func` and `operator` a `/` names the operator being declared: read as a regex, the
    /// text up to the next `/` on the line (a division in the body) swallowed the body's `{`.
    func testDeclaredOperatorNamesAreNotRegexes() {
        assertLexes("static func /(l: V, r: Double) -> V { V(x: l.x/r) }", [
            Lexeme(.keyword, "static"), Lexeme(.keyword, "func"), Lexeme(.operator, "/"), Lexeme(.leftParen, "("),
            Lexeme(.identifier, "l"), Lexeme(.colon, ":"), Lexeme(.identifier, "V"), Lexeme(.comma, ","),
            Lexeme(.identifier, "r"), Lexeme(.colon, ":"), Lexeme(.identifier, "Double"), Lexeme(.rightParen, ")"),
            Lexeme(.arrow, "->"), Lexeme(.identifier, "V"), Lexeme(.leftBrace, "{"), Lexeme(.identifier, "V"),
            Lexeme(.leftParen, "("), Lexeme(.identifier, "x"), Lexeme(.colon, ":"), Lexeme(.identifier, "l"),
            Lexeme(.period, "."), Lexeme(.identifier, "x"), Lexeme(.operator, "/"), Lexeme(.identifier, "r"),
            Lexeme(.rightParen, ")"), Lexeme(.rightBrace, "}"),
        ])
        assertLexes("infix operator /+/: AdditionPrecedence", [
            Lexeme(.identifier, "infix"), Lexeme(.keyword, "operator"), Lexeme(.operator, "/+/"), Lexeme(.colon, ":"),
            Lexeme(.identifier, "AdditionPrecedence"),
        ])
        assertLexes("prefix func\n/(x: R) -> R { x/2 }", [
            Lexeme(.identifier, "prefix"), Lexeme(.keyword, "func"), Lexeme(.operator, "/"), Lexeme(.leftParen, "("),
            Lexeme(.identifier, "x"), Lexeme(.colon, ":"), Lexeme(.identifier, "R"), Lexeme(.rightParen, ")"),
            Lexeme(.arrow, "->"), Lexeme(.identifier, "R"), Lexeme(.leftBrace, "{"), Lexeme(.identifier, "x"),
            Lexeme(.operator, "/"), Lexeme(.integerLiteral, "2"), Lexeme(.rightBrace, "}"),
        ])
        // Only the keyword itself: after a call's `(` a regex still starts.
        assertLexes("return myfunc(/a/)", [
            Lexeme(.keyword, "return"), Lexeme(.identifier, "myfunc"), Lexeme(.leftParen, "("),
            Lexeme(.regexLiteral, "/a/"), Lexeme(.rightParen, ")"),
        ])
    }
}
