@testable import CombineLintKit
import XCTest

final class GitLabReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        [
          {
            "description": "Result of `assign` is unused.",
            "check_name": "discarded_cancellable",
            "fingerprint": "\#(StableHash.hex("7867d85715f7aa61:1"))",
            "severity": "minor",
            "location": {
              "path": "/elsewhere/Shared.swift",
              "lines": {
                "begin": 12
              }
            }
          },
          {
            "description": "The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.",
            "check_name": "discarded_cancellable",
            "fingerprint": "\#(StableHash.hex("b526631cf6720d04:1"))",
            "severity": "minor",
            "location": {
              "path": "Sources/App/Feed.swift",
              "lines": {
                "begin": 3
              }
            }
          },
          {
            "description": "100% sure: a, \"b\" <c> | d next — ünï 日本",
            "check_name": "assign_retain_cycle",
            "fingerprint": "\#(StableHash.hex("432f96658034f7bb:1"))",
            "severity": "major",
            "location": {
              "path": "Sources/App/Feed.swift",
              "lines": {
                "begin": 7
              }
            }
          }
        ]
        """# + "\n"
        assertExactText(GitLabReporter().report(ReporterFixtures.result()), expected, "gitlab-three")
    }

    func testReportOfNoFindingsIsAnEmptyArray() {
        XCTAssertEqual(GitLabReporter().report(ReporterFixtures.empty), "[]\n")
    }

    func testFingerprintsAreUniqueAndFollowTheLineText() {
        var second = ReporterFixtures.fixFinding
        second.line = 9
        var lines = ReporterFixtures.sourceLines
        lines["/work/proj/Sources/App/Feed.swift"]?[9] = "        publisher.sink { _ in }"
        let result = LintResult(findings: [ReporterFixtures.fixFinding, second], fileCount: 1, lineCount: 9, rules: [],
                                rootDirectory: ReporterFixtures.root, sourceLines: lines)
        let text = GitLabReporter().report(result)
        XCTAssertTrue(text.contains(StableHash.hex("b526631cf6720d04:1")))
        XCTAssertTrue(text.contains(StableHash.hex("b526631cf6720d04:2")))
    }

    func testHelpJoinsTheDescription() {
        XCTAssertTrue(GitLabReporter().report(ReporterFixtures.helpResult).contains(
            #""description": "`events` was already completed, so this value is dropped. help: Send the values before completing the subject.","#))
    }
}
