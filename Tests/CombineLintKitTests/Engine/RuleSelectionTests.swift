import XCTest
@testable import CombineLintKit

/// `--select`, `--ignore`, `--enable-all-rules`, `--max-warnings`, `--exit-zero` and the
/// baseline's count, through the whole lint command with the test rules.
final class RuleSelectionTests: XCTestCase {
    var root = ""
    let captured = CapturedIO()

    override func setUpWithError() throws {
        root = try makeTemporaryDirectory()
        // test_fixme (warning, on) and test_error_token (error, opt-in) each have a finding.
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = ERROR_TOKEN\n")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func lint(_ arguments: [String]) throws -> Int32 {
        captured.output = ""
        captured.error = ""
        guard case .lint(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("not lint") }
        return LintCommand(options: options, io: captured.io(root), registry: [FixmeRule.self, ErrorTokenRule.self]).run()
    }

    private let fixmeLine = "A.swift:1:9: warning: FIXME_TOKEN left in code [test_fixme]\n"
    private let errorLine = "A.swift:2:9: error: ERROR_TOKEN found [test_error_token]\n"

    func testSelectRunsOnlyTheNamedRulesOptInOnesIncluded() throws {
        XCTAssertEqual(try lint(["--select", "test_error_token", "--quiet"]), 1)
        XCTAssertEqual(captured.output, errorLine)
        XCTAssertEqual(try lint(["--select=test_fixme,test_error_token", "--quiet"]), 1)
        XCTAssertEqual(captured.output, fixmeLine + errorLine)
        // A rule the configuration turns off runs when selected, at its configured severity.
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": "off", "test_error_token": "warning"}}"#)
        XCTAssertEqual(try lint(["--select", "test_error_token", "--select", "test_fixme", "--quiet"]), 0)
        XCTAssertEqual(captured.output, fixmeLine + "A.swift:2:9: warning: ERROR_TOKEN found [test_error_token]\n")
    }

    func testIgnoreDropsRulesAndWinsOverSelect() throws {
        XCTAssertEqual(try lint(["--ignore", "test_fixme", "--quiet"]), 0)
        XCTAssertEqual(captured.output, "")
        XCTAssertEqual(try lint(["--enable-all-rules", "--ignore", "test_error_token", "--quiet"]), 0)
        XCTAssertEqual(captured.output, fixmeLine)
    }

    func testEnableAllRulesTurnsOnOptInAndConfiguredOffRules() throws {
        XCTAssertEqual(try lint(["--quiet"]), 0)
        XCTAssertEqual(captured.output, fixmeLine, "test_error_token is opt-in")
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": "off"}}"#)
        XCTAssertEqual(try lint(["--enable-all-rules", "--quiet"]), 1)
        XCTAssertEqual(captured.output, fixmeLine + errorLine)
    }

    func testUnknownRuleIDsAreUsageErrorsNamingTheID() throws {
        XCTAssertEqual(try lint(["--select", "test_fixme,nope"]), 2)
        XCTAssertEqual(captured.error, "error: unknown rule 'nope' in --select (see 'combinelint rules')\n")
        XCTAssertEqual(captured.output, "")
        XCTAssertEqual(try lint(["--ignore", "zzz"]), 2)
        XCTAssertEqual(captured.error, "error: unknown rule 'zzz' in --ignore (see 'combinelint rules')\n")
        XCTAssertThrowsError(try CommandLineParser.parse(["--select", "a,,b"])) {
            XCTAssertEqual("\($0)", "--select needs rule ids separated by commas, got 'a,,b'")
        }
    }

    func testSelectKeepsIOErrorsUnlessIgnored() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/Gone.swift", withDestinationPath: root + "/missing")
        XCTAssertEqual(try lint(["--select", "test_fixme", "--quiet", "A.swift", "Gone.swift"]), 1)
        XCTAssertEqual(captured.output, fixmeLine + "Gone.swift:1:1: error: cannot read 'Gone.swift': dangling symlink [io_error]\n")
        XCTAssertEqual(try lint(["--ignore", "io_error", "--quiet", "A.swift", "Gone.swift"]), 0)
        XCTAssertEqual(captured.output, fixmeLine)
    }

    func testMaxWarnings() throws {
        try writeFile(root, "B.swift", "FIXME_TOKEN FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--max-warnings", "3", "--quiet"]), 0)
        XCTAssertEqual(try lint(["--max-warnings", "2", "--quiet"]), 1)
        XCTAssertEqual(captured.error, "error: 3 warnings, more than --max-warnings 2\n")
        XCTAssertEqual(try lint(["--max-warnings=0", "--ignore", "test_fixme", "--quiet"]), 0)
        XCTAssertThrowsError(try CommandLineParser.parse(["--max-warnings", "-1"])) {
            XCTAssertEqual("\($0)", "--max-warnings needs a whole number of 0 or more, got '-1'")
        }
    }

    func testExitZeroWithFindingsButNotWithUsageOrConfigurationErrors() throws {
        XCTAssertEqual(try lint(["--enable-all-rules", "--exit-zero"]), 0)
        XCTAssertEqual(captured.output, fixmeLine + errorLine)
        XCTAssertEqual(captured.error, "Found 2 findings (1 error, 1 warning); 1 file checked.\n")
        XCTAssertEqual(try lint(["--strict", "--max-warnings", "0", "--exit-zero", "--quiet"]), 0)
        XCTAssertEqual(try lint(["--exit-zero", "--select", "nope"]), 2)
        try writeFile(root, ".combinelint.json", #"{"rulez": {}}"#)
        XCTAssertEqual(try lint(["--exit-zero"]), 2)
    }

    func testBaselineSaysHowManyFindingsItHid() throws {
        XCTAssertEqual(try lint(["--write-baseline", "baseline.json"]), 0)
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = ERROR_TOKEN\nlet c = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--baseline", "baseline.json"]), 0)
        XCTAssertEqual(captured.output, "A.swift:3:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(captured.error, "Found 1 finding (0 errors, 1 warning); 1 file checked; 1 finding hidden by the baseline.\n")
    }
}
