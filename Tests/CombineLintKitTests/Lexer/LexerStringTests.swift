import XCTest
@testable import CombineLintKit

final class LexerStringTests: XCTestCase {
    func testPlainStringsAndEscapes() {
        assertLexes(#""" "a" "x\"y\\" "\u{1F600}\n""#, [
            Lexeme(.stringStart, "\""), Lexeme(.stringEnd, "\""),
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, "a"), Lexeme(.stringEnd, "\""),
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, #"x\"y\\"#), Lexeme(.stringEnd, "\""),
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, #"\u{1F600}\n"#), Lexeme(.stringEnd, "\""),
        ])
    }

    func testInterpolationIsLexedAsCode() {
        assertLexes(#""Hi \(self.name)!""#, [
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, "Hi "), Lexeme(.interpolationStart, "\\("),
            Lexeme(.keyword, "self"), Lexeme(.period, "."), Lexeme(.identifier, "name"),
            Lexeme(.interpolationEnd, ")"), Lexeme(.stringSegment, "!"), Lexeme(.stringEnd, "\""),
        ])
    }

    func testInterpolationWithParensNestedStringAndClosure() {
        assertLexes(#""\(items.map { "\($0)" }.joined())""#, [
            Lexeme(.stringStart, "\""), Lexeme(.interpolationStart, "\\("),
            Lexeme(.identifier, "items"), Lexeme(.period, "."), Lexeme(.identifier, "map"), Lexeme(.leftBrace, "{"),
            Lexeme(.stringStart, "\""), Lexeme(.interpolationStart, "\\("), Lexeme(.dollarIdentifier, "$0"),
            Lexeme(.interpolationEnd, ")"), Lexeme(.stringEnd, "\""), Lexeme(.rightBrace, "}"),
            Lexeme(.period, "."), Lexeme(.identifier, "joined"), Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"),
            Lexeme(.interpolationEnd, ")"), Lexeme(.stringEnd, "\""),
        ])
    }

    func testParenthesesInsideInterpolation() {
        assertLexes(#""\((a + b) * f(c))x""#, [
            Lexeme(.stringStart, "\""), Lexeme(.interpolationStart, "\\("), Lexeme(.leftParen, "("),
            Lexeme(.identifier, "a"), Lexeme(.operator, "+"), Lexeme(.identifier, "b"), Lexeme(.rightParen, ")"),
            Lexeme(.operator, "*"), Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.identifier, "c"),
            Lexeme(.rightParen, ")"), Lexeme(.interpolationEnd, ")"), Lexeme(.stringSegment, "x"), Lexeme(.stringEnd, "\""),
        ])
    }

    func testMultilineStringWithInterpolation() {
        let source = "let s = \"\"\"\n    Hello \\(name)\n    \"quoted\" \"\" end\n    \"\"\"\nx"
        assertLexes(source, [
            Lexeme(.keyword, "let"), Lexeme(.identifier, "s"), Lexeme(.equal, "="),
            Lexeme(.stringStart, "\"\"\""), Lexeme(.stringSegment, "\n    Hello "), Lexeme(.interpolationStart, "\\("),
            Lexeme(.identifier, "name"), Lexeme(.interpolationEnd, ")"),
            Lexeme(.stringSegment, "\n    \"quoted\" \"\" end\n    "), Lexeme(.stringEnd, "\"\"\""),
            Lexeme(.identifier, "x"),
        ])
        let (_, tokens) = LexerTestSupport.tokens(source)
        XCTAssertTrue(tokens.filter { $0.kind == .stringStart || $0.kind == .stringSegment || $0.kind == .stringEnd }
            .allSatisfy { $0.flags.contains(.multiline) && !$0.flags.contains(.raw) })
    }

    func testRawStringDoesNotInterpolateWithoutHashes() {
        assertLexes(##"#"\(x) "quote""#"##, [
            Lexeme(.stringStart, "#\""), Lexeme(.stringSegment, #"\(x) "quote""#), Lexeme(.stringEnd, "\"#"),
        ])
    }

    func testRawStringInterpolatesWithMatchingHashes() {
        assertLexes(##"#"a\#(x)b"#"##, [
            Lexeme(.stringStart, "#\""), Lexeme(.stringSegment, "a"), Lexeme(.interpolationStart, "\\#("),
            Lexeme(.identifier, "x"), Lexeme(.interpolationEnd, ")"), Lexeme(.stringSegment, "b"),
            Lexeme(.stringEnd, "\"#"),
        ])
        assertLexes(###"##"\#(x)"# \##(y)"##"###, [
            Lexeme(.stringStart, "##\""), Lexeme(.stringSegment, ##"\#(x)"# "##), Lexeme(.interpolationStart, "\\##("),
            Lexeme(.identifier, "y"), Lexeme(.interpolationEnd, ")"), Lexeme(.stringEnd, "\"##"),
        ])
    }

    func testRawMultilineString() {
        let source = "##\"\"\"\n\"\"\"# \\#(x)\n\"\"\"##"
        assertLexes(source, [
            Lexeme(.stringStart, "##\"\"\""), Lexeme(.stringSegment, "\n\"\"\"# \\#(x)\n"), Lexeme(.stringEnd, "\"\"\"##"),
        ])
        let (_, tokens) = LexerTestSupport.tokens(source)
        XCTAssertTrue(tokens.allSatisfy { $0.flags.isSuperset(of: [.raw, .multiline]) })
    }

    func testSingleLineStringEndsAtLineEndUnterminated() {
        let (bytes, tokens) = LexerTestSupport.tokens("\"abc\nx")
        XCTAssertEqual(tokens.map(\.kind), [.stringStart, .stringSegment, .newline, .identifier])
        XCTAssertTrue(tokens[1].flags.contains(.unterminated))
        XCTAssertNil(LexerTestSupport.losslessProblem(bytes, tokens))
    }

    func testStringCutOffInsideInterpolation() {
        let (bytes, tokens) = LexerTestSupport.tokens("\"a\\(b")
        XCTAssertEqual(tokens.map(\.kind), [.stringStart, .stringSegment, .interpolationStart, .identifier])
        XCTAssertNil(LexerTestSupport.losslessProblem(bytes, tokens))
    }

    func testUnterminatedMultilineStringRunsToEnd() {
        let (_, tokens) = LexerTestSupport.tokens("\"\"\"\nabc\n\"\"")
        XCTAssertEqual(tokens.map(\.kind), [.stringStart, .stringSegment])
        XCTAssertTrue(tokens[1].flags.contains(.unterminated))
        XCTAssertEqual(tokens[1].length, 7)
    }

    func testEscapedBackslashBeforeQuoteEndsString() {
        assertLexes(#""a\\" + b"#, [
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, #"a\\"#), Lexeme(.stringEnd, "\""),
            Lexeme(.operator, "+"), Lexeme(.identifier, "b"),
        ])
    }

    func testInvalidUTF8InsideStringIsMalformedSegment() {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        let tokens = Lexer.tokenize(bytes)
        XCTAssertEqual(tokens.map(\.kind), [.stringStart, .stringSegment, .stringEnd])
        XCTAssertTrue(tokens[1].flags.contains(.malformed))
    }
}

