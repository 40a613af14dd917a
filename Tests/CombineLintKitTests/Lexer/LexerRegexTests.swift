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
