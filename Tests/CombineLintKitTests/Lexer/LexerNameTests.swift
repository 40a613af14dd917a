import XCTest
@testable import CombineLintKit

final class LexerNameTests: XCTestCase {
    func testIdentifiersIncludingUnicode() {
        assertLexes("foo _bar baz9 café 名前 π x\u{301}", [
            Lexeme(.identifier, "foo"), Lexeme(.identifier, "_bar"), Lexeme(.identifier, "baz9"),
            Lexeme(.identifier, "café"), Lexeme(.identifier, "名前"), Lexeme(.identifier, "π"),
            Lexeme(.identifier, "x\u{301}"),
        ])
    }

    func testEveryReservedWordIsAKeyword() {
        for word in Keywords.all {
            assertLexes(word, [Lexeme(.keyword, word)])
        }
        XCTAssertEqual(Keywords.all.count, 56)
    }

    func testContextualKeywordsStayIdentifiers() {
        let words = ["weak", "unowned", "get", "set", "willSet", "didSet", "some", "any", "actor", "async",
                     "lazy", "mutating", "override", "final", "convenience", "nonisolated", "Type", "selfish", "inits"]
        for word in words {
            assertLexes(word, [Lexeme(.identifier, word)])
        }
    }

    func testReservedWordAfterPeriodIsAMemberName() {
        assertLexes("NotificationCenter.default.publisher(for: x)", [
            Lexeme(.identifier, "NotificationCenter"), Lexeme(.period, "."), Lexeme(.identifier, "default"),
            Lexeme(.period, "."), Lexeme(.identifier, "publisher"), Lexeme(.leftParen, "("), Lexeme(.keyword, "for"),
            Lexeme(.colon, ":"), Lexeme(.identifier, "x"), Lexeme(.rightParen, ")"),
        ])
        assertLexes("case .default: x.self; .init(); super.init()", [
            Lexeme(.keyword, "case"), Lexeme(.period, "."), Lexeme(.identifier, "default"), Lexeme(.colon, ":"),
            Lexeme(.identifier, "x"), Lexeme(.period, "."), Lexeme(.keyword, "self"), Lexeme(.semicolon, ";"),
            Lexeme(.period, "."), Lexeme(.keyword, "init"), Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"),
            Lexeme(.semicolon, ";"), Lexeme(.keyword, "super"), Lexeme(.period, "."), Lexeme(.keyword, "init"),
            Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"),
        ])
    }

    func testBacktickedIdentifiers() {
        let (bytes, tokens) = LexerTestSupport.tokens("let `class` = `my name`")
        XCTAssertEqual(tokens.filter { !$0.kind.isTrivia }.map { String(decoding: bytes[$0.range], as: UTF8.self) },
                       ["let", "`class`", "=", "`my name`"])
        XCTAssertEqual(tokens[2].kind, .identifier)
        XCTAssertTrue(tokens[2].flags.contains(.backticked))
        XCTAssertTrue(tokens[6].flags.contains(.backticked))
        XCTAssertFalse(tokens[0].flags.contains(.backticked))
    }

    func testLoneBackticks() {
        assertLexes("`` `a\nb`", [
            Lexeme(.backtick, "`"), Lexeme(.backtick, "`"), Lexeme(.backtick, "`"), Lexeme(.identifier, "a"),
            Lexeme(.identifier, "b"), Lexeme(.backtick, "`"),
        ])
        let (_, tokens) = LexerTestSupport.tokens("`abc")
        XCTAssertEqual(tokens[0].flags.contains(.unterminated), true)
    }

    func testDollarIdentifiers() {
        assertLexes("$0 + $12 $name.value $ x", [
            Lexeme(.dollarIdentifier, "$0"), Lexeme(.operator, "+"), Lexeme(.dollarIdentifier, "$12"),
            Lexeme(.dollarIdentifier, "$name"), Lexeme(.period, "."), Lexeme(.identifier, "value"),
            Lexeme(.identifier, "$"), Lexeme(.identifier, "x"),
        ])
    }