extension LexerStringTests {
    func testRawStringNeedsItsHashesToClose() {
        let (_, tokens) = LexerTestSupport.tokens("#\"a\"b\nx")
        XCTAssertEqual(tokens.map(\.kind), [.stringStart, .stringSegment, .newline, .identifier])
        XCTAssertEqual(tokens[1].length, 3)
        XCTAssertEqual(tokens[1].flags.intersection([.raw, .unterminated]), [.raw, .unterminated])
    }

    func testSingleLineInterpolationMaySpanLines() {
        assertLexes("\"a\\(f(\n  x\n))b\"", [
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, "a"), Lexeme(.interpolationStart, "\\("),
            Lexeme(.identifier, "f"), Lexeme(.leftParen, "("), Lexeme(.identifier, "x"), Lexeme(.rightParen, ")"),
            Lexeme(.interpolationEnd, ")"), Lexeme(.stringSegment, "b"), Lexeme(.stringEnd, "\""),
        ])
    }

    func testCommentInsideInterpolationIsTrivia() {
        assertLexes("\"\\(x /* ) */)\"", [
            Lexeme(.stringStart, "\""), Lexeme(.interpolationStart, "\\("), Lexeme(.identifier, "x"),
            Lexeme(.interpolationEnd, ")"), Lexeme(.stringEnd, "\""),
        ])
    }
}
