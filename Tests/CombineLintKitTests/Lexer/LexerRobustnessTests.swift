import XCTest
@testable import CombineLintKit

final class LexerRobustnessTests: XCTestCase {
    private func assertLossless(_ bytes: [UInt8], _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let tokens = Lexer.tokenize(bytes)
        if let problem = LexerTestSupport.losslessProblem(bytes, tokens) ?? LexerTestSupport.structureProblem(tokens) {
            XCTFail("\(label): \(problem)", file: file, line: line)
        }
    }

    func testInvalidUTF8IsOneMalformedTokenPerBadSequence() {
        // 0xFF (bad lead), 0xE2 0x82 (truncated 3-byte sequence), 0xC0 (overlong lead), then "a".
        let bytes: [UInt8] = [0xFF, 0xE2, 0x82, 0xC0, 0x61]
        let tokens = Lexer.tokenize(bytes)
        XCTAssertEqual(tokens.map(\.kind), [.unknown, .unknown, .unknown, .identifier])
        XCTAssertEqual(tokens.map(\.length), [1, 2, 1, 1])
        XCTAssertTrue(tokens.prefix(3).allSatisfy { $0.flags.contains(.malformed) })
    }

    func testControlCharactersAreUnknown() {
        let tokens = Lexer.tokenize([0x61, 0x01, 0x7F, 0x62])
        XCTAssertEqual(tokens.map(\.kind), [.identifier, .unknown, .unknown, .identifier])
        XCTAssertFalse(tokens[1].flags.contains(.malformed))
    }

    /// Input cut off anywhere: every prefix of the string-heavy fixtures, every third byte of the others.
    func testPrefixesOfFixturesAreLossless() {
        for (index, fixture) in LexerFixtures.all.enumerated() {
            let bytes = Array(fixture.utf8)
            let step = fixture == LexerFixtures.regexAndStrings || fixture == LexerFixtures.viewModel ? 1 : 3
            for end in stride(from: 0, through: bytes.count, by: step) {
                assertLossless(Array(bytes[0..<end]), "fixture \(index) cut at \(end)")
            }
        }
    }

    func testCutOffInsideEveryConstruct() {
        let cuts = ["\"abc", "\"\"\"\nabc", "#\"abc", "##\"\"\"\nabc\"\"\"#", "\"a\\(b", "\"a\\(\"b\\(", "/* a /* b */",
                    "#/abc", "#/\nabc", "`abc", "0x", "1e", "@", "#", "$", "\\", "\"\\", "#\"\\#", "\r", "\u{FEFF}"]
        for source in cuts {
            assertLossless(Array(source.utf8), source.debugDescription)
        }
        let tokens = Lexer.tokenize(Array("\"abc".utf8))
        XCTAssertTrue(tokens.last!.flags.contains(.unterminated))
    }

    func testDeeplyNestedInterpolationsDoNotOverflowTheStack() {
        let depth = 100_000
        var bytes = [UInt8]()
        bytes.reserveCapacity(depth * 3)
        for _ in 0..<depth { bytes += Array("\"\\(".utf8) }
        let tokens = Lexer.tokenize(bytes)
        XCTAssertEqual(tokens.count, depth * 2)
        XCTAssertNil(LexerTestSupport.losslessProblem(bytes, tokens))
        // And closed again: every level ends.
        var closed = bytes
        for _ in 0..<depth { closed += Array(")\"".utf8) }
        let closedTokens = Lexer.tokenize(closed)
        XCTAssertEqual(closedTokens.filter { $0.kind == .stringEnd }.count, depth)
        XCTAssertEqual(closedTokens.filter { $0.kind == .interpolationEnd }.count, depth)
    }

    func testManyBracesAndALongLine() {
        let braces = [UInt8](repeating: UInt8(ascii: "{"), count: 100_000)
        XCTAssertEqual(Lexer.tokenize(braces).count, 100_000)
        var line = [UInt8]()
        let piece = Array("let x = a / b + \"s\\(y)\" // ".utf8)
        while line.count < 1_000_000 { line += piece }
        assertLossless(line, "long line")
    }

    /// Inputs built to defeat the linear-time guards: bare-regex attempts over escaped slashes.
    func testRegexAttemptsOverEscapedSlashesStayCorrect() {
        var bytes = Array("x = (/".utf8)
        for _ in 0..<20_000 { bytes += Array("a\\/".utf8) }
        assertLossless(bytes, "escaped slashes")
        let tokens = Lexer.tokenize(bytes)
        XCTAssertFalse(tokens.contains { $0.kind == .regexLiteral })
    }

    func testGeneratedTortureInputs() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        let alphabet: [[UInt8]] = ["\"", "\"\"\"", "#", "##", "/", "*", "\\", "(", ")", "{", "}", "\n", "\r", " ", "a",
                                   "1", ".", "?", "!", "`", "$", "@", "'", "0x", "e", "p", "-", "_", "\\(", "\\#(",
                                   "/*", "*/", "//"].map { Array($0.utf8) } + [[0xFF], [0xE2, 0x82], [0x00], [0xEF, 0xBB, 0xBF]]
        for round in 0..<2_000 {
            var bytes = [UInt8]()
            let pieces = Int(generator.next() % 60)
            for _ in 0..<pieces { bytes += alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let tokens = Lexer.tokenize(bytes)
            if let problem = LexerTestSupport.losslessProblem(bytes, tokens) ?? LexerTestSupport.structureProblem(tokens) {
                XCTFail("round \(round), input \(bytes): \(problem)")
                return
            }
        }
    }

    func testEveryRepositorySwiftFileRoundTrips() throws {
        var checked = 0
        for url in LexerTestSupport.repositorySwiftFiles() {
            let path = url.path
            let bytes = try [UInt8](Data(contentsOf: url))
            let tokens = Lexer.tokenize(bytes)
            if let problem = LexerTestSupport.losslessProblem(bytes, tokens) { XCTFail("\(path): \(problem)") }
            XCTAssertFalse(tokens.contains { $0.kind == .unknown }, "\(path) has unknown tokens")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 10)
    }
}

/// SplitMix64: a small deterministic generator so failures replay from their seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
