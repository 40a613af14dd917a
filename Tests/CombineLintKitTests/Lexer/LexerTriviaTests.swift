import XCTest
@testable import CombineLintKit

final class LexerTriviaTests: XCTestCase {
    func testWhitespaceAndLineEnds() {
        assertLexes("a \t\n\r\n\rb", [
            Lexeme(.identifier, "a"), Lexeme(.whitespace, " \t"), Lexeme(.newline, "\n"),
            Lexeme(.newline, "\r\n"), Lexeme(.newline, "\r"), Lexeme(.identifier, "b"),
        ], trivia: true)
    }

    func testNULVerticalTabAndFormFeedAreWhitespace() {
        assertLexes("a\u{0}\u{0B}\u{0C}b", [
            Lexeme(.identifier, "a"), Lexeme(.whitespace, "\u{0}\u{0B}\u{0C}"), Lexeme(.identifier, "b"),
        ], trivia: true)
    }

    func testLineComments() {
        assertLexes("// plain\n/// doc\n//// not doc\nx // tail", [
            Lexeme(.lineComment, "// plain"), Lexeme(.newline, "\n"),
            Lexeme(.docLineComment, "/// doc"), Lexeme(.newline, "\n"),
            Lexeme(.lineComment, "//// not doc"), Lexeme(.newline, "\n"),
            Lexeme(.identifier, "x"), Lexeme(.whitespace, " "), Lexeme(.lineComment, "// tail"),
        ], trivia: true)
    }

    func testLineCommentStopsBeforeCRLF() {
        assertLexes("//a\r\nb", [Lexeme(.lineComment, "//a"), Lexeme(.newline, "\r\n"), Lexeme(.identifier, "b")], trivia: true)
    }

    func testNestedBlockComment() {
        assertLexes("/* a /* b */ c */d", [Lexeme(.blockComment, "/* a /* b */ c */"), Lexeme(.identifier, "d")], trivia: true)
    }

    func testDocBlockCommentsAndLookalikes() {
        assertLexes("/** doc */ /**/ /*** x */", [
            Lexeme(.docBlockComment, "/** doc */"), Lexeme(.whitespace, " "),
            Lexeme(.blockComment, "/**/"), Lexeme(.whitespace, " "),
            Lexeme(.blockComment, "/*** x */"),
        ], trivia: true)
    }

    func testUnterminatedBlockCommentIsFlagged() {
        let (_, tokens) = LexerTestSupport.tokens("x /* a /* b */")
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .whitespace, .blockComment])
        XCTAssertEqual(tokens[2].length, 12)
        XCTAssertTrue(tokens[2].flags.contains(.unterminated))
    }

    func testShebangOnlyAtFileStart() {
        assertLexes("#!/usr/bin/env swift\nprint(1)", [
            Lexeme(.shebang, "#!/usr/bin/env swift"), Lexeme(.newline, "\n"),
            Lexeme(.identifier, "print"), Lexeme(.leftParen, "("), Lexeme(.integerLiteral, "1"), Lexeme(.rightParen, ")"),
        ], trivia: true)
        assertLexes("x\n#!y", [Lexeme(.identifier, "x"), Lexeme(.hash, "#"), Lexeme(.exclamationMark, "!"), Lexeme(.identifier, "y")])
    }

    /// Decision: a byte order mark at the start is its own whitespace token; elsewhere it is unknown.
    func testByteOrderMark() {
        assertLexes("\u{FEFF}import A", [
            Lexeme(.whitespace, "\u{FEFF}"), Lexeme(.keyword, "import"), Lexeme(.whitespace, " "), Lexeme(.identifier, "A"),
        ], trivia: true)
        assertLexes("a\u{FEFF}b", [Lexeme(.identifier, "a"), Lexeme(.unknown, "\u{FEFF}"), Lexeme(.identifier, "b")])
        let (_, tokens) = LexerTestSupport.tokens("\u{FEFF}#!/bin/swift\n")
        XCTAssertEqual(tokens.map(\.kind), [.whitespace, .shebang, .newline])
    }

    func testSpaceFlags() {
        let (_, tokens) = LexerTestSupport.tokens("a.b /*c*/ d\n(e)")
        let significant = tokens.filter { !$0.kind.isTrivia }
        let flags = significant.map { ($0.flags.contains(.spaceBefore), $0.flags.contains(.spaceAfter)) }
        // a . b d ( e )
        let expected = [(true, false), (false, false), (false, true), (true, true), (true, false), (false, false), (false, true)]
        XCTAssertEqual(flags.map(\.0), expected.map(\.0))
        XCTAssertEqual(flags.map(\.1), expected.map(\.1))
    }

    func testTriviaTokensCarryNoSpaceFlags() {
        let (_, tokens) = LexerTestSupport.tokens(" x ")
        XCTAssertEqual(tokens[0].flags, [])
        XCTAssertEqual(tokens[1].flags, [.spaceBefore, .spaceAfter])
        XCTAssertEqual(tokens[2].flags, [])
    }

    func testEmptyInputHasNoTokens() {
        XCTAssertEqual(Lexer.tokenize([]), [])
    }
}
