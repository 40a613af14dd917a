import XCTest
@testable import CombineLintKit

final class SuppressionTests: XCTestCase {
    let known: Set<String> = ["test_fixme", "test_error_token", "invalid_directive", "io_error", "superfluous_directive"]

    /// Tokens for a file where every line that starts (after spaces) with `//` or `/*` is a
    /// comment token and a trailing `// …` is one too: a stand-in lexer, so these tests do not
    /// depend on the real one.
    private func commentTokens(_ file: SourceFile) -> [Token] {
        var tokens: [Token] = []
        let bytes = file.bytes
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                var end = i
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                tokens.append(Token(kind: .lineComment, start: i, length: end - i))
                i = end
            } else if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                var end = i + 2
                while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                end = min(bytes.count, end + 2)
                tokens.append(Token(kind: .blockComment, start: i, length: end - i))
                i = end
            } else {
                i += 1
            }
        }
        return tokens
    }

    private func run(_ text: String, superfluous: Bool = false) -> (lines: [String], suppressed: Int) {
        let file = SourceFile(path: "A.swift", text: text)
        let tree = SyntaxTree(file: file)
        let findings = FixmeRule().check(RuleContext(file: file, tree: tree, index: ProjectIndex(trees: []),
                                                     severity: .warning, ruleID: "test_fixme"))
        let filter = SuppressionFilter(knownRuleIDs: known, invalidDirectiveSeverity: .warning,
                                       superfluousDirectiveSeverity: superfluous ? .warning : nil)
        let result = filter.apply(findings, file: file, tokens: commentTokens(file))
        return (result.findings.sorted(by: Finding.reportOrder).map { "\($0.line):\($0.column) \($0.ruleID): \($0.message)" }, result.suppressedCount)
    }

    func testDisableNextThisAndPrevious() {
        let text = """
        // combinelint:disable:next test_fixme
        let a = FIXME_TOKEN
        let b = FIXME_TOKEN // combinelint:disable:this test_fixme - kept on purpose
        let c = FIXME_TOKEN
        // combinelint:disable:previous test_fixme
        let d = FIXME_TOKEN
        """
        let result = run(text)
        XCTAssertEqual(result.lines, ["6:9 test_fixme: FIXME_TOKEN left in code"])
        XCTAssertEqual(result.suppressed, 3)
    }

    func testRegionUntilEnableAndAll() {
        let text = """
        let a = FIXME_TOKEN
        // combinelint:disable test_fixme
        let b = FIXME_TOKEN
        let c = FIXME_TOKEN
        // combinelint:enable test_fixme
        let d = FIXME_TOKEN
        /* combinelint:disable all */
        let e = FIXME_TOKEN
        """
        XCTAssertEqual(run(text).lines, ["1:9 test_fixme: FIXME_TOKEN left in code", "6:9 test_fixme: FIXME_TOKEN left in code"])
    }

    func testOverlappingRegionsEachEndAtTheirOwnEnable() {
        let text = """
        // combinelint:disable test_fixme
        // combinelint:disable all
        let a = FIXME_TOKEN
        // combinelint:enable test_fixme
        let b = FIXME_TOKEN
        // combinelint:enable all
        let c = FIXME_TOKEN
        // combinelint:disable test_fixme
        // combinelint:disable test_fixme
        let d = FIXME_TOKEN
        """
        let result = run(text, superfluous: true)
        // `a` is hidden by both regions (so neither is superfluous), `b` by `all` alone; the two
        // regions that open before `d` both run to the end of the file and both hide it.
        XCTAssertEqual(result.lines, ["7:9 test_fixme: FIXME_TOKEN left in code"])
        XCTAssertEqual(result.suppressed, 3)
    }

    func testADirectiveNamingTheRuleAndAllCountsOnce() {
        let text = """
        // combinelint:disable:next test_fixme all
        let a = FIXME_TOKEN
        """
        let result = run(text, superfluous: true)
        // Hidden by its own id; `all` hid nothing.
        XCTAssertEqual(result.lines, ["1:1 superfluous_directive: 'combinelint:disable:next all' suppresses no finding; remove it"])
        XCTAssertEqual(result.suppressed, 1)
    }

    func testThousandsOfRegionsEndWhereTheyShould() {
        var text = ""
        for _ in 0..<2000 { text += "// combinelint:disable test_fixme\nlet a = FIXME_TOKEN\n// combinelint:enable test_fixme\nlet b = FIXME_TOKEN\n" }
        let result = run(text)
        XCTAssertEqual(result.lines.count, 2000)
        XCTAssertEqual(result.lines.first, "4:9 test_fixme: FIXME_TOKEN left in code")
        XCTAssertEqual(result.lines.last, "8000:9 test_fixme: FIXME_TOKEN left in code")
        XCTAssertEqual(result.suppressed, 2000)
    }

    func testSeveralIDsAndBlockComments() {
        let text = """
        /* combinelint:disable:next test_error_token test_fixme */
        let a = FIXME_TOKEN
        /**
         combinelint:disable:next test_fixme
         */
        let b = FIXME_TOKEN
        """
        XCTAssertEqual(run(text).lines, [])
    }

    func testUnknownIDsAndMalformedDirectivesAreReported() {
        let text = """
        // combinelint:disable:next nope test_fixme
        let a = FIXME_TOKEN
        // combinelint:disabel test_fixme
        // combinelint:disable:next
        // combinelint:enable:next test_fixme
        """
        XCTAssertEqual(run(text).lines, [
            "1:1 invalid_directive: unknown rule 'nope' in 'combinelint:disable:next'",
            "3:1 invalid_directive: unknown directive 'combinelint:disabel' (expected disable, enable, disable:next, disable:this or disable:previous)",
            "4:1 invalid_directive: 'combinelint:disable:next' names no rule (write rule ids or 'all')",
            "5:1 invalid_directive: unknown directive 'combinelint:enable:next' (expected disable, enable, disable:next, disable:this or disable:previous)",
        ])
    }

    func testSuperfluousDirectivesAreReportedWhenEnabled() {
        let text = """
        // combinelint:disable:next test_fixme test_error_token
        let a = FIXME_TOKEN
        // combinelint:disable:next test_fixme
        let b = 1
        """
        XCTAssertEqual(run(text, superfluous: true).lines, [
            "1:1 superfluous_directive: 'combinelint:disable:next test_error_token' suppresses no finding; remove it",
            "3:1 superfluous_directive: 'combinelint:disable:next test_fixme' suppresses no finding; remove it",
        ])
        XCTAssertEqual(run(text, superfluous: false).lines, [])
    }

    func testDirectiveBodyParsing() {
        guard case .success(let parsed) = DirectiveParser.parseBody("disable:this a, b - because - reasons", knownRuleIDs: ["a", "b"]) else {
            return XCTFail("not parsed")
        }
        XCTAssertEqual(parsed.action, .disable)
        XCTAssertEqual(parsed.scope, .this)
        XCTAssertEqual(parsed.ruleIDs, ["a", "b"])
        XCTAssertEqual(parsed.reason, "because - reasons")
        XCTAssertEqual(DirectiveParser.commentBody("/** combinelint:enable all */"), "combinelint:enable all")
        XCTAssertEqual(DirectiveParser.commentBody("/// combinelint:enable all"), "combinelint:enable all")
    }

    /// Needs the real lexer (comment tokens): runs suppression through the whole engine.
    func testEngineAppliesSuppressionsFromRealCommentTokens() {
        let file = SourceFile(path: "A.swift", text: "// combinelint:disable:next test_fixme\nlet a = FIXME_TOKEN\nlet s = \"// combinelint:disable:next test_fixme\"\nlet b = FIXME_TOKEN\n")
        let engine = LintEngine(rules: [ConfiguredRule(rule: FixmeRule())],
                                suppressions: SuppressionFilter(knownRuleIDs: known), jobs: 1)
        let outcome = engine.run([LintInput(path: "A.swift", absolutePath: "/A.swift", bytes: file.bytes)])
        XCTAssertEqual(outcome.findings.map { "\($0.line):\($0.column)" }, ["4:9"])
        XCTAssertEqual(outcome.suppressedCount, 1)
    }
}
