import XCTest
@testable import CombineLintKit

/// The whole lint command in-process, with test rules.
final class LintCommandTests: XCTestCase {
    var root = ""
    let captured = CapturedIO()

    override func setUpWithError() throws { root = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func lint(_ arguments: [String], stdin: String = "") throws -> Int32 {
        captured.output = ""
        captured.error = ""
        captured.stdin = Array(stdin.utf8)
        guard case .lint(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("not lint") }
        return LintCommand(options: options, io: captured.io(root), registry: [FixmeRule.self, ErrorTokenRule.self]).run()
    }

    func testExitCodesAndStrict() throws {
        try writeFile(root, "Sources/A.swift", "let a = FIXME_TOKEN\n")
        XCTAssertEqual(try lint([]), 0)
        XCTAssertEqual(captured.output, "Sources/A.swift:1:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(captured.error, "Found 1 finding (0 errors, 1 warning); 1 file checked.\n")
        XCTAssertEqual(try lint(["--strict"]), 1)
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": "error"}}"#)
        XCTAssertEqual(try lint(["Sources"]), 1)
        XCTAssertEqual(captured.output, "Sources/A.swift:1:9: error: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(captured.error, "Found 1 finding (1 error, 0 warnings); 1 file checked.\n")
    }

    func testOptInRuleAndOptionsFromConfiguration() throws {
        try writeFile(root, "A.swift", "ERROR_TOKEN TODO_TOKEN\n")
        try writeFile(root, ".combinelint.json", #"{"opt_in_rules": ["test_error_token"], "rules": {"test_fixme": {"options": {"names": ["TODO_TOKEN"]}}}}"#)
        XCTAssertEqual(try lint(["--quiet"]), 1)
        XCTAssertEqual(captured.output, """
        A.swift:1:1: error: ERROR_TOKEN found [test_error_token]
        A.swift:1:13: warning: TODO_TOKEN left in code [test_fixme]

        """)
        XCTAssertEqual(captured.error, "")
    }

    func testIOErrorSeverityIsConfigurable() throws {
        try FileManager.default.createSymbolicLink(atPath: root + "/Gone.swift", withDestinationPath: root + "/missing")
        XCTAssertEqual(try lint(["Gone.swift", "--quiet"]), 1)
        XCTAssertEqual(captured.output, "Gone.swift:1:1: error: cannot read 'Gone.swift': dangling symlink [io_error]\n")
        try writeFile(root, ".combinelint.json", #"{"rules": {"io_error": "warning"}}"#)
        XCTAssertEqual(try lint(["Gone.swift", "--quiet"]), 0)
        XCTAssertEqual(captured.output, "Gone.swift:1:1: warning: cannot read 'Gone.swift': dangling symlink [io_error]\n")
        try writeFile(root, ".combinelint.json", #"{"rules": {"io_error": "off"}}"#)
        XCTAssertEqual(try lint(["Gone.swift", "--quiet"]), 0)
        XCTAssertEqual(captured.output, "")
    }

    func testConfigurationErrorExitsTwo() throws {
        try writeFile(root, "cfg.json", #"{"rules": {"test_fixme": {"options": {"nope": []}}}}"#)
        XCTAssertEqual(try lint(["--config", "cfg.json"]), 2)
        XCTAssertEqual(captured.error, "error: cfg.json:1:39: unknown option 'nope' for rule 'test_fixme' at $.rules.test_fixme.options.nope (known options: names)\n")
        XCTAssertEqual(captured.output, "")
    }

    func testBaselineWriteThenReadReportsOnlyNewFindings() throws {
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--write-baseline", "baseline.json"]), 0)
        XCTAssertEqual(captured.error, "Wrote 2 findings to the baseline baseline.json.\n")
        XCTAssertEqual(readFile(root + "/baseline.json"), """
        {
          "version": 1,
          "findings": [
            {"file": "A.swift", "rule": "test_fixme", "line": "let a = FIXME_TOKEN", "message": "FIXME_TOKEN left in code"},
            {"file": "A.swift", "rule": "test_fixme", "line": "let b = FIXME_TOKEN", "message": "FIXME_TOKEN left in code"}
          ]
        }

        """)
        try writeFile(root, "A.swift", "import X\n\nlet a = FIXME_TOKEN\nlet c = FIXME_TOKEN\nlet b = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--baseline", "baseline.json", "--strict"]), 1)
        XCTAssertEqual(captured.output, "A.swift:4:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(try lint(["--baseline", "missing.json"]), 2)
        XCTAssertEqual(captured.error, "error: cannot read the baseline 'missing.json': No such file or directory\n")
    }

    func testDiffFilterKeepsOnlyChangedLines() throws {
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = FIXME_TOKEN\nlet c = FIXME_TOKEN\n")
        try writeFile(root, "B.swift", "FIXME_TOKEN\n")
        try writeFile(root, "change.diff", "--- a/A.swift\n+++ b/A.swift\n@@ -2 +2 @@\n-let b = 1\n+let b = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--diff", "change.diff", "--quiet"]), 0)
        XCTAssertEqual(captured.output, "A.swift:2:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        let stdinDiff = "+++ b/B.swift\n@@ -0,0 +1 @@\n+FIXME_TOKEN\n"
        XCTAssertEqual(try lint(["--diff", "-", "--quiet"], stdin: stdinDiff), 0)
        XCTAssertEqual(captured.output, "B.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(try lint(["--diff", "nope.diff"]), 2)
        XCTAssertEqual(captured.error, "error: cannot read 'nope.diff': No such file or directory\n")
    }

    func testFixRewritesTheFileAndTheFixedFindingIsGone() throws {
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = 2\n")
        XCTAssertEqual(try lint(["--fix"]), 0)
        XCTAssertEqual(readFile(root + "/A.swift"), "let a = done\nlet b = 2\n")
        XCTAssertEqual(captured.output, "")
        XCTAssertEqual(captured.error, "Applied 1 fix in 1 file.\nFound 0 findings (0 errors, 0 warnings); 1 file checked.\n")
        XCTAssertTrue(LintCommand.lexesLosslessly(Array(readFile(root + "/A.swift").utf8)))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["A.swift"], "no temporary file left")
    }

    func testOverlappingFixIsSkippedAndCounted() throws {
        try writeFile(root, ".combinelint.json", #"{"rules": {"test_fixme": {"options": {"names": ["ME_TO"]}}}}"#)
        try writeFile(root, "A.swift", "x = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--fix", "A.swift"]), 0)
        XCTAssertEqual(readFile(root + "/A.swift"), "x = done\n")
        XCTAssertEqual(captured.error, "Applied 1 fix in 1 file (skipped 1 overlapping fix).\nFound 0 findings (0 errors, 0 warnings); 1 file checked.\n")
    }

    func testChangedSinceUsesGit() throws {
        func git(_ arguments: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", root, "-c", "user.email=t@e.st", "-c", "user.name=T"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\n")
        try git("init", "-q")
        try git("add", "-A")
        try git("commit", "-q", "-m", "one")
        try writeFile(root, "A.swift", "let a = FIXME_TOKEN\nlet b = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--changed-since", "HEAD", "--quiet"]), 0)
        XCTAssertEqual(captured.output, "A.swift:2:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(try lint(["--changed-since", "nope"]), 2)
        XCTAssertEqual(captured.error, "error: unknown git revision 'nope' in \(root)\n")
    }

    func testFixDryRunPrintsAUnifiedDiffAndChangesNothing() throws {
        let original = "let a = FIXME_TOKEN\nlet b = 2\n"
        try writeFile(root, "A.swift", original)
        XCTAssertEqual(try lint(["--fix", "--dry-run"]), 1)
        XCTAssertEqual(captured.output, """
        --- a/A.swift
        +++ b/A.swift
        @@ -1,2 +1,2 @@
        -let a = FIXME_TOKEN
        +let a = done
         let b = 2

        """)
        XCTAssertEqual(captured.error, "Would apply 1 fix in 1 file.\n")
        XCTAssertEqual(readFile(root + "/A.swift"), original)
    }

    func testStdinPathIsReportedAsThePathWithNeighboursAsContext() throws {
        try writeFile(root, ".combinelint.json", "{}")
        try writeFile(root, "Sources/A.swift", "FIXME_TOKEN on disk\n")
        try writeFile(root, "Sources/B.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--stdin-path", "Sources/A.swift"], stdin: "let x = 1\nlet y = FIXME_TOKEN\n"), 0)
        XCTAssertEqual(captured.output, "Sources/A.swift:2:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        XCTAssertEqual(captured.error, "Found 1 finding (0 errors, 1 warning); 1 file checked.\n")
    }

    func testOutputIsWrittenToTheFileOnly() throws {
        try writeFile(root, "A.swift", "FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--output", "out/report.txt"]), 2, "a missing folder is an error")
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: true)
        XCTAssertEqual(try lint(["--output", "out/report.txt", "A.swift"]), 0)
        XCTAssertEqual(captured.output, "")
        XCTAssertEqual(readFile(root + "/out/report.txt"), "A.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]\n")
    }

    func testSummaryColourOnlyOnATerminalWithoutNoColor() {
        let result = LintResult(findings: [], fileCount: 2, lineCount: 3, rules: [], rootDirectory: "/")
        XCTAssertEqual(Summary.line(result, color: true), "\u{1B}[1;32mFound 0 findings (0 errors, 0 warnings); 2 files checked.\u{1B}[0m")
        var io = captured.io(root, environment: ["NO_COLOR": "1"])
        io.errorIsTerminal = true
        XCTAssertFalse(io.useColor)
        io.environment = [:]
        XCTAssertTrue(io.useColor)
        io.errorIsTerminal = false
        XCTAssertFalse(io.useColor)
    }
}
