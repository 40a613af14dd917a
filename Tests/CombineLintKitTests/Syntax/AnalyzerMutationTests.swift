import XCTest
@testable import CombineLintKit

/// Seeded random edits of realistic code run through the whole analyzer (tree, index, every
/// rule, opt-in ones included): it must never crash, and every finding must point inside the file.
final class AnalyzerMutationTests: XCTestCase {
    static let pieces: [[UInt8]] = ["\"", "#", "/", "{", "}", "(", ")", "[", "]", "\\(", "*/", "/*", "\"\"\"",
                                    "\n", ".sink { _ in }", "[weak self]", " in ", "self.", "guard let self else { return }",
                                    "func ", "class X {", "var ", "let x = ", "#if DEBUG\n", "#endif\n", "<", ">", "?", "!", ":", ","]
        .map { Array($0.utf8) } + [[0xFF], [0x00]]

    func testSeededMutationsNeverCrashAndFindingsStayInBounds() {
        let seed: UInt64 = 7_340_033
        var generator = SeededGenerator(seed: seed)
        let rules = RuleRegistry.all.map { ConfiguredRule(rule: $0.init()) }
        var runs = 0
        for (fixtureIndex, fixture) in LexerFixtures.all.enumerated() {
            var bytes = Array(fixture.utf8)
            for step in 0..<300 {
                let roll = generator.next() % 10
                let position = bytes.isEmpty ? 0 : Int(generator.next() % UInt64(bytes.count + 1))
                if roll < 7 {
                    bytes.insert(contentsOf: Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))], at: position)
                } else if roll < 9, position < bytes.count {
                    bytes.removeSubrange(position..<min(bytes.count, position + Int(generator.next() % 12) + 1))
                } else {
                    bytes = Array(bytes.prefix(position))
                }
                let file = SourceFile(path: "Mutated.swift", bytes: bytes)
                let findings = Analyzer.analyze([file], rules: rules)
                runs += 1
                for finding in findings where finding.offset < 0 || finding.offset + finding.length > bytes.count || finding.line < 1 || finding.column < 1 {
                    XCTFail("seed \(seed), fixture \(fixtureIndex), edit \(step): finding out of bounds: \(finding)")
                    return
                }
            }
        }
        XCTAssertEqual(runs, LexerFixtures.all.count * 300)
    }
}
