import XCTest
@testable import CombineLintKit

/// Thousands of seeded byte-level edits of realistic code: the lexer must stay lossless, emit
/// no empty token, keep strings properly nested, and finish. A failure prints the seed and the
/// edit number to replay it; `LEXER_MUTATION_SEED=<n>` runs another seed.
final class LexerMutationTests: XCTestCase {
    static let insertions: [[UInt8]] = ["\"", "#", "/", "{", "}", "\\(", "*/", "/*", "\"\"\"", "#\"", "\"#", ")",
                                        "`", "\n", "\r", "\\", "#/", "/#"].map { Array($0.utf8) }
        + [[0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0x00], [0xED, 0xA0, 0x80]]

    func testSeededMutationsStayLossless() {
        let seed = ProcessInfo.processInfo.environment["LEXER_MUTATION_SEED"].flatMap { UInt64($0) } ?? 20_240_611
        var generator = SeededGenerator(seed: seed)
        var edits = 0
        for (fixtureIndex, fixture) in LexerFixtures.all.enumerated() {
            var bytes = Array(fixture.utf8)
            for step in 0..<1_000 {
                mutate(&bytes, original: fixture, using: &generator)
                edits += 1
                let tokens = Lexer.tokenize(bytes)
                if let problem = LexerTestSupport.losslessProblem(bytes, tokens) ?? LexerTestSupport.structureProblem(tokens) {
                    XCTFail("seed \(seed), fixture \(fixtureIndex), edit \(step): \(problem)")
                    return
                }
            }
        }
        XCTAssertEqual(edits, 5_000)
    }

    /// One random edit: insert a troublesome piece, delete a span, duplicate a span, truncate,
    /// or (rarely) start over from the original so edits do not only pile up.
    private func mutate(_ bytes: inout [UInt8], original: String, using generator: inout SeededGenerator) {
        let roll = generator.next() % 100
        let position = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count + 1))
        switch roll {
        case 0..<55:
            let piece = Self.insertions[Int(generator.next() % UInt64(Self.insertions.count))]
            bytes.insert(contentsOf: piece, at: position)
        case 55..<75:
            let length = min(Int(generator.next() % 8) + 1, bytes.count - position)
            if length > 0 { bytes.removeSubrange(position..<(position + length)) }
        case 75..<85:
            let length = min(Int(generator.next() % 40) + 1, bytes.count - position)
            if length > 0 { bytes.insert(contentsOf: bytes[position..<(position + length)], at: position) }
        case 85..<95:
            bytes.removeSubrange(position..<bytes.count)
            if bytes.count < 16 { bytes = Array(original.utf8) }
        default:
            bytes = Array(original.utf8)
        }
    }
}
