import XCTest
@testable import CombineLintKit

final class BaselineTests: XCTestCase {
    private func findings(_ text: String, path: String = "Sources/A.swift") -> (findings: [Finding], file: SourceFile) {
        let file = SourceFile(path: path, text: text)
        let context = RuleContext(file: file, tree: SyntaxTree(file: file), index: ProjectIndex(trees: []), severity: .warning, ruleID: "test_fixme")
        return (FixmeRule().check(context), file)
    }

    private func baseline(_ text: String) -> Baseline {
        let (list, file) = findings(text)
        return Baseline(findings: list, lineText: { file.lineText($0.line) }, relativePath: { $0 })
    }

    private func newLines(_ baseline: Baseline, _ text: String) -> [Int] {
        let (list, file) = findings(text)
        return baseline.newFindings(list, lineText: { file.lineText($0.line) }, relativePath: { $0 }).map { $0.line }
    }

    func testInsertingLinesAboveKeepsOldFindingsMatched() {
        let old = baseline("let a = FIXME_TOKEN\nlet b = 1\n")
        XCTAssertEqual(newLines(old, "// new\n\n  let   a = FIXME_TOKEN\nlet b = 1\nlet c = FIXME_TOKEN\n"), [5])
    }

    func testDuplicateLinesMatchByOccurrence() {
        let old = baseline("x(FIXME_TOKEN)\nx(FIXME_TOKEN)\n")
        XCTAssertEqual(newLines(old, "x(FIXME_TOKEN)\nlet gap = 0\nx(FIXME_TOKEN)\n"), [])
        XCTAssertEqual(newLines(old, "x(FIXME_TOKEN)\nx(FIXME_TOKEN)\nx(FIXME_TOKEN)\n"), [3])
    }

    func testFixedFindingsDropOutWhenRewritten() {
        let old = baseline("let a = FIXME_TOKEN\nlet b = FIXME_TOKEN\n")
        XCTAssertEqual(old.entries.count, 2)
        let rewritten = baseline("let a = FIXME_TOKEN\nlet b = done\n")
        XCTAssertEqual(rewritten.entries.map { $0.line }, ["let a = FIXME_TOKEN"])
    }

    func testFileIsSortedStableAndRoundTrips() throws {
        let entries = [
            Baseline.Entry(file: "B.swift", rule: "r", line: "b \"q\"", message: "m2"),
            Baseline.Entry(file: "A.swift", rule: "r", line: "a\tb", message: "m1"),
        ]
        let text = BaselineFile.encode(Baseline(entries: entries))
        XCTAssertEqual(text, """
        {
          "version": 1,
          "findings": [
            {"file": "A.swift", "rule": "r", "line": "a\\tb", "message": "m1"},
            {"file": "B.swift", "rule": "r", "line": "b \\"q\\"", "message": "m2"}
          ]
        }

        """)
        XCTAssertEqual(try BaselineFile.decode(text, displayPath: "b.json"), Baseline(entries: entries))
        XCTAssertEqual(BaselineFile.encode(Baseline(entries: [])), "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }

    func testBadBaselineFilesAreClearErrors() {
        XCTAssertThrowsError(try BaselineFile.decode("{\"version\": 2, \"findings\": []}", displayPath: "b.json")) {
            XCTAssertEqual("\($0)", "b.json:1:13: unsupported baseline version 2.0; this combinelint reads version 1")
        }
        XCTAssertThrowsError(try BaselineFile.decode("{\"version\": 1, \"findings\": [{\"file\": \"a\"}]}", displayPath: "b.json")) {
            XCTAssertEqual("\($0)", "b.json:1:29: a baseline entry has no \"rule\"")
        }
    }

    func testNormalizeCollapsesWhitespace() {
        XCTAssertEqual(Baseline.normalize("  let\t a =  b  "), "let a = b")
    }
}