    func testAttributes() {
        assertLexes("@Published var x; @objc(foo:) func f(_ c: @escaping () -> Void) @ x", [
            Lexeme(.attribute, "@Published"), Lexeme(.keyword, "var"), Lexeme(.identifier, "x"), Lexeme(.semicolon, ";"),
            Lexeme(.attribute, "@objc"), Lexeme(.leftParen, "("), Lexeme(.identifier, "foo"), Lexeme(.colon, ":"),
            Lexeme(.rightParen, ")"), Lexeme(.keyword, "func"), Lexeme(.identifier, "f"), Lexeme(.leftParen, "("),
            Lexeme(.keyword, "_"), Lexeme(.identifier, "c"), Lexeme(.colon, ":"), Lexeme(.attribute, "@escaping"),
            Lexeme(.leftParen, "("), Lexeme(.rightParen, ")"), Lexeme(.arrow, "->"), Lexeme(.identifier, "Void"),
            Lexeme(.rightParen, ")"), Lexeme(.at, "@"), Lexeme(.identifier, "x"),
        ])
    }

    func testPoundKeywordsAndDirectives() {
        assertLexes("#if DEBUG\n#elseif os(iOS)\n#else\n#endif\n#sourceLocation(file: \"a\", line: 1)", [
            Lexeme(.poundDirective, "#if"), Lexeme(.identifier, "DEBUG"),
            Lexeme(.poundDirective, "#elseif"), Lexeme(.identifier, "os"), Lexeme(.leftParen, "("),
            Lexeme(.identifier, "iOS"), Lexeme(.rightParen, ")"),
            Lexeme(.poundDirective, "#else"), Lexeme(.poundDirective, "#endif"),
            Lexeme(.poundDirective, "#sourceLocation"), Lexeme(.leftParen, "("), Lexeme(.identifier, "file"),
            Lexeme(.colon, ":"), Lexeme(.stringStart, "\""), Lexeme(.stringSegment, "a"), Lexeme(.stringEnd, "\""),
            Lexeme(.comma, ","), Lexeme(.identifier, "line"), Lexeme(.colon, ":"), Lexeme(.integerLiteral, "1"),
            Lexeme(.rightParen, ")"),
        ])
        assertLexes("#selector(tap) #available(iOS 15, *) #file #warning(\"w\") #Preview #ifx # x", [
            Lexeme(.poundKeyword, "#selector"), Lexeme(.leftParen, "("), Lexeme(.identifier, "tap"), Lexeme(.rightParen, ")"),
            Lexeme(.poundKeyword, "#available"), Lexeme(.leftParen, "("), Lexeme(.identifier, "iOS"),
            Lexeme(.integerLiteral, "15"), Lexeme(.comma, ","), Lexeme(.operator, "*"), Lexeme(.rightParen, ")"),
            Lexeme(.poundKeyword, "#file"), Lexeme(.poundKeyword, "#warning"), Lexeme(.leftParen, "("),
            Lexeme(.stringStart, "\""), Lexeme(.stringSegment, "w"), Lexeme(.stringEnd, "\""), Lexeme(.rightParen, ")"),
            Lexeme(.poundKeyword, "#Preview"), Lexeme(.poundKeyword, "#ifx"), Lexeme(.hash, "#"), Lexeme(.identifier, "x"),
        ])
    }
}

extension LexerNameTests {
    /// Swift's identifier ranges: joiners and CJK are names; spaces and separators are not.
    func testUnicodeNameRanges() {
        assertLexes("a\u{200D}b 😀x ❤ a\u{00A0}b", [
            Lexeme(.identifier, "a\u{200D}b"), Lexeme(.identifier, "😀x"), Lexeme(.operator, "❤"),
            Lexeme(.identifier, "a"), Lexeme(.unknown, "\u{00A0}"), Lexeme(.identifier, "b"),
        ])
    }
}
